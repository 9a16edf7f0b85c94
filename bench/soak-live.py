"""`make soak-live` and `make bench`'s live section (issue 29): `pitchline serve` of a copy of site/
with live posting on; ROWS_PER_S rows a second POSTed to the live chart for SOAK_SECONDS (default
600) while CLIENTS (default 100) clients hold its event stream. Prints append-to-client latency
(p50/p95: from the POST to each client reading the row's `id:`), the server's RSS from the end of
the warm-up to the end, and checks that every client got every row once, in order. Then the same
rows to the same clients through the reference (bench/live-reference.py: a thread-per-client
Python relay that validates nothing), and the ratios. Exit 1 on a missed or repeated row, or RSS
growth over 10 %.
Env: PITCHLINE_BIN (default .build/debug/pitchline), SOAK_SECONDS, CLIENTS, ROWS_PER_S,
REFERENCE=0 to leave the reference out."""
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, os.environ.get("PITCHLINE_BIN", ".build/debug/pitchline"))
sys.path.insert(0, os.path.join(ROOT, "browser-tests", "fixtures"))
import fixture_site  # noqa: E402  (starts `pitchline serve` and reads the address it prints)
SECONDS = int(os.environ.get("SOAK_SECONDS", "600"))
CLIENTS = int(os.environ.get("CLIENTS", "100"))
RATE = float(os.environ.get("ROWS_PER_S", "10"))
REFERENCE = os.environ.get("REFERENCE", "1") != "0"
CHART = "greenhouse-live"


def rss(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))


def client(base, got, ready, stop):
    """Reads the event stream; records (id, monotonic time) per event."""
    with urllib.request.urlopen(f"{base}charts/{CHART}/events", timeout=60) as stream:
        ready.release()
        for raw in stream:
            if stop.is_set():
                return
            line = raw.decode()
            if line.startswith("id: "):
                got.append((int(line[4:]), time.monotonic()))


def post_for(seconds, base, pid):
    """POSTs RATE rows a second for `seconds` (each waits for its answer); returns ({id: posted
    at}, ms each POST took to be answered, RSS after the warm-up, RSS every 10 s)."""
    sent, answered, samples, rss_warm, n = {}, [], [], None, 0
    when = datetime.datetime(2026, 11, 30)
    start = time.monotonic()
    warm = start + max(5, seconds / 5)
    while time.monotonic() - start < seconds:
        time.sleep(max(0, start + n / RATE - time.monotonic()))
        when += datetime.timedelta(seconds=1)
        body = f"{when.isoformat()},{20 + (n % 50) / 10}".encode()
        posted = time.monotonic()
        request = urllib.request.Request(base + f"charts/{CHART}/rows", data=body, headers={"Content-Type": "text/csv"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            sent[int(re.search(rb'"lastID":(\d+)', response.read()).group(1))] = posted
        answered.append((time.monotonic() - posted) * 1000)
        n += 1
        if rss_warm is None and time.monotonic() >= warm:
            rss_warm = rss(pid)
        if n % int(RATE * 10) == 0:
            samples.append(rss(pid))
    return sent, answered, rss_warm, samples


def soak(name, base, pid):
    """CLIENTS streams on `base` while rows are posted; prints and returns the figures."""
    stop, ready = threading.Event(), threading.Semaphore(0)
    logs = [[] for _ in range(CLIENTS)]
    for log in logs:
        threading.Thread(target=client, args=(base, log, ready, stop), daemon=True).start()
    for _ in range(CLIENTS):
        ready.acquire()
    sent, answered, rss_warm, samples = post_for(SECONDS, base, pid)
    n = len(answered)
    time.sleep(2)
    stop.set()
    rss_end = rss(pid)
    ids = sorted(sent)
    missed = repeated = 0
    latencies = []
    for log in logs:
        seen = [i for i, _ in log]
        if seen != ids:
            missed += len(set(ids) - set(seen))
            repeated += len(seen) - len(set(seen))
        latencies += [(t - sent[i]) * 1000 for i, t in log if i in sent]
    latencies.sort()
    answered.sort()
    pct = lambda p, of=latencies: of[min(len(of) - 1, int(p * len(of)))] if of else float("nan")
    growth = (rss_end - rss_warm) * 100 / rss_warm
    print(f"{name}: {n} rows in {SECONDS} s ({n / SECONDS:.1f}/s) to {CLIENTS} clients ({len(latencies)} events received)")
    print(f"  append-to-client latency: p50 {pct(0.5):.1f} ms, p95 {pct(0.95):.1f} ms, max {latencies[-1]:.1f} ms")
    print(f"  POST answered: p50 {pct(0.5, answered):.1f} ms, p95 {pct(0.95, answered):.1f} ms")
    print(f"  server RSS: after warm-up {rss_warm // 1024} MB, end {rss_end // 1024} MB (growth {growth:+.1f} %); "
          f"every 10 s: {' '.join(str(s // 1024) for s in samples)}")
    print(f"  rows missed: {missed}, repeated: {repeated}")
    return {"p50": pct(0.5), "p95": pct(0.95), "ok": missed == 0 and repeated == 0, "growth": growth}


def started(command):
    """Starts `command` (a server that prints `serving … at URL`); returns (url, process)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in process.stdout:
        match = fixture_site.SERVING.search(line)
        if match:
            threading.Thread(target=process.stdout.read, daemon=True).start()
            return match.group(1), process
    raise RuntimeError(f"{command[0]} printed no address")


def run(name, base, process):
    try:
        return soak(name, base, process.pid)
    finally:
        process.terminate()
        process.wait(timeout=30)


def main():
    work = tempfile.mkdtemp(prefix="pitchline-soak-live-")
    try:
        shutil.copytree(os.path.join(ROOT, "site"), os.path.join(work, "site"))
        with open(os.path.join(work, "site", "pitchline.json"), "w") as f:
            f.write('{"live": {"post": true}}')
        ours = run("pitchline serve", *fixture_site.start_serve(
            [os.path.join(work, "site"), "--log-level", "warning", "--cache", os.path.join(work, "cache"),
             "--client-connection-limit", CLIENTS + 16, "--connection-limit", CLIENTS + 64], binary=BIN))
        good = ours["ok"] and ours["growth"] <= 10
        if REFERENCE:
            ref = run("reference (Python relay, thread per client)",
                      *started([sys.executable, os.path.join(ROOT, "bench", "live-reference.py")]))
            print(f"append-to-client latency, pitchline / reference: p50 {ours['p50'] / ref['p50']:.2f}x, "
                  f"p95 {ours['p95'] / ref['p95']:.2f}x")
        return 0 if good else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

"""`make soak-live` (issue 29): `pitchline serve` of a copy of site/ with live posting on; ROWS_PER_S
rows a second POSTed to the live chart for SOAK_SECONDS (default 600) while CLIENTS (default 100)
clients hold its event stream. Prints append-to-client latency (p50/p95), the server's RSS from the
end of the warm-up to the end, and checks that every client got every row once, in order. Exit 1
on a missed or repeated row, or RSS growth over 10 %.
Env: PITCHLINE_BIN (default .build/debug/pitchline), SOAK_SECONDS, CLIENTS, ROWS_PER_S."""
import datetime
import os
import re
import shutil
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


def main():
    work = tempfile.mkdtemp(prefix="pitchline-soak-live-")
    shutil.copytree(os.path.join(ROOT, "site"), os.path.join(work, "site"))
    with open(os.path.join(work, "site", "pitchline.json"), "w") as f:
        f.write('{"live": {"post": true}}')
    base, server = fixture_site.start_serve(
        [os.path.join(work, "site"), "--log-level", "warning", "--cache", os.path.join(work, "cache"),
         "--client-connection-limit", CLIENTS + 16, "--connection-limit", CLIENTS + 64], binary=BIN)
    try:
        stop, ready = threading.Event(), threading.Semaphore(0)
        logs = [[] for _ in range(CLIENTS)]
        for log in logs:
            threading.Thread(target=client, args=(base, log, ready, stop), daemon=True).start()
        for _ in range(CLIENTS):
            ready.acquire()
        sent, samples = {}, []
        when = datetime.datetime(2026, 11, 30)
        start = time.monotonic()
        warm = start + max(5, SECONDS / 5)
        rss_warm = None
        n = 0
        while time.monotonic() - start < SECONDS:
            target = start + n / RATE
            time.sleep(max(0, target - time.monotonic()))
            when += datetime.timedelta(seconds=1)
            body = f"{when.isoformat()},{20 + (n % 50) / 10}".encode()
            posted = time.monotonic()
            request = urllib.request.Request(base + f"charts/{CHART}/rows", data=body, headers={"Content-Type": "text/csv"}, method="POST")
            with urllib.request.urlopen(request, timeout=10) as response:
                last = int(re.search(rb'"lastID":(\d+)', response.read()).group(1))
            sent[last] = posted
            n += 1
            if rss_warm is None and time.monotonic() >= warm:
                rss_warm = rss(server.pid)
            if n % int(RATE * 10) == 0:
                samples.append(rss(server.pid))
        time.sleep(2)
        stop.set()
        rss_end = rss(server.pid)
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
        pct = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else float("nan")
        growth = (rss_end - rss_warm) * 100 / rss_warm
        print(f"soak-live: {n} rows in {SECONDS} s to {CLIENTS} clients ({len(latencies)} events received)")
        print(f"append-to-client latency: p50 {pct(0.5):.1f} ms, p95 {pct(0.95):.1f} ms, max {latencies[-1]:.1f} ms")
        print(f"server RSS: after warm-up {rss_warm // 1024} MB, end {rss_end // 1024} MB (growth {growth:.1f} %); "
              f"every 10 s: {' '.join(str(s // 1024) for s in samples)}")
        print(f"rows missed: {missed}, repeated: {repeated}")
        return 0 if missed == 0 and repeated == 0 and growth <= 10 else 1
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

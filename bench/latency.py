#!/usr/bin/env python3
"""Key -> tone latency in headless Chromium, per chart kind (issue 31), and the Seattle reference.

For each press: keydown (the event's timeStamp, taken by a capture-phase listener) -> the
AudioBufferSourceNode.start() call (performance.now() right after it, seen through the test's Web
Audio wrapper browser-tests/webaudio_recorder.js: the shipped script has no hooks). Per kind
(line, bar, scatter, box plot, pie, heatmap) PRESSES presses alternate Right and Left, so every
press moves (a pie has few slices) and plays a decoded tone; each waits for the previous one's
frame to be painted (two animation frames), as a reader's presses are apart. Plus the context's baseLatency = time
to sound leaving Web Audio; outputLatency (the audio device) is printed apart.
Reference measured in the same run: decoding the tone bank on the key press instead of ahead.

Site: the example site with the analyst fixture's scatter chart (anscombe) added, exported with
PITCHLINE_BIN. PRESSES=N changes the count per kind.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "browser-tests" / "fixtures"))
import fixture_site  # noqa: E402

PRESSES = int(os.environ.get("PRESSES", "100"))
# (kind, chart id): one chart of each kind the issue names.
KINDS = [("line", "seattle-temperature"), ("bar", "seattle-precipitation"), ("scatter", "anscombe"),
         ("box plot", "seattle-temperature-boxplot"), ("pie", "iowa-electricity-2017-share"),
         ("heatmap", "seattle-high-heatmap")]
REFERENCE = "seattle-temperature"


def site(tmp):
    """The example site plus the analyst fixture's scatter chart, exported; returns its folder."""
    src = Path(tmp) / "site"
    shutil.copytree(ROOT / "site", src)
    shutil.copy(ROOT / "browser-tests" / "fixtures" / "analyst-site" / "charts" / "anscombe.vl.json", src / "charts")
    out = Path(tmp) / "export"
    binary = ROOT / os.environ.get("PITCHLINE_BIN", ".build/release/pitchline")
    subprocess.run([str(binary), "export", str(src), "--out", str(out), "--quiet"], check=True, cwd=ROOT)
    return out


def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def presses(pg, base, chart):
    """keydown -> start() of PRESSES decoded tones on `chart` (ms), and the page's AudioContext facts."""
    pg.goto(f"{base}charts/{chart}.html")
    pg.focus(".pl-slider")
    pg.wait_for_function("() => window.__decoded.length >= 1")
    pg.keyboard.press("Home")
    pg.wait_for_function("() => window.__plays.length >= 1")
    pg.evaluate("window.__plays = []")
    for i in range(PRESSES):
        pg.keyboard.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
        # Paced like a reader (who presses a few times a second, not back to back): the previous
        # press's page updates are painted before the next key, so each figure is that key's own.
        pg.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    plays = pg.evaluate("window.__plays")
    handler = [e["startTime"] - e["keydownTime"] for e in plays if e.get("keydownTime") and not e.get("synthesized")]
    if len(handler) != PRESSES or any(e.get("synthesized") for e in plays):
        raise RuntimeError(f"{chart}: expected {PRESSES} decoded tone starts, got {len(handler)} of {len(plays)} plays")
    ctx = pg.evaluate("(() => { const c = window.__ctx; "
                      "return {state: c.state, base: c.baseLatency, output: c.outputLatency, rate: c.sampleRate}; })()")
    return handler, ctx


def decode_on_press(pg):
    """Reference: decoding the current chart's tone bank on the key press (what decoding ahead avoids)."""
    return pg.evaluate("""async () => {
        const c = window.__ctx, figure = document.querySelector("figure[data-audio]");
        const bytes = await (await fetch(new URL(figure.dataset.audio, location.href))).arrayBuffer();
        const out = [];
        for (let i = 0; i < 20; i++) {
          const t0 = performance.now();
          const buf = await c.decodeAudioData(bytes.slice(0));
          const s = c.createBufferSource(); s.buffer = buf; s.connect(c.destination);
          s.start(c.currentTime, 0, 0.01);
          out.push(performance.now() - t0);
        }
        return out; }""")


def main():
    tmp = tempfile.mkdtemp(prefix="pitchline-latency-")
    try:
        root = site(tmp)
        base, stop_server = fixture_site.serve(root)
        results = {}
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium",
                                  args=["--no-sandbox", "--autoplay-policy=no-user-gesture-required"])
            for kind, chart in KINDS:
                pg = b.new_page()
                pg.add_init_script((ROOT / "browser-tests" / "webaudio_recorder.js").read_text(encoding="utf-8"))
                results[kind] = presses(pg, base, chart)
                if chart == REFERENCE:
                    naive = decode_on_press(pg)
                pg.close()
            b.close()
        stop_server()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    handler, ctx = results["line"]
    base = (ctx["base"] or 0) * 1000
    print(f"{PRESSES} presses per chart (Right and Left alternating); AudioContext {ctx['state']}, {ctx['rate']:.0f} Hz; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'kind':<9} {'chart':<30} {'keydown -> start() median':>26} {'p95':>9}   target p95 <= 0.5 ms")
    for kind, chart in KINDS:
        h = results[kind][0]
        p95 = pct(h, 95)
        print(f"{kind:<9} {chart:<30} {statistics.median(h):23.2f} ms {p95:6.2f} ms   {'met' if p95 <= 0.5 else 'NOT met'}")
    med = statistics.median(handler) + base
    print(f"line, + baseLatency {base:5.2f} ms = median {med:6.2f} ms, p95 {pct(handler, 95) + base:6.2f} ms "
          f"(target median <= 20 ms: {'met' if med <= 20 else 'NOT met'})")
    print(f"outputLatency (audio device, apart): {(ctx['output'] or 0) * 1000:.2f} ms")
    naive_med = statistics.median(naive) + base
    print(f"reference, decoding the line chart's data-audio file on the key press: median {naive_med:6.2f} ms "
          f"-> decoding ahead is {naive_med / med:.1f}x faster")
    script_size()
    return 0


def script_size():
    """Bytes of Public/*.js as shipped, gzipped, and minified by terser when it is installed."""
    import glob
    import gzip
    src = "\n".join(open(p, encoding="utf-8").read() for p in sorted(glob.glob(str(ROOT / "Public" / "*.js"))))
    raw = src.encode()
    line = f"scrubber script: {len(raw):,} B as shipped, {len(gzip.compress(raw, 9)):,} B gzipped"
    terser = shutil.which("terser")
    if terser:
        env = dict(os.environ, NODE_PATH=os.environ.get("NODE_PATH", "/usr/share/nodejs"))
        r = subprocess.run([terser, "-c", "-m"], input=raw, capture_output=True, env=env)
        if r.returncode == 0 and r.stdout:
            line += f", {len(r.stdout):,} B minified (terser)"
    print(line + " (peer: 2 MB of script)")


if __name__ == "__main__":
    sys.exit(main())

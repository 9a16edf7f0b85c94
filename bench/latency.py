#!/usr/bin/env python3
"""Scrub latency in headless Chromium: 100 Right presses on the Seattle chart.

For each press: keydown (the event's timeStamp) -> the AudioBufferSourceNode.start() call
(performance.now() right after it, seen through the test's Web Audio wrapper
browser-tests/webaudio_recorder.js: the shipped script has no hooks), plus the context's
baseLatency = time to sound leaving Web Audio. outputLatency (the audio device) is printed apart.
Reference measured in the same run: decoding the tone bank on the key press instead of ahead.

Site: the generated example site (`pitchline export site`, PITCHLINE_BIN). PRESSES=N changes the count.
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

CHART = "seattle-temperature"
PRESSES = int(os.environ.get("PRESSES", "100"))


def site(tmp):
    """(root, what) of the site to measure."""
    return Path(fixture_site.export_example(str(Path(tmp) / "export"))), "generated example site"


def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main():
    tmp = tempfile.mkdtemp(prefix="pitchline-latency-")
    try:
        root, what = site(tmp)
        base, stop_server = fixture_site.serve(root)
        url = f"{base}charts/{CHART}.html"
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium",
                                  args=["--no-sandbox", "--autoplay-policy=no-user-gesture-required"])
            pg = b.new_page()
            pg.add_init_script((ROOT / "browser-tests" / "webaudio_recorder.js").read_text(encoding="utf-8"))
            pg.goto(url)
            pg.focus(".pl-slider")
            pg.wait_for_function("() => window.__decoded.length >= 1")
            pg.keyboard.press("Home")
            pg.evaluate("window.__plays = []")
            for _ in range(PRESSES):
                pg.keyboard.press("ArrowRight")
            plays = pg.evaluate("window.__plays")
            ctx = pg.evaluate("(() => { const c = window.__ctx; "
                              "return {state: c.state, base: c.baseLatency, output: c.outputLatency, rate: c.sampleRate}; })()")
            # Reference: decode the chart's tone bank on the key press (what decoding ahead avoids).
            naive = pg.evaluate("""async (id) => {
                const c = window.__ctx, figure = document.querySelector(`figure[data-chart-id="${id}"]`);
                const bytes = await (await fetch(new URL(figure.dataset.audio, location.href))).arrayBuffer();
                const out = [];
                for (let i = 0; i < 20; i++) {
                  const t0 = performance.now();
                  const buf = await c.decodeAudioData(bytes.slice(0));
                  const s = c.createBufferSource(); s.buffer = buf; s.connect(c.destination);
                  s.start(c.currentTime, 0, 0.01);
                  out.push(performance.now() - t0);
                }
                return out; }""", CHART)
            b.close()
        stop_server()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    handler = [e["startTime"] - e["keydownTime"] for e in plays if e.get("keydownTime")]
    if len(handler) != PRESSES or any(e.get("synthesized") for e in plays):
        print(f"error: expected {PRESSES} decoded tone starts, got {len(handler)}", file=sys.stderr)
        return 1
    base = (ctx["base"] or 0) * 1000
    total = [h + base for h in handler]
    med, p95 = statistics.median(total), pct(total, 95)
    naive_med = statistics.median(naive) + base
    print(f"site: {what}; {PRESSES} Right presses; AudioContext {ctx['state']}, {ctx['rate']:.0f} Hz")
    print(f"keydown -> start() call:        median {statistics.median(handler):6.2f} ms, p95 {pct(handler, 95):6.2f} ms")
    print(f"  + baseLatency {base:5.2f} ms      = median {med:6.2f} ms, p95 {p95:6.2f} ms  (target median <= 20 ms: "
          f"{'met' if med <= 20 else 'NOT met'})")
    print(f"outputLatency (audio device, apart): {(ctx['output'] or 0) * 1000:.2f} ms")
    print(f"reference, decoding on the key press: median {naive_med:6.2f} ms "
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

"""What a blind user hears: the real Orca screen reader on the scrubber (../shared/tools/orca).

The Seattle chart is served on loopback; `orca-transcript.sh` drives Orca 43 + Chromium and
prints every utterance. The transcripts are kept in test-artifacts/orca/ (read them).
"""
import functools
import http.server
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures"))
import fixture_site  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# ../shared/tools/orca next to the checkout (a worktree sits one level deeper); ORCA_TOOLS overrides.
_CANDIDATES = [Path(os.environ["ORCA_TOOLS"])] if os.environ.get("ORCA_TOOLS") else [
    ROOT.parent / "shared" / "tools" / "orca", ROOT.parent.parent / "shared" / "tools" / "orca"]
TOOL = next((c / "orca-transcript.sh" for c in _CANDIDATES if (c / "orca-transcript.sh").exists()),
            _CANDIDATES[0] / "orca-transcript.sh")
ARTIFACTS = Path(os.environ.get("PITCHLINE_ARTIFACTS", ROOT / "test-artifacts")) / "orca"
CHART = "seattle-temperature"

pytestmark = pytest.mark.skipif(not TOOL.exists(), reason=f"Orca harness not found at {TOOL}")


class CSPHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".ogg": "audio/ogg"}

    def end_headers(self):
        self.send_header("Content-Security-Policy", "default-src 'self'")
        super().end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def chart_url(tmp_path_factory):
    """The exported example site's Seattle chart (the hand-made fixture until the generator has it)."""
    root = (fixture_site.export_example(str(tmp_path_factory.mktemp("orca-export") / "out"))
            or fixture_site.build(str(tmp_path_factory.mktemp("orca-site"))))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(CSPHandler, directory=root))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/charts/{CHART}.html"
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="module")
def chart(chart_url):
    """How many Tabs reach the scrubber, its accessible name, and the point labels (from the page)."""
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        pg = b.new_page()
        pg.goto(chart_url)
        tabs = 0
        for tabs in range(1, 20):
            pg.keyboard.press("Tab")
            if pg.evaluate("document.activeElement.classList.contains('pl-slider')"):
                break
        else:
            pytest.fail("Tab never reached the scrubber")
        name = pg.get_attribute(".pl-slider", "aria-label")
        labels = []
        for _ in range(3):
            labels.append(pg.get_attribute(".pl-slider", "aria-valuetext"))
            pg.keyboard.press("ArrowRight")
        title = pg.text_content("#pl-help-title")
        series0 = pg.evaluate("id => Pitchline.charts[id].labels[0]", CHART)
        b.close()
    return {"tabs": tabs, "name": name, "labels": labels, "help_title": title, "series0": series0}


def transcript(url, keys, name):
    for _ in range(3):   # exit 3/4/7: the harness's X display, Orca or lock failed to start; retry
        result = subprocess.run(["bash", str(TOOL), "-p", "-k", url, *keys],
                                capture_output=True, text=True, timeout=240)
        if result.returncode not in (3, 4, 7):
            break
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{name}.txt").write_text(result.stdout, encoding="utf-8")
    (ARTIFACTS / f"{name}.log").write_text(result.stderr, encoding="utf-8")
    assert result.returncode == 0, f"orca-transcript failed ({result.returncode}):\n{result.stderr[-2000:]}"
    return [line.strip() for line in result.stdout.splitlines() if line.strip()]


def after_key(lines, key, nth=1):
    """Utterances after the nth `> key` line up to the next key line."""
    seen, out = 0, None
    for line in lines:
        if line.startswith("> "):
            if out is not None:
                return out
            if line == "> " + key:
                seen += 1
                if seen == nth:
                    out = []
        elif out is not None:
            out.append(line)
    return out or []


def test_orca_speaks_name_role_and_each_point_once(chart_url, chart):
    keys = ["Tab"] * chart["tabs"] + ["Right", "Right"]
    lines = transcript(chart_url, keys, "scrub-right-right")
    on_focus = after_key(lines, "Tab", chart["tabs"])
    spoken = " ".join(on_focus)
    assert chart["name"] in spoken, on_focus
    assert "slider" in spoken, on_focus
    assert chart["labels"][0] in spoken, on_focus
    assert "Focus mode" in on_focus, on_focus         # switched by itself: no Orca+A was sent
    assert not any(line.startswith("> Insert") for line in lines)
    second, third = chart["labels"][1], chart["labels"][2]
    assert after_key(lines, "Right", 1) == [second]
    assert after_key(lines, "Right", 2) == [third]
    text = "\n".join(lines)
    assert text.count(second) == 1 and text.count(third) == 1
    assert text.index(second) < text.index(third)


def test_orca_help_dialog_title_then_focus_back_on_the_scrubber(chart_url, chart):
    keys = ["Tab"] * chart["tabs"] + ["h", "Escape"]
    lines = transcript(chart_url, keys, "help-dialog")
    opened = " ".join(after_key(lines, "h"))
    assert chart["help_title"] + " dialog" in opened, opened
    back = " ".join(after_key(lines, "Escape"))
    assert chart["name"] in back and "slider" in back, back
    assert chart["labels"][0] in back, back


def test_orca_playback_says_playing_then_only_where_it_stopped(chart_url, chart):
    keys = ["Tab"] * chart["tabs"] + ["p", "sleep:3", "Escape", "Right"]
    lines = transcript(chart_url, keys, "play-stop")
    assert after_key(lines, "p") == ["Playing"]
    assert after_key(lines, "sleep:3") == []           # the screen reader is not flooded while it plays
    stopped = after_key(lines, "Escape")
    assert len(stopped) == 2 and "Stopped" in stopped, stopped
    where = next(line for line in stopped if line != "Stopped")
    labels = chart["series0"]
    assert where in labels                              # the point it stopped at, said once
    row = labels.index(where)
    assert row > 0
    assert after_key(lines, "Right") == [labels[row + 1]]

"""What a blind user hears: the real Orca screen reader on the scrubber (../shared/tools/orca).

The generated example site (plus the fixture report with two charts) is served on loopback;
`orca-transcript.sh` drives Orca 43 + Chromium and prints every utterance. Expected labels come
from the generator (`pitchline labels`). Transcripts are kept in test-artifacts/orca/ (read them).
Each run costs about 2 s per key: keep the key lists short. `make test` runs the Tab arrival and
the kinds transcript in both browsers (three Orca runs, about 2.5 minutes); the tests marked
`slow` (help, browse mode, reports, windows, braille, notebooks) run in `make test-full`.
"""
import fcntl
import functools
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from conftest import launch_chromium

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

# A failed transcript runs once more (pytest-rerunfailures; the log says "rerun"): it depends on
# real-time speech, the X server and the window manager; a real fault fails both times.
pytestmark = [pytest.mark.skipif(not TOOL.exists(), reason=f"Orca harness not found at {TOOL}"),
              pytest.mark.flaky(reruns=1, reruns_delay=2)]


@pytest.fixture(scope="module", autouse=True)
def orca_lock():
    """PITCHLINE_ORCA_LOCK=FILE (`make browser-test` sets /tmp/orca.lock): hold that lock while
    this module's transcripts run, so a shared machine runs one Orca at a time while the other
    browser tests go on in parallel. Unset when the caller holds the lock already
    (`flock /tmp/orca.lock pytest …`), which taking it again here would wait on forever."""
    path = os.environ.get("PITCHLINE_ORCA_LOCK")
    if not path:
        yield
        return
    with open(path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The example site plus the two-chart report, exported and served; the generator's labels."""
    dest = tmp_path_factory.mktemp("orca-site")
    root = fixture_site.build(str(dest))
    labels = json.loads((dest / "labels.json").read_text(encoding="utf-8"))
    base, stop = fixture_site.serve(root)
    yield {"base": base, "labels": labels}
    stop()


@functools.lru_cache(maxsize=None)
def tabs_to(url, nth=0):
    """How many Tabs from the top of `url` reach the nth scrubber (measured in Chromium once per
    page and scrubber: a Chromium start each is seconds of the Orca stage's real time)."""
    with sync_playwright() as p:
        b = launch_chromium(p)
        pg = b.new_page()
        pg.goto(url)
        for tabs in range(1, 40):
            pg.keyboard.press("Tab")
            if pg.evaluate("n => document.activeElement === document.querySelectorAll('.pl-slider')[n]", nth):
                b.close()
                return tabs
        b.close()
    pytest.fail("Tab never reached the scrubber")


def transcript(url, keys, name, browser="chromium"):
    """What Orca says, one utterance a line, with `> KEY` lines; `browser` "firefox" runs
    Debian's Firefox ESR (`-b firefox`)."""
    for _ in range(3):   # exit 3/4/7: the harness's X display, Orca or lock failed to start; retry
        result = subprocess.run(["bash", str(TOOL), "-p", "-k", "-b", browser, url, *keys],
                                capture_output=True, text=True, timeout=300)
        if result.returncode not in (3, 4, 7):
            break
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{name}.txt").write_text(result.stdout, encoding="utf-8")
    (ARTIFACTS / f"{name}.log").write_text(result.stderr, encoding="utf-8")
    assert result.returncode == 0, f"orca-transcript failed ({result.returncode}):\n{result.stderr[-2000:]}"
    return [line.strip() for line in result.stdout.splitlines() if line.strip()]


def after_key(lines, key, nth=1):
    """Utterances after the nth `> key` line up to the next key line (a `> sleep:N` is a wait,
    not a key: what is said during it is still the key's doing, later on a busy machine)."""
    seen, out = 0, None
    for line in lines:
        if line.startswith("> sleep:"):
            continue
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


def test_orca_tab_arrival_then_each_point_and_the_highest_said_once(site):
    url = site["base"] + f"charts/{CHART}.html"
    labels = site["labels"][CHART]["series"][0]
    tabs = tabs_to(url)
    lines = transcript(url, ["Tab"] * tabs + ["Right", "Right", "bracketright", "bracketright"], "tab-right-highest")
    on_focus = after_key(lines, "Tab", tabs)
    spoken = " ".join(on_focus)
    assert "Seattle daily temperature figure" in spoken and "Audio chart horizontal slider" in spoken, on_focus
    assert labels[0] in spoken, on_focus
    assert "Press Enter to explore by sound, H for help." in on_focus
    assert "Focus mode" in on_focus, on_focus         # switched by itself: no Orca+A was sent
    assert after_key(lines, "Right", 1) == [labels[1]]
    assert after_key(lines, "Right", 2) == [labels[2]]
    highest = "Highest: " + labels[953]
    assert highest == "Highest: 11 August 2014, maximum temperature 35.6 degrees Celsius"
    assert after_key(lines, "bracketright", 1) == [highest]
    assert after_key(lines, "bracketright", 2) == [highest]   # already there: said again, in full
    text = "\n".join(lines)
    assert text.count(labels[1]) == 1 and text.count(labels[2]) == 1
    assert "°C" not in text                                   # units for ears


@pytest.mark.slow
def test_orca_help_read_for_20_seconds_then_the_chart_still_speaks(site):
    """A modal help read this long silenced the chart until reload (issue 19); the non-modal one
    must not: read it with the arrow keys for 20 s, Escape, and the next two points are heard."""
    url = site["base"] + f"charts/{CHART}.html"
    labels = site["labels"][CHART]["series"][0]
    tabs = tabs_to(url)
    reading = ["Down", "sleep:3", "Down", "sleep:3", "Down", "Down", "sleep:3", "Down", "Down", "sleep:3",
               "Down", "Down", "Down", "sleep:3", "Down", "Up", "sleep:2"]
    lines = transcript(url, ["Tab"] * tabs + ["h"] + reading + ["Escape", "Right", "Right"], "help-20s-then-right-right")
    opened = " ".join(after_key(lines, "h"))
    assert "Audio chart keys dialog" in opened, opened
    read = " ".join(line for line in lines[lines.index("> h"):lines.index("> Escape")] if not line.startswith(">"))
    assert "Previous / next point" in read            # the help was really read
    back = " ".join(after_key(lines, "Escape"))
    assert "Audio chart horizontal slider" in back and "Focus mode" in back, back
    assert after_key(lines, "Right", 1) == [labels[1]]
    assert after_key(lines, "Right", 2) == [labels[2]]


@pytest.mark.slow
def test_orca_browse_mode_arrival_enter_then_right(site):
    """Down (browse mode) onto the scrubber says how to start; Enter switches to focus mode."""
    url = site["base"] + f"charts/{CHART}.html"
    labels = site["labels"][CHART]["series"][0]
    downs = ["Down"] * 5      # links, heading, subtitle, figure with its image, the scrubber
    lines = transcript(url, downs + ["Return", "Right"], "browse-down-enter-right")
    arrived = after_key(lines, "Down", len(downs))
    assert "Audio chart horizontal slider " + labels[0] + "." in arrived, arrived
    assert "Press Enter to explore by sound, H for help." in arrived
    entered = after_key(lines, "Return")
    assert "Focus mode" in entered, entered
    assert after_key(lines, "Right") == [labels[1]]
    browse = " ".join(line for line in lines[:lines.index("> Return")] if not line.startswith("Finished loading"))
    assert browse.count("Seattle daily temperature") == 2   # the h1, then the figure's name; nothing else
    assert "clickable" not in browse
    assert browse.count("Line chart of Seattle daily temperature") == 0   # the summary comes after the scrubber, once


@pytest.mark.slow
def test_orca_report_two_charts_same_point_each_heard_once(site):
    url = site["base"] + "reports/weather.html"
    gaps, seattle = site["labels"]["gaps"]["series"][0], site["labels"][CHART]["series"][0]
    tabs = tabs_to(url, 0)
    assert tabs_to(url, 1) == tabs + 2                # two Tab stops per chart: scrubber, details
    lines = transcript(url, ["Tab"] * tabs + ["Right", "Tab", "Tab", "Right"], "report-two-charts")
    assert after_key(lines, "Right", 1) == [gaps[1]]
    second = after_key(lines, "Tab", tabs + 2)
    assert "Audio chart horizontal slider " + seattle[0] + "." in " ".join(second), second
    assert after_key(lines, "Right", 2) == [seattle[1]]   # the same point number as before: still said
    text = "\n".join(lines)
    assert text.count(seattle[1]) == 1 and text.count(gaps[1]) == 1


@pytest.mark.slow
def test_orca_all_series_view_says_the_unit_once(site):
    url = site["base"] + "charts/iowa-electricity.html"
    expected = site["labels"]["iowa-electricity"]
    tabs = tabs_to(url)
    lines = transcript(url, ["Tab"] * tabs + ["Down", "Down", "Down"], "all-series-unit-once")
    assert after_key(lines, "Down", 1) == ["Series 2 of 3: " + expected["series"][1][0]]
    heard = after_key(lines, "Down", 3)
    assert heard == ["All series: " + expected["all"][0]], heard
    assert heard[0].count("megawatt hours") == 1 and "MWh" not in heard[0]


@pytest.mark.slow
def test_orca_back_from_another_window_says_the_point_once(site):
    """Another window and back (Ctrl+N, Ctrl+W): Orca 43 alone says only the browser frame and
    stays in browse mode; the page gives focus back to the slider so it is said once, in focus mode."""
    url = site["base"] + "charts/iowa-electricity.html"
    expected = site["labels"]["iowa-electricity"]["series"][1]
    tabs = tabs_to(url)
    lines = transcript(url, ["Tab"] * tabs + ["Down", "ctrl+n", "sleep:1", "ctrl+w", "sleep:2", "Right"],
                       "window-switch")
    point = "Series 2 of 3: " + expected[0]
    assert after_key(lines, "Down") == [point]
    back = " ".join(after_key(lines, "ctrl+w"))
    assert back.count(expected[0]) == 1 and "Focus mode" in back, back
    assert after_key(lines, "Right") == [expected[1]]
    assert "\n".join(lines).count(expected[0]) == 2        # at Down, and once on the way back


@pytest.mark.slow
def test_orca_layered_chart_band_range_and_mark_said_once(site):
    """A layered chart (issue 14): the band's range is heard with the value, and M says the rule
    at the mean before the point where the line crosses it, each once."""
    chart = "seattle-temperature-range"
    url = site["base"] + f"charts/{chart}.html"
    labels = site["labels"][chart]["series"][0]
    tabs = tabs_to(url)
    lines = transcript(url, ["Tab"] * tabs + ["Right", "m"], "layers-band-mark")
    assert after_key(lines, "Right", 1) == [labels[1]]
    assert labels[1] == "February, average daily high 9.86 degrees Celsius, range 4.05 to 9.86"
    heard = after_key(lines, "m", 1)
    assert heard == ["Mark 1 of 1: Mean daily high, 16.44 degrees Celsius. " + labels[4]], heard
    assert "\n".join(lines).count(labels[4]) == 1


# ---- One transcript per browser on one report page (fixtures/extra/reports/kinds.md: a donut, a
# heatmap, a box plot, then the line chart), one browser start for all five cases (about 60 s,
# against about 150 s as five runs): each chart's name and kind on Tab and its first steps, each
# heard once; then the line chart's scrubber and the settings dialog (open, choose Verbose, back:
# the next point in the new wording). Debian's Firefox ESR (`-b firefox`) and Chromium hear the
# same words; Chromium adds the slider's orientation. The Tab counts are Chromium's (Playwright
# drives no Debian Firefox): the two stop on the same elements here.
KINDS = [   # (case, chart, figure name, slider role and kind as Firefox says them, keys)
    ("pie", "iowa-electricity-2017-share", "Iowa electricity by source in 2017", "Audio donut chart slider", ["Right", "Right"]),
    ("heatmap", "seattle-high-heatmap", "Seattle's average daily high, month by year", "Audio heatmap slider", ["Right", "Down", "Right"]),
    ("box", "seattle-temperature-boxplot", "Seattle's daily highs by month", "Audio box plot slider", ["Right", "Up", "Up"]),
    ("scrubber", CHART, "Seattle daily temperature", "Audio chart slider", ["Right", "Right"]),
]
SETTINGS_KEYS = ["o", "Down", "space", "Escape", "Right"]
BROWSERS = ["chromium", "firefox"]


def slider_role(text, browser):
    """"Audio chart slider" as Firefox says it; Chromium says "Audio chart horizontal slider"."""
    return text if browser == "firefox" else text.replace(" slider", " horizontal slider")


@pytest.fixture(scope="module")
def kinds(site):
    """{browser: {case: the transcript lines from the Tab reaching its chart to the Tab leaving it}},
    each browser's transcript made on first use."""
    url = site["base"] + "reports/kinds.html"
    made = {}

    def lines_for(browser):
        if browser in made:
            return made[browser]
        tabs = tabs_to(url, 0)   # then two Tab stops per chart: its scrubber, its details
        keys = ["Tab"] * tabs
        for n, (_, _, _, _, chart_keys) in enumerate(KINDS):
            keys += (["Tab", "Tab"] if n else []) + chart_keys
        lines = transcript(url, keys + SETTINGS_KEYS, f"{browser}-kinds-scrubber-settings", browser)
        at = [i for i, line in enumerate(lines) if line == "> Tab"] + [lines.index("> o")]
        assert len(at) == tabs + 2 * len(KINDS) - 1, lines
        parts = {case: lines[at[tabs - 1 + 2 * n]:at[tabs + 2 * n]] for n, (case, *_) in enumerate(KINDS)}
        parts["settings"] = lines[lines.index("> o"):]
        made[browser] = parts
        return parts
    lines_for.forget = lambda browser: made.pop(browser, None)
    return lines_for


def kinds_expected(site, case):
    """What Orca should say on arrival and after each key: the generator's labels."""
    chart = next(c for c in KINDS if c[0] == case)[1]
    series = site["labels"][chart]["series"]
    if case == "box":        # starts on the medians (series 3 of 7); Up: the next statistic, with its place
        return [series[3][0], series[3][1], series[4][1] + ", 5 of 7", series[5][1] + ", 6 of 7"]
    if case == "heatmap":    # Down: the next row, named
        return [series[0][0], series[0][1], "Row 2 of 4: " + series[1][1], series[1][2]]
    return [series[0][0], series[0][1], series[0][2]]


@pytest.mark.parametrize("browser", BROWSERS)
@pytest.mark.parametrize("case", [c[0] for c in KINDS] + ["settings"])
def test_orca_name_and_kind_on_tab_then_each_step_heard_once(site, kinds, browser, case):
    try:
        check_kind(site, kinds(browser)[case], browser, case)
    except AssertionError:
        kinds.forget(browser)   # the rerun (the module's flaky mark) records the transcript again
        raise


def check_kind(site, lines, browser, case):
    if case == "settings":
        labels = site["labels"][CHART]["series"][0]
        opened = " ".join(after_key(lines, "o"))
        assert "Audio chart settings dialog" in opened and "Spoken label" in opened and "Normal" in opened, opened
        assert "Verbose" in " ".join(after_key(lines, "Down")), lines
        assert "selected" in " ".join(after_key(lines, "space")), lines
        back = " ".join(after_key(lines, "Escape"))
        assert f"{slider_role('Audio chart slider', browser)} {labels[2]}, 3 of 1,461." in back, back
        assert "Focus mode" in back, back
        assert after_key(lines, "Right") == [labels[3] + ", 4 of 1,461"], lines
        return
    _, _, name, slider, keys = next(c for c in KINDS if c[0] == case)
    expected = kinds_expected(site, case)
    arrival = " ".join(after_key(lines, "Tab"))
    assert f"{name} figure." in arrival and f"{slider_role(slider, browser)} {expected[0]}." in arrival, arrival
    assert "Press Enter to explore by sound, H for help." in arrival, arrival
    pressed = {}
    for key, said in zip(keys, expected[1:]):
        pressed[key] = pressed.get(key, 0) + 1
        assert after_key(lines, key, pressed[key]) == [said], lines
    text = "\n".join(lines)
    assert all(text.count(said) == 1 for said in expected[1:]), lines
    assert "°C" not in text and "MWh" not in text


def braille_lines(url, keys, name, tmp_path):
    """What Orca sends to a braille display: a copy of the harness with braille output on (the
    shared one runs speech only); Orca's debug log records each line it writes to the display,
    also with no display attached (`BRAILLE LINE:  '…'`)."""
    harness = tmp_path / "orca"
    shutil.copytree(TOOL.parent, harness)
    script = harness / TOOL.name
    text = script.read_text(encoding="utf-8")
    assert "enableBraille=False" in text, "the harness' settings changed: update this test"
    script.write_text(text.replace("enableBraille=False", "enableBraille=True"), encoding="utf-8")
    for _ in range(3):   # exit 3/4/7: the harness's X display, Orca or lock failed to start; retry
        result = subprocess.run(["bash", str(script), "-p", "-k", "-d", "-K", url, *keys],
                                capture_output=True, text=True, timeout=300)
        if result.returncode not in (3, 4, 7):
            break
    work = re.search(r"work dir kept: (\S+)", result.stderr)
    assert result.returncode == 0 and work, f"orca-transcript failed ({result.returncode}):\n{result.stderr[-2000:]}"
    log = Path(work.group(1)) / "orca-debug.out"
    lines = re.findall(r"BRAILLE LINE:  '(.*)'", log.read_text(encoding="utf-8", errors="replace"))
    shutil.rmtree(work.group(1), ignore_errors=True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{name}.braille.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


@pytest.mark.slow
def test_orca_braille_display_shows_the_series_line_and_its_cursor(site, tmp_path):
    """B: Orca's braille output shows the generator's braille line in place of the slider's
    name, the cursor's cell following the scrubber (issue 15); speech is unchanged."""
    url = site["base"] + f"charts/{CHART}.html"
    labels = site["labels"][CHART]["series"][0]
    with sync_playwright() as p:
        b = launch_chromium(p)
        pg = b.new_page()
        pg.goto(url)
        braille = pg.evaluate(f"window.PitchlineCharts[{CHART!r}].series[0].braille")
        b.close()
    cells, cursor = braille["cells"], braille["cursor"]
    at_start = cursor[0] + cells[1:]
    at_end = cells[:-1] + cursor[-1]
    tabs = tabs_to(url)
    lines = braille_lines(url, ["Tab"] * tabs + ["b", "Right", "Right", "End"], "braille-line", tmp_path)
    slider = [line for line in lines if line.endswith(" horizontal slider")]
    assert f"Audio chart {labels[0]} horizontal slider" in slider           # before B: the name
    assert f"{at_start} {labels[2]} horizontal slider" in slider, slider    # B on: the line, cursor at the start
    assert slider[-1] == f"{at_end} {labels[-1]} horizontal slider", slider  # End: the cursor in the last cell


@pytest.mark.slow
def test_orca_tab_into_a_notebook_chart_then_each_point_heard_once(tmp_path):
    """An Altair chart in a notebook executed by nbconvert (issue 32, test_notebooks.py): Tab from
    the notebook into the chart's frame, Right ×3, each point heard once."""
    from test_notebooks import CHARTS, execute_notebook, notebook_cells
    notebook = execute_notebook(tmp_path, notebook_cells()[:2])   # the renderer, then the bar chart
    with sync_playwright() as p:   # Tabs from the top to the chart's scrubber, inside its frame
        b = launch_chromium(p)
        pg = b.new_page()
        pg.route(re.compile(r"^https?://"), lambda route: route.abort())   # nbconvert's CDN scripts
        pg.goto(notebook.as_uri())
        frame = pg.locator("iframe.pitchline-chart").element_handle().content_frame()
        for tabs in range(1, 40):
            pg.keyboard.press("Tab")
            if frame.evaluate("document.activeElement.classList.contains('pl-slider')"):
                break
        b.close()
    lines = transcript(str(notebook), ["Tab"] * tabs + ["Right"] * 3, "notebook-tab-right")
    arrived = " ".join(after_key(lines, "Tab", tabs))
    assert CHARTS[0][0] + " figure" in arrived and "Audio chart horizontal slider Jan, value 28" in arrived, arrived
    heard = ["Feb, value 55", "Mar, value 43", "Apr, value 91"]
    assert [after_key(lines, "Right", n) for n in (1, 2, 3)] == [[h] for h in heard]
    text = "\n".join(lines)
    assert all(text.count(h) == 1 for h in heard)


@pytest.mark.slow
@pytest.mark.parametrize("browser", BROWSERS)
def test_orca_d_then_j_j_says_the_points_behind_the_summarys_claims(site, browser):
    """Issue 30: D says the summary; J the point behind its first claim (the lowest maximum
    temperature), J again the next (the highest), each once, with its words and for ears."""
    import urllib.request
    url = site["base"] + f"charts/{CHART}.html"
    with urllib.request.urlopen(site["base"] + f"charts/{CHART}.json") as r:
        model = json.loads(r.read().decode("utf-8"))
    claims = [c for s in model["summarySentences"] for c in s["claims"]][:2]
    labels = site["labels"][CHART]["series"]
    expected = [("Lowest: " if c["kind"] == "lowest" else "Highest: ") + labels[c["series"]][c["rows"][0]] for c in claims]
    assert expected[0].startswith("Lowest: 6 February 2014, maximum temperature") and expected[1].startswith("Highest: ")
    tabs = tabs_to(url)
    lines = transcript(url, ["Tab"] * tabs + ["d", "j", "j"], f"{browser}-describe-j-j", browser)
    assert " ".join(after_key(lines, "d")).startswith("Line chart of Seattle daily temperature"), lines
    assert after_key(lines, "j", 1) == [expected[0]], lines
    assert after_key(lines, "j", 2) == [expected[1]], lines
    text = "\n".join(lines)
    assert text.count(expected[0]) == 1 and text.count(expected[1]) == 1 and "°C" not in text

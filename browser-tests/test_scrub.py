"""The keyboard scrubber in a real Chromium: keys, speech text, tone bank playback, help dialog, axe.

Two sites: the example site exported by `pitchline export site` (its Seattle chart; expectations
come from the page's own data), and the hand-made fixture pages in browser-tests/fixtures (exact
strings, a missing value, a two-chart report). Every test runs served over loopback HTTP with a
strict Content-Security-Policy and opened from disk (file://), where the audio comes from the
classic base64 script instead of fetch.
"""
import functools
import json
import http.server
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures"))
import fixture_site  # noqa: E402

SEATTLE = "seattle-temperature"
CSP = "default-src 'self'"
ROOT = Path(__file__).resolve().parent.parent

# Recorded before any page script runs: every pitchline:play detail, CSP violations, errors.
RECORDER = """
window.__plays = [];
window.__csp = [];
document.addEventListener('pitchline:play', e => window.__plays.push(e.detail), true);
document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
"""


class CSPHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".ogg": "audio/ogg"}

    def end_headers(self):
        self.send_header("Content-Security-Policy", CSP)
        super().end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory):
    return fixture_site.build(str(tmp_path_factory.mktemp("scrub-site")))


@pytest.fixture(scope="module")
def example_dir():
    tmp = tempfile.mkdtemp(prefix="pitchline-scrub-export-")
    yield fixture_site.export_example(os.path.join(tmp, "out"))
    shutil.rmtree(tmp, ignore_errors=True)


def serve(directory):
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(CSPHandler, directory=directory))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}/"


@pytest.fixture(scope="module")
def servers(site_dir, example_dir):
    running = {}
    for name, directory in (("fixture", site_dir), ("example", example_dir)):
        if directory:
            running[name] = serve(directory)
    yield {name: url for name, (_, url) in running.items()}
    for srv, _ in running.values():
        srv.shutdown()
        srv.server_close()


def base_url(request, servers, site_dir, example_dir):
    site, scheme = request.param.split("-")
    directory = site_dir if site == "fixture" else example_dir
    if directory is None:
        pytest.skip("the example site has no scrubber page yet (pitchline export)")
    return servers[site] if scheme == "http" else Path(directory).resolve().as_uri() + "/"


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium",
                              args=["--no-sandbox", "--autoplay-policy=no-user-gesture-required"])
        yield b
        b.close()


@pytest.fixture(params=["example-http", "example-file"])
def origin(request, servers, site_dir, example_dir):
    """The exported example site's Seattle chart, over http and from disk."""
    return base_url(request, servers, site_dir, example_dir)


@pytest.fixture(params=["fixture-http", "fixture-file"])
def fixture_origin(request, servers, site_dir, example_dir):
    """The hand-made pages only (exact strings, the gaps chart, the report)."""
    return base_url(request, servers, site_dir, example_dir)


@pytest.fixture
def page(browser):
    context = browser.new_context()
    pg = context.new_page()
    pg.add_init_script(RECORDER)
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    csp = pg.evaluate("window.__csp || []") if not pg.is_closed() else []
    context.close()
    assert errors == [], errors
    assert csp == [], csp


def chart_data(page, chart_id):
    return page.evaluate("id => window.PitchlineCharts[id]", chart_id)


def open_chart(page, origin, chart_id=SEATTLE):
    page.goto(origin + "charts/" + chart_id + ".html")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('pl-slider')"):
            break
    assert page.evaluate("document.activeElement.classList.contains('pl-slider')"), "Tab never reached the scrubber"
    page.wait_for_selector(f'figure[data-chart-id="{chart_id}"][data-pl-audio="ready"]', state="attached")
    return chart_data(page, chart_id)


def slider(page):
    return page.locator(".pl-slider")


def valuetext(page):
    return slider(page).get_attribute("aria-valuetext")


def plays(page):
    return page.evaluate("window.__plays")


def live(page):
    return page.text_content(".pl-live").replace("\u00a0", "").strip()


def label(data, s, row):
    v = data["series"][s]["valueTexts"][row]
    name = data["series"][s]["spokenName"]
    return f'{data["x"]["labels"][row]}, {name}' + (", no data" if v is None else f" {v}")


def all_label(data, row):
    parts = [f'{ser["spokenName"]} {ser["valueTexts"][row] or "no data"}' for ser in data["series"]]
    return f'{data["x"]["labels"][row]}: ' + ", ".join(parts)


def served_label0(origin, chart_id=SEATTLE):
    """aria-valuetext of point 0 as the generator wrote it into the page (before any script)."""
    if origin.startswith("file:"):
        from urllib.request import url2pathname
        from urllib.parse import urlparse
        text = Path(url2pathname(urlparse(origin).path), "charts", f"{chart_id}.html").read_text(encoding="utf-8")
    else:
        from urllib.request import urlopen
        text = urlopen(origin + f"charts/{chart_id}.html").read().decode()
    import html as htmllib
    return htmllib.unescape(re.search(r'class="pl-slider"[^>]*aria-valuetext="([^"]*)"', text).group(1))


def rows_per_second(data, speed):
    """Rows the whole-series playback passes per second at `speed` (pitchline.js's plan)."""
    n, d = len(data["x"]["labels"]), data["audio"]["playbackDuration"] / speed
    limit = max(3, int(d * 30))
    notes = min(n, limit)
    gap = min(0.35, d / notes)
    return (n / notes) / gap if n > limit else 1 / gap


def test_tab_gives_name_role_and_value_in_accessibility_tree(page, origin):
    data = open_chart(page, origin)
    n = len(data["x"]["labels"])
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    sliders = [n for n in nodes if n.get("role", {}).get("value") == "slider"]
    assert len(sliders) == 1
    node = sliders[0]
    assert node["name"]["value"] == data["title"] + ", audio chart. Press H for help."
    assert node["value"]["value"] == 0
    props = {p["name"]: p["value"]["value"] for p in node.get("properties", [])}
    assert props["focused"] is True and props["valuemin"] == 0 and props["valuemax"] == n - 1
    # CDP leaves "valuetext" empty even for a bare slider; what Orca hears is in test_orca.py.
    assert valuetext(page) == label(data, 0, 0) == served_label0(origin)
    assert valuetext(page).startswith("1 January 2012, maximum temperature 12.8")


def test_right_three_times_speaks_plays_and_moves_to_the_fourth_point(page, origin):
    data = open_chart(page, origin)
    before = page.locator(".pl-cursor circle").first.bounding_box()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert valuetext(page) == label(data, 0, 3)
    assert valuetext(page).startswith("4 January 2012, maximum temperature 12.2")
    assert slider(page).get_attribute("aria-valuenow") == "3"
    assert page.text_content(".pl-readout") == label(data, 0, 3)
    assert live(page) == ""      # the value is spoken once, by the slider, never echoed
    events = plays(page)
    assert [e["row"] for e in events] == [1, 2, 3]
    last = events[-1]
    tone = data["series"][0]["tones"][3]
    assert (last["series"], last["tone"]) == (0, tone)
    assert last["offset"] == data["audio"]["tones"][tone][0]
    assert last["duration"] == data["audio"]["tones"][tone][1]
    assert last["synthesized"] is False
    assert page.get_attribute("figure.pl-chart", "data-pl-played") == "3"
    ser = data["series"][0]
    assert page.get_attribute(".pl-cursor", "transform") == f"translate({ser['cx'][3]:g} 0)"
    assert page.locator(".pl-cursor circle").first.get_attribute("cy") == f"{ser['cy'][3]:g}"
    after = page.locator(".pl-cursor circle").first.bounding_box()
    assert before is None or after["x"] > before["x"]
    assert after is not None


def test_audio_context_runs_and_decodes_the_whole_tone_bank(page, origin):
    data = open_chart(page, origin)
    page.keyboard.press("ArrowRight")
    state = page.evaluate("""id => { const c = Pitchline.audioContext(); const b = Pitchline.charts[id].buffer;
        return {state: c.state, duration: b.duration, base: c.baseLatency}; }""", SEATTLE)
    assert state["state"] == "running"
    tones, rate = data["audio"]["tones"], data["audio"]["sampleRate"]
    # the table's seconds are rounded (the generator writes 4 decimals: ±0.05 ms per entry)
    slack = 2 / rate + 0.00005
    assert abs(state["duration"] - max(t[0] + t[1] for t in tones)) < slack
    assert abs(state["duration"] - sum(t[1] for t in tones)) < slack + len(tones) * 0.00005
    assert state["base"] <= 0.03


def test_home_end_page_keys_and_the_end_earcon(page, origin):
    data = open_chart(page, origin)
    n = len(data["x"]["labels"])
    page.keyboard.press("End")
    assert valuetext(page) == label(data, 0, n - 1)
    assert valuetext(page).startswith("31 December 2015, maximum temperature 5.6")
    assert slider(page).get_attribute("aria-valuenow") == str(n - 1)
    page.keyboard.press("ArrowRight")
    assert live(page) == "End of series"
    assert plays(page)[-1]["tone"] == data["audio"]["endTone"]
    assert valuetext(page) == label(data, 0, n - 1)
    page.keyboard.press("Home")
    assert valuetext(page) == label(data, 0, 0)
    page.keyboard.press("PageDown")
    step = round(n / 10)
    assert slider(page).get_attribute("aria-valuenow") == str(step)
    assert valuetext(page) == label(data, 0, step)
    page.keyboard.press("PageDown")
    page.keyboard.press("PageUp")
    assert slider(page).get_attribute("aria-valuenow") == str(step)
    page.keyboard.press("PageUp")
    page.keyboard.press("PageUp")
    assert slider(page).get_attribute("aria-valuenow") == "0"
    assert live(page) == "Start of series"


def test_up_down_switch_series_and_the_all_series_view(page, origin):
    data = open_chart(page, origin)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert valuetext(page) == label(data, 1, 2)
    assert valuetext(page).startswith("3 January 2012, minimum temperature 7.2")
    assert live(page) == "Series 2 of 2. " + label(data, 1, 2)
    assert plays(page)[-1]["series"] == 1 and plays(page)[-1]["tone"] == data["series"][1]["tones"][2]
    count = len(plays(page))
    page.keyboard.press("ArrowDown")
    assert valuetext(page) == all_label(data, 2)
    assert re.fullmatch(r"3 January 2012: maximum temperature 11\.7 \S+, minimum temperature 7\.2 \S+", valuetext(page))
    assert live(page) == "All series. " + all_label(data, 2)
    dots = page.locator(".pl-cursor circle")
    assert dots.count() == 2                       # one dot per series in the all view
    for s_ in range(2):
        assert dots.nth(s_).get_attribute("cy") == f'{data["series"][s_]["cy"][2]:g}'
        assert dots.nth(s_).get_attribute("visibility") is None
    both = plays(page)[count:]
    assert [(e["series"], e["row"]) for e in both] == [(0, 2), (1, 2)]
    assert both[1]["when"] > both[0]["when"]      # in quick succession, not on top of each other
    page.keyboard.press("ArrowDown")
    assert valuetext(page) == label(data, 0, 2)
    assert page.locator(".pl-cursor circle").nth(1).get_attribute("visibility") == "hidden"
    page.keyboard.press("ArrowUp")
    assert live(page).startswith("All series. 3 January 2012:")


def test_play_whole_series_follows_the_cursor_and_escape_stops(page, origin):
    data = open_chart(page, origin)
    page.keyboard.press("ArrowRight")
    page.evaluate("window.__plays = []")
    page.keyboard.press("p")
    assert live(page) == "Playing"
    page.wait_for_function("() => window.__plays.length >= 12")
    page.wait_for_function("() => document.querySelector('figure').dataset.plPlayed !== undefined")
    page.keyboard.press("Escape")
    assert live(page) == "Stopped"
    events = plays(page)
    rows = [e["row"] for e in events]
    assert rows[0] == 1
    assert rows == sorted(rows) and len(set(rows)) == len(rows)
    whens = [e["when"] for e in events]
    assert whens == sorted(whens)
    gaps = {round(b - a, 4) for a, b in zip(whens, whens[1:])}
    d, n = data["audio"]["playbackDuration"], len(data["x"]["labels"])
    assert len(gaps) == 1 and list(gaps)[0] == pytest.approx(d / min(n, int(d * 30)), abs=1e-3)
    for e in events:
        assert e["tone"] == data["series"][0]["tones"][e["row"]]
    # the slider's value follows to where the sound was, once, at the stop
    now = int(slider(page).get_attribute("aria-valuenow"))
    assert rows[0] <= now <= rows[-1]
    assert valuetext(page) == label(data, 0, now)
    page.keyboard.press("ArrowRight")     # keys keep working after playback
    assert slider(page).get_attribute("aria-valuenow") == str(now + 1)


def test_playback_plan_keeps_extremes_and_never_truncates(page, origin):
    data = open_chart(page, origin)
    plan = page.evaluate("id => Pitchline.charts[id].playRows()", SEATTLE)
    rows = plan["rows"]
    assert len(rows) == min(len(data["x"]["labels"]), int(data["audio"]["playbackDuration"] * 30))
    assert rows[0] == 0 and rows[-1] == len(data["x"]["labels"]) - 1
    assert data["series"][0]["maxRow"] in rows and data["series"][0]["minRow"] in rows
    assert plan["gap"] * len(rows) == pytest.approx(data["audio"]["playbackDuration"])


def test_a_short_series_plays_to_the_end_with_missing_values(page, fixture_origin):
    data = open_chart(page, fixture_origin, "gaps")
    page.keyboard.press("+")
    page.keyboard.press("+")
    page.keyboard.press("+")
    assert live(page) == "Speed 3 times"
    page.keyboard.press("Shift+End")
    page.wait_for_function("() => document.querySelector('.pl-live').textContent.startsWith('End of series')", timeout=15000)
    events = plays(page)
    assert [e["row"] for e in events[:-1]] == list(range(12))
    assert events[2]["tone"] == data["audio"]["missingTone"]
    assert events[-1]["tone"] == data["audio"]["endTone"]
    assert valuetext(page) == "12 January 2012, rain 4.5 mm"


def test_speed_changes_while_playing(page, origin):
    data = open_chart(page, origin)
    page.keyboard.press("-")
    page.keyboard.press("-")
    assert live(page) == "Speed 0.5 times"
    page.keyboard.press("p")
    page.wait_for_function("() => window.__plays.length >= 10")
    page.keyboard.press("+")
    page.keyboard.press("+")
    assert live(page) == "Speed 1 times"
    n = len(plays(page))
    page.wait_for_function(f"() => window.__plays.length >= {n + 12}")
    page.keyboard.press("p")
    assert live(page) == "Stopped"
    events = plays(page)
    # 30 notes a second either way; twice the speed goes through the rows twice as fast
    slow = (events[9]["row"] - events[1]["row"]) / (events[9]["when"] - events[1]["when"])
    fast = (events[-1]["row"] - events[-9]["row"]) / (events[-1]["when"] - events[-9]["when"])
    assert slow == pytest.approx(rows_per_second(data, 0.5), rel=0.3)
    assert fast == pytest.approx(rows_per_second(data, 1), rel=0.3)


def test_missing_value_says_no_data_and_plays_the_missing_tone(page, fixture_origin):
    data = open_chart(page, fixture_origin, "gaps")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert valuetext(page) == "3 January 2012, rain, no data"
    assert plays(page)[-1]["tone"] == data["audio"]["missingTone"]
    page.keyboard.press("]")
    assert valuetext(page) == "5 January 2012, rain 9.5 mm"
    assert live(page) == "Highest value"
    page.keyboard.press("[")
    assert valuetext(page) == "7 January 2012, rain 1.5 mm"


def test_statistics_description_and_axes_match_the_page_text(page, origin):
    data = open_chart(page, origin)
    page.keyboard.press("s")
    spoken = live(page)
    # the chart details as the page shows them, without the data table
    page_text = page.evaluate("""() => { const parts = [];
        document.querySelectorAll('main p, main li, main dl').forEach(e => {
            if (!e.closest('table, .pl-scrub, details')) parts.push(e.textContent); });
        return parts.join(' '); }""")
    numbers = re.findall(r"[\d,]*\d(?:\.\d+)?", spoken)
    assert len(numbers) >= 6
    for number in numbers:
        assert number in page_text, (number, spoken)
    assert spoken.startswith(data["series"][0]["statisticsText"])
    page.keyboard.press("d")
    assert live(page).startswith(data["summary"])
    page.keyboard.press("x")
    assert live(page) == f'X axis: {data["x"]["title"]}, {data["x"]["rangeText"]}.'
    assert "1 January 2012" in live(page) and "31 December 2015" in live(page)
    page.keyboard.press("y")
    assert live(page).startswith(f'Y axis: {data["y"]["title"]}')
    assert live(page).endswith(f', {data["y"]["rangeText"]}.') and "\u22127.1" in live(page)
    page.keyboard.press("s")
    assert live(page) == spoken       # said again when asked again


def test_help_dialog_opens_modal_and_returns_focus(page, origin):
    open_chart(page, origin)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("h")
    dialog = page.locator("#pl-help")
    assert dialog.evaluate("d => d.open && d.matches(':modal')")
    assert page.evaluate("document.getElementById('pl-help').contains(document.activeElement)")
    results = Axe().run(page, options={"runOnly": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]})
    assert results.violations_count == 0, results.generate_report()
    page.keyboard.press("Escape")
    assert not dialog.evaluate("d => d.open")
    assert page.evaluate("document.activeElement.classList.contains('pl-slider')")
    page.keyboard.press("?")
    assert dialog.evaluate("d => d.open")
    page.keyboard.press("Enter")        # the Close button has focus
    assert not dialog.evaluate("d => d.open")
    assert page.evaluate("document.activeElement.classList.contains('pl-slider')")
    assert slider(page).get_attribute("aria-valuenow") == "1"


def test_axe_after_scrubbing(page, origin):
    open_chart(page, origin)
    for key in ["ArrowRight", "ArrowRight", "ArrowDown", "End", "s"]:
        page.keyboard.press(key)
    page.evaluate("document.querySelector('details.pl-table-details') && (document.querySelector('details.pl-table-details').open = true)")
    page.keyboard.press("Home")
    results = Axe().run(page, options={"runOnly": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]})
    assert results.violations_count == 0, results.generate_report()
    assert page.locator('tr[data-row="0"]').get_attribute("class") == "pl-current"
    assert page.locator("tr.pl-current").count() == 1


def test_table_row_follows_by_data_chart_id(page, fixture_origin):
    open_chart(page, fixture_origin, "gaps")
    page.keyboard.press("End")
    assert page.locator("tr.pl-current").get_attribute("data-row") == "11"


def test_keys_are_not_taken_when_the_scrubber_is_not_focused(page, origin):
    open_chart(page, origin)
    page.keyboard.press("Shift+Tab")
    for key in ["ArrowRight", "h", "p", "End"]:
        page.keyboard.press(key)
    assert plays(page) == []
    assert not page.evaluate("document.getElementById('pl-help').open")
    assert slider(page).get_attribute("aria-valuenow") == "0"


def test_undecodable_audio_falls_back_to_synthesis_and_says_so(page, origin):
    page.add_init_script("""BaseAudioContext.prototype.decodeAudioData = function (b, ok, fail) {
        const e = new DOMException('Unable to decode audio data', 'EncodingError');
        if (fail) fail(e); return Promise.reject(e); };""")
    page.goto(origin + "charts/" + SEATTLE + ".html")
    page.focus(".pl-slider")
    page.wait_for_selector('figure[data-pl-audio="synth"]', state="attached")
    assert "synthesised tones" in live(page)
    page.keyboard.press("ArrowRight")
    last = plays(page)[-1]
    assert last["row"] == 1 and last["synthesized"] is True
    assert valuetext(page) == label(chart_data(page, SEATTLE), 0, 1)


def test_without_scripts_nothing_dead_is_shown(browser, origin):
    context = browser.new_context(java_script_enabled=False)
    pg = context.new_page()
    pg.goto(origin + "charts/" + SEATTLE + ".html")
    assert not pg.locator(".pl-slider").is_visible()
    context.close()


class WatchHandler(CSPHandler):
    """Like `pitchline serve --watch`: pages marked with Server-Timing, a version to poll."""
    version = 1
    polls = []

    def end_headers(self):
        self.send_header("Server-Timing", "pitchline-watch")
        super().end_headers()

    def do_GET(self):
        if self.path.startswith("/_pitchline/version"):
            WatchHandler.polls.append(self.path)
            body = json.dumps({"version": str(WatchHandler.version)}).encode() + b"\n"
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def test_live_reload_when_the_watching_server_says_the_site_changed(browser, site_dir):
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(WatchHandler, directory=site_dir))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        pg = browser.new_page()
        pg.goto(f"http://127.0.0.1:{srv.server_address[1]}/charts/{SEATTLE}.html")
        pg.evaluate("window.__marker = 1")
        pg.wait_for_function("() => performance.getEntriesByType('resource').some(e => e.name.includes('/_pitchline/version'))")
        WatchHandler.version = 2
        with pg.expect_event("load", timeout=10000):
            pass
        assert pg.evaluate("window.__marker") is None
        pg.close()
    finally:
        srv.shutdown()
        srv.server_close()


def test_no_live_reload_polling_without_the_watch_mark(page, origin):
    open_chart(page, origin)
    page.keyboard.press("ArrowRight")
    names = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not any("_pitchline" in n for n in names)


def test_report_with_two_charts_each_scrubs_its_own_audio(page, fixture_origin):
    page.goto(fixture_origin + "reports/weather.html")
    sliders = page.locator(".pl-slider")
    assert sliders.count() == 2
    page.wait_for_selector('figure[data-chart-id="gaps"][data-pl-audio="ready"]', state="attached")
    page.wait_for_selector(f'figure[data-chart-id="{SEATTLE}"][data-pl-audio="ready"]', state="attached")
    gaps = chart_data(page, "gaps")
    sliders.nth(0).focus()
    page.keyboard.press("p")                       # the first chart plays…
    page.wait_for_function("() => window.__plays.length >= 3")
    sliders.nth(1).focus()
    page.keyboard.press("ArrowRight")              # …and stops when the second one is used
    assert sliders.nth(1).get_attribute("aria-valuetext") == "2 January 2012, rain 5.5 mm"
    assert page.get_attribute('figure[data-chart-id="gaps"]', "data-pl-played") == "1"
    page.keyboard.press("p")
    page.wait_for_function("() => window.__plays.filter(e => e.tone !== undefined).length > 0")
    page.keyboard.press("Escape")
    last = [e for e in plays(page) if e["series"] == 0 and e["row"] == 1 and e["keydownTime"]][-1]
    assert last["tone"] == gaps["series"][0]["tones"][1]
    assert page.locator('figure[data-chart-id="gaps"] .pl-live').text_content().startswith("Stopped")
    assert not page.evaluate("Pitchline.charts['%s'].playing" % SEATTLE)
    page.keyboard.press("h")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement === document.querySelectorAll('.pl-slider')[1]")
    results = Axe().run(page, options={"runOnly": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]})
    assert results.violations_count == 0, results.generate_report()


def test_click_on_the_chart_or_the_track_goes_to_the_nearest_point(page, fixture_origin):
    data = open_chart(page, fixture_origin, "gaps")
    ser = data["series"][0]
    svg = page.locator("svg.pl-svg")
    box = svg.bounding_box()
    scale = box["width"] / 720                     # the fixture's viewBox is 720 wide
    page.mouse.click(box["x"] + ser["cx"][7] * scale + 2, box["y"] + box["height"] / 2)
    assert slider(page).get_attribute("aria-valuenow") == "7"
    assert page.evaluate("document.activeElement.classList.contains('pl-slider')")
    assert plays(page)[-1]["row"] == 7
    track = slider(page).bounding_box()
    page.mouse.click(track["x"] + track["width"] - 2, track["y"] + track["height"] / 2)
    assert slider(page).get_attribute("aria-valuenow") == "11"


def test_pitchline_serve_watch_reloads_the_open_page_after_an_edit(browser, tmp_path):
    binary = ROOT / os.environ.get("PITCHLINE_BIN", ".build/debug/pitchline")
    if not binary.exists():
        pytest.skip("no pitchline binary")
    for part in ("site", "Templates", "Public"):
        shutil.copytree(ROOT / part, tmp_path / part)
    proc = subprocess.Popen([str(binary), "serve", str(tmp_path / "site"), "--theme", str(tmp_path), "--port", "0",
                             "--watch", "--cache", str(tmp_path / "cache")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = None
        for line in proc.stdout:          # "Serving N files at http://127.0.0.1:PORT/"
            m = re.search(r"[Ss]erving .* at (http://127\.0\.0\.1:\d+/)", line)  # "pitchline: serving site/ at …" too
            if m:
                url = m.group(1)
                break
        assert url, "pitchline serve did not say where it serves"
        threading.Thread(target=proc.stdout.read, daemon=True).start()   # keep the pipe drained
        pg = browser.new_page()
        pg.goto(url + f"charts/{SEATTLE}.html")
        pg.wait_for_function("() => performance.getEntriesByType('resource').some(e => e.name.includes('/_pitchline/version'))")
        spec = tmp_path / "site" / "charts" / f"{SEATTLE}.vl.json"
        spec.write_text(spec.read_text(encoding="utf-8").replace(
            '"text": "Seattle daily temperature"', '"text": "Seattle daily temperature, edited"'), encoding="utf-8")
        pg.wait_for_function("() => document.querySelector('h1').textContent.includes('edited')", timeout=90000)
        assert pg.evaluate("performance.getEntriesByType('navigation')[0].type") == "reload"
        pg.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_every_chart_of_the_example_report_scrubs_with_its_own_audio(page, origin, example_dir):
    reports = sorted(Path(example_dir, "reports").glob("*.html"))
    assert reports, "the example site has no report"
    page.goto(origin + "reports/" + reports[0].name)
    figures = page.locator("figure.pl-chart")
    assert figures.count() >= 2
    for i in range(figures.count()):
        chart_id = figures.nth(i).get_attribute("data-chart-id")
        page.wait_for_selector(f'figure[data-chart-id="{chart_id}"][data-pl-audio="ready"]', state="attached")
        data = chart_data(page, chart_id)
        figures.nth(i).locator(".pl-slider").focus()
        page.keyboard.press("ArrowRight")
        assert figures.nth(i).locator(".pl-slider").get_attribute("aria-valuetext") == label(data, 0, 1)
        last = plays(page)[-1]
        assert last["row"] == 1 and last["tone"] == data["series"][0]["tones"][1] and not last["synthesized"]
        assert figures.nth(i).get_attribute("data-pl-played") == "1"
    page.keyboard.press("h")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement === document.querySelectorAll('figure.pl-chart .pl-slider')[%d]"
                         % (figures.count() - 1))


def test_sound_pans_from_left_to_right_along_the_x_axis(page, origin):
    open_chart(page, origin)
    page.keyboard.press("ArrowRight")
    pan = f"() => Pitchline.charts['{SEATTLE}'].panner.pan.value"
    page.keyboard.press("End")
    page.wait_for_function(pan + " > 0.99")
    page.keyboard.press("Home")
    page.wait_for_function(pan + " < -0.99")
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")       # half way: the middle
    page.wait_for_function(f"() => Math.abs(Pitchline.charts['{SEATTLE}'].panner.pan.value) < 0.01")

"""Live charts in Chromium (issue 29): `pitchline serve` of a small site with one live chart;
rows POSTed to /charts/sensor/rows reach the open page over server-sent events. New points join
the scrubber without moving the cursor or changing what was said; End reaches the newest; with
monitor mode (M) each new point plays one tone (a Web Audio spy counts them), none without it.
One server and one page for the module."""
import json
import shutil
import tempfile
import urllib.request
from pathlib import Path

import pytest

from conftest import recorded_page, start_pitchline_server

SPEC = {
    "title": "Sensor", "data": {"url": "../data/sensor.csv"}, "mark": "line",
    "encoding": {"x": {"field": "time", "type": "temporal"},
                 "y": {"field": "temperature", "type": "quantitative", "scale": {"domain": [10, 30]}}},
    "usermeta": {"pitchline": {"unit": "°C", "live": {"window": 200}}},
}


def make_site(root):
    """ROOT/site: the live chart `sensor` (five rows, 14:00 to 14:04) with posting on; returns it."""
    site = root / "site"
    (site / "charts").mkdir(parents=True)
    (site / "data").mkdir()
    (site / "pitchline.json").write_text('{"live": {"post": true}}')
    (site / "charts" / "sensor.vl.json").write_text(json.dumps(SPEC))
    (site / "data" / "sensor.csv").write_text("time,temperature\n" + "".join(
        f"2026-11-29T14:{m:02d}:00,{20 + m % 3}\n" for m in range(5)))
    return site


@pytest.fixture(scope="module")
def live(browser):
    root = Path(tempfile.mkdtemp(prefix="pitchline-live-"))
    site = make_site(root)
    base, stop = start_pitchline_server(site, files=False, cache=root / "cache")
    try:
        with recorded_page(browser) as page:   # Web Audio spy; a script error fails the module
            page.goto(base + "charts/sensor.html")
            page.wait_for_function("() => document.querySelector('.pl-live-state') && document.querySelector('.pl-live-state').textContent !== ''")
            page.focus(".pl-slider")
            yield {"base": base, "page": page, "minute": 5}
    finally:
        stop()
        shutil.rmtree(root, ignore_errors=True)


def post_rows(state, values):
    lines = []
    for v in values:
        lines.append(f"2026-11-29T14:{state['minute']:02d}:00,{v}")
        state["minute"] += 1
    request = urllib.request.Request(state["base"] + "charts/sensor/rows", data="\n".join(lines).encode(),
                                     headers={"Content-Type": "text/csv"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200


def slider(page):
    return page.evaluate("""(() => { const s = document.querySelector('.pl-slider');
        return {value: +s.value, min: +s.min, max: +s.max, text: s.getAttribute('aria-valuetext')}; })()""")


def wait_range(page, max_value):
    page.wait_for_function(f"() => +document.querySelector('.pl-slider').max >= {max_value}", timeout=10_000)


def test_connection_state_is_said_once_in_a_polite_region(live):
    page = live["page"]
    region = page.locator(".pl-live-state")
    assert region.get_attribute("aria-live") == "polite"
    assert region.text_content().startswith("Live")
    as_of = page.locator(".pl-as-of")   # the page without scripts, and the export: a snapshot
    assert "shows the data up to 29 November 2026, 14:04" in as_of.text_content()
    assert as_of.is_hidden()   # the served page is live: no "as of"


def test_rows_join_the_scrubber_without_moving_the_cursor(live):
    page = live["page"]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.pl-slider').getAttribute('aria-valuetext').includes('14:02')")
    before = slider(page)
    post_rows(live, [21.5, 22.5, 23.5])
    wait_range(page, before["max"] + 3)
    after = slider(page)
    assert after["max"] == before["max"] + 3
    assert after["value"] == before["value"] and after["text"] == before["text"]


def test_end_reaches_the_newest_point(live):
    page = live["page"]
    start = slider(page)["max"]
    post_rows(live, [24.5])
    wait_range(page, start + 1)
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('.pl-slider').getAttribute('aria-valuetext').includes('24.5')")
    assert "14:08" in slider(page)["text"]


def test_monitor_mode_plays_one_tone_per_new_point_and_none_without(live):
    page = live["page"]
    page.keyboard.press("m")
    page.wait_for_function("() => document.querySelector('.pl-live').textContent.includes('Monitor mode on')")
    plays = page.evaluate("window.__plays.length")
    start = slider(page)["max"]
    post_rows(live, [20.5, 21.0, 21.5])
    wait_range(page, start + 3)
    page.wait_for_function(f"() => window.__plays.length >= {plays + 3}", timeout=10_000)
    assert page.evaluate("window.__plays.length") == plays + 3
    # Speech coalesced by the reader setting (default: one sentence every 5 s): one sentence for all three.
    page.wait_for_function("() => document.querySelector('.pl-live').textContent.startsWith('3 new points, latest')", timeout=10_000)
    sentence = page.locator(".pl-live").first.text_content()
    assert "21.5 degrees Celsius" in sentence and "°C" not in sentence, sentence   # the reader's wording
    page.keyboard.press("m")
    page.wait_for_function("() => document.querySelector('.pl-live').textContent.includes('Monitor mode off')")
    plays = page.evaluate("window.__plays.length")
    start = slider(page)["max"]
    post_rows(live, [22.0, 22.5])
    wait_range(page, start + 2)
    assert page.evaluate("window.__plays.length") == plays


def test_s_and_d_and_the_highest_describe_the_data_as_of_now(live):
    """After new rows the generator's words come with them: S says the new high, D the rows up to
    the newest, ] goes to the new high (the page as generated knew 22 as the highest), and the
    summary paragraph shows them."""
    page = live["page"]
    start = slider(page)["max"]
    post_rows(live, [29.5, 23])
    wait_range(page, start + 2)
    page.wait_for_function("() => window.PitchlineCharts.sensor.series[0].brief.includes('29.5')")   # the words event
    rows = page.evaluate("window.PitchlineCharts.sensor.x.labels.length")
    said = {"s": "29.5 degrees Celsius", "d": f"to 29 November 2026, 14:{live['minute'] - 1:02d}, {rows} points."}
    for key, words in said.items():
        page.keyboard.press(key)
        page.wait_for_function(f"() => document.querySelector('.pl-live').textContent.includes({words!r})", timeout=10_000)
    page.keyboard.press("]")
    page.wait_for_function("() => document.querySelector('.pl-slider').getAttribute('aria-valuetext').includes('29.5')")
    assert "to 29.5 °C" in page.locator("#sensor-summary").text_content()   # the paragraph shown under the drawing


def test_new_points_are_drawn(live):
    """The server's drawing as of the latest rows replaces the page's: the line has a vertex per
    point, and at the newest point the cursor's dot is drawn on it."""
    page = live["page"]
    page.wait_for_function("""() => { const line = document.querySelector('svg.pl-svg path.pl-line');
        return line && line.getAttribute('d').match(/[ML]/g).length === window.PitchlineCharts.sensor.x.labels.length; }""",
                           timeout=10_000)
    assert page.evaluate("document.querySelector('svg.pl-svg path.pl-line').getTotalLength()") > 100   # drawn as SVG
    page.keyboard.press("End")
    page.wait_for_function("() => !document.querySelector('.pl-cursor').hasAttribute('hidden')")
    assert page.evaluate("document.querySelector('.pl-cursor-dot').getAttribute('visibility')") is None


def test_out_of_scale_plays_the_boundary_tone_and_is_said_once(live):
    """The scale is fixed (10 to 30 °C): 41.2 and 45 play the tone of 30, the top step, never a
    re-mapped one; "Above the scale: 41.2" is said once for the excursion, not again for 45, and
    at once, with the points' sentence."""
    page = live["page"]
    page.evaluate("""(() => { const region = document.querySelector('.pl-live'); window.__said = [];
        new MutationObserver(() => window.__said.push(region.textContent.trim()))
            .observe(region, {childList: true, characterData: true, subtree: true}); })()""")
    page.keyboard.press("m")
    page.wait_for_function("() => window.__said.some(t => t.includes('Monitor mode on'))")
    plays = page.evaluate("window.__plays.length")
    start = slider(page)["max"]
    post_rows(live, [30, 41.2, 45, 25])
    wait_range(page, start + 4)
    page.wait_for_function(f"() => window.__plays.length >= {plays + 4}", timeout=10_000)
    offsets = page.evaluate(f"window.__plays.slice({plays}).map(p => p.offset)")
    assert len(offsets) == 4, offsets
    assert offsets[1] == offsets[0] and offsets[2] == offsets[0], offsets   # the boundary step's tone
    assert offsets[3] != offsets[0], offsets
    # Said at once (held while keys are busy), before the points' sentence, for ears: no "°C".
    page.wait_for_function("() => window.__said.some(t => t.includes('scale'))", timeout=10_000)
    said = page.evaluate("window.__said")
    scale = [t for t in said if "scale" in t]
    assert len(scale) == 1 and scale[0].startswith("Above the scale: 41.2. 4 new points, latest 29 November 2026, 14:"), said
    assert scale[0].endswith("temperature 25 degrees Celsius, new high"), said   # 41.2 was one
    page.keyboard.press("m")
    page.wait_for_function("() => window.__said.some(t => t.includes('Monitor mode off'))")

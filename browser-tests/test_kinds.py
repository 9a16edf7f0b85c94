"""Pie (arc) and heatmap (rect) charts in a real Chromium, served over loopback HTTP with the
strict CSP and opened from disk (file://): keys and speech (the generator's labels, `pitchline
labels`), the slice or cell the drawing marks, R/C row and column summaries, and axe with the
cursor shown. (test_pages.py checks every example page, these included, with axe with scripts on
and off, CSP, forced colours and reflow.) One exported example site for the module.
"""
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures"))
import fixture_site  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PIE, HEATMAP = "iowa-electricity-2017-share", "seattle-high-heatmap"
from conftest import RECORDER, recorded_page
WCAG = {"runOnly": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"], "resultTypes": ["violations"]}


@pytest.fixture(scope="module")
def exported():
    tmp = tempfile.mkdtemp(prefix="pitchline-kinds-")
    out = fixture_site.export_example(os.path.join(tmp, "out"))
    base, stop = fixture_site.serve(out)
    yield {"http": base, "file": Path(out).resolve().as_uri() + "/"}
    stop()
    shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="module")
def labels():
    return json.loads(fixture_site.labels_json(ROOT / "site"))


@pytest.fixture(params=["http", "file"])
def page(request, browser, exported):
    with recorded_page(browser) as pg:
        pg.origin = exported[request.param]
        yield pg


def open_chart(page, chart_id):
    page.goto(page.origin + f"charts/{chart_id}.html")
    page.focus(".pl-slider")
    page.keyboard.press("Home")   # not Enter/Space: those start focus mode first


def said(page):
    return page.locator(".pl-slider").get_attribute("aria-valuetext")


def said_once_ready(page, key, expected, tries=50):
    """After a reload the page script may not have read the reader's settings when the first key
    arrives (seen under CI load): press `key` (an idempotent one, such as Home) until the label is
    `expected` or 5 s pass, and return the label last said."""
    for _ in range(tries):
        page.keyboard.press(key)
        if said(page) == expected:
            break
        page.wait_for_timeout(100)
    return said(page)


def live(page):
    return page.locator(".pl-live").text_content().replace("\u00a0", "").strip()


def test_pie_says_each_slice_with_share_and_outlines_it(page, labels):
    open_chart(page, PIE)
    slices = labels[PIE]["series"][0]
    assert slices[0].startswith("Fossil Fuels, 29,329 thousand megawatt hours, 52% of the total, 1 of 3")
    assert said(page) == slices[0]
    page.keyboard.press("ArrowRight")
    assert said(page) == slices[1] and slices[1].endswith("of the total, 2 of 3")
    current = page.locator("svg .pl-slice.pl-current")
    assert current.count() == 1 and current.get_attribute("data-row") == "1"
    page.keyboard.press("End")
    assert said(page).endswith("3 of 3") and page.locator("svg .pl-slice.pl-current").get_attribute("data-row") == "2"
    page.keyboard.press("ArrowDown")   # one series: Up/Down say so
    assert "one series" in live(page)
    # The table has the share column; the summary names the largest share.
    assert "Share of total" in page.locator("table.pl-table thead").inner_text()
    assert "Fossil Fuels is the largest share, 52%" in page.locator(f"#{PIE}-summary").inner_text()


def test_heatmap_moves_along_rows_and_between_rows_with_summaries(page, labels):
    open_chart(page, HEATMAP)
    rows = labels[HEATMAP]["series"]
    assert "all" not in labels[HEATMAP]   # Up/Down reach the rows only
    assert said(page) == rows[0][0] == "January, 2012: mean daily high 7.1 degrees Celsius"
    page.keyboard.press("ArrowRight")
    assert said(page) == rows[0][1]
    cell = page.locator(".pl-cursor-rect")
    y0 = float(cell.get_attribute("y"))
    page.keyboard.press("ArrowDown")
    assert said(page) == "Row 2 of 4: " + rows[1][1]
    assert float(cell.get_attribute("y")) > y0   # the outline moved down a row
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")   # the top row: it stops there and says so (no silent wrap)
    assert said(page) == "Top row: " + rows[0][1]
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    assert said(page) == "Row 4 of 4: " + rows[3][1]
    page.keyboard.press("ArrowDown")
    assert said(page) == "Bottom row: " + rows[3][1]
    page.keyboard.press("r")
    assert live(page).startswith("2015: mean ") and "over 12 columns" in live(page)
    page.keyboard.press("c")
    assert live(page).startswith("February: mean ") and "over 4 rows" in live(page)
    # Summary: where the highs and lows are.
    summary = page.locator(f"#{HEATMAP}-summary").inner_text()
    assert "Highest 28.1 °C (July, 2015)" in summary and "By column" in summary
    page.evaluate("() => localStorage.setItem('pitchline.settings', JSON.stringify({order: 'valueFirst'}))")
    page.reload()
    page.focus(".pl-slider")
    # value first keeps the value's name: "mean daily high 7.1 …, January, 2012"
    expected = "mean daily high 7.1 degrees Celsius, January, 2012"
    assert said_once_ready(page, "Home", expected) == expected


def test_axe_with_the_cursor_on_a_slice_and_a_cell(page):
    for chart_id in (PIE, HEATMAP):
        open_chart(page, chart_id)
        page.keyboard.press("ArrowRight")
        results = Axe().run(page, options=WCAG)
        assert results.violations_count == 0, results.generate_report()


def played_frequency(page, chart_id):
    """The bank tone's frequency of the last tone started (the tone bank sprite's offsets)."""
    page.wait_for_function("() => window.__plays.length > 0", timeout=15000)
    tones = page.evaluate("id => window.PitchlineCharts[id].audio.tones", chart_id)
    offset = page.evaluate("() => window.__plays[window.__plays.length - 1].offset")
    return next(t[2] for t in tones if abs(t[0] - offset) < 1e-6)


def test_pitch_follows_the_value_on_one_scale_for_every_cell_and_slice(page):
    """A heatmap: pitch follows the value whichever row a cell is in (one scale, one voice); a
    pie: the largest slice sounds highest."""
    open_chart(page, HEATMAP)
    page.wait_for_function("() => window.__decoded.length > 0", timeout=15000)
    heard = {}
    for key, cell in [("Home", "Jan 2012"), ("End", "Dec 2012"), ("ArrowDown", "Dec 2013"), ("ArrowDown", "Dec 2014"),
                      ("ArrowDown", "Dec 2015"), ("Home", "Jan 2015"), ("]", "Jul 2015")]:
        page.keyboard.press(key)
        heard[cell] = played_frequency(page, HEATMAP)
    # Cells in order of value: Dec 2013 7.02, Jan 2012 7.06, Dec 2012 7.24, Dec 2015 8.38,
    # Dec 2014 10.14, Jan 2015 10.16, Jul 2015 28.1 °C (the highest of 2015, `]`). Pitch never goes
    # down with the value, whichever row the cell is in, and steps up where values are more than
    # 1 % of the range apart.
    order = ["Dec 2013", "Jan 2012", "Dec 2012", "Dec 2015", "Dec 2014", "Jan 2015", "Jul 2015"]
    assert all(heard[a] <= heard[b] for a, b in zip(order, order[1:])), heard
    assert heard["Dec 2012"] < heard["Dec 2015"] < heard["Dec 2014"] < heard["Jul 2015"], heard
    assert heard["Jul 2015"] == max(heard.values()) == 1000, heard   # the highest cell: the top of the scale
    open_chart(page, PIE)
    page.wait_for_function("() => window.__decoded.length > 0", timeout=15000)
    slices = []
    for key in ["End", "Home", "ArrowRight", "ArrowRight"]:   # (3 of 3), 52%, 39%, 9%
        page.keyboard.press(key)
        slices.append(played_frequency(page, PIE))
    assert slices[1] > slices[2] > slices[3], slices


def cell_centre(page, series, row):
    """The page position of a heatmap cell's centre (its `<use>` in the row's group)."""
    box = page.locator(f"svg .pl-heatmap > g:nth-child({series + 1}) > use:nth-child({row + 1})").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_heatmap_click_drag_and_tap_pick_the_cell_under_the_pointer(page, browser, exported, labels):
    """A click picks the cell under the pointer, row and column (not only the column), a drag
    across rows follows the pointer into the cell where it ends, and a tap on a touch screen does
    the same; each is said and played."""
    rows = labels[HEATMAP]["series"]
    page.emulate_media(reduced_motion="reduce")   # the outline moves at once (no transition)
    open_chart(page, HEATMAP)   # the cursor starts in row 1
    page.evaluate("() => { window.__plays.length = 0; }")
    page.mouse.click(*cell_centre(page, 2, 5))
    assert said(page) == rows[2][5] and rows[2][5].startswith("June, 2014")
    page.wait_for_function("() => window.__plays.length > 0", timeout=15000)
    outline = page.locator(".pl-cursor-rect").bounding_box()
    x, y = cell_centre(page, 2, 5)
    assert outline["x"] < x < outline["x"] + outline["width"] and outline["y"] < y < outline["y"] + outline["height"]
    page.keyboard.press("ArrowDown")   # the keys go on from the picked cell
    assert said(page) == "Row 4 of 4: " + rows[3][5]
    # A drag from row 1 into row 3 ends on the cell under the pointer.
    (x0, y0), (x1, y1) = cell_centre(page, 0, 1), cell_centre(page, 2, 9)
    page.mouse.move(x0, y0)
    page.mouse.down()
    for i in range(1, 13):
        page.mouse.move(x0 + (x1 - x0) * i / 12, y0 + (y1 - y0) * i / 12)
    page.mouse.up()
    page.wait_for_function("want => document.querySelector('.pl-slider').getAttribute('aria-valuetext') === want", arg=rows[2][9])
    if page.origin != exported["http"]:
        return
    # A tap on a touch screen (a phone-sized context).
    context = browser.new_context(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 800})
    phone = context.new_page()
    phone.goto(exported["http"] + f"charts/{HEATMAP}.html")
    phone.locator(".pl-heatmap").scroll_into_view_if_needed()
    phone.wait_for_function("() => window.PitchlineCharts && window.PitchlineCharts[%r]" % HEATMAP)
    phone.touchscreen.tap(*cell_centre(phone, 3, 4))
    assert rows[3][4].startswith("May, 2015")
    phone.wait_for_function("want => document.querySelector('.pl-slider').getAttribute('aria-valuetext') === want", arg=rows[3][4], timeout=5000)
    context.close()


def test_check_names_kinds_in_english_whatever_the_charts_language():
    """`pitchline check` speaks to the author in English: the German chart is a "line chart"."""
    import subprocess
    out = subprocess.run([str(fixture_site.pitchline_binary()), "check", "site"], cwd=ROOT, capture_output=True, text=True, timeout=300).stdout
    assert "seattle-hoechsttemperatur: line chart, 1 series, 366 points" in out, out
    assert "seattle-high-heatmap: heatmap with 4 rows and 12 columns" in out, out


SAYS = "want => document.querySelector('.pl-slider').getAttribute('aria-valuetext') === want"
SLICE_CENTRE = """([id, row]) => {
    // A point well inside the slice: the centre of the inside points of a grid over its box.
    const path = document.querySelector(`.pl-slice[data-row="${row}"]`), box = path.getBBox(), svg = path.ownerSVGElement;
    path.scrollIntoView({block: "center"});   // focus on the slider may have scrolled the pie away
    let sx = 0, sy = 0, n = 0;
    for (let i = 1; i < 40; i++) for (let j = 1; j < 40; j++) {
        const p = svg.createSVGPoint();
        p.x = box.x + box.width * i / 40; p.y = box.y + box.height * j / 40;
        if (path.isPointInFill(p)) { sx += p.x; sy += p.y; n++; }
    }
    const p = svg.createSVGPoint();
    p.x = sx / n; p.y = sy / n;
    if (!path.isPointInFill(p)) throw new Error("the slice's centre is outside it");
    const q = p.matrixTransform(path.getScreenCTM());
    return [q.x, q.y];
}"""


def test_pie_click_picks_the_slice_under_the_pointer_and_forced_colours_keep_slices_apart(page, labels):
    """A click on a slice picks that slice (said, played, outlined); in forced colours (Windows
    high contrast) the slices and their legend swatches keep three different colours."""
    slices = labels[PIE]["series"][0]
    open_chart(page, PIE)
    page.evaluate("() => { window.__plays.length = 0; }")
    page.mouse.click(*page.evaluate(SLICE_CENTRE, [PIE, 2]))
    assert slices[2].endswith("3 of 3")
    page.wait_for_function(SAYS, arg=slices[2], timeout=5000)
    assert page.locator("svg .pl-slice.pl-current").get_attribute("data-row") == "2"
    page.wait_for_function("() => window.__plays.length > 0", timeout=15000)
    page.mouse.click(*page.evaluate(SLICE_CENTRE, [PIE, 1]))
    page.wait_for_function(SAYS, arg=slices[1], timeout=5000)
    page.emulate_media(forced_colors="active")
    fills = page.evaluate("() => [...document.querySelectorAll('.pl-slice')].map(p => getComputedStyle(p).fill)")
    swatches = page.evaluate("() => [...document.querySelectorAll('.pl-legend-arc .pl-swatch rect')].map(r => getComputedStyle(r).fill)")
    assert len(set(fills)) == 3 and swatches == fills, (fills, swatches)

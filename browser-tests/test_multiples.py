"""Small multiples (a faceted chart: one page, one audio chart per panel): over HTTP and from
disk, Tab reaches every panel's scrubber in reading order, each named by its panel ("Panel 2 of
4, Year 2013") in the accessibility tree, and each says the generator's labels and plays its own tones;
axe finds nothing after scrubbing. test_pages.py runs axe on the page with scripts on and off,
like every page; the report embedding the figure is checked here from its markup."""

from __future__ import annotations

import json
import os
import re
import sys

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import ROOT

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures"))
import fixture_site  # noqa: E402

FIGURE = "seattle-precipitation-by-year"
YEARS = ["2012", "2013", "2014", "2015"]
RECORDER = (ROOT / "browser-tests" / "webaudio_recorder.js").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def labels():
    return json.loads(fixture_site.labels_json(ROOT / "site"))


@pytest.fixture(params=["http", "file"])
def figure_url(request, site_root, base_url):
    page = f"charts/{FIGURE}.html"
    return base_url + page if request.param == "http" else (site_root / page).as_uri()


def test_tab_reaches_every_panel_named_by_its_panel_and_each_speaks_and_plays(page_js, figure_url, labels):
    page = page_js
    page.add_init_script(RECORDER)
    page.goto(figure_url)
    page.wait_for_load_state("load")
    reached = []
    for _ in range(40):  # skip link, navigation, then each panel's slider and details
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => { const e = document.activeElement, f = e.closest('figure');
            return e.classList.contains('pl-slider') ? f.getAttribute('data-chart-id') : null; }""")
        if focused and focused not in reached:
            reached.append(focused)
            i = len(reached)
            name = f"Panel {i} of 4, Year {YEARS[i - 1]}"  # the facet's title said with its value
            # The accessibility tree names the panel's figure so (said once on arrival), and the
            # focused slider is inside it.
            figure = page.get_by_role("figure", name=name, exact=True)
            assert figure.count() == 1, name
            assert figure.locator(".pl-slider").evaluate("s => s === document.activeElement")
            page.keyboard.press("ArrowRight")
            page.wait_for_function("id => document.querySelector(`figure[data-chart-id='${id}'] .pl-slider`).value !== "
                                   "document.querySelector(`figure[data-chart-id='${id}'] .pl-slider`).min", arg=focused)
            said = page.locator(f'figure[data-chart-id="{focused}"] .pl-slider').get_attribute("aria-valuetext")
            assert said == labels[focused]["series"][0][1], (focused, said)
    assert reached == [f"{FIGURE}--p{i}" for i in range(1, 5)]
    # The figure's one bank decodes once, and a key plays that panel's own tone for the point.
    page.wait_for_function("() => window.__decoded.length >= 1", timeout=20_000)
    third = f'figure[data-chart-id="{FIGURE}--p3"] .pl-slider'
    page.focus(third)
    before = page.evaluate("window.__plays.length")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("n => window.__plays.length > n", arg=before)
    play = page.evaluate("window.__plays[window.__plays.length - 1]")
    # The tone sounds before the slider's number moves (tone first, then speech): the row is where
    # the tone is panned (left to right over the panel's 12 months).
    row = round((play["pan"] + 1) * 11 / 2)
    assert row == 2
    data = page.evaluate("id => window.PitchlineCharts[id]", f"{FIGURE}--p3")
    assert not play["synthesized"]
    assert play["offset"] == pytest.approx(data["audio"]["tones"][data["series"][0]["tones"][row]][0], abs=1e-3)
    assert page.evaluate("window.__decoded.length") == 1
    assert not page.page_errors_seen
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]}, "resultTypes": ["violations"]})
    assert results.violations_count == 0, results.response["violations"][:2]


def test_the_page_describes_the_panels_once_and_the_report_embeds_the_figure(site_root):
    page = (site_root / "charts" / f"{FIGURE}.html").read_text(encoding="utf-8").split("<main", 1)[1]
    # The shared scale and the comparison are said once, above the panels.
    assert page.count("Every panel uses the same value axis, 0 mm to 284.5 mm") == 1
    assert "Highest on average: 2014" in page and "lowest: 2013" in page
    assert re.findall(r'<h2 id="[^"]+">Year (\d{4})</h2>', page) == YEARS
    # One data script for the figure (every panel's data), one tone bank shared by the panels.
    assert len(re.findall(r'<script defer src="seattle-precipitation-by-year\.[0-9a-f]+\.js">', page)) == 1
    banks = re.findall(r'data-audio="([^"]+)"', page)
    assert len(banks) == 4 and len(set(banks)) == 1 and banks[0].startswith(f"{FIGURE}.audio.")
    assert page.count(f'data-audio-key="{FIGURE}"') == 4
    report = (site_root / "reports" / "seattle-weather.html").read_text(encoding="utf-8")
    assert report.count(f'data-chart-id="{FIGURE}--p') >= 4
    assert re.findall(r'<h3 id="seattle-precipitation-by-year--p\d-heading">Year (\d{4})</h3>', report) == YEARS
    assert re.search(r'<script defer src="\.\./charts/seattle-precipitation-by-year\.[0-9a-f]+\.js">', report)


# Measured in the page: every drawing on it, its plot's height, its text, markers and y labels.
MEASURE = """() => [...document.querySelectorAll('svg.pl-svg')].map(svg => {
    const box = svg.getBoundingClientRect(), scale = box.width / svg.viewBox.baseVal.width;
    const shown = e => getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().width > 0;
    const grid = [...svg.querySelectorAll('.pl-grid, .pl-baseline')].map(l => l.getBoundingClientRect());
    const plotLeft = Math.min(...grid.map(r => r.left));
    const texts = [...svg.querySelectorAll('text')].filter(shown).map(t => {
        const r = t.getBoundingClientRect(), turned = t.classList.contains('pl-axis-title-turned');
        return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale,
                // a glyph box across the line of text (its width when turned up the side)
                across: turned ? r.width : r.height, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                y: t.closest('.pl-axis-y-labels') !== null, x: t.closest('.pl-axis-x') !== null && !t.classList.contains('pl-axis-title')};
    });
    // A marker's box leaves out its definition's own transform (the counter-scale): applied here.
    const markers = [...svg.querySelectorAll('.pl-marker, .pl-cursor-dot')].filter(shown).map(m => {
        const r = m.getBoundingClientRect(), def = m.tagName === 'use' ? document.querySelector(m.getAttribute('href')) : null;
        return r.width / (r.height * (def ? new DOMMatrix(getComputedStyle(def).transform).d : 1)); });
    // The plot's height from the plot box the drawing declares (data-plot: left top right bottom in
    // viewBox units): since axis domains are made nice as Vega makes them, the grid need not reach the top.
    const [, plotTop, , plotBottom] = svg.dataset.plot.split(' ').map(Number);
    return {width: box.width, height: box.height, plotHeight: (plotBottom - plotTop) * box.height / svg.viewBox.baseVal.height,
            plotLeft, texts, markers};
})"""


@pytest.mark.parametrize("name", [FIGURE, "seattle-temperature-range"])
def test_on_a_phone_the_drawing_keeps_a_usable_height_and_legible_unstretched_text(browser, base_url, name):
    """390 px phone (issue 14, issue 16's 12 px rule): the panels of the figure and a layered
    chart stand at least 0.8 times as tall as wide (the viewBox alone would give 0.56: a 200 px
    plot), their text is at least 12 px and not stretched with the drawing, markers stay round,
    the y labels sit beside the plot (not over the bars), and a tap still picks the row under it."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{base_url}charts/{name}.html")
    page.wait_for_load_state("load")
    drawings = page.evaluate(MEASURE)
    assert len(drawings) == (4 if name == FIGURE else 1)
    for d in drawings:
        assert d["width"] >= 340 and d["height"] >= 0.8 * d["width"], d["height"]
        assert d["plotHeight"] >= 240, d["plotHeight"]  # 158 px before the drawing stood taller
        small = [(t["text"], round(t["px"], 1)) for t in d["texts"] if t["px"] < 12]
        assert not small, small
        # A glyph box is about 1.2 em across its line; stretched with the drawing it would be 1.9.
        stretched = [(t["text"], round(t["across"] / t["px"], 2)) for t in d["texts"] if not 0.9 <= t["across"] / t["px"] <= 1.45]
        assert not stretched, stretched
        assert all(0.85 <= r <= 1.18 for r in d["markers"]), d["markers"]
        over = [t["text"] for t in d["texts"] if t["y"] and t["right"] > d["plotLeft"] + 1]
        assert not over, over
        # Axis labels never run into each other (the first x label and the lowest y label meet at the corner).
        labels = [t for t in d["texts"] if t["x"] or t["y"]]
        clash = [(a["text"], b["text"]) for i, a in enumerate(labels) for b in labels[i + 1:]
                 if a["left"] < b["right"] - 1 and b["left"] < a["right"] - 1 and a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1]
        assert not clash, clash
    # A tap on the fifth month of the first drawing picks that month.
    at = page.evaluate("""() => { const f = document.querySelector('figure[data-chart-id]'), id = f.getAttribute('data-chart-id');
        f.querySelector('svg.pl-svg').scrollIntoView({block: 'center'});
        const cx = window.PitchlineCharts[id].series[0].cx[4], m = f.querySelector('.pl-cursor').parentNode.getScreenCTM();
        const r = f.querySelector('svg.pl-svg').getBoundingClientRect();
        return {x: m.a * cx + m.c * 0 + m.e, y: r.top + r.height / 2, id}; }""")
    page.touchscreen.tap(at["x"], at["y"])
    page.wait_for_function("id => document.querySelector(`figure[data-chart-id='${id}'] .pl-slider`).value === '4'", arg=at["id"])
    assert page.locator(f"figure[data-chart-id='{at['id']}'] .pl-slider").get_attribute("aria-valuetext").startswith("May")
    context.close()

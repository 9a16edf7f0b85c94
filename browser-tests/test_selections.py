"""Selections as keyboard and screen-reader controls in Chromium (issue 28): a site served by
`pitchline serve` with gallery specs (interactive_legend, interactive_bar_select_highlight) and a
Seattle line with an interval brush (what Altair's `selection_interval(encodings=["x"])` saves).
What a reader notices: the words said (the slider's aria-valuetext, the polite regions), the
toggles' aria-pressed, hidden series skipped by Up/Down, P playing only the range (a Web Audio
spy counts tones), the table's marked rows, and axe clean in each state. One server for the
module; every word expected here comes from the generator's labels (`pitchline labels`)."""
import contextlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import ROOT, pitchline_bin, recorded_page, start_pitchline_server

GALLERY = ROOT / "vegalite-diff" / "corpus" / "gallery"
WCAG = {"runOnly": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"], "resultTypes": ["violations"]}

BRUSH = {
    "title": "Seattle daily high, 2012", "data": {"url": "../data/seattle-weather.csv"},
    "transform": [{"filter": "year(datum.date) == 2012"}],
    "mark": "line",
    "params": [{"name": "brush", "select": {"type": "interval", "encodings": ["x"]}}],
    "encoding": {"x": {"field": "date", "type": "temporal", "title": "Date"},
                 "y": {"field": "temp_max", "type": "quantitative", "title": "Maximum temperature"}},
    "usermeta": {"pitchline": {"unit": "°C"}},
}


def gallery(name, data_dir):
    """A gallery spec as a site chart: its `data/…` URL read from the site's data folder."""
    spec = json.loads((GALLERY / f"{name}.vl.json").read_text(encoding="utf-8"))
    url = spec.get("data", {}).get("url")
    if url:
        shutil.copy(GALLERY / url, data_dir / Path(url).name)
        spec["data"]["url"] = "../data/" + Path(url).name
    return spec


# The site's charts: the brush line, and gallery specs by name with the title each is given.
CHARTS = {"legend": ("interactive_legend", "Unemployment across industries"),
          "bars": ("interactive_bar_select_highlight", "Bars to select"),
          "overview": ("interactive_overview_detail", "S&P 500, overview and detail")}


@contextlib.contextmanager
def served_site(prefix, charts=tuple(CHARTS)):
    """`pitchline serve` of a site with the brush chart and the gallery `charts`; yields
    {"base": URL, "labels": the generator's labels}."""
    root = Path(tempfile.mkdtemp(prefix=prefix))
    site_dir = root / "site"
    (site_dir / "charts").mkdir(parents=True)
    (site_dir / "data").mkdir()
    shutil.copy(ROOT / "site" / "data" / "seattle-weather.csv", site_dir / "data" / "seattle-weather.csv")
    (site_dir / "charts" / "brush.vl.json").write_text(json.dumps(BRUSH))
    for chart_id in charts:
        name, title = CHARTS[chart_id]
        spec = gallery(name, site_dir / "data")
        spec["title"] = title
        (site_dir / "charts" / f"{chart_id}.vl.json").write_text(json.dumps(spec))
    labels = json.loads(subprocess.run([str(pitchline_bin()), "labels", str(site_dir)],
                                       check=True, capture_output=True, text=True, cwd=ROOT).stdout)
    base, stop = start_pitchline_server(site_dir, files=False, cache=root / "cache")
    try:
        yield {"base": base, "labels": labels}
    finally:
        stop()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def site(browser):
    with served_site("pitchline-selections-") as served:
        yield served


@pytest.fixture
def page(browser):
    with recorded_page(browser) as pg:
        yield pg


def open_chart(page, site, chart_id):
    page.goto(site["base"] + f"charts/{chart_id}.html")
    page.wait_for_function("() => !document.querySelector('.pl-scrub').hidden")
    page.focus(".pl-slider")
    return page.evaluate("id => window.PitchlineCharts[id]", chart_id)


def said(page):
    return page.get_attribute(".pl-slider", "aria-valuetext")


def wait_said(page, start):
    page.wait_for_function("s => document.querySelector('.pl-slider').getAttribute('aria-valuetext').startsWith(s)", arg=start, timeout=10_000)
    return said(page)


def axe_clean(page):
    results = Axe().run(page, options=WCAG)
    assert results.violations_count == 0, results.generate_report()


def test_shift_right_five_times_is_said_once_with_the_count_lowest_and_highest(page, site):
    data = open_chart(page, site, "brush")
    labels = site["labels"]["brush"]["series"][0]
    page.evaluate("""() => { window.__said = [];
        new MutationObserver(() => window.__said.push(document.querySelector('.pl-slider').getAttribute('aria-valuetext')))
          .observe(document.querySelector('.pl-slider'), {attributes: true, attributeFilter: ['aria-valuetext']}); }""")
    plays = page.evaluate("window.__plays.length")
    for _ in range(5):
        page.keyboard.press("Shift+ArrowRight")
    text = wait_said(page, "Selected")
    page.wait_for_timeout(900)   # nothing more follows once the keys settle
    assert page.evaluate("window.__said") == [text], "the selection is said once, and nothing before it"
    assert page.evaluate("window.__plays.length") >= plays + 5, "each step plays its point's tone"
    x = data["x"]["labels"]
    values = [float(v) for v in data["select"]["numbers"][0][:6]]
    low, high = values.index(min(values)), values.index(max(values))
    assert text == f"Selected {x[0]} to {x[5]}: 6 points. Lowest: {labels[low]}. Highest: {labels[high]}."
    assert "°C" not in text and "degrees Celsius" in text    # the generator's spoken labels
    band = page.locator("svg.pl-svg rect.pl-range")
    assert band.count() == 1 and band.get_attribute("visibility") is None
    axe_clean(page)


def test_p_plays_only_the_selection_and_escape_clears_it(page, site):
    open_chart(page, site, "brush")
    for _ in range(3):
        page.keyboard.press("Shift+ArrowRight")
    wait_said(page, "Selected")
    before = page.evaluate("window.__plays.length")
    page.keyboard.press("p")
    page.wait_for_function("() => document.querySelector('.pl-live').textContent.startsWith('Playing the selection')")
    text = wait_said(page, "End of series")
    assert site["labels"]["brush"]["series"][0][3] in text, "playback ends at the selection's last point"
    tones = page.evaluate(f"window.__plays.slice({before}).length")
    assert 4 <= tones <= 5, f"4 points and the end blip, not the year: {tones}"
    page.keyboard.press("Escape")
    assert wait_said(page, "Selection cleared") == "Selection cleared. " + site["labels"]["brush"]["series"][0][3]
    assert page.get_attribute("svg.pl-svg rect.pl-range", "visibility") == "hidden"
    page.keyboard.press("Home")
    before = page.evaluate("window.__plays.length")
    page.keyboard.press("p")
    page.wait_for_function("() => document.querySelector('.pl-live').textContent.startsWith('Playing')")
    page.wait_for_function(f"() => window.__plays.length > {before} + 20", timeout=10_000)   # the whole year now
    page.keyboard.press("Escape")


def test_legend_toggles_hide_series_from_the_scrubber_and_say_what_is_shown(page, site):
    data = open_chart(page, site, "legend")
    names = [s["name"] for s in data["series"]]
    group = page.locator(".pl-legend-toggles")
    assert group.get_attribute("role") == "group" and group.get_attribute("aria-label") == "Series shown"
    buttons = page.locator(".pl-toggle")
    assert buttons.count() == len(names) > 2
    # Each named by its series alone, pressed (the tick mark is for eyes: hidden from assistive technology).
    for name in names:
        assert group.get_by_role("button", name=name, exact=True, pressed=True).count() == 1, name
    assert buttons.first.evaluate("b => b.querySelector('[aria-hidden=true]').textContent") == "\u2713"
    axe_clean(page)
    buttons.nth(1).click()
    assert buttons.nth(1).get_attribute("aria-pressed") == "false"
    region = page.locator(".pl-shown-state")
    assert region.get_attribute("aria-live") == "polite"
    assert region.text_content() == f"Showing {len(names) - 1} of {len(names)} series; hidden: {names[1]}."
    assert page.get_attribute('svg.pl-svg g[data-series="1"]', "opacity") == "0.2"   # the spec's condition value
    # Up/Down skip the hidden series: Down from the first lands on the third.
    page.focus(".pl-slider")
    page.keyboard.press("ArrowDown")
    assert wait_said(page, "Series 3 of") .startswith(f"Series 3 of {len(names)}: ")
    axe_clean(page)
    buttons.nth(1).click()
    assert buttons.nth(1).get_attribute("aria-pressed") == "true"
    assert region.text_content() == f"Showing all {len(names)} series."
    assert page.get_attribute('svg.pl-svg g[data-series="1"]', "opacity") is None
    page.locator("ul.pl-legend > li").nth(2).click()   # the drawn legend toggles too, for a pointer
    assert buttons.nth(2).get_attribute("aria-pressed") == "false"
    assert region.text_content() == f"Showing {len(names) - 1} of {len(names)} series; hidden: {names[2]}."


def test_enter_selects_a_bar_the_drawing_and_table_show_it(page, site):
    data = open_chart(page, site, "bars")
    labels = site["labels"]["bars"]["series"][0]
    page.keyboard.press("ArrowRight")
    wait_said(page, labels[1])
    page.keyboard.press("Enter")
    assert wait_said(page, "Selected") == "Selected. " + labels[1]
    bars = page.locator("svg.pl-svg g[data-series='0'] rect.pl-bar")
    assert bars.count() == len(data["x"]["labels"])
    assert bars.nth(1).get_attribute("opacity") is None and "pl-picked" in bars.nth(1).get_attribute("class")
    assert bars.nth(0).get_attribute("opacity") == "0.3"   # fillOpacity's condition: 0.3 unselected
    row = page.locator('table.pl-table tr[data-row="1"]')
    assert row.locator("th").inner_text().endswith("selected")
    assert page.locator("tr.pl-selected").count() == 1
    page.evaluate("document.querySelector('details.pl-table-details') && (document.querySelector('details.pl-table-details').open = true)")
    axe_clean(page)
    page.keyboard.press("Enter")
    assert wait_said(page, "Not selected") == "Not selected. " + labels[1]
    assert bars.nth(0).get_attribute("opacity") is None
    assert page.locator("tr.pl-selected").count() == 0
    page.keyboard.press("Enter")
    wait_said(page, "Selected")
    page.keyboard.press("Escape")
    assert wait_said(page, "Selection cleared") == "Selection cleared. " + labels[1]
    assert page.locator("tr.pl-selected").count() == 0


def test_enter_without_a_point_selection_says_the_point_again(page, site):
    open_chart(page, site, "brush")
    first = said(page)
    page.keyboard.press("ArrowRight")
    second = wait_said(page, site["labels"]["brush"]["series"][0][1])
    page.keyboard.press("Enter")
    page.wait_for_function("v => +document.querySelector('.pl-slider').value !== v", arg=int(page.get_attribute(".pl-slider", "value") or 0))
    assert said(page) == second != first


def test_a_brushed_overview_keeps_the_detail_panel_to_its_range_said_once(page, site):
    page.goto(site["base"] + "charts/overview.html")
    page.wait_for_function("() => [...document.querySelectorAll('.pl-scrub')].every(s => !s.hidden)")
    ids = page.eval_on_selector_all("figure.pl-chart[data-chart-id]", "fs => fs.map(f => f.getAttribute('data-chart-id'))")
    assert len(ids) == 2
    detail, overview = (page.evaluate("id => window.PitchlineCharts[id]", i) for i in ids)
    assert detail["select"]["follows"] == "brush" and overview["select"]["interval"] == "brush"
    sliders = page.locator(".pl-slider")
    region = page.locator(f'figure[data-chart-id="{ids[0]}"] .pl-live')
    page.evaluate("""r => { window.__region = []; new MutationObserver(() => window.__region.push(r.textContent))
        .observe(r, {childList: true, characterData: true, subtree: true}); }""", region.element_handle())
    sliders.nth(1).focus()
    for _ in range(3):
        page.keyboard.press("Shift+ArrowRight")
    page.wait_for_function("() => document.querySelectorAll('.pl-slider')[1].getAttribute('aria-valuetext').startsWith('Selected')")
    page.wait_for_function("() => window.__region.length > 0")
    page.wait_for_timeout(900)
    x = detail["x"]["labels"]
    assert page.evaluate("window.__region").count(region.text_content()) == 1   # said once
    assert region.text_content().strip() == f"{detail['title']}: Showing {x[0]} to {x[3]}: 4 points."
    assert page.locator(f'figure[data-chart-id="{ids[0]}"] svg.pl-svg rect.pl-range').count() == 1
    sliders.nth(0).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")   # the detail's scrubber ends where the brush does
    page.wait_for_function("() => document.querySelectorAll('.pl-slider')[0].getAttribute('aria-valuetext').startsWith('End of series')")
    assert site["labels"][ids[0]]["series"][0][3] in sliders.nth(0).get_attribute("aria-valuetext")
    axe_clean(page)
    sliders.nth(1).focus()
    page.keyboard.press("Escape")
    page.wait_for_function("r => r.textContent.includes('Showing every point again')", arg=region.element_handle())
    sliders.nth(0).focus()
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.querySelectorAll('.pl-slider')[0].getAttribute('aria-valuetext').includes({json.dumps(x[-1])})")


def test_a_stacks_total_is_not_said_while_a_series_is_hidden(page, site):
    """The all-series view says a stacked chart's total once per row; that total counts every
    series, so while a legend toggle hides one it is left out rather than said wrong."""
    data = open_chart(page, site, "legend")
    total = data["all"]["details"][1]
    assert "total" in total
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")    # from the first series up to the all-series view
    assert total in wait_said(page, "All")
    page.locator(".pl-toggle").nth(1).click()
    page.focus(".pl-slider")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    text = wait_said(page, data["x"]["labels"][1])
    assert total not in text and "total" not in text
    assert data["series"][0]["name"] in text and data["series"][1]["name"] not in text

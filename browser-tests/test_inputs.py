"""Bound inputs in Chromium (issue 28): Altair charts whose filter reads a parameter bound to a
year slider (`binding_range`) and to a dropdown (`binding_select`), as `chart.save` writes them
(vegalite-diff/corpus/altair/param-*.vl.json), served by `pitchline serve`. The generator makes
a page per value; what a reader notices: a native, labelled control; changing it swaps in that
value's chart (the scrubber speaks its points) and says "{name} {value}: {summary}" once; without
scripts a link per value leads to each page. axe on every state. One server for the module."""
import contextlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import ROOT, _new_page, pitchline_bin, recorded_page, start_pitchline_server

ALTAIR = ROOT / "vegalite-diff" / "corpus" / "altair"
WCAG = {"runOnly": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"], "resultTypes": ["violations"]}
CHARTS = {"slider": ("param-year-slider", "seattle-weather.csv"), "dropdown": ("param-origin-dropdown", "cars.json")}


@pytest.fixture(scope="module")
def site(browser):
    root = Path(tempfile.mkdtemp(prefix="pitchline-inputs-"))
    site_dir = root / "site"
    (site_dir / "charts").mkdir(parents=True)
    (site_dir / "data").mkdir()
    for chart_id, (name, data) in CHARTS.items():
        shutil.copy(ALTAIR.parent / "data" / data, site_dir / "data" / data)
        shutil.copy(ALTAIR / f"{name}.vl.json", site_dir / "charts" / f"{chart_id}.vl.json")
    base, stop = start_pitchline_server(site_dir, files=False, cache=root / "cache")
    try:
        yield base
    finally:
        stop()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def page(browser):
    with recorded_page(browser) as pg:
        yield pg


def axe_clean(page):
    results = Axe().run(page, options=WCAG)
    assert results.violations_count == 0, results.generate_report()


def watch_said(page):
    """Records every text the input's polite region takes."""
    page.evaluate("""() => { window.__inputSaid = [];
        const region = document.querySelector('.pl-input-said');
        new MutationObserver(() => window.__inputSaid.push(region.textContent.trim()))
          .observe(region, {childList: true, characterData: true, subtree: true}); }""")


def summary_of(page, base, chart_id):
    html = page.request.get(base + f"charts/{chart_id}.html").text()
    return html.split('data-summary="', 1)[1].split('"', 1)[0].replace("&#39;", "'").replace("&quot;", '"').replace("&amp;", "&")


def test_the_year_slider_swaps_in_the_chosen_years_chart_and_says_it_once(page, site):
    page.goto(site + "charts/slider.html")
    control = page.get_by_role("slider", name="Year", exact=True)
    assert control.get_attribute("min") == "2012" and control.get_attribute("max") == "2015"
    assert control.input_value() == "2013"
    links = page.locator("nav.pl-input-pages a")
    assert links.all_inner_texts() == ["2012", "2013", "2014", "2015"]
    assert page.locator("nav.pl-input-pages a[aria-current=page]").inner_text() == "2013"
    axe_clean(page)
    page.wait_for_function("() => !document.querySelector('.pl-scrub').hidden")
    watch_said(page)
    control.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")   # 2015: one chart, one sentence
    page.wait_for_function("() => document.querySelector('figure.pl-chart').dataset.chartId === 'slider--yr-3'", timeout=15_000)
    expected = "Year 2015: " + summary_of(page, site, "slider--yr-3")
    page.wait_for_function("() => window.__inputSaid.length > 0")
    page.wait_for_timeout(800)
    assert page.evaluate("window.__inputSaid") == [expected]
    assert "2015" in expected and "2013" not in expected
    assert page.url.endswith("charts/slider--yr-3.html")
    assert page.evaluate("document.activeElement.id") == control.get_attribute("id"), "focus stays on the control"
    assert page.locator("nav.pl-input-pages a[aria-current=page]").inner_text() == "2015"
    # The new chart's scrubber speaks 2015's points; its table holds 2015's rows.
    page.focus(".pl-slider")
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('.pl-slider').getAttribute('aria-valuetext').includes('2015')")
    assert "2015" in page.locator("table.pl-table tbody tr").first.text_content()
    assert page.locator("figure.pl-chart").count() == 1 and page.locator("section.pl-details").count() == 1
    axe_clean(page)


def test_the_dropdown_swaps_in_the_chosen_origin(page, site):
    page.goto(site + "charts/dropdown.html")
    select = page.get_by_role("combobox", name="Origin", exact=True)
    assert select.locator("option").all_inner_texts() == ["Europe", "Japan", "USA"]
    page.wait_for_function("() => !document.querySelector('.pl-scrub').hidden")
    before = page.locator("table.pl-table tbody tr").count()
    watch_said(page)
    select.select_option(label="USA")
    page.wait_for_function("() => window.__inputSaid.length > 0", timeout=15_000)
    page.wait_for_timeout(600)
    assert page.evaluate("window.__inputSaid") == ["Origin USA: " + summary_of(page, site, "dropdown--origin-2")]
    assert page.locator("figure.pl-chart").get_attribute("data-chart-id") == "dropdown--origin-2"
    assert page.locator("table.pl-table tbody tr").count() != before
    axe_clean(page)


def test_without_scripts_a_link_per_value_leads_to_its_page(browser, site):
    # The site's scripts never load (axe needs JavaScript on for its own timers, conftest._new_page).
    context, page = _new_page(browser, javascript=True, block_page_scripts=True)
    try:
        page.goto(site + "charts/slider.html")
        assert page.locator("form.pl-input").is_hidden(), "the control needs the script"
        nav = page.get_by_role("navigation", name="Year: a page per value")
        nav.get_by_role("link", name="2014").click()
        page.wait_for_url("**/charts/slider--yr-2.html")
        assert page.locator("nav.pl-input-pages a[aria-current=page]").inner_text() == "2014"
        assert "2014" in page.locator("table.pl-table tbody tr").first.text_content()
        axe_clean(page)
    finally:
        context.close()


def test_from_disk_the_control_opens_the_values_page_and_says_it_there(browser, tmp_path):
    """An exported site opened from file:// (nothing to fetch): the control opens the value's page,
    whose control takes focus and says the change once."""
    site_dir = tmp_path / "site"
    (site_dir / "charts").mkdir(parents=True)
    (site_dir / "data").mkdir()
    name, data = CHARTS["dropdown"]
    shutil.copy(ALTAIR.parent / "data" / data, site_dir / "data" / data)
    shutil.copy(ALTAIR / f"{name}.vl.json", site_dir / "charts" / "dropdown.vl.json")
    subprocess.run([str(pitchline_bin()), "export", str(site_dir), "--out", str(tmp_path / "out"), "--theme", str(ROOT), "--quiet"],
                   check=True, cwd=ROOT)
    with recorded_page(browser) as page:
        page.goto((tmp_path / "out" / "charts" / "dropdown.html").as_uri())
        page.get_by_role("combobox", name="Origin", exact=True).select_option(label="Japan")
        page.wait_for_url("**/dropdown--origin-1.html#dropdown-input")
        page.wait_for_function("() => document.querySelector('.pl-input-said').textContent.trim().length > 0")
        said = page.locator(".pl-input-said").text_content().strip()
        assert said.startswith("Origin Japan: ") and said == "Origin Japan: " + page.locator("form.pl-input").get_attribute("data-summary")
        assert page.evaluate("document.activeElement.tagName") == "SELECT"
        assert page.locator("select").input_value() == "1"

"""The box plot on the example site (Seattle's daily highs by month, issue 14): axe with scripts on
and off, the boxes drawn, and the statistics heard with Left/Right between months and Up/Down
between statistics, over HTTP and from file://. Lean: one page load per test."""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import RECORDER
PAGE = "charts/seattle-temperature-boxplot.html"
ID = "seattle-temperature-boxplot"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def test_box_plot_page_passes_axe_and_draws_every_box(page_for, base_url, scripts):
    page = page_for(javascript=True, block_page_scripts=scripts == "js-off")
    page.goto(base_url + PAGE)
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": AXE_TAGS}, "resultTypes": ["violations"]})
    assert results.violations_count == 0, results.generate_report()
    svg = page.locator("figure svg.pl-svg")
    assert svg.get_attribute("aria-label") == "Box plot"
    # Twelve months: a box, a median line and two whiskers each; 22 outlying days as dots.
    assert svg.locator("rect.pl-box").count() == 12
    assert svg.locator("line.pl-median").count() == 12
    assert svg.locator("circle.pl-outlier").count() == 22
    summary = page.locator(".pl-summary").first.inner_text()
    assert "Medians range from 7.8 °C in December to 26.1 °C in July." in summary
    assert "22 outliers beyond them (15 above, 7 below)" in summary
    # The table (complete without scripts) has every statistic per month, outliers listed.
    april = page.locator("table.pl-table tr", has_text="April").first.inner_text()
    assert "14.15 °C" in april and "22.8, 23.3, 25, 25 and 27.8 °C" in april
    if scripts == "js-on":
        assert page.locator(".pl-scrub").is_visible()
    else:
        assert not page.locator(".pl-scrub").is_visible()


@pytest.mark.parametrize("where", ["http", "file"])
def test_statistics_are_heard_up_and_down_groups_left_and_right(browser, base_url, site_root, where):
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    context.add_init_script(RECORDER)
    # Tone and speech together: the label is on the slider right after the key.
    context.add_init_script("try { localStorage.setItem('pitchline.order', 'together'); } catch (e) {}")
    page = context.new_page()
    page.goto(base_url + PAGE if where == "http" else (site_root / PAGE).as_uri())
    slider = page.locator(".pl-slider")
    slider.wait_for(state="visible")
    assert slider.get_attribute("aria-valuetext") == "January, median 8.3 degrees Celsius"
    slider.focus()
    page.wait_for_function("() => window.__decoded.length > 0", timeout=15000)   # a function: polled without eval (the page's CSP forbids eval)
    data = page.evaluate(f"window.PitchlineCharts['{ID}']")
    start = {t[0]: t[2] for t in data["audio"]["tones"]}

    def key(name):
        before = page.evaluate("window.__plays.length")
        slider.press(name)
        page.wait_for_function(f"window.__plays.length > {before}")
        play = page.evaluate("window.__plays[window.__plays.length - 1]")
        return slider.get_attribute("aria-valuetext"), start.get(play["offset"], play["frequency"])

    said, median = key("ArrowRight")
    assert said == "February, median 10 degrees Celsius"
    said, q3 = key("ArrowUp")
    assert said == "February, upper quartile 12.2 degrees Celsius, 5 of 7"
    said, top = key("ArrowUp")
    assert said == "February, maximum 16.7 degrees Celsius, 6 of 7"
    assert median < q3 < top, "Up is a higher statistic, heard higher"
    said, _ = key("ArrowUp")
    assert said == "February, no upper outliers, 7 of 7"
    said, _ = key("ArrowRight")
    assert said == "March, upper outliers 20.6 and 20.6 degrees Celsius"
    for _ in range(3):
        said, low = key("ArrowDown")
    assert said == "March, median 12.2 degrees Celsius, 4 of 7"
    said, q1 = key("ArrowDown")
    assert said == "March, lower quartile 10.45 degrees Celsius, 3 of 7"
    assert q1 < low
    # The cursor's dot sits on the lower quartile drawn for March.
    cy = page.evaluate("document.querySelector('.pl-cursor-dot').getAttribute('cy')")
    assert float(cy) == data["series"][2]["cy"][2]
    # Verbose: one place, the month's, after its name; the statistic is named, not counted too.
    page.evaluate("window.PitchlineSettings.set('verbosity', 'verbose')")
    said, _ = key("ArrowUp")
    assert said == "March, 3 of 12, median 12.2 degrees Celsius"
    said, _ = key("ArrowRight")
    assert said == "April, 4 of 12, median 14.15 degrees Celsius"
    assert page.evaluate("window.__csp") == []
    context.close()

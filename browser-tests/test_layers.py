"""A layered chart in Chromium (issue 14, layers): the example site's Seattle temperature range
(a line with a band from the mean low to the mean high and a rule at the mean high). One page
load per check: axe with scripts on and off, the drawing, the band's range heard with the value,
and the landmark key (M) saying the rule and playing its chime from the tone bank."""
from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

CHART = "seattle-temperature-range"
from conftest import RECORDER, TOGETHER
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def recorded_chart(page_for, base_url):
    """The layered chart's page recording Web Audio, tone and speech together; and its chart data."""
    page = page_for()
    page.add_init_script(RECORDER)
    page.add_init_script(TOGETHER)
    page.goto(f"{base_url}charts/{CHART}.html")
    return page, page.evaluate(f"window.PitchlineCharts['{CHART}']")


@pytest.mark.parametrize("javascript", [True, False], ids=["js-on", "js-off"])
def test_layered_page_passes_axe_and_draws_every_layer(page_for, base_url, javascript):
    page = page_for(block_page_scripts=not javascript)
    page.goto(f"{base_url}charts/{CHART}.html")
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": AXE_TAGS}})
    assert results.response["violations"] == [], results.generate_report()
    svg = page.locator("figure.pl-chart svg.pl-svg")
    assert svg.locator("path.pl-band").count() == 1          # the band under the line
    assert svg.locator("path.pl-line").count() == 1          # one line: its points are no second series
    assert svg.locator("line.pl-rule").count() == 1          # the rule at the mean
    assert "Mean daily high" in svg.locator("text.pl-rule-label").first.text_content()
    summary = page.locator(f"#{CHART}-summary").text_content()
    assert "A rule marks Mean daily high, 16.44 °C." in summary, summary


def test_band_is_heard_with_the_value_and_m_jumps_to_the_rule_with_its_chime(page_for, base_url):
    page, data = recorded_chart(page_for, base_url)
    slider = page.locator(".pl-slider")
    slider.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => window.__decoded.length >= 1", timeout=15000)
    text = slider.get_attribute("aria-valuetext")
    assert text == "February, average daily high 9.86 degrees Celsius, range 4.05 to 9.86", text
    before = page.evaluate("window.__plays.length")
    page.keyboard.press("m")
    text = slider.get_attribute("aria-valuetext")
    # The mean high (16.44) is crossed between April (15.02) and May (19.3): M goes to May.
    assert text == "Mark 1 of 1: Mean daily high, 16.44 degrees Celsius. May, average daily high 19.3 degrees Celsius, range 9.61 to 19.3", text
    chime = data["audio"]["tones"][data["audio"]["markTone"]][0]
    offsets = [p["offset"] for p in page.evaluate("window.__plays")[before:]]
    assert chime in offsets, (chime, offsets)
    # Moving across the mean from the other side plays the chime again; within a side, no chime.
    page.keyboard.press("Home")
    n = page.evaluate("window.__plays.length")
    page.keyboard.press("ArrowRight")
    assert chime not in [p["offset"] for p in page.evaluate("window.__plays")[n:]]
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert chime in [p["offset"] for p in page.evaluate("window.__plays")[n:]]


def test_playback_chimes_where_the_line_crosses_the_mean(page_for, base_url):
    page, data = recorded_chart(page_for, base_url)
    page.locator(".pl-slider").focus()
    page.keyboard.press("Home")
    page.wait_for_function("() => window.__decoded.length >= 1", timeout=15000)
    page.keyboard.press("p")
    # 12 months at the slowest gap (0.35 s): the whole year is scheduled within about 4.5 s.
    end = data["audio"]["tones"][data["audio"]["endTone"]][0]
    page.wait_for_function(f"() => window.__plays.some(p => p.offset === {end})", timeout=15000)   # playback ended
    chime = data["audio"]["tones"][data["audio"]["markTone"]][0]
    chimes = [p for p in page.evaluate("window.__plays") if p["offset"] == chime]
    assert len(chimes) == 2, chimes   # up through the mean in spring, down through it in autumn

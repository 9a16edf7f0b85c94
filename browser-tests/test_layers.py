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
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": AXE_TAGS}, "resultTypes": ["violations"]})
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


HORIZONTAL = "seattle-weather-types"


def test_horizontal_rule_runs_across_the_rows_and_its_label_reads_upright_beside_it(page_for, base_url):
    """Horizontal bars with a mean rule and a text layer (`align: left, dx: 4, dy: -6`): as
    Vega-Lite draws it, the rule is vertical at 16.44 on the value axis (along the bottom) and
    the label stands upright just right of it, half way down the plot. Drawn inside the
    axis-swapping group, the rule lay along the rows and the label was mirrored (transposed)."""
    page = page_for()
    page.goto(f"{base_url}charts/{HORIZONTAL}.html")
    svg = page.locator("figure.pl-chart svg.pl-svg")
    assert svg.locator("line.pl-rule").count() == 1
    label = svg.locator("text.pl-rule-label")
    assert label.count() == 1 and label.text_content() == "All days 16.44 °C"
    drawn = page.evaluate("""() => {
        const svg = document.querySelector('figure.pl-chart svg.pl-svg');
        const box = e => e.getBoundingClientRect();
        const ticks = [...svg.querySelectorAll('.pl-axis-x text:not(.pl-axis-title)')]
            .map(t => ({value: parseFloat(t.textContent), x: box(t).left + box(t).width / 2}));
        const m = svg.querySelector('text.pl-rule-label').getScreenCTM();
        const bars = [...svg.querySelectorAll('rect.pl-bar')].map(box);
        return {rule: box(svg.querySelector('line.pl-rule')), label: box(svg.querySelector('text.pl-rule-label')),
                ctm: [m.a, m.b, m.c, m.d], ticks, top: Math.min(...bars.map(b => b.top)), bottom: Math.max(...bars.map(b => b.bottom))};
    }""")
    rule, text, ticks = drawn["rule"], drawn["label"], drawn["ticks"]
    # The rule: vertical, across every bar, where 16.44 is on the bottom axis.
    assert rule["width"] < 3 and rule["top"] <= drawn["top"] + 1 and rule["bottom"] >= drawn["bottom"] - 1, drawn
    (v0, x0), (v1, x1) = (ticks[0]["value"], ticks[0]["x"]), (ticks[-1]["value"], ticks[-1]["x"])
    expected = x0 + (16.44 - v0) * (x1 - x0) / (v1 - v0)
    assert abs(rule["left"] + rule["width"] / 2 - expected) < 3, (rule, expected, ticks)
    # The label: upright (no swapped axes), starting just right of the rule, near the plot's middle.
    a, b, c, d = drawn["ctm"]
    assert a > 0 and d > 0 and abs(b) < 1e-6 and abs(c) < 1e-6, drawn["ctm"]
    assert text["width"] > text["height"], text            # a line of text, not a column
    assert 0 < text["left"] - rule["left"] < 12, (text, rule)
    middle = (drawn["top"] + drawn["bottom"]) / 2
    assert abs(text["top"] + text["height"] / 2 - middle) < 20, (text, middle)
    summary = page.locator(f"#{HORIZONTAL}-summary").text_content()
    assert "A rule marks All days, 16.44 °C." in summary, summary


BUMP = "iowa-electricity-rank"


def test_bump_chart_draws_rank_one_on_top_and_says_ranks(page_for, base_url):
    """The example bump chart (a window rank per year, ordinal y): Vega-Lite draws the ranks as
    an ordinal axis, 1 at the top; the reader hears "rank 1 of 3" and is told rank 1 plays highest."""
    page = page_for()
    page.goto(f"{base_url}charts/{BUMP}.html")
    ticks = page.evaluate("""() => [...document.querySelectorAll('figure.pl-chart svg.pl-svg .pl-axis-y-labels text')]
        .map(t => [t.textContent, t.getBoundingClientRect().top])""")
    assert [t[0] for t in ticks] == ["1", "2", "3"], ticks
    assert ticks[0][1] < ticks[1][1] < ticks[2][1], ticks           # rank 1 at the top
    summary = page.locator(f"#{BUMP}-summary").text_content()
    assert summary.startswith("Bump chart of"), summary
    assert "Rank 1 is at the top of the chart and plays the highest note" in summary, summary
    assert "Largest rise: renewables, from rank 3 to rank 2." in summary.replace("Renewables", "renewables"), summary
    page.wait_for_function("() => !document.querySelector('.pl-scrub').hidden")
    slider = page.locator(".pl-slider")
    text = slider.get_attribute("aria-valuetext")
    assert text == "2001, Fossil Fuels rank 1 of 3", text   # the first year: fossil fuels lead
    slider.focus()
    page.keyboard.press("ArrowRight")
    # Tone first (the default): the label follows the tone, so wait for it rather than read at once.
    page.wait_for_function("() => document.querySelector('.pl-slider').getAttribute('aria-valuetext') !== '2001, Fossil Fuels rank 1 of 3'")
    text = slider.get_attribute("aria-valuetext")
    assert text == "2002, Fossil Fuels rank 1 of 3", text

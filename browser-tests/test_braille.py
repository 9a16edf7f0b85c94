"""Braille (issue 15): the B key's braille line and the braille downloads, in Chromium.

One page load of the example site's Seattle chart. The braille line is made by the generator
(`BrailleLine` in Swift, in the chart's data script); the page only puts the cursor's cell in, so
the expected line is built here from the data script's own cells. What Orca shows on a braille
display could not be checked on this machine (docs/braille.md).
"""
from __future__ import annotations

import urllib.request

from axe_playwright_python.sync_playwright import Axe

CHART = "seattle-temperature"
from conftest import TOGETHER


def expected_line(braille: dict, row: int) -> str:
    column = max(c for c, start in enumerate(braille["starts"]) if start <= row)
    cells = braille["cells"]
    return cells[:column // 2] + braille["cursor"][column] + cells[column // 2 + 1:]


def test_b_shows_the_series_as_a_braille_line_that_follows_the_cursor(page_js, base_url):
    page = page_js
    page.add_init_script(TOGETHER)
    page.goto(base_url + f"charts/{CHART}.html")
    slider = page.locator(".pl-slider")
    slider.focus()
    assert slider.get_attribute("aria-braillelabel") is None          # off by default
    data = page.evaluate(f"window.PitchlineCharts[{CHART!r}]")
    first, second = data["series"][0]["braille"], data["series"][1]["braille"]
    assert len(first["cells"]) == 20 and all(0x2800 <= ord(c) <= 0x28FF for c in first["cells"])

    page.keyboard.press("b")
    assert page.locator(".pl-live").text_content().startswith("Braille line on")
    assert slider.get_attribute("aria-braillelabel") == expected_line(first, 0)
    shown = page.locator(".pl-braille")
    assert shown.is_visible() and shown.get_attribute("aria-hidden") == "true"
    page.keyboard.press("End")
    assert slider.get_attribute("aria-braillelabel") == expected_line(first, len(data["x"]["labels"]) - 1)
    assert expected_line(first, 0) != expected_line(first, len(data["x"]["labels"]) - 1)
    page.keyboard.press("ArrowDown")                                  # the second series' own line
    assert slider.get_attribute("aria-braillelabel") == expected_line(second, len(data["x"]["labels"]) - 1)
    assert shown.text_content() == slider.get_attribute("aria-braillelabel")

    results = Axe().run(page, options={"resultTypes": ["violations"]})   # aria-braille-equivalent and the rest
    assert results.violations_count == 0, results.generate_report()

    page.reload()                                                     # remembered, like T and C
    page.locator(".pl-slider").focus()
    assert page.locator(".pl-slider").get_attribute("aria-braillelabel") == expected_line(first, 0)
    page.keyboard.press("b")
    assert page.locator(".pl-slider").get_attribute("aria-braillelabel") is None
    assert not page.locator(".pl-braille").is_visible()
    assert page.locator(".pl-live").text_content().startswith("Braille line off")


def test_the_chart_page_links_its_summary_in_braille_text_and_brf(page_js, base_url):
    page = page_js
    page.goto(base_url + f"charts/{CHART}.html")
    links = {a.text_content(): a.get_attribute("href") for a in page.locator(".pl-downloads a").all()}
    txt = links["Summary and series in braille (Unicode braille text)"]
    brf = links["Summary and series in braille (BRF, for embossers)"]
    assert (txt, brf) == (f"{CHART}.braille.txt", f"{CHART}.brf")
    with urllib.request.urlopen(base_url + "charts/" + txt) as r:
        unicode_text = r.read().decode("utf-8")
    with urllib.request.urlopen(base_url + "charts/" + brf) as r:
        brf_bytes = r.read()
    data = page.evaluate(f"window.PitchlineCharts[{CHART!r}]")
    assert all(0x2800 <= ord(c) <= 0x28FF or c == "\n" for c in unicode_text)
    assert unicode_text.startswith("⠠⠎⠂⠞⠞⠇⠑⠀⠙⠁⠊⠇⠽⠀⠞⠑⠍⠏⠻⠁⠞⠥⠗⠑\n")   # "Seattle daily temperature", UEB grade 2
    for series in data["series"]:                                     # each series' line, cursor-free
        assert "\n" + series["braille"]["cells"] + "\n" in unicode_text
    text = brf_bytes.decode("ascii")
    assert text.startswith(",S1TTLE DAILY TEMP]ATURE\r\n")               # "ea" and "er" contracted
    for page_text in text.split("\f"):
        lines = page_text.split("\r\n")
        assert len([line for line in lines if line]) <= 25
        assert all(len(line) <= 40 for line in lines)

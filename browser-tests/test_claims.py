"""J (issue 30): after S or D, J moves the scrubber to the point behind each claim just heard.

The example site exported once; the chart model (`charts/<id>.json`) says which rows hold each
claim, `pitchline labels` what the slider says there: the page script only picks the
generator's stops and fills its templates.
"""
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures"))
import fixture_site  # noqa: E402
from conftest import recorded_page  # noqa: E402

CHART = "seattle-temperature"


@pytest.fixture(scope="module")
def site():
    tmp = tempfile.mkdtemp(prefix="pitchline-claims-")
    root = Path(fixture_site.export_example(os.path.join(tmp, "out")))
    url, stop = fixture_site.serve(root)
    yield {"url": url, "root": root}
    stop()
    shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture
def page(browser):
    with recorded_page(browser) as pg:
        yield pg


def open_chart(page, site, chart=CHART):
    page.goto(site["url"] + "charts/" + chart + ".html")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('pl-slider')"):
            return page.evaluate("id => window.PitchlineCharts[id]", chart)
    pytest.fail("Tab never reached the scrubber")


def said_after(page, key, before):
    """The slider's label once `key` changed it (J says a point through the slider, as [ and ] do)."""
    page.keyboard.press(key)
    page.wait_for_function("b => document.querySelector('.pl-slider').getAttribute('aria-valuetext') !== b", arg=before, timeout=5000)
    return page.get_attribute(".pl-slider", "aria-valuetext")


def live(page):
    return page.locator(".pl-live").text_content().replace("\u00a0", "").strip()


def test_d_then_j_lands_on_each_claims_row_and_says_its_value(page, site):
    data = open_chart(page, site)
    model = json.loads((site["root"] / "charts" / f"{CHART}.json").read_text(encoding="utf-8"))
    page.keyboard.press("j")   # nothing heard yet: J says so
    page.wait_for_function("t => document.querySelector('.pl-live').textContent.trim() === t", arg=data["text"]["noClaim"], timeout=5000)
    page.keyboard.press("d")
    assert live(page) == data["text"]["describe"][0]
    stops = data["text"]["describeClaims"][0]
    # D's stops are the claims of the sentences D said, in order (the chart model's claims).
    claims = [c for sentence in model["summarySentences"] for c in sentence["claims"]][:len(stops)]
    assert len(stops) >= 2 and [(s["s"], s["row"]) for s in stops] == [(c["series"], c["rows"][0]) for c in claims]
    points = [{p["row"]: p for p in s["dataPoints"]} for s in model["series"]]
    label = page.get_attribute(".pl-slider", "aria-valuetext")
    for claim in claims + claims[:1]:   # J past the last goes round to the first
        label = said_after(page, "j", label)
        row, series = claim["rows"][0], claim["series"]
        point = points[series][row]
        assert point["yValue"] == pytest.approx(claim["value"])
        number = point["yText"].split(" ")[0]                          # "−1.6" of "−1.6 °C"
        assert label.startswith(("Lowest: ", "Highest: ")) and number in label and point["xText"] in label, (claim, label)
        assert model["series"][series]["spokenName"] in label, label  # the claim's series, whatever the view was
        assert "°C" not in label                                       # for ears
        # The table's row is the current one where the table shows it.
        shown = page.locator(f"table tr[data-row='{row}']")
        assert shown.count() == 0 or "pl-current" in (shown.first.get_attribute("class") or "")


def test_s_then_j_goes_to_the_shape_then_the_lowest_and_highest(page, site):
    data = open_chart(page, site)
    page.keyboard.press("s")
    assert live(page) == data["series"][0]["brief"]
    stops = data["series"][0]["briefClaims"]
    assert [s["say"] for s in stops][-2:] == ["Lowest: {l}", "Highest: {l}"]
    label = page.get_attribute(".pl-slider", "aria-valuetext")
    for stop in stops:
        label = said_after(page, "j", label)
    assert label == "Highest: 11 August 2014, maximum temperature 35.6 degrees Celsius", label


def test_a_panels_d_again_then_j_goes_to_the_figures_extremes_in_their_panels(page, site):
    """A figure's panel: D again goes on to how the panels compare; J then goes to the single
    highest and lowest value, each on the scrubber of the panel that holds it (focus moves there)."""
    figure = "seattle-precipitation-by-year"
    page.goto(site["url"] + "charts/" + figure + ".html")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('pl-slider')"):
            break
    first = page.evaluate("document.activeElement.closest('figure[data-chart-id]').getAttribute('data-chart-id')")
    data = page.evaluate("id => window.PitchlineCharts[id]", first)
    model = json.loads((site["root"] / "charts" / f"{first}.json").read_text(encoding="utf-8"))
    claims = [c for s in model["figure"]["summarySentences"] for c in s["claims"]]
    assert [c["kind"] for c in claims] == ["highest", "lowest"]
    page.keyboard.press("d")
    page.keyboard.press("d")   # D again: the panel's rest, then the figure's comparison
    page.wait_for_function("t => document.querySelector('.pl-live').textContent.trim() === t", arg=data["text"]["describe"][1], timeout=5000)
    assert "single highest" in data["text"]["describe"][1]
    # D again's stops: the panel's own rest first, then the figure's, each on the panel holding its row.
    stops = data["text"]["describeClaims"][1]
    own = len(stops) - len(claims)
    assert own >= 0 and [s.get("c", first) for s in stops[own:]] == [model["figure"]["panels"][c["panel"]][:-len(".json")] for c in claims]
    label = page.get_attribute(".pl-slider", "aria-valuetext")
    for _ in range(own):
        label = said_after(page, "j", label)
    for claim in claims:
        target = model["figure"]["panels"][claim["panel"]][:-len(".json")]
        panel = json.loads((site["root"] / "charts" / f"{target}.json").read_text(encoding="utf-8"))
        point = {p["row"]: p for p in panel["series"][claim["series"]]["dataPoints"]}[claim["rows"][0]]
        page.keyboard.press("j")
        page.wait_for_function(
            "id => { const f = document.activeElement.closest('figure[data-chart-id]'); return f && f.getAttribute('data-chart-id') === id; }",
            arg=target, timeout=5000)
        page.wait_for_function("p => (document.activeElement.getAttribute('aria-valuetext') || '').startsWith(p)",
                               arg=("Highest: " if claim["kind"] == "highest" else "Lowest: "), timeout=5000)
        label = page.evaluate("document.activeElement.getAttribute('aria-valuetext')")
        assert point["xText"] in label and point["yText"].split(" ")[0] in label, (claim, label)

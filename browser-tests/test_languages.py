"""Pages in German and French (issue 15, Languages): `lang`, axe with scripts on and off, and
what the scrubber says while scrubbing, in the page's language with its number and date format.

The German page is the example site's `seattle-hoechsttemperatur` (`usermeta.pitchline.language:
"de"`); the French page comes from a one-chart site whose `pitchline.json` says `"language": "fr"`.
Expected words are written here on purpose: the test checks what a German or French reader hears.
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import ROOT, TOGETHER, pitchline_bin, start_server

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
_axe = Axe()


def _violations(page) -> list[str]:
    results = _axe.run(page, options={"runOnly": {"type": "tag", "values": AXE_TAGS}, "resultTypes": ["violations"]})
    return [f"{v['id']}: {v['help']}" for v in results.response["violations"]]


def _to_slider(page):
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('pl-slider')"):
            return
    raise AssertionError("Tab never reached the scrubber")


def _scripted_page(browser):
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(TOGETHER)   # label at once, not after the tone
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def _scrubbed_twice(browser, url, lang):
    """A scripted page at `url` in `lang`, checked by axe on the scrubber, two points to the right."""
    context, page, errors = _scripted_page(browser)
    page.goto(url)
    assert page.get_attribute("html", "lang") == lang
    _to_slider(page)
    assert _violations(page) == []
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    return context, page, errors


@pytest.fixture(scope="module")
def french_site(tmp_path_factory):
    """A one-chart French site (site language in pitchline.json), exported and served."""
    root = tmp_path_factory.mktemp("lang-fr")
    site = root / "site"
    (site / "charts").mkdir(parents=True)
    (site / "data").mkdir()
    shutil.copy(ROOT / "site/data/seattle-weather.csv", site / "data")
    (site / "pitchline.json").write_text(json.dumps({"title": "La météo à Seattle", "language": "fr"}), encoding="utf-8")
    (site / "charts/vent.vl.json").write_text(json.dumps({
        "title": "Vitesse moyenne du vent à Seattle",
        "data": {"url": "../data/seattle-weather.csv"},
        "mark": "area",
        "encoding": {"x": {"field": "date", "type": "temporal", "title": "Date"},
                     "y": {"field": "wind", "type": "quantitative", "title": "Vitesse du vent"}},
        "usermeta": {"pitchline": {"unit": "m/s"}},
    }), encoding="utf-8")
    out = root / "out"
    subprocess.run([str(pitchline_bin()), "export", str(site), "--out", str(out), "--theme", str(ROOT), "--quiet"],
                   cwd=ROOT, check=True, capture_output=True, timeout=300)
    url, stop = start_server(out)
    yield url
    stop()


def test_german_page_scrubs_in_german(browser, base_url):
    context, page, errors = _scrubbed_twice(browser, base_url + "charts/seattle-hoechsttemperatur.html", "de")
    assert page.locator("h1").inner_text() == "Tageshöchsttemperatur in Seattle 2012"
    slider = page.locator(".pl-slider")
    assert slider.get_attribute("aria-valuetext") == "3. Januar 2012, Höchsttemperatur 11,7 Grad Celsius"
    assert slider.get_attribute("aria-label") == "Audiodiagramm"
    page.keyboard.press("]")
    assert slider.get_attribute("aria-valuetext") == "Höchster Wert: 16. August 2012, Höchsttemperatur 34,4 Grad Celsius"
    page.keyboard.press("y")   # a message the script says through the live region, made by the generator
    page.wait_for_function("document.querySelector('.pl-live').textContent.startsWith('Y-Achse')")
    assert page.locator(".pl-live").inner_text().strip() == "Y-Achse: Höchsttemperatur, in Grad Celsius, von \u22121,1 Grad Celsius bis 34,4 Grad Celsius."
    page.keyboard.press("h")
    assert page.locator("#pl-help-title").inner_text() == "Tasten für Audiodiagramme"
    context.close()
    assert errors == []


def test_german_page_without_scripts(browser, base_url):
    context = browser.new_context()
    # Scripts blocked at the network (axe itself needs JavaScript).
    context.route("**/*.js", lambda route: route.abort())
    page = context.new_page()
    page.goto(base_url + "charts/seattle-hoechsttemperatur.html")
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert page.evaluate("Object.keys(window.PitchlineCharts || {}).length") == 0
    assert _violations(page) == []
    assert page.locator(".pl-summary").inner_text().startswith(
        "Liniendiagramm zu Tageshöchsttemperatur in Seattle 2012, vom 1. Januar 2012 bis zum 31. Dezember 2012, 366 Punkte.")
    assert page.locator("tr[data-row='2']").inner_text().split("\t") == ["3. Januar 2012", "11,7 °C"]
    context.close()


def test_french_site_scrubs_in_french(browser, french_site):
    context, page, errors = _scrubbed_twice(browser, french_site + "charts/vent.html", "fr")
    assert page.locator(".pl-skip").inner_text() == "Aller au contenu principal"
    assert page.locator(".pl-slider").get_attribute("aria-valuetext") == "3 janvier 2012, vitesse du vent 2,3 mètres par seconde"
    page.keyboard.press("Home")
    assert page.locator(".pl-slider").get_attribute("aria-valuetext") == "1er janvier 2012, vitesse du vent 4,7 mètres par seconde"
    context.close()
    assert errors == []


def test_verbose_place_is_grouped_as_the_language_groups(browser, french_site):
    """The one number the page writes (the verbose setting's place) uses the generator's grouping."""
    context, page, errors = _scripted_page(browser)
    page.add_init_script("try { localStorage.setItem('pitchline.settings', JSON.stringify({verbosity: 'verbose'})); } catch (e) {}")
    page.goto(french_site + "charts/vent.html")
    _to_slider(page)
    page.keyboard.press("End")
    assert page.locator(".pl-slider").get_attribute("aria-valuetext").endswith(", 1\u202f461 sur 1\u202f461")
    context.close()
    assert errors == []

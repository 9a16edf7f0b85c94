"""Descriptions, pitch and axes on a fixture site (browser-tests/fixtures/analyst-site):
a mixed-magnitude chart (each series its own pitch scale), 24 series (legend, palette, phone
text size), a scatter with repeated x (every point reachable, both coordinates spoken), and
the author's tick formats. Lean: one export, one page per test."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import ROOT, pitchline_bin, start_server

FIXTURE = ROOT / "browser-tests" / "fixtures" / "analyst-site"


@pytest.fixture(scope="module")
def fixture_url():
    out = Path(tempfile.mkdtemp(prefix="pitchline-analyst-")) / "out"
    subprocess.run([str(pitchline_bin()), "export", str(FIXTURE), "--out", str(out), "--quiet", "--theme", str(ROOT)],
                   cwd=ROOT, check=True, capture_output=True, timeout=600)
    url, stop = start_server(out)
    yield url
    stop()
    shutil.rmtree(out.parent, ignore_errors=True)


def _open(browser, url, width=1024):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    # Read the slider right after a key: tone and speech together (tone first delays the label).
    page.add_init_script("try { localStorage.setItem('pitchline.order', 'together'); } catch (e) {}")
    page.goto(url)
    return context, page


def _texts(page, selector):
    return page.evaluate("s => [...document.querySelectorAll(s)].map(t => t.textContent)", selector)


def _slider(page):
    slider = page.locator(".pl-slider")
    slider.wait_for(state="visible")
    slider.focus()
    return slider


def test_mixed_magnitude_series_each_play_their_own_shape(browser, fixture_url):
    context, page = _open(browser, fixture_url + "charts/jobs.html")
    data = page.evaluate("window.PitchlineCharts['jobs']")
    tones = data["audio"]["tones"]
    assert len(data["series"]) == 7
    for s in data["series"]:
        pitches = {tones[t][2] for t in s["tones"]}
        assert len(pitches) >= 8, f"{s['name']}: {len(pitches)} pitches"
        assert s.get("sharedTones"), "the all-series view needs tones on the shared scale"
    # On the shared scale, Information (3,055 → 2,646) is nearly one pitch: that is why it has its own.
    info = next(s for s in data["series"] if s["name"] == "Information")
    assert len({tones[t][2] for t in info["sharedTones"]}) < 8
    assert "Each series plays on its own pitch scale" in page.locator(".pl-summary").inner_text()
    slider = _slider(page)
    slider.press("ArrowDown")
    assert slider.get_attribute("aria-valuetext").startswith("Series 2 of 7: January 2015, Information 3,055 thousand jobs")
    # C compares: every series on the shared scale, said, remembered; C again goes back.
    live = page.locator(".pl-live").first
    slider.press("c")
    page.wait_for_function("t => document.querySelector('.pl-live').textContent.includes(t)", arg=data["text"]["sharedScale"])
    assert page.evaluate("localStorage.getItem('pitchline.scale')") == "shared"
    slider.press("c")
    page.wait_for_function("t => document.querySelector('.pl-live').textContent.includes(t)", arg=data["text"]["ownScales"])
    assert page.evaluate("localStorage.getItem('pitchline.scale')") == "own"
    assert live.count() == 1
    context.close()


def test_twenty_four_series_legend_palette_and_phone_text(browser, fixture_url):
    context, page = _open(browser, fixture_url + "charts/regions.html", width=390)
    items = page.locator(".pl-legend li")
    assert items.count() == 24
    styles = page.evaluate("""() => [...document.querySelectorAll('.pl-legend li')].map(li => {
        const g = li.querySelector('g'), line = li.querySelector('line'), use = li.querySelector('use');
        const marker = document.querySelector(use.getAttribute('href')).getAttribute('d');
        return getComputedStyle(g).color + '|' + (line ? line.getAttribute('stroke-dasharray') : '') + '|' + marker;
    })""")
    assert len(set(styles)) == 24, styles
    sizes = page.evaluate("""() => {
        const svg = document.querySelector('.pl-svg');
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const out = [];
        for (const t of svg.querySelectorAll('text')) {
            if (getComputedStyle(t).display === 'none') continue;
            out.push(['svg ' + t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]);
        }
        for (const li of document.querySelectorAll('.pl-legend li')) out.push([li.textContent, parseFloat(getComputedStyle(li).fontSize)]);
        return out;
    }""")
    small = [(text, round(px, 1)) for text, px in sizes if px < 12]
    assert not small, small
    # The legend sits under the drawing, never over the plot.
    svg_box = page.locator(".pl-svg").bounding_box()
    legend_box = page.locator(".pl-legend").bounding_box()
    assert legend_box["y"] >= svg_box["y"] + svg_box["height"] - 1
    context.close()


def test_scatter_with_repeated_x_reaches_every_point(browser, fixture_url):
    """Each series of a multi-series scatter steps through its own points only (issue 17: the
    other series' rows said "no data"), every one of them, then says the end."""
    context, page = _open(browser, fixture_url + "charts/anscombe.html")
    slider = _slider(page)
    rows = page.evaluate("window.PitchlineCharts['anscombe'].pointCount")
    assert rows == 21  # 22 points; x = 8 holds ten of IV and one of I, which share the first slot
    heard = {0: [], 1: []}
    for s in (0, 1):
        slider.press("Home")
        heard[s].append(slider.get_attribute("aria-valuetext"))
        for _ in range(rows):
            slider.press("ArrowRight")
            text = slider.get_attribute("aria-valuetext")
            if text.startswith("End of series: "):
                break
            heard[s].append(text)
        assert text == "End of series: " + heard[s][-1]
        slider.press("ArrowDown")
    for s, name in ((0, "I"), (1, "IV")):
        values = [t.removeprefix("Series 2 of 2: ") for t in heard[s]]
        assert len(values) == 11 and not any(t.endswith("no data") for t in values), heard[s]
        assert all(re.match(rf"^X \d+, {name}, Y \d+(\.\d+)?$", t) for t in values), values
    # Ten points of IV share x = 8, in ascending y.
    eights = [float(t.rsplit(" ", 1)[1]) for t in heard[1] if t.startswith("X 8,")]
    assert len(eights) == 10 and eights == sorted(eights)
    context.close()


def test_tick_labels_use_the_authors_formats(browser, fixture_url):
    context, page = _open(browser, fixture_url + "charts/share.html")
    x = _texts(page, ".pl-axis-x text:not(.pl-axis-title)")
    y = _texts(page, ".pl-axis-y text:not(.pl-axis-title)")
    assert x and all(re.fullmatch(r"\d\d/\d\d", t) for t in x), x
    assert y and all(re.fullmatch(r"\d+%", t) for t in y), y
    page.goto(fixture_url + "charts/regions.html")
    x = _texts(page, ".pl-axis-x text:not(.pl-axis-title)")
    y = _texts(page, ".pl-axis-y text:not(.pl-axis-title)")
    assert x and all(re.fullmatch(r"(19|20)\d\d", t) for t in x), x
    assert y and all(t.startswith("$") for t in y), y
    page.goto(fixture_url + "charts/jobs.html")
    y = _texts(page, ".pl-axis-y text:not(.pl-axis-title)")
    assert "140k" in y and not any("200,000" in t or "200k" in t for t in y), y
    context.close()


def test_example_csv_downloads_are_the_authors_data(site_root):
    """No float noise (…0000000…, …9999999…), source column names, dates without an invented zone."""
    csvs = sorted((site_root / "charts").glob("*.csv"))
    assert len(csvs) >= 5
    for path in csvs:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\d0000000|9999999", text), path.name
        assert "T00:00:00Z" not in text, path.name
    header = (site_root / "charts" / "seattle-temperature.csv").read_text(encoding="utf-8").splitlines()[0]
    assert header == "date,temp_max,temp_min"
    rain = (site_root / "charts" / "seattle-precipitation.csv").read_text(encoding="utf-8").splitlines()
    assert rain[1] == "2012-01-01,173.3"

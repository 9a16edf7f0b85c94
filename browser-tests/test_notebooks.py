"""Where charts are made (issue 32): `pitchline render`, the Altair renderer in a Jupyter
notebook (python/pitchline_altair), the Pandoc filter (pandoc/pitchline.lua) and ```vega-lite
fences in reports. One notebook is executed once for the module (nbconvert), one Chromium.
"""

from __future__ import annotations

import html as htmllib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import nbformat
import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import ROOT, pitchline_bin

SITE = ROOT / "site"
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
               "resultTypes": ["violations"], "iframes": False}

# Three charts and one Pitchline refuses; the second point of each and what its label must say.
CHARTS = [
    ("Rain by month", "bar", "month:N", [("Jan", 28), ("Feb", 55), ("Mar", 43), ("Apr", 91)], ["Feb", "55"]),
    ("Visitors by year", "line", "year:O", [("2020", 10), ("2021", 12), ("2022", 15), ("2023", 11)], ["2021", "12"]),
    ("Height by age", "point", "age:Q", [(1, 75), (2, 87), (3, 96), (4, 103)], ["2", "87"]),
]


def notebook_cells() -> list[str]:
    cells = ['import altair as alt\nalt.renderers.enable("pitchline")']
    for title, mark, x, rows, _ in CHARTS:
        field = x.split(":")[0]
        values = [{field: a, "value": b} for a, b in rows]
        cells.append(textwrap.dedent(f"""\
            alt.Chart(alt.Data(values={values!r}), title={title!r}).mark_{mark}().encode(
                x=alt.X({x!r}, sort=None), y=alt.Y("value:Q", title="Value"))"""))
    cells.append('alt.Chart(alt.Data(values=[{"a": 1}]), title="A map").mark_geoshape()')
    return cells


def env() -> dict:
    return {**os.environ, "PITCHLINE_BIN": str(pitchline_bin())}


def execute_notebook(folder: Path, cells: list[str]) -> Path:
    """A notebook of `cells` executed by `jupyter nbconvert --execute --to html`; its HTML path."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, folder / "charts.ipynb")
    result = subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "html", "charts.ipynb"],
        cwd=folder, env=env(), capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr
    return folder / "charts.html"


@pytest.fixture(scope="module")
def executed_notebook():
    """The notebook executed once for the module."""
    folder = Path(tempfile.mkdtemp(prefix="pitchline-notebook-"))
    yield execute_notebook(folder, notebook_cells())
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def notebook_page(browser, executed_notebook):
    """The executed notebook in Chromium from file:, with every request to the network refused
    (nbconvert's page and Altair's fallback ask for scripts from CDNs)."""
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    context.route(re.compile(r"^https?://"), lambda route: route.abort())
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(executed_notebook.as_uri())
    page.wait_for_load_state("load")
    yield page
    context.close()


def chart_frames(page):
    frames = page.locator("iframe.pitchline-chart")
    return [frames.nth(i).element_handle().content_frame() for i in range(frames.count())]


def focused_slider(frame) -> bool:
    return frame.evaluate("!!document.activeElement && document.activeElement.classList.contains('pl-slider')")


def test_each_notebook_chart_is_tabbed_into_and_scrubbed(notebook_page):
    page = notebook_page
    titles = page.locator("iframe.pitchline-chart").evaluate_all("fs => fs.map(f => f.title)")
    assert titles == [c[0] for c in CHARTS]
    frames = chart_frames(page)
    page.locator("body").focus()
    for frame, (title, _, _, _, expected) in zip(frames, CHARTS):
        for _ in range(60):
            page.keyboard.press("Tab")
            if focused_slider(frame):
                break
        assert focused_slider(frame), f"Tab never reached the scrubber of {title}"
        frame.wait_for_function("window.PitchlineCharts && document.querySelector('.pl-scrub:not([hidden])')")
        first = frame.locator(".pl-slider").get_attribute("aria-valuetext")
        page.keyboard.press("ArrowRight")
        # Tone first, then the label (the default order): wait for the label to change.
        frame.wait_for_function("t => document.activeElement.getAttribute('aria-valuetext') !== t", arg=first, timeout=5000)
        label = frame.locator(".pl-slider").get_attribute("aria-valuetext")
        assert all(word in label for word in expected), (title, label)
        assert title in frame.locator("h1").inner_text()


def test_axe_finds_no_violations_in_the_notebook_charts(notebook_page):
    axe = Axe()
    for frame in chart_frames(notebook_page):
        results = axe.run(frame, options=AXE_OPTIONS)
        assert results.violations_count == 0, results.generate_report()
    # The frames themselves (named by their charts' titles) in the notebook's outputs.
    results = axe.run(notebook_page, context={"include": [["iframe.pitchline-chart"]]}, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()


def test_a_refused_spec_shows_the_refusal_and_altairs_own_rendering(notebook_page):
    refused = notebook_page.locator(".pitchline-refused")
    assert refused.count() == 1
    assert '$.mark.type: "geoshape" is not supported' in refused.inner_text()
    # Altair's html renderer's container, right after the note: never a blank cell.
    assert notebook_page.locator(".pitchline-refused + style + div[id^='altair-viz-']").count() == 1


def figure_markup(page_html: str, chart_id: str) -> str:
    match = re.search(rf'<figure class="pl-chart" data-chart-id="{re.escape(chart_id)}".*?</figure>', page_html, re.S)
    assert match, f"no figure {chart_id}"
    return match.group(0)


def test_pandoc_filter_makes_the_figure_export_makes(browser, site_root, tmp_path):
    spec = (SITE / "charts" / "seattle-high-by-month.vl.json").read_text(encoding="utf-8")
    markdown = tmp_path / "doc.md"
    markdown.write_text(
        "# Weather\n\n```{.vega-lite #seattle-high-by-month}\n" + spec + "```\n\n"
        "Rain and sun:\n\n![](seattle-weather-types.vl.json)\n", encoding="utf-8")
    out = tmp_path / "doc.html"
    # From site/charts: the inline spec's data URL and the reference resolve as in the site.
    subprocess.run(["pandoc", str(markdown), "--lua-filter", str(ROOT / "pandoc" / "pitchline.lua"), "-o", str(out)],
                   cwd=SITE / "charts", env=env(), check=True, timeout=120)
    made = out.read_text(encoding="utf-8")
    for chart_id in ["seattle-high-by-month", "seattle-weather-types"]:
        exported = (site_root / "charts" / f"{chart_id}.html").read_text(encoding="utf-8")
        assert figure_markup(made, chart_id) == figure_markup(exported, chart_id)
    # One page script, style and help dialog for the page, every chart's data.
    assert made.count("function init()") == 1 and made.count('id="pl-help"') == 1
    assert made.count("(window.PitchlineCharts = window.PitchlineCharts || {})") == 2
    # In a browser (standalone HTML): the page keeps its own look, and the second chart, which
    # leans on the first one's page script, scrubs.
    plain = tmp_path / "plain.html"
    for target, filters in ((out, ["--lua-filter", str(ROOT / "pandoc" / "pitchline.lua")]), (plain, [])):
        subprocess.run(["pandoc", str(markdown), "-s", "--metadata", "title=Weather", *filters, "-o", str(target)],
                       cwd=SITE / "charts", env=env(), check=True, timeout=120)
    context = browser.new_context()
    page = context.new_page()
    look = "() => { const s = getComputedStyle(document.body); return [s.fontFamily, s.fontSize, s.margin, s.backgroundColor]; }"
    page.goto(plain.as_uri())
    own = page.evaluate(look)
    page.goto(out.as_uri())
    assert page.evaluate(look) == own
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement === document.querySelectorAll('.pl-slider')[1]"):
            break
    first = page.locator(".pl-slider").nth(1).get_attribute("aria-valuetext")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("t => document.activeElement.getAttribute('aria-valuetext') !== t", arg=first, timeout=5000)
    context.close()


def test_a_reports_inline_fence_exports_and_scrubs_like_a_named_chart(browser, tmp_path):
    site = tmp_path / "site"
    (site / "charts").mkdir(parents=True)
    (site / "reports").mkdir()
    shutil.copytree(SITE / "data", site / "data")
    spec = (SITE / "charts" / "seattle-high-by-month.vl.json").read_text(encoding="utf-8")
    (site / "charts" / "seattle-high-by-month.vl.json").write_text(spec, encoding="utf-8")
    (site / "reports" / "months.md").write_text(
        "---\ntitle: Months\n---\nNamed:\n\n```chart\nseattle-high-by-month\n```\n\nInline:\n\n```vega-lite\n" + spec + "```\n",
        encoding="utf-8")
    out = tmp_path / "out"
    subprocess.run([str(pitchline_bin()), "export", str(site), "--out", str(out), "--theme", str(ROOT), "--quiet",
                    "--cache", str(tmp_path / "cache")], check=True, timeout=120)
    report = (out / "reports" / "months.html").read_text(encoding="utf-8")
    named, inline = figure_markup(report, "seattle-high-by-month"), figure_markup(report, "months-1")
    assert inline.replace("months-1", "seattle-high-by-month") == named
    context = browser.new_context()
    page = context.new_page()
    page.goto((out / "reports" / "months.html").as_uri())
    labels = []
    for nth in range(2):
        for _ in range(40):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement === document.querySelectorAll('.pl-slider')[{nth}]"):
                break
        first = page.locator(".pl-slider").nth(nth).get_attribute("aria-valuetext")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("t => document.activeElement.getAttribute('aria-valuetext') !== t", arg=first, timeout=5000)
        labels.append(page.locator(".pl-slider").nth(nth).get_attribute("aria-valuetext"))
    context.close()
    assert labels[0] == labels[1] and labels[0].startswith("February")


def test_render_refuses_as_check_does_and_writes_nothing(tmp_path):
    out = tmp_path / "chart.html"
    bad = '{\n  "data": {"values": [{"a": 1}]},\n  "mark": "geoshape"\n}\n'
    result = subprocess.run([str(pitchline_bin()), "render", "-", "-o", str(out)], input=bad, capture_output=True, text=True)
    assert result.returncode == 1 and not out.exists()
    assert result.stderr.startswith('error: <stdin>:3: $.mark: "geoshape" is not supported')
    # A spec file from another folder: data read beside it, problems named as given.
    result = subprocess.run([str(pitchline_bin()), "render", "charts/seattle-wind.vl.json", "-o", str(out)],
                            cwd=SITE, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert 'data-chart-id="seattle-wind"' in out.read_text(encoding="utf-8")
    result = subprocess.run([str(pitchline_bin()), "render", "charts/seattle-monthly-temperature.csv"], cwd=SITE, capture_output=True, text=True)
    assert result.returncode == 0 and 'data-chart-id="seattle-monthly-temperature"' in result.stdout   # a bare CSV, sidecar read
    result = subprocess.run([str(pitchline_bin()), "render", "charts/nothing.vl.json"], cwd=SITE, capture_output=True, text=True)
    assert (result.returncode, result.stderr) == (1, "error: charts/nothing.vl.json: cannot read: no such file\n")


def test_the_python_package_names_a_missing_binary_and_saves_a_chart(tmp_path):
    code = textwrap.dedent("""\
        import altair as alt, pitchline_altair, sys
        chart = alt.Chart(alt.Data(values=[{"x": "a", "y": 1}, {"x": "b", "y": 2}]), title="Two").mark_bar().encode(x="x:N", y="y:Q")
        pitchline_altair.save(chart, sys.argv[1])
        """)
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path / "two.html")], env=env(), capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    saved = (tmp_path / "two.html").read_text(encoding="utf-8")
    assert saved.startswith("<!doctype html>") and "<title>Two</title>" in saved
    missing = {**env(), "PITCHLINE_BIN": str(tmp_path / "no-such-pitchline")}
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path / "x.html")], env=missing, capture_output=True, text=True)
    assert "PitchlineNotFound: PITCHLINE_BIN=" in result.stderr and "is not an executable file" in result.stderr


"""Every chart as a resource (issue 30): charts/<id>.json validates against the published schema
on the example site and the fixture sites, charts/<id>.txt and the page read sensibly in a text
browser (w3m), `pitchline serve` negotiates /charts/<id>, and the page head's JSON-LD is data the
strict CSP leaves alone (no violation, axe clean)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import jsonschema
import jsonschema_rs
import pytest
from axe_playwright_python.sync_playwright import Axe

import fixture_site
from conftest import ROOT, pitchline_bin, start_pitchline_server

SCHEMA_PATH = ROOT / "Public" / "schema" / "chart-3.json"
# Exported here; "example+extra" (the example site plus fixtures/extra) is the run's shared
# fixture site (fixture_site.build, made once per test run).
SITES = {
    "analyst": [ROOT / "browser-tests" / "fixtures" / "analyst-site"],
    "xss": [ROOT / "browser-tests" / "xss-site"],
}
CHART = "seattle-temperature"


@pytest.fixture(scope="module")
def exports():
    """Each fixture site exported once (the source folders copied together first; the XSS site's
    deliberately broken chart and report are left out with --keep-going)."""
    work = Path(tempfile.mkdtemp(prefix="pitchline-resources-"))
    (work / "example+extra").mkdir()
    out = {"example+extra": Path(fixture_site.build(str(work / "example+extra")))}
    for name, sources in SITES.items():
        site = work / name / "site"
        for source in sources:
            shutil.copytree(source, site, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.py"))
        target = work / name / "out"
        r = subprocess.run(
            [str(pitchline_bin()), "export", str(site), "--out", str(target), "--theme", str(ROOT), "--cache", str(work / "cache"), "--keep-going"],
            cwd=ROOT, capture_output=True, text=True, timeout=900)
        assert r.returncode == 0 or (name == "xss" and (target / "index.html").is_file()), r.stdout + r.stderr
        out[name] = target
    yield out
    shutil.rmtree(work, ignore_errors=True)


def _w3m(path: Path) -> str:
    r = subprocess.run(["w3m", "-dump", "-cols", "2000", "-T", "text/html" if path.suffix == ".html" else "text/plain", str(path)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_every_chart_json_validates_against_the_published_schema(exports):
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)   # the schema itself, against the meta-schema
    # The charts against it with jsonschema-rs: the pure-Python validator took 33 s of the suite's
    # CPU on the example site's 1.8 MB models (every wording of every point); this takes under 1 s.
    validator = jsonschema_rs.Draft202012Validator(schema)
    for name, root in exports.items():
        # The schema is served and exported at a stable URL, byte for byte the repository's file.
        assert (root / "assets" / "schema" / "chart-3.json").read_bytes() == SCHEMA_PATH.read_bytes()
        models = _models(root)
        csvs = {p.stem for p in (root / "charts").glob("*.csv")}
        assert {p.stem for p in models} == csvs, name  # one model per chart and per panel of a figure
        for path in models:
            errors = [f"{'/'.join(map(str, e.instance_path))}: {e.message[:200]}" for e in validator.iter_errors(json.loads(path.read_text(encoding="utf-8")))]
            assert errors == [], f"{name}/{path.name}: {errors[:5]}"
        index = json.loads((root / "charts.json").read_text(encoding="utf-8"))
        assert sorted(c["id"] for c in index["charts"]) == sorted(p.stem for p in models if "--p" not in p.stem)
        for entry in index["charts"]:
            for key in ("page", "json", "text", "csv"):
                assert (root / entry[key]).is_file(), f"{name}: {entry[key]}"
            for graph in entry["audioGraphs"]:
                assert (root / graph).is_file()


def _models(root):
    """The chart models in an export's charts/: every .json but the index and the CSVW metadata."""
    return sorted(p for p in (root / "charts").glob("*.json")
                  if p.name != "charts.json" and not p.name.endswith(".csv-metadata.json"))


def test_every_csv_has_its_csvw_metadata(exports):
    """CSV on the Web (issue 30): beside each download its metadata names the CSV and, per
    column, the header's title and a datatype every cell of the column parses as."""
    import csv
    checked = 0
    for name, root in exports.items():
        for path in sorted((root / "charts").glob("*.csv")):
            meta = json.loads(path.with_name(path.name + "-metadata.json").read_text(encoding="utf-8"))
            assert meta["@context"] == "http://www.w3.org/ns/csvw" and meta["url"] == path.name, path
            columns = meta["tableSchema"]["columns"]
            with path.open(encoding="utf-8", newline="") as f:   # U+2028 in a cell is no line break
                rows = list(csv.reader(f))
            assert [c["titles"] for c in columns] == rows[0], path
            for row in rows[1:]:
                for cell, column in zip(row, columns):
                    if cell and column["datatype"] == "number":
                        float(cell)
                    elif cell and column["datatype"] == "date":
                        assert len(cell) == 10 and cell[4] == "-", (path, cell)
            checked += 1
    assert checked > 20, checked


def _sentences(model):
    """Every sentence of a chart model that carries claims: the summary's, each series' statistics and shape."""
    yield from model["summarySentences"]
    for series in model["series"]:
        yield from series["statistics"]["sentences"]
        yield from series["trend"]["sentences"]


def test_every_claim_is_held_by_its_rows(exports):
    """Issue 30's property: each claim's rows hold the value it says, recomputed from the model's
    data points (not from the description code); an extreme is the series' (or every series')
    lowest or highest; an exact value is shown in its sentence as the point's own text."""
    checked = figure_checked = 0
    for name, root in exports.items():
        for path in _models(root):
            model = json.loads(path.read_text(encoding="utf-8"))
            points = [{p["row"]: p for p in s["dataPoints"]} for s in model["series"]]
            for sentence in _sentences(model):
                for claim in sentence["claims"]:
                    where = f"{name}/{path.name}: {claim} in {sentence['text']!r}"
                    s = claim["series"]
                    assert 0 <= s < len(points), where
                    if claim.get("part") == "outlier":   # a box plot group's outliers, on an outlier series
                        stat = model["boxPlot"]["statistics"][s]
                        held = [v for g in model["boxPlot"]["groups"] for v in g[stat]]
                        assert claim["rows"] and all(claim["value"] in model["boxPlot"]["groups"][r][stat] for r in claim["rows"]), where
                        assert claim["kind"] == "value" or claim["value"] in (min(held), max(held)), where
                        checked += 1
                        continue
                    for row in claim["rows"]:
                        assert 0 <= row < model["pointCount"], where
                        point = points[s].get(row)
                        if point is None:   # a reduced model lists fewer rows than the chart has
                            assert model["dataPointsReduced"], where
                            continue
                        # The value claimed: the row's yValue, or a candlestick's low or high (`part`).
                        field = {"lower": "lower", "upper": "upper"}.get(claim.get("part"), "yValue")
                        values = [p.get(field) for p in points[s].values() if p.get(field) is not None]
                        if claim["approximate"]:
                            assert min(values) <= claim["value"] <= max(values), where
                            continue
                        assert point.get(field) == pytest.approx(claim["value"], rel=1e-9, abs=1e-9), where
                        if field == "yValue":
                            assert point["yText"] in sentence["text"] or point["yText"].lstrip("−-") in sentence["text"], where
                        if claim["kind"] in ("lowest", "highest"):
                            # The series' own extreme, or every series' (a summary's overall range);
                            # a pyramid's left side says magnitudes: its smallest is its highest value.
                            every = [p.get(field) for q in points for p in q.values() if p.get(field) is not None]
                            assert claim["value"] in (min(values), max(values), min(every), max(every)), where
                    checked += 1
            figure_checked += _figure_claims_held(path, model, name)
    assert checked > 100, checked   # the sites make many claims; none unchecked by accident
    if "example+extra" in exports:   # the example figure's extremes, in each of its 4 panels' models
        assert figure_checked >= 8, figure_checked


def _figure_claims_held(path, model, name):
    """A figure's comparison claims (issue 30, `figure.summarySentences`): each names the panel
    holding its rows (`claim.panel`); the row of that panel's model holds the value, the sentence
    says the point's value or row, and an extreme is its panel's, and (a sentence claiming both)
    every panel's. Unchecked when the panels' models are not beside it (a corpus model alone)."""
    figure = model.get("figure")
    if not figure:
        return 0
    files = [path.with_name(p) for p in figure["panels"]]
    if not all(f.is_file() for f in files):
        return 0
    panels = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    assert panels[figure["panel"]]["id"] == model["id"], path
    firsts = [p["yValue"] for panel in panels if panel["series"] for p in panel["series"][0]["dataPoints"] if p.get("yValue") is not None]
    checked = 0
    for sentence in figure["summarySentences"]:
        kinds = {c["kind"] for c in sentence["claims"]}
        for claim in sentence["claims"]:
            where = f"{name}/{path.name}: {claim} in {sentence['text']!r}"
            panel = panels[claim["panel"]]
            points = {p["row"]: p for p in panel["series"][claim["series"]]["dataPoints"]}
            point = points[claim["rows"][0]]
            assert point["yValue"] == pytest.approx(claim["value"], rel=1e-9, abs=1e-9), where
            assert point["yText"] in sentence["text"] or point["xText"] in sentence["text"], where
            own = [p["yValue"] for p in points.values() if p.get("yValue") is not None]
            assert claim["kind"] in ("lowest", "highest") and claim["value"] in (min(own), max(own)), where
            if kinds == {"lowest", "highest"}:   # the figure's single highest and lowest
                assert claim["value"] == (max(firsts) if claim["kind"] == "highest" else min(firsts)), where
            checked += 1
    return checked


def test_the_xss_payloads_stay_text_in_the_json(exports):
    root = exports["xss"]
    texts = [json.loads(p.read_text(encoding="utf-8"))["title"] for p in _models(root)]
    assert any("</script><img src=x onerror=alert(1)>" in t for t in texts), texts


def test_w3m_reads_the_no_script_page_and_the_text_alike(exports):
    root = exports["example+extra"]
    model = json.loads((root / "charts" / f"{CHART}.json").read_text(encoding="utf-8"))
    page = _w3m(root / "charts" / f"{CHART}.html")
    text = _w3m(root / "charts" / f"{CHART}.txt")
    first_row = f"{model['series'][0]['dataPoints'][0]['xText']}"
    for sentence in [
        "Seattle daily temperature",
        "Line chart of Seattle daily temperature, 2 series: maximum temperature and minimum temperature, "
        "from 1 January 2012 to 31 December 2015, 1,461 points per series.",
        "Maximum temperature ranges from −1.6 °C on 6 February 2014 to 35.6 °C on 11 August 2014.",
        "Horizontal axis: Date, from 1 January 2012 to 31 December 2015",
    ]:
        assert sentence in page, f"page: {sentence}"
        assert sentence in text, f"text: {sentence}"
    # Statistics: a term and its value (w3m puts a definition under its term).
    assert re.search(r"^Mean\n +16\.44 °C$", page, re.M) and "Mean: 16.44 °C" in text
    # The table: the text has one line per row; w3m lays the page's table out as columns.
    assert "1 January 2012; 12.8 °C; 5.0 °C" in text
    row = next(line for line in page.splitlines() if line.strip().startswith(first_row) and "12.8 °C" in line)
    assert "5.0 °C" in row
    # No markup or script text leaks into either.
    for dump in (page, text):
        assert "<" not in dump.replace("<=", "") and "{{" not in dump and "application/ld+json" not in dump


def test_serve_negotiates_chart_urls(exports, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(ROOT / "site", site)
    url, stop = start_pitchline_server(site, files=False, cache=tmp_path / "cache")
    try:
        def fetch(accept, language=None):
            headers = {"Accept": accept} if accept else {}
            if language:
                headers["Accept-Language"] = language
            try:
                with urllib.request.urlopen(urllib.request.Request(url + f"charts/{CHART}", headers=headers), timeout=60) as r:
                    return r.status, dict(r.headers), r.read()
            except urllib.error.HTTPError as e:
                return e.code, dict(e.headers), e.read()

        status, headers, body = fetch("application/json")
        assert status == 200 and headers["Content-Type"].startswith("application/json")
        assert json.loads(body)["id"] == CHART and headers["Vary"].startswith("Accept, Accept-Language")
        assert f"</charts/{CHART}.txt>; rel=\"alternate\"; type=\"text/plain\"" in headers["Link"]
        status, headers, body = fetch("text/plain;q=0.9, text/html;q=0.1")
        assert headers["Content-Type"].startswith("text/plain") and body.decode().startswith("Seattle daily temperature\n")
        status, headers, body = fetch("text/csv")
        assert body.decode().startswith("date,")
        status, headers, body = fetch("audio/ogg")
        assert headers["Content-Type"] == "audio/ogg" and body[:4] == b"OggS"
        status, headers, body = fetch("text/html,application/xhtml+xml,*/*;q=0.8")
        assert headers["Content-Type"].startswith("text/html") and b'<script type="application/ld+json">' in body
        status, headers, body = fetch("image/png")
        assert status == 406 and f"application/json: /charts/{CHART}.json" in body.decode()
        # A language the chart is not in still gets the chart, in its own language (one per chart today).
        status, headers, _ = fetch("application/json", "fr")
        assert status == 200 and headers["Content-Language"] == "en"
    finally:
        stop()


def test_json_ld_is_data_the_csp_allows_and_axe_stays_clean(exports, browser):
    root = exports["example+extra"]
    url, stop = start_pitchline_server(root)
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("window.__csp = []; document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));")
    console = []
    page.on("console", lambda m: console.append(m.text) if m.type in ("error", "warning") else None)
    try:
        page.goto(url + f"charts/{CHART}.html")
        page.wait_for_load_state("load")
        page.wait_for_function("() => window.PitchlineCharts && Object.keys(window.PitchlineCharts).length > 0")
        assert page.evaluate("window.__csp") == []
        assert not [m for m in console if "Content Security Policy" in m], console
        ld = json.loads(page.evaluate("document.querySelector('script[type=\"application/ld+json\"]').textContent"))
        assert ld["@type"] == "WebPage" and ld["name"] == "Seattle daily temperature"
        assert ["textual"] in [m["itemListElement"] for m in ld["accessModeSufficient"]]
        assert "longDescription" in ld["accessibilityFeature"]
        alternates = page.evaluate("[...document.querySelectorAll('link[rel=alternate]')].map(l => [l.type, l.href])")
        assert [a[0] for a in alternates] == ["application/json", "text/plain", "text/csv", "audio/ogg"]
        for _, href in alternates:
            assert page.request.get(href).status == 200, href
        results = Axe().run(page, options={"resultTypes": ["violations"]})
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()
        stop()


def test_every_claim_link_finds_its_table_row(exports):
    """The no-script page links each claim's value to its row in the data table (issue 30): every
    in-page link of every chart page and report has its target, a claim's is a table row, and
    the example site's pages carry such links."""
    from html.parser import HTMLParser

    class Page(HTMLParser):
        def __init__(self):
            super().__init__()
            self.ids, self.links, self.rows = set(), [], set()

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if "id" in a:
                self.ids.add(a["id"])
                if tag == "tr":
                    self.rows.add(a["id"])
            if tag == "a" and (a.get("href") or "").startswith("#") and len(a["href"]) > 1:
                self.links.append((a["href"][1:], "pl-claim" in (a.get("class") or "").split()))

    claim_links = 0
    for name, root in exports.items():
        for path in sorted((root / "charts").glob("*.html")) + sorted((root / "reports").glob("*.html")):
            page = Page()
            page.feed(path.read_text(encoding="utf-8"))
            for target, is_claim in page.links:
                assert target in page.ids, f"{name}/{path.name}: #{target} has no target"
                # A claim's link is marked by the generator (class pl-claim) and goes to a table row.
                assert is_claim == (target in page.rows), f"{name}/{path.name}: #{target} claim {is_claim}"
                claim_links += is_claim
    assert claim_links > 50, claim_links
    # A figure's comparison links its highest and lowest value to their rows in their panels' tables.
    figure = (exports["example+extra"] / "charts" / "seattle-precipitation-by-year.html").read_text(encoding="utf-8")
    summary = figure.split('class="pl-figure-summary"')[1].split("</div>")[0]
    assert summary.count('class="pl-claim" href="#seattle-precipitation-by-year--p') == 2, summary

"""Pitchline installed and used on an author's own folder (issue 16), with no browser:

- `make install` into a temporary PREFIX (the debug build: no release build in `make test`),
  then everything runs from a temporary folder outside the repository, with no Templates/ near;
- `pitchline new`, `check`, `export` and `serve` (a page fetched over loopback) on the new site
  and on a copy of the example site;
- a Vega-Lite gallery spec naming `"data/…"` loads; a README in charts/ is a note, not a problem;
- a theme folder overriding one template changes the pages made from it and nothing else;
- `make uninstall` removes what `make install` put there.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import urllib.request
from pathlib import Path

import pytest

from conftest import ROOT, fixture_site

# `make install` and a second export and serve of the example site (about 2 minutes of CPU):
# `make test-full` runs it, `make test` leaves it out (browser-tests/conftest.py, marker `slow`).
pytestmark = pytest.mark.slow

GALLERY_SPEC = """{
  "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
  "data": {"url": "data/seattle-weather.csv"},
  "mark": "bar",
  "encoding": {
    "x": {"timeUnit": "month", "field": "date", "type": "ordinal", "title": "Month of the year"},
    "y": {"aggregate": "mean", "field": "precipitation", "type": "quantitative"}
  }
}
"""


STAGE = Path(tempfile.mkdtemp(prefix="pitchline-destdir-"))


def make(target: str) -> None:
    """`make TARGET PREFIX=/usr/local DESTDIR=STAGE` with the debug build (no release build in make test)."""
    result = subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), target, "CONFIG=debug", "PREFIX=/usr/local", f"DESTDIR={STAGE}"],
        capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="module")
def prefix():
    make("install")
    yield STAGE / "usr" / "local"
    shutil.rmtree(STAGE, ignore_errors=True)


@pytest.fixture()
def work():
    folder = Path(tempfile.mkdtemp(prefix="pitchline-work-"))
    assert ROOT not in folder.parents
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def environment(cwd: Path) -> dict[str, str]:
    """The user's cache folder (the default --cache) inside the test's folder."""
    return {**os.environ, "XDG_CACHE_HOME": str(cwd / "xdg-cache")}


def pitchline(prefix: Path, *args: str, cwd: Path, ok: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run([str(prefix / "bin" / "pitchline"), *args], cwd=cwd, env=environment(cwd),
                            capture_output=True, text=True, timeout=300)
    if ok:
        assert result.returncode == 0, f"pitchline {' '.join(args)}: {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


def serve_and_get(prefix: Path, site: str, cwd: Path, paths: list[str]) -> dict[str, str]:
    """`pitchline serve SITE --port 0`, then GET each path over loopback; returns the bodies."""
    base, server = fixture_site.start_serve([site, "--log-level", "warning"], binary=prefix / "bin" / "pitchline",
                                            cwd=cwd, env=environment(cwd))
    try:
        bodies = {}
        for path in paths:
            with urllib.request.urlopen(base + path, timeout=30) as response:
                assert response.status == 200, path
                bodies[path] = response.read().decode()
        return bodies
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_installed_tree(prefix):
    assert (prefix / "bin" / "pitchline").is_file()
    docs = prefix / "share" / "doc" / "pitchline"
    readme = (docs / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\((docs/[\w.-]+\.md)", readme))
    assert "docs/install.md" in linked and "docs/keys.md" in linked
    missing = sorted(name for name in linked if not (docs / name).is_file())
    assert not missing, f"the installed README links to pages not installed: {missing}"
    assert not (prefix / "bin" / "Templates").exists(), "the theme is inside the binary"
    bridges = prefix / "share" / "pitchline"   # docs/notebooks.md: pip install …/python, --lua-filter …
    assert (bridges / "python" / "pyproject.toml").is_file() and (bridges / "python" / "pitchline_altair" / "__init__.py").is_file()
    assert (bridges / "pandoc" / "pitchline.lua").is_file()


def test_new_site_checks_exports_and_serves(prefix, work):
    created = pitchline(prefix, "new", "mysite", cwd=work)
    assert "pitchline serve mysite" in created.stdout
    again = pitchline(prefix, "new", "mysite", cwd=work, ok=False)
    assert again.returncode != 0 and "mysite is not empty" in again.stderr
    checked = pitchline(prefix, "check", "mysite", cwd=work)
    assert "2 charts loaded, 0 problems" in checked.stdout
    pitchline(prefix, "export", "mysite", "--out", str(work / "out"), cwd=work)
    page = (work / "out" / "charts" / "rainfall.html").read_text()
    assert "<h1>Monthly rainfall in Seattle, 2015</h1>" in page
    assert '<html lang="en">' in page
    assert "mm" in page  # the sidecar's unit
    assert "https://example.org/charts/charts/temperature.html" in (work / "out" / "sitemap.xml").read_text()
    assert "weather in 2015" in (work / "out" / "reports" / "seattle-2015.html").read_text()
    # The cache goes to the user's cache folder, not the folder pitchline runs in.
    assert not (work / ".cache").exists() and (work / "xdg-cache" / "pitchline").is_dir()
    # From another folder, by absolute path.
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    bodies = serve_and_get(prefix, str(work / "mysite"), elsewhere, ["", "charts/temperature.html"])
    assert "<h1>My charts</h1>" in bodies[""]
    assert "Seattle temperature by month, 2015" in bodies["charts/temperature.html"]


def test_example_site_with_a_gallery_spec_and_a_readme(prefix, work):
    shutil.copytree(ROOT / "site", work / "example")
    (work / "example" / "charts" / "README.md").write_text("# About these charts\n")
    (work / "example" / "charts" / "gallery-rain.vl.json").write_text(GALLERY_SPEC)
    checked = pitchline(prefix, "check", "example", cwd=work)
    assert "gallery-rain: bar chart, 1 series, 12 points" in checked.stdout
    assert re.search(r"\d+ charts loaded, 0 problems", checked.stdout)
    assert "note: skipped 1 file in example/charts that is not a chart: README.md" in checked.stderr
    exported = pitchline(prefix, "export", "example", "--out", str(work / "out"), cwd=work)
    assert "note: skipped 1 file" in exported.stderr and "warning" not in exported.stderr
    assert (work / "out" / "charts" / "gallery-rain.html").is_file()
    assert not (work / "out" / "charts" / "README.html").exists()
    bodies = serve_and_get(prefix, "example", work, ["charts/seattle-temperature.html", "charts/gallery-rain.html"])
    assert "<h1>Seattle daily temperature</h1>" in bodies["charts/seattle-temperature.html"]
    assert "Month of the year" in bodies["charts/gallery-rain.html"]


def test_theme_override_of_one_template_changes_that_page_only(prefix, work):
    shutil.copytree(ROOT / "site", work / "example")
    pitchline(prefix, "theme", "export", "full-theme", cwd=work)
    again = pitchline(prefix, "theme", "export", "full-theme", cwd=work, ok=False)
    assert again.returncode != 0 and "--force" in again.stderr
    chart_template = (work / "full-theme" / "Templates" / "chart.mustache").read_text()
    assert "<h1>{{chart.title}}</h1>" in chart_template
    (work / "house" / "Templates").mkdir(parents=True)
    (work / "house" / "Templates" / "chart.mustache").write_text(
        chart_template.replace("<h1>{{chart.title}}</h1>", '<h1>{{chart.title}}</h1>\n<p class="house">House style</p>'))
    pitchline(prefix, "export", "example", "--out", str(work / "plain"), "--cache", "cache", cwd=work)
    pitchline(prefix, "export", "example", "--out", str(work / "themed"), "--cache", "cache", "--theme", "house", cwd=work)
    plain = {p.relative_to(work / "plain"): p.read_bytes() for p in (work / "plain").rglob("*") if p.is_file()}
    themed = {p.relative_to(work / "themed"): p.read_bytes() for p in (work / "themed").rglob("*") if p.is_file()}
    assert plain.keys() == themed.keys()
    changed = sorted(str(p) for p in plain if plain[p] != themed[p])
    # Chart pages come from chart.mustache; a figure of small multiples has its own figure.mustache.
    chart_pages = sorted(str(p) for p in plain if p.parent.name == "charts" and p.suffix == ".html"
                         and f'data-chart-id="{p.stem}"'.encode() in plain[p])
    assert changed == chart_pages
    assert all(b'<p class="house">House style</p>' in themed[Path(p)] for p in chart_pages)


def test_uninstall_removes_what_install_put(prefix):
    make("uninstall")
    assert not (prefix / "bin" / "pitchline").exists()
    assert not (prefix / "share" / "doc" / "pitchline").exists()
    assert not (prefix / "share" / "pitchline").exists()

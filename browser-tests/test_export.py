"""`pitchline export`: the static site and the single file, opened from disk in Chromium.

- every exported page from file://: axe finds nothing, no request leaves the export folder,
  links between pages work, scrubbing plays the right segment (the audio comes from the
  classic base64 script, since Chromium blocks fetch on file://);
- a second export re-renders and rewrites nothing; SIGKILL mid-export and a full disk leave
  the previous export intact;
- the single file opens and scrubs with no other file beside it, under its own CSP;
- the exported files equal, byte for byte, what `pitchline serve` serves.
"""
from __future__ import annotations

import hashlib
import http.client
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import ROOT, fixture_site, pitchline_bin

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
MARKER = ".pitchline-export"
SEATTLE = "seattle-temperature"
# The one page with links from the host's root: a host answers missing paths at any depth with it
# (SiteGenerator; docs/export.md). Every other page links relatively.
NOT_FOUND = "404.html"
_axe = Axe()

# Installed before any page script runs: tone starts and decoded buffers seen through the Web
# Audio API (the shipped script has no test hooks), CSP violations.
RECORDER = (Path(__file__).resolve().parent / "webaudio_recorder.js").read_text(encoding="utf-8")
# Slider read right after a key: tone and speech together (tone first delays the label; test_scrub checks it).
RECORDER += "\ntry { localStorage.setItem('pitchline.order', 'together'); } catch (e) {}\n"


def export(*args: str, env: dict | None = None, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [str(pitchline_bin()), "export", *args, "--theme", str(ROOT)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env={**os.environ, **(env or {})})
    if check and result.returncode != 0:
        raise AssertionError(f"pitchline export {' '.join(args)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


def tree(root: Path) -> dict[str, str]:
    """Relative path → SHA-256 of every file under root."""
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def summary_counts(stdout: str) -> dict[str, int]:
    m = re.search(r"(\d+) charts \((\d+) rendered, (\d+) reused\).* (\d+) files \((\d+) written, (\d+) unchanged\)", stdout)
    assert m, stdout
    keys = ["charts", "rendered", "reused", "files", "written", "unchanged"]
    return dict(zip(keys, map(int, m.groups())))


@pytest.fixture(scope="module")
def work():
    d = Path(tempfile.mkdtemp(prefix="pitchline-export-test-"))
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture(scope="module")
def exported(work):
    """The example site exported with a fresh cache; (folder, first run's stdout)."""
    out = work / "site-out"
    result = export("site", "--out", str(out), "--cache", str(work / "cache"))
    return out, result.stdout


@pytest.fixture(scope="module")
def single_file(work):
    """The single file (made once per test run; its export wrote nothing else), alone in its own folder."""
    folder = work / "single"
    folder.mkdir()
    return fixture_site.single_file_example(folder / "weather.html")


def guarded_page(browser, allowed_prefix: str):
    """A page that records every request outside `allowed_prefix` (and aborts it)."""
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    page = context.new_page()
    page.add_init_script(RECORDER)
    page.outside = []
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)

    def guard(route):
        url = route.request.url
        if url.startswith(allowed_prefix) or url.startswith("data:"):
            route.continue_()
        else:
            page.outside.append(url)
            route.abort()

    context.route("**/*", guard)
    return context, page


def focus_slider(page, chart_id: str):
    """Tabs until the chart's slider has focus; waits for its audio to be decoded."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("id => { const f = document.activeElement.closest('figure'); return !!f && f.dataset.chartId === id && document.activeElement.classList.contains('pl-slider'); }", chart_id):
            break
    else:
        raise AssertionError(f"Tab never reached the scrubber of {chart_id}")
    page.wait_for_function("() => window.__decoded.length >= 1", timeout=15000)
    page.wait_for_function("""id => { const d = window.PitchlineCharts[id].audio, done = window.__decoded;
        return done.some(x => Math.abs(x - d.tones.reduce((m, t) => Math.max(m, t[0] + t[1]), 0)) < 0.001); }""",
                           arg=chart_id, timeout=15000)
    return page.evaluate("id => window.PitchlineCharts[id]", chart_id)


def assert_plays_point(page, data, chart_id: str, row: int):
    event = page.evaluate("window.__plays")[-1]
    tone = data["series"][0]["tones"][row]
    n = len(data["x"]["labels"])
    assert round((event["pan"] + 1) / 2 * (n - 1)) == row          # panned to that point
    assert event["offset"] == data["audio"]["tones"][tone][0]
    assert event["duration"] == data["audio"]["tones"][tone][1]
    assert event["synthesized"] is False
    slider = page.locator(f'figure[data-chart-id="{chart_id}"] .pl-slider')
    assert slider.evaluate("e => +e.value - +e.min") == row


def axe_violations(page, skip_tables: bool = False) -> list[str]:
    """axe's WCAG 2.2 AA rules; `skip_tables` leaves out the data tables (test_pages.py checks
    each of them on its own page; in the single file they would make axe take minutes)."""
    for summary in page.locator("details > summary").all():
        summary.click()
    context = {"exclude": [[".pl-table-wrap"]]} if skip_tables else None
    # No preload: axe would fetch the stylesheets with XHR, which file:// pages may not do.
    results = _axe.run(page, context=context, options={"runOnly": {"type": "tag", "values": AXE_TAGS}, "preload": False, "resultTypes": ["violations"]})
    return [f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes'][:3]]}" for v in results.response["violations"]]


# --- the static site from file:// -------------------------------------------------------------

def test_pages_from_disk_pass_axe_and_request_nothing_outside_the_folder(browser, exported):
    out, _ = exported
    prefix = out.as_uri() + "/"
    pages = sorted(str(p.relative_to(out)) for p in out.rglob("*.html") if p.name != NOT_FOUND)
    assert "index.html" in pages and any(p.startswith("reports/") for p in pages)
    for path in pages:
        context, page = guarded_page(browser, prefix)
        try:
            page.goto(prefix + path)
            page.wait_for_load_state("load")
            page.wait_for_timeout(300)  # idle callback: audio scripts load
            assert page.outside == [], f"{path} requested {page.outside}"
            assert page.errors == [], f"{path}: {page.errors}"
            assert page.evaluate("window.__csp") == []
            # axe over HTTP checks every page (test_pages.py) and is slow on big tables; from
            # disk the markup is the same, so the index and the reports (every kind of page
            # content: lists, prose, several charts) are enough here.
            if path == "index.html" or path.startswith("reports/"):
                assert axe_violations(page, skip_tables=True) == [], path
        finally:
            context.close()


def test_links_between_pages_resolve_inside_the_export(browser, exported):
    out, _ = exported
    prefix = out.as_uri() + "/"
    for html in out.rglob("*.html"):
        if html.relative_to(out) == Path(NOT_FOUND):
            continue
        text = html.read_text(encoding="utf-8")
        for link in re.findall(r'\s(?:href|src)="([^"#][^"]*)"', text):
            assert not re.match(r"^[a-z]+:", link) and not link.startswith("/"), f"{html}: absolute link {link}"
            target = (html.parent / link.split("#")[0]).resolve()
            assert target.is_file(), f"{html.relative_to(out)} links to missing {link}"
    # And by clicking: index → report → a chart's CSV download link exists → back to the index.
    context, page = guarded_page(browser, prefix)
    try:
        page.goto(prefix + "index.html")
        page.click("a[href^='reports/']")
        assert page.url.startswith(prefix + "reports/")
        assert page.locator("figure.pl-chart").count() >= 2
        page.click("nav a:has-text('All charts and reports')")
        assert page.url == prefix + "index.html"
        page.click(f"a[href='charts/{SEATTLE}.html']")
        assert page.url == prefix + f"charts/{SEATTLE}.html"
        assert page.outside == []
    finally:
        context.close()


def test_scrubbing_from_disk_plays_the_right_segment(browser, exported):
    out, _ = exported
    prefix = out.as_uri() + "/"
    context, page = guarded_page(browser, prefix)
    try:
        page.goto(prefix + f"charts/{SEATTLE}.html")
        data = focus_slider(page, SEATTLE)
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        assert_plays_point(page, data, SEATTLE, 3)
        assert page.outside == [] and page.errors == []
    finally:
        context.close()


def test_each_chart_in_a_report_scrubs_on_its_own(browser, exported):
    out, _ = exported
    prefix = out.as_uri() + "/"
    report = next((out / "reports").glob("*.html"))
    context, page = guarded_page(browser, prefix)
    try:
        page.goto(prefix + "reports/" + report.name)
        page.wait_for_timeout(500)  # the scrubbers start; none may scroll the page
        assert page.evaluate("scrollY") == 0
        ids = page.eval_on_selector_all("figure.pl-chart", "fs => fs.map(f => f.dataset.chartId)")
        assert len(ids) >= 2
        second = ids[1]
        data = focus_slider(page, second)
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert_plays_point(page, data, second, 2)
        assert page.locator(f'figure[data-chart-id="{ids[0]}"] .pl-slider').evaluate("e => +e.value - +e.min") == 0
        assert page.outside == [] and page.errors == []
    finally:
        context.close()


# --- incremental, interrupted, full disk ------------------------------------------------------

def test_second_export_renders_and_writes_nothing(work, exported):
    out, first_stdout = exported
    first = summary_counts(first_stdout)
    assert first["rendered"] == first["charts"] >= 5
    before = tree(out)
    started = time.monotonic()
    second = export("site", "--out", str(out), "--cache", str(work / "cache"))
    elapsed = time.monotonic() - started
    counts = summary_counts(second.stdout)
    assert counts["rendered"] == 0 and counts["reused"] == first["charts"], second.stdout
    assert counts["written"] == 0 and counts["unchanged"] == first["files"], second.stdout
    assert tree(out) == before
    print(f"second export: {elapsed:.2f} s wall ({second.stdout.strip()})")


def _exported_then_retitled(work, name, title):
    """A copy of the example site exported to `<name>-out`, then its Seattle chart retitled so the
    next export differs. Returns the site, the output folder and the exported tree."""
    site = work / f"{name}-site"
    shutil.copytree(ROOT / "site", site)
    out = work / f"{name}-out"
    export(str(site), "--out", str(out), "--cache", str(work / "cache"))
    spec = site / "charts" / f"{SEATTLE}.vl.json"
    spec.write_text(spec.read_text(encoding="utf-8").replace("Seattle daily temperature", title), encoding="utf-8")
    return site, out, tree(out)


def _slow_export(work, site, out, **streams):
    """`pitchline export` pausing after each file it writes, so a test can interrupt it mid-export."""
    return subprocess.Popen(
        [str(pitchline_bin()), "export", str(site), "--out", str(out), "--cache", str(work / "cache"), "--theme", str(ROOT),
         "--pause-after-each-file", "300"],
        cwd=ROOT, **streams)


def test_sigkill_mid_export_leaves_the_previous_export_intact(work):
    # Change the site so the next export differs, then kill it after its first chart file.
    site, out, before = _exported_then_retitled(work, "kill", "Seattle temperature, renamed")
    process = _slow_export(work, site, out, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    killed_in = None
    while time.monotonic() < deadline and process.poll() is None:
        temps = list(work.glob("kill-out.tmp-*"))
        if temps and list((temps[0] / "charts").glob("*.html")):
            killed_in = temps[0]
            process.send_signal(signal.SIGKILL)
            break
        time.sleep(0.02)
    process.wait(timeout=30)
    assert killed_in is not None, "the export finished before it could be killed"
    assert tree(out) == before
    assert (out / MARKER).is_file()
    # The next export removes the leftover and completes.
    result = export(str(site), "--out", str(out), "--cache", str(work / "cache"))
    assert not killed_in.exists()
    assert [p.name for p in work.glob("kill-out*")] == ["kill-out"]
    assert "Seattle temperature, renamed" in (out / "charts" / f"{SEATTLE}.html").read_text(encoding="utf-8")
    # The killed run had rendered the changed chart before writing: its render is reused.
    assert summary_counts(result.stdout)["rendered"] == 0


def test_ctrl_c_mid_export_stops_cleanly(work):
    site, out, before = _exported_then_retitled(work, "int", "Interrupted")
    process = _slow_export(work, site, out, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and process.poll() is None:
        temps = list(work.glob("int-out.tmp-*"))
        if temps and list((temps[0] / "charts").glob("*")):
            process.send_signal(signal.SIGINT)
            break
        time.sleep(0.02)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert tree(out) == before
    assert [p.name for p in work.glob("int-out*")] == ["int-out"]  # its temporary folder is gone


def test_refuses_a_folder_it_did_not_write_unless_forced(work):
    out = work / "someone-elses"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    result = export("site", "--out", str(out), "--cache", str(work / "cache"), check=False)
    assert result.returncode != 0
    assert "--force" in result.stderr and (out / "notes.txt").read_text() == "keep me"
    export("site", "--out", str(out), "--cache", str(work / "cache"), "--force")
    assert not (out / "notes.txt").exists() and (out / MARKER).is_file()


def test_a_broken_chart_fails_the_export_loudly_and_never_reaches_a_public_page(work, exported):
    """Exit 1 and nothing written; --keep-going publishes the rest (still exit 1) with no error text."""
    site = work / "broken-site"
    shutil.copytree(ROOT / "site", site)
    (site / "charts" / "broken.vl.json").write_text('{"mark": "pie", "data": {"values": []}}')
    out = work / "broken-out"
    result = export(str(site), "--out", str(out), "--cache", str(work / "cache"), check=False)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "broken.vl.json:1: $.mark" in result.stderr and not out.exists()
    result = export(str(site), "--out", str(out), "--cache", str(work / "cache"), "--keep-going", check=False)
    assert result.returncode == 1 and "1 problem" in result.stdout, result.stdout + result.stderr
    assert not (out / "charts" / "broken.html").exists() and (out / "charts" / f"{SEATTLE}.html").is_file()
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "broken" not in text and "could not be loaded" not in text and "not supported" not in text, page


def test_full_disk_is_a_clear_error_and_keeps_the_previous_export(work, exported):
    disk = work / "small-disk"
    disk.mkdir()
    # tmpfs keeps each file in whole 4 KiB pages: the site's size as the disk counts it, plus room
    # for directories and the export's temporary folder's bookkeeping.
    site_bytes = sum(-(-p.stat().st_size // 4096) * 4096 for p in exported[0].rglob("*") if p.is_file())
    size_kb = site_bytes // 1024 + 512
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        out = disk / "out"
        export("site", "--out", str(out), "--cache", str(work / "cache"))
        before = tree(out)
        # Fill the disk but for 64 KiB, then export a changed site (changed files need space).
        free = shutil.disk_usage(disk).free
        with open(disk / "filler", "wb") as f:
            f.write(b"\0" * max(0, free - 64 * 1024))
        site = work / "full-site"
        shutil.copytree(ROOT / "site", site)
        for spec in (site / "charts").glob("*.vl.json"):
            spec.write_text(spec.read_text(encoding="utf-8").replace('"title": "', '"title": "Changed: ', 1), encoding="utf-8")
        result = export(str(site), "--out", str(out), "--cache", str(work / "cache"), check=False)
        assert result.returncode != 0
        assert "no space left on device" in result.stderr, result.stderr
        assert str(disk) in result.stderr
        assert tree(out) == before
        assert sorted(p.name for p in disk.iterdir()) == ["filler", "out"]
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


# --- the single file -------------------------------------------------------------------------

def test_single_file_opens_and_scrubs_alone_under_its_own_csp(browser, single_file):
    url = single_file.as_uri()
    text = single_file.read_text(encoding="utf-8")
    assert "unsafe-inline" not in text
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', text).group(1)
    assert "default-src 'none'" in csp and "script-src 'sha256-" in csp and "style-src 'sha256-" in csp
    assert "<script src" not in text and 'rel="stylesheet"' not in text and "style=" not in text
    context, page = guarded_page(browser, url)
    try:
        page.goto(url)
        page.wait_for_load_state("load")
        ids = page.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
        assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
        charts = page.eval_on_selector_all("figure.pl-chart", "fs => fs.map(f => f.dataset.chartId)")
        assert len(charts) == len(set(charts)) >= 5
        assert page.locator("h1").count() == 1
        data = focus_slider(page, charts[0])
        page.keyboard.press("ArrowRight")
        assert_plays_point(page, data, charts[0], 1)
        # Links between pages are in-page anchors that land on the chart.
        link = page.locator(f"a[href='#page-charts-{charts[-1]}'], a[href='#{charts[-1]}-heading']").first
        link.click()
        target = page.evaluate("location.hash.slice(1)")
        assert page.locator(f"[id='{target}']").count() == 1
        assert page.evaluate("window.__csp") == []
        assert page.outside == [] and page.errors == []
        assert axe_violations(page, skip_tables=True) == []
        assert page.outside == []
    finally:
        context.close()


def test_single_file_put_on_a_web_server_plays_its_embedded_tones(browser, single_file):
    """Attached to an email and then uploaded somewhere: over http the page still uses the audio
    it carries (there is no .ogg beside it to fetch), not the synthesised fallback."""
    base, stop = fixture_site.serve(single_file.parent, fixture_site.PlainHandler)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(RECORDER)
        page.goto(f"{base}{single_file.name}")
        chart = page.eval_on_selector("figure.pl-chart", "f => f.dataset.chartId")
        focus_slider(page, chart)
        page.keyboard.press("ArrowRight")
        page.wait_for_function("() => window.__plays.length >= 1", timeout=20000)
        assert page.evaluate("window.__plays")[-1]["synthesized"] is False
    finally:
        context.close()
        stop()


# --- export = serve ---------------------------------------------------------------------------

def test_exported_files_equal_what_the_server_serves(work, exported):
    out, _ = exported
    server = subprocess.Popen(
        [str(pitchline_bin()), "serve", "site", "--port", "0", "--theme", str(ROOT)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        for line in server.stdout:  # "Building the site… [3/5] …" lines come first
            m = re.search(r"http://[^:/]+:(\d+)/", line)
            if m:
                port = int(m.group(1))
                break
        if port is None:
            stderr = server.stderr.read()
            if "cannot generate" in stderr:
                pytest.skip("pitchline serve cannot generate a site in this build yet")
            raise AssertionError(f"pitchline serve did not start: {stderr}")
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        files = [p for p in out.rglob("*") if p.is_file() and p.name != MARKER]
        assert len(files) > 20
        for f in files:
            rel = str(f.relative_to(out))
            conn.request("GET", "/" + rel, headers={"Accept-Encoding": "identity"})
            response = conn.getresponse()
            body = response.read()
            assert response.status == 200, rel
            assert body == f.read_bytes(), f"{rel} differs from the server's"
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()

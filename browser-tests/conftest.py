"""Browser test harness: export the example site once, serve it on loopback under a strict
Content-Security-Policy, and drive Debian's Chromium through Playwright.

Later issues reuse these fixtures. Pages are served by the project's own server
(`pitchline serve --files EXPORT --port 0`, with its real headers); PITCHLINE_SERVER=python
serves the exported folder with a small Python server instead.

Environment:
  PITCHLINE_BIN   path of the pitchline binary (default .build/debug/pitchline)
  PITCHLINE_EXPORTED  test this already exported folder instead of exporting
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "browser-tests" / "fixtures"))
import fixture_site  # noqa: E402  (the static server shared with test_orca, test_scrub and bench/latency.py)
# Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself runs
# headless): the same Blink, V8 and media stack as the browser, without the browser's UI layers. A
# chart page's first load took a quarter of the CPU it takes in `chromium --headless` (0.4 s
# against 1.7 s, measured over the 15 example charts; docs/performance.md), which is most of the
# browser tests' CPU. PITCHLINE_CHROMIUM=/usr/bin/chromium runs them in the whole browser; the
# Orca transcripts always drive the whole browser (tools/orca).
CHROMIUM = os.environ.get("PITCHLINE_CHROMIUM", "/usr/bin/chromium-headless-shell")
# --disable-gpu: no GPU here, and without it Chromium composites through SwiftShader in a GPU
# process of its own (about a tenth of a test file's CPU, measured on test_kinds.py).
CHROMIUM_ARGS = ["--no-sandbox", "--autoplay-policy=no-user-gesture-required", "--disable-gpu"]
ARTIFACTS = ROOT / "test-artifacts"
# Scripts the audio tests add to every page: the Web Audio recorder, and tone and speech together.
RECORDER = (ROOT / "browser-tests" / "webaudio_recorder.js").read_text(encoding="utf-8")
TOGETHER = "try { localStorage.setItem('pitchline.order', 'together'); } catch (e) {}"


@contextlib.contextmanager
def recorded_page(browser):
    """A page in its own context that records Web Audio (RECORDER) and says tone and speech
    together; on leaving, the context closes and any script error on the page fails the test."""
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(RECORDER)
    page.add_init_script(TOGETHER)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert errors == [], errors


def pitchline_bin() -> Path:
    return fixture_site.pitchline_binary()


@functools.lru_cache(maxsize=1)
def exported_site() -> Path:
    """The example site exported (once per test run, fixture_site.once) and copied to TMP; returns TMP.
    PITCHLINE_EXPORTED=DIR tests an already exported folder instead (for quick iterations)."""
    if os.environ.get("PITCHLINE_EXPORTED"):
        return Path(os.environ["PITCHLINE_EXPORTED"])
    out = Path(tempfile.mkdtemp(prefix="pitchline-export-")) / "out"
    return Path(fixture_site.export_example(out))   # the one export of this test run, copied


def page_paths() -> list[str]:
    """Every generated HTML page, relative to the site root (e.g. `charts/x.html`)."""
    root = exported_site()
    return sorted(str(p.relative_to(root)) for p in root.rglob("*.html"))


def chart_ids() -> list[str]:
    root = exported_site() / "charts"
    ids = []
    for page in sorted(root.glob("*.html")):
        # A figure of small multiples (panels `<id>--pN` on one page) has its own test_multiples.py.
        if f'data-chart-id="{page.stem}"' in page.read_text(encoding="utf-8"):
            ids.append(page.stem)
    return ids


def start_server(root: Path):
    """Serves `root` on 127.0.0.1 with an ephemeral port; returns (base_url, stop)."""
    kind = os.environ.get("PITCHLINE_SERVER", "pitchline")
    if kind == "pitchline":
        return start_pitchline_server(root)
    if kind != "python":
        raise ValueError(f"PITCHLINE_SERVER={kind}: use python or pitchline")
    return fixture_site.serve(root)


def start_pitchline_server(root: Path, files: bool = True, cache: Path | None = None):
    """`pitchline serve --files ROOT --port 0` (the exported files, from memory, with the
    project's own headers), or with files=False `pitchline serve ROOT` (a site folder, built in
    memory with local error pages); returns (base_url, stop)."""
    source = ["--files", str(root)] if files else [str(root), "--theme", str(ROOT), "--cache", str(cache or root / ".cache")]
    url, process = fixture_site.start_serve([*source, "--log-level", "warning"], binary=pitchline_bin(), cwd=ROOT)

    def stop():
        process.terminate()
        process.wait(timeout=30)

    return url, stop


def pytest_configure(config):
    # The folder fixture_site.once keeps this run's exports in, made before xdist's workers start.
    if not os.environ.get(fixture_site.ONCE_DIR) and not os.environ.get("PYTEST_XDIST_WORKER"):
        os.environ[fixture_site.ONCE_DIR] = tempfile.mkdtemp(prefix="pitchline-test-once-")
        config._pitchline_once = os.environ[fixture_site.ONCE_DIR]
    config.addinivalue_line(
        "markers", "slow: left out of `make test` (kept under 10 minutes on 2 cores); `make test-full` runs it")


def pytest_unconfigure(config):
    if getattr(config, "_pitchline_once", None):
        shutil.rmtree(config._pitchline_once, ignore_errors=True)


# Files handed out first, longest first (`--dist loadfile --no-loadscope-reorder` gives workers
# whole files in collection order): the Orca transcripts (real time, mostly waiting on speech),
# then the files with the longest tests (their summed --durations). Handed out last, Orca ran
# after everything else while a worker idled.
FIRST = ["test_orca.py", "test_scrub.py", "test_export.py", "test_faults.py", "test_resources.py",
         "test_reader.py", "test_kinds.py", "test_multiples.py"]


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: FIRST.index(item.path.name) if item.path.name in FIRST else len(FIRST))


def pytest_generate_tests(metafunc):
    if "page_path" in metafunc.fixturenames:
        metafunc.parametrize("page_path", page_paths())
    if "chart_id" in metafunc.fixturenames:
        metafunc.parametrize("chart_id", chart_ids())
    if "scripts" in metafunc.fixturenames:
        metafunc.parametrize("scripts", ["js-on", "js-off"])


@pytest.fixture(scope="session")
def site_root() -> Path:
    root = exported_site()
    yield root
    if not os.environ.get("PITCHLINE_EXPORTED"):
        shutil.rmtree(root.parent, ignore_errors=True)


@pytest.fixture(scope="session")
def base_url(site_root) -> str:
    url, stop = start_server(site_root)
    yield url
    stop()


@pytest.fixture(scope="module")
def browser():
    """Chromium for one test module (module scope: Playwright's sync API allows one running
    instance per thread, and other modules may start their own)."""
    with sync_playwright() as p:
        b = launch_chromium(p)
        yield b
        b.close()


def launch_chromium(playwright):
    """The browser the page tests drive (CHROMIUM with CHROMIUM_ARGS)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def _new_page(browser, *, javascript: bool, color_scheme: str = "light", block_page_scripts: bool = False):
    """A fresh context and page. `block_page_scripts` keeps JavaScript on for the test's own
    tools (axe needs timers, which Chromium stops when JavaScript is disabled) but never lets
    the site's scripts load: with no inline scripts (CSP), that is the page without scripts."""
    context = browser.new_context(
        java_script_enabled=javascript, color_scheme=color_scheme,
        viewport={"width": 1024, "height": 800})
    if block_page_scripts:
        context.route(re.compile(r".*\.js(\?.*)?$"), lambda route: route.abort())
    page = context.new_page()
    page.console_messages_seen = []
    page.on("console", lambda m: page.console_messages_seen.append(m))
    page.page_errors_seen = []
    page.on("pageerror", lambda e: page.page_errors_seen.append(e))
    return context, page


@pytest.fixture
def page_js(browser):
    """A page with scripts enabled; `page.console_messages_seen` / `page.page_errors_seen` collect output."""
    context, page = _new_page(browser, javascript=True)
    yield page
    context.close()


@pytest.fixture
def page_nojs(browser):
    """A page with scripts disabled."""
    context, page = _new_page(browser, javascript=False)
    yield page
    context.close()


@pytest.fixture
def page_for(browser):
    """Factory: page_for(javascript=True, color_scheme="dark", block_page_scripts=False)."""
    contexts = []

    def make(javascript: bool = True, color_scheme: str = "light", block_page_scripts: bool = False):
        context, page = _new_page(browser, javascript=javascript, color_scheme=color_scheme,
                                  block_page_scripts=block_page_scripts)
        contexts.append(context)
        return page

    yield make
    for c in contexts:
        c.close()

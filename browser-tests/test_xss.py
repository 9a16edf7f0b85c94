"""XSS: a site whose every author-written text is a payload (browser-tests/xss-site, made by its
make_site.py), exported with the project binary and served by `pitchline serve --files` with the
project's own headers (CSP included).

Every page is opened in Chromium with scripts on and the scrubber driven, so text the page's
script writes (labels, live region, readout) is covered too. A test fails on any dialog
(alert/confirm/prompt), console error, page error or `securitypolicyviolation` event, on any
element with an event-handler attribute or a script URL, and unless the payloads are visible as
plain text where the author put them.
"""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import ROOT, _new_page, pitchline_bin, start_pitchline_server

XSS_SITE = ROOT / "browser-tests" / "xss-site"
SCRIPT = "</script><img src=x onerror=alert(1)>"
ATTR = '"><svg onload=alert(2)>'
SINGLE = "'><img src=x onerror=alert(3)>"
STYLE = "<style>body{display:none}</style>"
MUSTACHE = "{{mustache}} {{{triple}}} {{>partial}}"
TEMPLATE = "${alert(5)} `;alert(6)//"
ENTITY = "&lt;b&gt; &amp;"

# Page → texts that must be visible, as typed by the author (innerText of the page).
PAGES = {
    "index.html": ["Title " + SCRIPT, "Report " + SCRIPT, "Bars " + STYLE],
    "404.html": [],
    "guide.html": [],
    "charts/xss-spec.html": ["Title " + SCRIPT, "Subtitle " + ATTR, "Description " + SINGLE, SCRIPT, ATTR, MUSTACHE],
    "charts/xss-bars.html": ["Bars " + STYLE, SCRIPT, ATTR, "javascript:alert(4)", ENTITY],
    "charts/xss-bare.html": [SCRIPT, TEMPLATE, MUSTACHE, "<!-- not a comment"],
    "charts/xss-pie.html": ["Pie " + STYLE, SCRIPT, ATTR, MUSTACHE],
    "charts/xss-heatmap.html": ["Heat " + SCRIPT, SCRIPT, ATTR, ENTITY, "]]><x", "Row " + SINGLE],
    "charts/xss-broken.html": ["missing " + SCRIPT],
    # In Markdown, "&lt;" is how an author writes "<": there the entity payload shows as "<b> &".
    "reports/xss-report.html": ["Report " + SCRIPT, "raw HTML " + SCRIPT, ATTR, STYLE, MUSTACHE, TEMPLATE, "<b> &",
                                '<iframe src="javascript:alert(9)"></iframe>', "Title " + SCRIPT],
}

# Before any page script: record CSP violations.
RECORDER = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", e => {
  window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`);
});
"""

# Every element with an on* attribute, a script URL, or a script without src.
DOM_CHECK = """
() => {
  const bad = [];
  for (const el of document.querySelectorAll("*")) {
    for (const a of el.attributes) {
      const v = a.value.replace(/[\\u0000-\\u0020]/g, "").toLowerCase();
      if (a.name.toLowerCase().startsWith("on")) bad.push(`${el.tagName} ${a.name}=${a.value}`);
      if (["href", "src", "action", "formaction", "xlink:href"].includes(a.name.toLowerCase()) &&
          /^(javascript|vbscript|data):/.test(v)) bad.push(`${el.tagName} ${a.name}=${a.value}`);
    }
    // The one data block a page may carry: schema.org JSON-LD in <head> (never run; the CSP
    // leaves data blocks alone), whole JSON from the generator's encoder.
    let data = false;
    if (el.tagName === "SCRIPT" && el.type === "application/ld+json" && el.parentElement === document.head &&
        document.querySelectorAll("script:not([src])").length === 1) {
      try { data = JSON.parse(el.textContent)["@context"] === "https://schema.org"; } catch (e) {}
    }
    if (el.tagName === "SCRIPT" && !el.src && !data) bad.push("inline SCRIPT: " + el.textContent.slice(0, 80));
    if (el.tagName === "IFRAME" || el.tagName === "STYLE" || el.tagName === "OBJECT" || el.tagName === "EMBED")
      bad.push(el.tagName);
  }
  return bad;
}
"""


# Pages with a build problem (a broken chart, a report naming a missing chart): `serve` shows them
# locally, `export` never publishes them.
LOCAL_ONLY = {"charts/xss-broken.html", "reports/xss-report.html"}


@pytest.fixture(scope="module")
def xss_export() -> Path:
    """`export --keep-going`: the site has problems, so the status is 1 and the rest is published."""
    out = Path(tempfile.mkdtemp(prefix="pitchline-xss-")) / "out"
    result = subprocess.run(
        [str(pitchline_bin()), "export", str(XSS_SITE), "--out", str(out), "--keep-going"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 1, f"export with problems must fail loudly:\n{result.stdout}\n{result.stderr}"
    assert "xss-broken.vl.json" in result.stderr
    yield out
    shutil.rmtree(out.parent, ignore_errors=True)


@pytest.fixture(scope="module")
def xss_url(tmp_path_factory) -> str:
    """`pitchline serve XSS_SITE`: every page, the local error pages included."""
    url, stop = start_pitchline_server(XSS_SITE, files=False, cache=tmp_path_factory.mktemp("xss-cache"))
    yield url
    stop()


def test_every_page_is_checked_and_problem_pages_are_not_exported(xss_export):
    pages = sorted(str(p.relative_to(xss_export)) for p in xss_export.rglob("*.html"))
    assert pages == sorted(set(PAGES) - LOCAL_ONLY), "a page of the XSS site is not in PAGES (add it with its visible payloads)"


@pytest.mark.parametrize("path", sorted(PAGES))
def test_payloads_never_run_and_show_as_text(browser, xss_url, path):
    context, page = _new_page(browser, javascript=True)
    try:
        dialogs: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(f"{d.type}: {d.message}"), d.dismiss()))
        page.add_init_script(RECORDER)
        response = page.goto(xss_url + path)
        assert response is not None
        csp = response.headers.get("content-security-policy", "")
        assert "script-src" in csp or "default-src" in csp, f"no CSP header on {path}: {response.headers}"
        page.wait_for_load_state("networkidle")

        # Drive every scrubber: its labels, readout and live region come from the chart's data.
        for slider in page.locator(".pl-slider").all():
            if slider.is_visible():
                slider.focus()
                for key in ["ArrowRight", "ArrowRight", "End", "Home", "PageDown", "ArrowDown", "r", "c"]:
                    page.keyboard.press(key)
        page.wait_for_timeout(300)

        # Chromium asks for /favicon.ico on its own; the site has none (not a payload's doing).
        errors = [m.text for m in page.console_messages_seen
                  if m.type == "error" and not m.location.get("url", "").endswith("/favicon.ico")]
        if path == "404.html" and response.status == 404:  # the not-found page is sent as a 404
            errors = [e for e in errors if "status of 404" not in e]
        assert not dialogs, f"a payload ran on {path}: {dialogs}"
        assert not page.page_errors_seen, f"page errors on {path}: {page.page_errors_seen}"
        assert not errors, f"console errors on {path}: {errors}"
        assert page.evaluate("window.__csp") == [], f"CSP violations on {path}"
        assert page.evaluate(DOM_CHECK) == [], f"markup from a payload on {path}"

        text = page.evaluate("document.body.innerText")
        missing = [p for p in PAGES[path] if p not in text]
        assert not missing, f"payloads not visible as text on {path}: {missing}"
    finally:
        context.close()


def test_scrubber_speaks_payload_labels_as_text(browser, xss_url):
    """The slider's aria-valuetext and the readout carry a category name that is a payload."""
    context, page = _new_page(browser, javascript=True)
    try:
        page.add_init_script(RECORDER)
        # read right after each key: tone and speech together (tone first delays the label)
        page.add_init_script("try { localStorage.setItem('pitchline.order', 'together'); } catch (e) {}")
        page.goto(xss_url + "charts/xss-bars.html")
        slider = page.locator(".pl-slider").first
        slider.focus()
        page.keyboard.press("Home")
        labels = []
        for _ in range(7):
            labels.append(slider.get_attribute("aria-valuetext") or "")
            page.keyboard.press("ArrowRight")
        for payload in [SCRIPT, ATTR, "javascript:alert(4)", ENTITY, MUSTACHE]:
            assert any(payload in label for label in labels), (payload, labels)
        assert page.evaluate("window.__csp") == []
    finally:
        context.close()

"""Every generated page: axe (WCAG 2.2 AA) with scripts on and off, the accessibility tree,
no console errors or CSP violations, and screenshots of each chart in light and dark mode."""

from __future__ import annotations

import csv
import html as htmlmod
import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import ARTIFACTS

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
TABLE_ROWS_CHECKED = 100
_axe = Axe()


def _report(results) -> str:
    lines = []
    for v in results.response["violations"]:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:5]:
            lines.append(f"    {node['target']}: {node.get('failureSummary', '').splitlines()[-1:]}")
    return "\n".join(lines)


def test_axe_finds_no_violations(page_for, base_url, page_path, scripts):
    page = page_for(javascript=True, block_page_scripts=(scripts == "js-off"))
    page.goto(base_url + page_path)
    page.wait_for_load_state("load")
    if scripts == "js-off":
        assert page.evaluate("Object.keys(window.PitchlineCharts || {}).length") == 0
    if scripts == "js-off":
        # Open collapsed tables so their cells are checked too (once: the table is the same
        # markup with scripts on), with their first TABLE_ROWS_CHECKED body rows: every row comes
        # from the one template row, and axe over a 1,461-row table took 45 to 60 s (86 s for a
        # report of several), the largest share of make test's browser time; excluding the rows
        # from axe's context still cost 22 s (axe reads the whole document first), removing them 8 s.
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        page.evaluate(f"document.querySelectorAll('tbody > tr:nth-child(n+{TABLE_ROWS_CHECKED + 1})').forEach(r => r.remove())")
    results = _axe.run(page,
                       options={"runOnly": {"type": "tag", "values": AXE_TAGS}, "resultTypes": ["violations"]})
    assert results.violations_count == 0, f"{page_path} ({scripts}):\n{_report(results)}"


def _expected_rows(site_root, chart_id: str) -> int:
    """Rows in the chart's CSV download, or the limit the page states for huge charts."""
    with open(site_root / "charts" / f"{chart_id}.csv", newline="", encoding="utf-8") as f:
        rows = sum(1 for _ in csv.reader(f)) - 1
    html = (site_root / "charts" / f"{chart_id}.html").read_text(encoding="utf-8")
    m = re.search(r"The table shows the first ([\d,]+) of ([\d,]+) rows", html)
    if m:
        assert int(m.group(2).replace(",", "")) == rows
        return int(m.group(1).replace(",", ""))
    return rows


def _title(site_root, chart_id: str) -> str:
    html = (site_root / "charts" / f"{chart_id}.html").read_text(encoding="utf-8")
    m = re.search(r'<figcaption id="[^"]*"[^>]*>(.*?)</figcaption>', html, re.S)
    return htmlmod.unescape(m.group(1))


def _image_text_descendants(page, title: str) -> list[str]:
    """Text that Chromium's accessibility tree keeps inside the chart image (should be none)."""
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    by_id = {n["nodeId"]: n for n in nodes}
    # the drawing is named by its kind ("Line chart"); the figure around it carries the title
    images = [n for n in nodes if n.get("role", {}).get("value") == "image"]
    assert len(images) == 1
    found, stack = [], list(images[0].get("childIds", []))
    while stack:
        node = by_id.get(stack.pop())
        if node is None:
            continue
        if not node.get("ignored") and node.get("role", {}).get("value") in ("StaticText", "text"):
            found.append(node.get("name", {}).get("value"))
        stack += node.get("childIds", [])
    return found


def test_accessibility_tree_has_title_image_summary_and_table(page_nojs, base_url, site_root, chart_id):
    page = page_nojs
    page.goto(base_url + f"charts/{chart_id}.html")
    title = _title(site_root, chart_id)
    for summary in page.locator("details > summary").all():
        summary.click()
    snapshot = page.locator("body").aria_snapshot()
    assert f'heading "{title}" [level=1]' in snapshot, snapshot[:2000]
    # The figure is named by the chart title (said once); its image is one node named by the
    # chart's kind (not hundreds of path nodes).
    assert page.get_by_role("figure", name=title, exact=True).count() == 1
    images = page.get_by_role("img")
    kind = images.get_attribute("aria-label")
    assert images.count() == 1 and kind and kind != title
    if (page.locator("html").get_attribute("lang") or "en").startswith("en"):
        assert kind.endswith(("chart", "plot", "Heatmap")), kind  # "Line chart", "Box plot"; "Liniendiagramm" in German
    assert "img" in snapshot and title in snapshot
    summary_text = page.locator(f"#{chart_id}-summary").inner_text()
    # Its claims' values are links to their table rows (issue 30): every piece of it is in the tree.
    pieces = [summary_text] if not page.locator(f"#{chart_id}-summary a").count() else \
        [t for t in page.locator(f"#{chart_id}-summary").evaluate("p => [...p.childNodes].map(n => n.textContent.trim())") if t]
    assert len(summary_text) > 20 and all(piece in snapshot for piece in pieces), (pieces, snapshot[:3000])
    assert _image_text_descendants(page, title) == []
    table = page.get_by_role("table")
    assert table.count() == 1
    expected = _expected_rows(site_root, chart_id)
    rows = table.get_by_role("row")
    assert rows.count() == expected + 1  # plus the header row
    # The data table's row headers are cells screen readers announce with each value.
    assert table.get_by_role("rowheader").count() == expected


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshot(page_for, base_url, chart_id, scheme):
    page = page_for(javascript=True, color_scheme=scheme)
    page.goto(base_url + f"charts/{chart_id}.html")
    page.wait_for_load_state("networkidle")
    out = ARTIFACTS / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    page.locator("figure.pl-chart").screenshot(path=str(out / f"{chart_id}-{scheme}.png"))
    page.screenshot(path=str(out / f"{chart_id}-{scheme}-page.png"), full_page=False)
    # The chart is drawn (axes and at least one mark) and fits the viewport: no horizontal scroll.
    assert page.locator("svg.pl-svg .pl-series").count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_no_console_errors_or_csp_violations_and_the_page_opens_at_the_top(page_for, base_url, page_path):
    """With scripts on: nothing logged as an error (a CSP violation is one), no script error, and
    the page stays where the reader is (nothing scrolls it on load), on a phone-sized window."""
    page = page_for(javascript=True)
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(base_url + page_path)
    page.wait_for_load_state("networkidle")
    errors = [m.text for m in page.console_messages_seen if m.type == "error"]
    assert errors == [], errors
    assert page.page_errors_seen == []
    assert page.evaluate("window.scrollY") == 0


def test_forced_colors_use_system_colours(browser, base_url, chart_id):
    """Windows High Contrast and similar: series and text take the system's CanvasText colour
    (dash patterns and marker shapes still tell the series apart); a pie's slices, which have no
    dashes or markers, keep their own distinct colours, outlined apart, as heatmap cells do."""
    context = browser.new_context(forced_colors="active", viewport={"width": 1024, "height": 800})
    try:
        page = context.new_page()
        page.goto(base_url + f"charts/{chart_id}.html")
        colours = page.evaluate("""() => {
            const text = getComputedStyle(document.body).color;
            const series = [...document.querySelectorAll('svg.pl-svg .pl-series')].map(g => getComputedStyle(g).color);
            return {text, series, pie: !!document.querySelector('.pl-mark-arc')};
        }""")
        assert colours["series"], colours
        if colours["pie"]:
            assert len(set(colours["series"])) == len(colours["series"]), colours
        else:
            assert all(c == colours["text"] for c in colours["series"]), colours
        out = ARTIFACTS / "screenshots"
        out.mkdir(parents=True, exist_ok=True)
        page.locator("figure.pl-chart").screenshot(path=str(out / f"{chart_id}-forced-colors.png"))
    finally:
        context.close()


def test_text_reflows_at_400_percent_zoom_and_keyboard_focus_is_visible(page_for, base_url, chart_id):
    """320 CSS px wide is what a 1280 px window shows at 400 % zoom: no horizontal scrolling. The
    first Tab lands on the skip link, which becomes visible; every focused link has an outline."""
    page = page_for(javascript=False)
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(base_url + f"charts/{chart_id}.html")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.keyboard.press("Tab")
    first = page.evaluate("""() => {
        const e = document.activeElement, s = getComputedStyle(e), r = e.getBoundingClientRect();
        return {text: e.textContent, outline: s.outlineStyle, width: parseFloat(s.outlineWidth), top: r.top, height: r.height};
    }""")
    assert first["text"] in ("Skip to main content", "Zum Hauptinhalt springen")  # the page's language (page.skip)
    assert first["outline"] != "none" and first["width"] >= 2
    assert first["top"] >= 0 and first["height"] > 0  # on screen when focused
    for _ in range(3):
        page.keyboard.press("Tab")
        style = page.evaluate("() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, parseFloat(s.outlineWidth)]; }")
        assert style[0] != "none" and style[1] >= 2

"""Every generated page, opened twice, once with its scripts and once without, as a reader would
open it: axe (WCAG 2.2 AA), no console errors or CSP violations, no scrolling on load, reflow at
400 % zoom, visible keyboard focus, the accessibility tree (title, image, summary, table), and
screenshots of each chart in light, dark and forced colours.

Each page loads once per test and every check runs on that load: a chart page's load costs about
1.5 s of CPU and axe about 2 s (measured, docs/performance.md), and with one test per check each
page loaded eight times. A test collects every problem it finds before failing, so one failing
check does not hide the others."""

from __future__ import annotations

import csv
import html as htmlmod
import re

from axe_playwright_python.sync_playwright import Axe

from conftest import ARTIFACTS, chart_ids

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


def _chart_of(page_path: str) -> str | None:
    """The chart id of a single-chart page (`charts/<id>.html`); None for the index, the guide,
    reports and small-multiples figures (test_multiples.py)."""
    m = re.fullmatch(r"charts/([^/]+)\.html", page_path)
    return m.group(1) if m and m.group(1) in chart_ids() else None


def _axe_problems(page, what: str) -> list[str]:
    results = _axe.run(page, options={"runOnly": {"type": "tag", "values": AXE_TAGS}, "resultTypes": ["violations"]})
    return [] if results.violations_count == 0 else [f"axe, {what}:\n{_report(results)}"]


def _reflow_problems(page, what: str) -> list[str]:
    """320 CSS px wide is what a 1280 px window shows at 400 % zoom: no horizontal scrolling."""
    page.set_viewport_size({"width": 320, "height": 640})
    if page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"):
        return []
    return [f"{what}: scrolls sideways at 320 px (400 % zoom)"]


def test_page_with_scripts(page_for, base_url, site_root, page_path):
    """Opened on a phone-sized window: nothing logged as an error (a CSP violation is one), no
    script error, the page stays at the top (nothing scrolls it on load) and reflows. A chart
    page then, on a desktop window: the chart is drawn (at least one series) without sideways
    scrolling, screenshots in light and dark mode; in forced colours (Windows High Contrast),
    series and text take the system's CanvasText colour (dash patterns and marker shapes still
    tell them apart) while a pie's slices keep distinct colours, outlined apart. Last, axe."""
    chart_id = _chart_of(page_path)
    page = page_for(javascript=True)
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(base_url + page_path)
    page.wait_for_load_state("networkidle")
    problems = [f"console error: {m.text}" for m in page.console_messages_seen if m.type == "error"]
    problems += [f"script error: {e}" for e in page.page_errors_seen]
    if page.evaluate("window.scrollY") != 0:
        problems.append("the page scrolled on load")
    problems += _reflow_problems(page, "with scripts")
    if chart_id:
        page.set_viewport_size({"width": 1024, "height": 800})
        out = ARTIFACTS / "screenshots"
        out.mkdir(parents=True, exist_ok=True)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.locator("figure.pl-chart").screenshot(path=str(out / f"{chart_id}-{scheme}.png"))
            page.screenshot(path=str(out / f"{chart_id}-{scheme}-page.png"), full_page=False)
        if page.locator("svg.pl-svg .pl-series").count() < 1:
            problems.append("no series drawn")
        if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"):
            problems.append("scrolls sideways at 1024 px")
        page.emulate_media(color_scheme="light", forced_colors="active")
        colours = page.evaluate("""() => {
            const text = getComputedStyle(document.body).color;
            const series = [...document.querySelectorAll('svg.pl-svg .pl-series')].map(g => getComputedStyle(g).color);
            return {text, series, pie: !!document.querySelector('.pl-mark-arc')};
        }""")
        page.locator("figure.pl-chart").screenshot(path=str(out / f"{chart_id}-forced-colors.png"))
        if colours["pie"]:
            if len(set(colours["series"])) != len(colours["series"]):
                problems.append(f"forced colours: pie slices share colours {colours}")
        elif not all(c == colours["text"] for c in colours["series"]):
            problems.append(f"forced colours: series not in CanvasText {colours}")
        page.emulate_media(forced_colors="none")
    problems += _axe_problems(page, "with scripts")
    assert problems == [], f"{page_path}:\n" + "\n".join(problems)


def test_page_without_scripts(page_for, base_url, site_root, page_path):
    """The page with its scripts blocked (JavaScript stays on for axe's timers; with no inline
    scripts under the CSP this is the page without scripts). A chart page reflows at 400 % zoom;
    the first Tab lands on the skip link, which becomes visible, and every focused link has an
    outline; the accessibility tree has the title as the heading and the figure's name, one image
    named by the chart's kind with no text inside it, the summary (its claim links included), and
    one table with a row header per row. Last, axe with collapsed tables open, on their first
    TABLE_ROWS_CHECKED body rows: every row comes from the one template row, and axe over a
    1,461-row table took 45 to 60 s (86 s for a report of several); excluding the rows from axe's
    context still cost 22 s (axe reads the whole document first), removing them 8 s."""
    chart_id = _chart_of(page_path)
    page = page_for(javascript=True, block_page_scripts=True)
    page.goto(base_url + page_path)
    page.wait_for_load_state("load")
    assert page.evaluate("Object.keys(window.PitchlineCharts || {}).length") == 0
    problems = []
    if chart_id:
        problems += _reflow_problems(page, "without scripts")
        problems += _focus_problems(page)
        page.set_viewport_size({"width": 1024, "height": 800})
        problems += _tree_problems(page, site_root, chart_id)
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    page.evaluate(f"document.querySelectorAll('tbody > tr:nth-child(n+{TABLE_ROWS_CHECKED + 1})').forEach(r => r.remove())")
    problems += _axe_problems(page, "without scripts")
    assert problems == [], f"{page_path}:\n" + "\n".join(problems)


def _focus_problems(page) -> list[str]:
    """The first Tab lands on the skip link, on screen; it and the next three stops have an outline."""
    page.keyboard.press("Tab")
    first = page.evaluate("""() => {
        const e = document.activeElement, s = getComputedStyle(e), r = e.getBoundingClientRect();
        return {text: e.textContent, outline: s.outlineStyle, width: parseFloat(s.outlineWidth), top: r.top, height: r.height};
    }""")
    problems = []
    if first["text"] not in ("Skip to main content", "Zum Hauptinhalt springen"):   # the page's language (page.skip)
        problems.append(f"first Tab stop is not the skip link: {first}")
    if first["outline"] == "none" or first["width"] < 2 or first["top"] < 0 or first["height"] <= 0:
        problems.append(f"skip link focus not visible: {first}")
    for _ in range(3):
        page.keyboard.press("Tab")
        style = page.evaluate("() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, parseFloat(s.outlineWidth), document.activeElement.outerHTML.slice(0, 80)]; }")
        if style[0] == "none" or style[1] < 2:
            problems.append(f"focus without an outline: {style}")
    return problems


def _tree_problems(page, site_root, chart_id: str) -> list[str]:
    title = _title(site_root, chart_id)
    for summary in page.locator("details > summary").all():
        summary.click()
    snapshot = page.locator("body").aria_snapshot()
    problems = []
    if f'heading "{title}" [level=1]' not in snapshot:
        problems.append(f"no level-1 heading {title!r}: {snapshot[:2000]}")
    # The figure is named by the chart title (said once); its image is one node named by the
    # chart's kind (not hundreds of path nodes).
    if page.get_by_role("figure", name=title, exact=True).count() != 1:
        problems.append(f"no one figure named {title!r}")
    images = page.get_by_role("img")
    kind = images.first.get_attribute("aria-label") if images.count() else None
    if images.count() != 1 or not kind or kind == title:
        problems.append(f"{images.count()} images, named {kind!r}")
    elif (page.locator("html").get_attribute("lang") or "en").startswith("en") and not kind.endswith(("chart", "plot", "Heatmap")):
        problems.append(f"image named {kind!r}, not by its kind")   # "Line chart", "Box plot"; "Liniendiagramm" in German
    summary = page.locator(f"#{chart_id}-summary")
    summary_text = summary.inner_text()
    # Its claims' values are links to their table rows (issue 30): every piece of it is in the tree.
    pieces = [summary_text] if not summary.locator("a").count() else \
        [t for t in summary.evaluate("p => [...p.childNodes].map(n => n.textContent.trim())") if t]
    if len(summary_text) <= 20 or not all(piece in snapshot for piece in pieces):
        problems.append(f"summary not in the tree: {pieces}")
    inside = _image_text_descendants(page, title)
    if inside:
        problems.append(f"text inside the chart image: {inside[:5]}")
    table = page.get_by_role("table")
    if table.count() != 1:
        return problems + [f"{table.count()} tables"]
    expected = _expected_rows(site_root, chart_id)
    rows = table.get_by_role("row").count()
    if rows != expected + 1:   # plus the header row
        problems.append(f"table has {rows} rows, expected {expected} and a header")
    # The data table's row headers are cells screen readers announce with each value.
    if table.get_by_role("rowheader").count() != expected:
        problems.append("not one row header per row")
    return problems


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

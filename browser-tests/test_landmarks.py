"""Landmarks in a report that embeds several charts (issue 17): each chart's details region is
named by the chart too, so no two regions share a name (axe best practice `landmark-unique`,
which the WCAG-tagged runs do not include). One page load, every disclosure open."""
from axe_playwright_python.sync_playwright import Axe

RULES = ["landmark-unique", "landmark-no-duplicate-main", "landmark-complementary-is-top-level", "region"]


def test_a_report_with_several_charts_has_uniquely_named_landmarks(page_js, base_url):
    page = page_js
    page.goto(base_url + "reports/seattle-weather.html")
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    names = page.evaluate("""[...document.querySelectorAll('section.pl-details')].map(s =>
        s.getAttribute('aria-labelledby').split(' ').map(id => document.getElementById(id).textContent).join(' '))""")
    assert len(names) >= 2 and len(set(names)) == len(names), names
    assert all(n.startswith("Chart details ") for n in names), names
    results = Axe().run(page, options={"runOnly": RULES, "resultTypes": ["violations"]})
    assert results.violations_count == 0, results.generate_report()

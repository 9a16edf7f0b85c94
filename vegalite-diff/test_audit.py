"""Issue 13's audit stays true (audit.py): every item of "What to build" is compared with
Vega-Lite by a corpus spec, a transform golden or a Swift oracle fixture, or is a known gap with
its reason; the table in vegalite-diff/README.md says the same (`audit.py --write` rewrites it)."""
import functools

import audit


@functools.cache
def rows():
    return audit.audit()


def test_every_item_is_compared_with_vegalite_or_a_known_gap():
    rows_ = rows()
    gaps = audit.gaps(rows_)
    assert set(gaps) <= set(audit.KNOWN_GAPS), f"nothing compares these with Vega-Lite: {sorted(set(gaps) - set(audit.KNOWN_GAPS))}"
    assert set(audit.KNOWN_GAPS) <= set(gaps), (
        f"compared now, take them off audit.KNOWN_GAPS: {sorted(set(audit.KNOWN_GAPS) - set(gaps))}")


def test_the_readme_table_says_which_items_are_gaps():
    with open(audit.README) as f:
        readme = f.read()
    assert audit.BEGIN in readme and audit.END in readme, "run `python vegalite-diff/audit.py --write`"
    section = readme[readme.index(audit.BEGIN):readme.index(audit.END)]
    said = {line.split(" | ")[1] for line in section.splitlines() if "**gap**" in line}
    assert said == set(audit.gaps(rows())), "the README's audit table is stale: run `python vegalite-diff/audit.py --write`"
    items = [line.split(" | ")[1] for line in section.splitlines() if line.startswith("| ") and not line.startswith("| section")]
    assert len(items) == len(rows()), "the README's audit table is stale: run `python vegalite-diff/audit.py --write`"


def test_the_detectors_notice_what_they_look_for():
    """A detector that never fires would hide a gap: each of a few finds its feature in a tiny spec."""
    spec = {"data": {"values": [{"a": None, "b": 1}]}, "mark": {"type": "line", "invalid": None},
            "transform": [{"calculate": "lower(datum.s) + 'x'", "as": "c"}, {"window": [{"op": "lag", "field": "b", "as": "p"}], "frame": [-1, 0]}],
            "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative", "scale": {"type": "symlog"}}}}
    found = {name for _, name, test in audit.ITEMS if audit._safe(test, spec)}
    for name in ["`lower`", "string concatenation", "`lag`", "`frame`", "`scale.type: symlog`", "`line`",
                 "`invalid: null` / \"show\"", "null / NaN in x or y", "`calculate`"]:
        assert name in found, name
    assert "`upper`" not in found and "`bar`" not in found

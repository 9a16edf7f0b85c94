"""Drawn as Vega-Lite draws it (drawing.py): every corpus and gallery chart Pitchline loads is
compared with Vega's own scenegraph (marks per type, colours, zero on the axes, positions in the
plot box); expected-drawings.json lists the known differences, as a ratchet."""
import expected_drawings


def test_drawings_match_vegalite_unless_listed(capsys):
    result = expected_drawings.measure(expected_drawings.PITCHLINE, expected_drawings.paths())
    known = expected_drawings.load()
    with capsys.disabled():
        print("\n" + expected_drawings.rates(result))
    new = {p: v[0] for p, v in result.items() if v and p not in known}
    fixed = sorted(p for p, v in result.items() if not v and p in known)
    assert not new, f"charts drawn unlike Vega-Lite (not in expected-drawings.json): {new}"
    assert not fixed, f"drawn as Vega-Lite draws them now: take these off expected-drawings.json: {fixed}"

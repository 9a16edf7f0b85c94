"""Differential test: for every corpus spec, Pitchline's evaluated rows equal Vega-Lite's.

Vega-Lite (vl-convert-python, headless) is the oracle. Pitchline's side is `pitchline inspect
--json`, one process for the whole corpus. A spec Pitchline refuses, or whose data differs, fails
unless expected-failures.json lists it with the problem (expectations.py). Runs with TZ=UTC.
"""
import glob
import json
import os

os.environ["TZ"] = "UTC"
import time

time.tzset()

import pytest

import compare
import compare_figure
import composite
import compare_layers
import expectations
import oracle

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PITCHLINE = os.path.join(ROOT, os.environ.get("PITCHLINE_BIN", ".build/debug/pitchline"))


def _rel(path):
    return os.path.relpath(path, ROOT)


CORPUS = sorted(_rel(p) for pattern in ("corpus/own/*.vl.json", "corpus/altair/*.vl.json")
                for p in glob.glob(os.path.join(HERE, pattern)))
CORPUS += sorted(_rel(p) for p in glob.glob(os.path.join(ROOT, "site", "charts", "*.vl.json")))
EXPECTED = expectations.load()
# The composed gallery (expectations.composed_paths): each spec is held to the same ratchet as the corpus.
COMPOSED = expectations.composed_paths()
# Composed gallery specs that load and match Vega-Lite's data (issue 28: at least 102, maps excepted).
COMPOSED_FLOOR = 84  # of 106 (68 at e5ff144, 83 at 50a8889); 2 refusals are maps (airport_connections, point_angle_windvector), 2 differences are ci by design


@pytest.fixture(scope="session")
def models():
    if not os.path.exists(PITCHLINE):
        pytest.fail(f"{PITCHLINE} is missing: run `swift build` first (or set PITCHLINE)")
    return compare.inspect(PITCHLINE, CORPUS + [p for p in COMPOSED if p not in CORPUS], ROOT)


def _spec(path):
    with open(os.path.join(ROOT, path)) as f:
        return json.load(f)


def test_expected_failures_name_existing_specs():
    listed = set(EXPECTED["refused"]) | set(EXPECTED["differs"])
    missing = sorted(p for p in listed if not os.path.exists(os.path.join(ROOT, p)))
    assert not missing, f"expected-failures.json names files that do not exist: {missing}"


@pytest.mark.parametrize("path", CORPUS + COMPOSED)
def test_pitchline_data_equals_vegalite(models, path):
    model = models[path]
    if "problems" in model:
        if path in EXPECTED["refused"]:
            pytest.xfail(f"known refusal: {model['problems'][0]}")
        pytest.fail(f"Pitchline refuses {path}: {model['problems'][0]}")
    assert path not in EXPECTED["refused"], f"{path} loads now: take it off expected-failures.json"
    problems = expectations.differences(model, path)
    if problems and path in EXPECTED["differs"]:
        pytest.xfail(f"known difference: {problems[0]}")
    assert not problems, f"{path}: " + "; ".join(problems)
    assert path not in EXPECTED["differs"], f"{path} matches now: take it off expected-failures.json"


def test_the_composed_gallery_count_holds():
    """How many composed gallery specs load with Vega-Lite's data: those expected-failures.json does
    not list (the parametrized test above holds every one of them to it, and fails a listed one that works)."""
    listed = set(EXPECTED["refused"]) | set(EXPECTED["differs"])
    matching = [p for p in COMPOSED if p not in listed]
    assert len(matching) >= COMPOSED_FLOOR, f"only {len(matching)} of {len(COMPOSED)} composed gallery specs match (floor {COMPOSED_FLOOR})"


def test_the_comparison_notices_a_wrong_value():
    """The comparator itself: one changed value, one dropped row and a renamed series are reported."""
    model = {"x": {"type": "nominal"}, "xValues": ["A", "B"], "series": [{"name": "s", "values": [1.5, 2.0]}]}
    vega = {"scales": {"x": "band", "y": "linear"}, "marks": [{"name": "m", "fields": {}}],
            "items": [{"mark": "m", "x": "A", "y": 1.5}, {"mark": "m", "x": "B", "y": 2.0}]}
    assert compare.diff(model, vega) == []
    vega["items"][1]["y"] = 2.0000001
    assert "1 of 2 values differ" in compare.diff(model, vega)[0]
    vega["items"].pop()
    assert "Pitchline has 2 values, Vega-Lite 1" in compare.diff(model, vega)[0]


def test_the_size_comparison_pairs_series_by_content_and_notices_a_wrong_value():
    """A grid of circles (value = size): series are paired by their rows, whatever their names."""
    model = {"x": {"type": "nominal"}, "xValues": ["A", "B"], "semantics": {"valueChannel": "size"},
             "series": [{"name": "Monday", "values": [3.0, 4.0]}, {"name": "Tuesday", "values": [5.0, None]}]}
    items = [{"mark": "m", "x": "A", "y": "mon", "size": 3.0}, {"mark": "m", "x": "B", "y": "mon", "size": 4.0},
             {"mark": "m", "x": "A", "y": "tue", "size": 5.0}]
    vega = {"scales": {"x": "point", "y": "point", "size": "linear"}, "marks": [{"name": "m", "fields": {}}], "items": items}
    assert compare.diff(model, vega) == []
    items[1]["size"] = 4.5
    problems = compare.diff(model, vega)
    assert any("'Monday'" in p for p in problems) and any("Smon" in p for p in problems)


def test_the_layered_comparison_notices_wrong_values():
    """Each layer against its own mark: a wrong trend value and a wrong band edge are reported."""
    spec = {"layer": [{"mark": "area"}, {"mark": "line"}, {"mark": "line"}]}
    model = {"x": {"type": "quantitative"}, "xValues": [1, 2],
             "series": [{"name": "s", "values": [5, 6], "details": [{"bandLower": 4, "bandUpper": 7}, {"bandLower": 5, "bandUpper": 8}]},
                        {"name": "Trend line", "values": [1.5, 2.5]}],
             "semantics": {"seriesLayers": [{"layer": 1, "mark": "line", "trend": False}, {"layer": 2, "mark": "line", "trend": True}]}}
    items = [{"mark": "layer_0_marks", "x": 1, "y": 4, "y2": 7}, {"mark": "layer_0_marks", "x": 2, "y": 5, "y2": 8},
             {"mark": "layer_1_marks", "x": 1, "y": 5}, {"mark": "layer_1_marks", "x": 2, "y": 6},
             {"mark": "layer_2_marks", "x": 1, "y": 1.5}, {"mark": "layer_2_marks", "x": 2, "y": 2.5}]
    vega = {"scales": {"x": "point", "y": "linear"}, "marks": [{"name": f"layer_{k}_marks", "fields": {}} for k in range(3)],
            "items": items[:2], "all_items": items}
    assert compare_layers.diff_layers(model, vega, spec) == []
    model["series"][1]["values"][1] = 2.6
    assert "trend line at N2" in compare_layers.diff_layers(model, vega, spec)[0]
    model["series"][1]["values"][1] = 2.5
    model["series"][0]["details"][1]["bandUpper"] = 9
    assert "band at N2" in compare_layers.diff_layers(model, vega, spec)[0]


def test_the_composite_comparison_notices_a_statistic_on_the_wrong_group():
    """Error bars and box plots are compared group by group: the right values on the wrong
    category (two groups swapped) are reported, not only wrong values."""
    spec = {"data": {"values": [{"k": "A", "lo": 10.3, "hi": 13.9}, {"k": "B", "lo": 4, "hi": 9.5}, {"k": "C", "lo": -2, "hi": 3}]},
            "mark": "errorbar", "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "lo", "type": "quantitative"},
                                             "y2": {"field": "hi"}}}
    model = {"x": {"type": "nominal"}, "xValues": ["A", "B", "C"],
             "semantics": {"orientation": "vertical", "errorRange": {"extent": "range", "center": None}},
             "series": [{"name": "Lo", "values": [10.3, 4, -2],
                         "details": [{"lower": 10.3, "upper": 13.9}, {"lower": 4, "upper": 9.5}, {"lower": -2, "upper": 3}]}]}
    assert composite.diff(model, spec, HERE) == []
    model["xValues"] = ["A", "C", "B"]
    problems = composite.diff(model, spec, HERE)
    assert any(p.startswith("SB") and "(-2, 3, None), Vega-Lite (4.0, 9.5, None)" in p for p in problems), problems

    values = [{"g": g, "v": v} for g, vs in (("a", [1, 2, 3, 4, 5]), ("b", [10, 20, 30, 40, 50])) for v in vs]
    spec = {"data": {"values": values}, "mark": "boxplot",
            "encoding": {"x": {"field": "g", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
    names = ["Minimum", "Lower quartile", "Median", "Upper quartile", "Maximum"]
    model = {"x": {"type": "nominal"}, "xValues": ["a", "b"], "semantics": {"orientation": "vertical", "box": {}},
             "series": [{"name": n, "values": [a, b]} for n, a, b in zip(names, [1, 2, 3, 4, 5], [10, 20, 30, 40, 50])]}
    assert composite.diff(model, spec, HERE) == []
    model["xValues"] = ["b", "a"]
    assert composite.diff(model, spec, HERE) == ["group 1: Pitchline's Sb, Vega-Lite's Sa", "group 2: Pitchline's Sa, Vega-Lite's Sb"]


BARE_CSVS = sorted(_rel(p) for p in glob.glob(os.path.join(ROOT, "site", "charts", "*.csv")) +
                   glob.glob(os.path.join(HERE, "corpus", "csv", "*.csv")))
KNOWN_CSV_BUGS: dict[str, str] = {}


@pytest.mark.parametrize("path", BARE_CSVS)
def test_a_bare_csv_has_one_row_per_line(path):
    """A bare CSV (no spec, so no Vega-Lite to ask) keeps one chart row per data line, every
    numeric column a series over all of them."""
    model = compare.inspect(PITCHLINE, [path], ROOT)[path]
    assert "problems" not in model, model.get("problems")
    with open(os.path.join(ROOT, path)) as f:
        lines = [line for line in f.read().splitlines()[1:] if line.strip()]
    every_row = list(range(len(lines)))
    ok = len(model["xValues"]) == len(lines) and all(s.get("pointRows") in (None, every_row) for s in model["series"])
    if not ok and path in KNOWN_CSV_BUGS:
        pytest.xfail(KNOWN_CSV_BUGS[path])
    assert ok, f"{path}: {len(lines)} data lines became {len(model['xValues'])} rows"
    assert path not in KNOWN_CSV_BUGS, f"{path} works now: take it off KNOWN_CSV_BUGS"


def test_the_comparison_notices_a_wrong_slice_or_cell():
    """Pies and heatmaps (compare.oracle_kind): a changed share, a slice out of order and a
    heatmap cell in the wrong row are reported."""
    pie = {"x": {"type": "nominal"}, "xValues": ["a", "b"], "series": [{"name": "v", "values": [6.0, 4.0]}]}
    vega = {"scales": {"theta": "linear", "color": "ordinal"}, "marks": [{"name": "m", "type": "arc", "fields": {}}],
            "items": [{"mark": "m", "fill": "a", "theta": 6.0, "startAngle": 6.0, "endAngle": 0.0},
                      {"mark": "m", "fill": "b", "theta": 4.0, "startAngle": 10.0, "endAngle": 6.0}]}
    assert compare.diff(pie, vega) == []
    vega["items"][0]["theta"] = 5.0
    assert "values differ" in compare.diff(pie, vega)[0]
    vega["items"][0]["theta"] = 6.0
    vega["items"][0]["endAngle"], vega["items"][1]["endAngle"] = 4.0, 0.0
    assert "slice order differs" in compare.diff(pie, vega)[0]
    heat = {"x": {"type": "nominal"}, "xValues": ["A", "B"],
            "series": [{"name": "r1", "values": [1.0, 2.0]}, {"name": "r2", "values": [3.0, None]}]}
    vega = {"scales": {"x": "band", "y": "band", "color": "linear"}, "marks": [{"name": "m", "type": "rect", "fields": {}}],
            "items": [{"mark": "m", "x": "A", "y": "r1", "fill": 1.0, "py": 0}, {"mark": "m", "x": "B", "y": "r1", "fill": 2.0, "py": 0},
                      {"mark": "m", "x": "A", "y": "r2", "fill": 3.0, "py": 20}]}
    assert compare.diff(heat, vega) == []
    vega["items"][2]["y"] = "r1"
    assert compare.diff(heat, vega) != []
    # A radial chart: each slice's radius value against the one Vega-Lite draws its outer radius from.
    radial = dict(pie, semantics={"arc": {"radii": [6.0, 4.0]}})
    vega = {"scales": {"theta": "linear", "radius": "sqrt", "color": "ordinal"}, "marks": [{"name": "m", "type": "arc", "fields": {}}],
            "items": [{"mark": "m", "fill": "a", "theta": 6.0, "startAngle": 6.0, "endAngle": 0.0, "outerRadius": 6.0},
                      {"mark": "m", "fill": "b", "theta": 4.0, "startAngle": 10.0, "endAngle": 6.0, "outerRadius": 4.0}]}
    assert compare.diff(radial, vega) == []
    vega["items"][1]["outerRadius"] = 5.0
    assert "slice radius differs at 'Sb'" in compare.diff(radial, vega)[0]
    assert "no radius values" in compare.diff(pie, vega)[0]


def test_the_figure_comparison_reads_each_layered_panel(models):
    """A layer inside a facet or repeat, compared panel by panel: a wrong mean rule in one
    panel, a wrong point in another, and a trend line off its fit are each reported."""
    import copy
    rule = "vegalite-diff/corpus/own/multiples-facet-layer-mean-rule.vl.json"
    model = copy.deepcopy(models[rule])
    model["panels"][1]["semantics"]["annotations"][0]["value"] += 0.5
    assert any(p.startswith("panel 2 (1932): layer 1") for p in compare_figure.diff(model, _spec(rule), os.path.dirname(os.path.join(ROOT, rule))))
    points = "vegalite-diff/corpus/own/multiples-facet-layer-line-points.vl.json"
    model = copy.deepcopy(models[points])
    model["panels"][2]["series"][0]["values"][3] += 1
    assert any(p.startswith("panel 3 (GOOG): layer 0") for p in compare_figure.diff(model, _spec(points), os.path.dirname(os.path.join(ROOT, points))))
    fit = "vegalite-diff/corpus/own/multiples-facet-layer-regression.vl.json"
    model = copy.deepcopy(models[fit])
    trend = next(s for s in model["panels"][0]["series"] if s["name"] == "Trend line")
    trend["values"][0] += 1
    assert any("trend line" in p for p in compare_figure.diff(model, _spec(fit), os.path.dirname(os.path.join(ROOT, fit))))


def test_the_comparison_drops_a_colour_that_repeats_the_key_but_not_a_wrong_value():
    """Bars coloured by their own category (facet_grid_bar): one series in Pitchline, one per
    bar in Vega-Lite; paired as one, a changed value is still reported."""
    model = {"x": {"type": "nominal"}, "xValues": ["x", "y"], "series": [{"name": "P", "values": [0.14, 0.6]}]}
    vega = {"scales": {"x": "band", "y": "linear", "color": "ordinal"}, "marks": [{"name": "m", "fields": {}, "scales": {"fill": "color"}}],
            "items": [{"mark": "m", "x": "x", "y": 0.14, "fill": "x"}, {"mark": "m", "x": "y", "y": 0.6, "fill": "y"}]}
    assert compare.diff(model, vega) == []
    vega["items"][1]["y"] = 0.61
    assert "1 of 2 values differ" in compare.diff(model, vega)[0]

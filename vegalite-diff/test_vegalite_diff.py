"""Differential test: for every corpus spec, Pitchline's evaluated rows equal Vega-Lite's.

Vega-Lite (vl-convert-python, headless) is the oracle. Pitchline's side is `pitchline inspect
--json`, one process for the whole corpus. A spec Pitchline refuses fails unless
expected-refusals.json lists it with the reason. Runs with TZ=UTC (set below, before Vega runs).
"""
import glob
import json
import os

os.environ["TZ"] = "UTC"
import time

time.tzset()

import pytest

import compare
import oracle

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PITCHLINE = os.environ.get("PITCHLINE", os.path.join(ROOT, ".build", "debug", "pitchline"))


def _rel(path):
    return os.path.relpath(path, ROOT)


CORPUS = sorted(_rel(p) for pattern in ("corpus/own/*.vl.json", "corpus/altair/*.vl.json")
                for p in glob.glob(os.path.join(HERE, pattern)))
CORPUS += sorted(_rel(p) for p in glob.glob(os.path.join(ROOT, "site", "charts", "*.vl.json")))
with open(os.path.join(HERE, "expected-refusals.json")) as f:
    EXPECTED_REFUSALS = {k: v for k, v in json.load(f).items() if not k.startswith("//")}


@pytest.fixture(scope="session")
def models():
    if not os.path.exists(PITCHLINE):
        pytest.fail(f"{PITCHLINE} is missing: run `swift build` first (or set PITCHLINE)")
    return compare.inspect(PITCHLINE, CORPUS, ROOT)


def _spec(path):
    with open(os.path.join(ROOT, path)) as f:
        return json.load(f)


def _oracle(path):
    return oracle.evaluate(_spec(path), os.path.dirname(os.path.join(ROOT, path)))


def _series_titles(path):
    meta = _spec(path).get("usermeta", {}).get("pitchline", {})
    return meta.get("seriesTitles")


def test_expected_refusals_are_in_the_corpus():
    missing = sorted(set(EXPECTED_REFUSALS) - set(CORPUS))
    assert not missing, f"expected-refusals.json names files not in the corpus: {missing}"


@pytest.mark.parametrize("path", CORPUS)
def test_pitchline_data_equals_vegalite(models, path):
    model = models[path]
    if "problems" in model:
        if path in EXPECTED_REFUSALS:
            pytest.xfail(f"expected refusal ({EXPECTED_REFUSALS[path]}): {model['problems'][0]}")
        pytest.fail(f"Pitchline refuses {path}: {model['problems'][0]}")
    assert path not in EXPECTED_REFUSALS, f"{path} loads now: remove it from expected-refusals.json"
    problems = compare.diff(model, _oracle(path), _series_titles(path))
    assert not problems, f"{path}: " + "; ".join(problems)


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

"""The transform goldens Swift's OracleTransformTests reads are what Vega-Lite computes today:
each case is re-run through vl-convert and must equal its committed file."""
import json
import os

import pytest

import make_transform_goldens as goldens
import oracle


@pytest.mark.parametrize("case", goldens.CASES, ids=[c["name"] for c in goldens.CASES])
def test_golden_is_current(case):
    with open(os.path.join(goldens.OUT, case["name"] + ".json")) as f:
        stored = json.load(f)
    rows = oracle.transform_rows(case["data"], case["transform"], case["fields"], case.get("datasets"))
    assert stored == json.loads(json.dumps({**case, "expected": rows})), \
        f"{case['name']}: regenerate with `.venv/bin/python vegalite-diff/make_transform_goldens.py`"

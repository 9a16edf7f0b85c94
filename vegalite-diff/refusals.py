"""Prints the corpus specs Pitchline refuses today with their first error, as JSON entries for
expected-refusals.json (review the reasons before pasting; a refusal is a gap, not a pass)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402
from test_vegalite_diff import CORPUS, PITCHLINE, ROOT  # noqa: E402

models = compare.inspect(PITCHLINE, CORPUS, ROOT)
refused = {p: m["problems"][0].split(": ", 1)[-1] for p, m in models.items() if "problems" in m}
print(json.dumps(refused, indent=2, ensure_ascii=False))

"""Known gaps, in one file: `expected-failures.json` lists every corpus or gallery spec that
Pitchline refuses ("refused") or loads with data that differs from Vega-Lite's ("differs"), each
with its first problem. The tests are a ratchet: a spec not listed must load and match; a listed
spec that now works must be taken off the list. `python vegalite-diff/expectations.py --write`
rewrites the file from a run (review the diff: every new entry is a regression or a new spec)."""
from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FILE = os.path.join(HERE, "expected-failures.json")
NOTE = ("Specs Pitchline refuses or whose evaluated data differs from Vega-Lite's, with the first problem. "
        "Rewritten by `vegalite-diff/expectations.py --write`; a listed spec that works fails the test until removed.")


def load() -> dict:
    with open(FILE) as f:
        data = json.load(f)
    return {"refused": data.get("refused", {}), "differs": data.get("differs", {})}


def measure(pitchline: str, paths: list[str]) -> dict:
    """Run Pitchline and the oracle on `paths`: {"refused": {path: problem}, "differs": {...}}."""
    sys.path.insert(0, HERE)
    import compare
    import compare_figure
    import oracle
    models = compare.inspect(pitchline, paths, ROOT)
    out = {"refused": {}, "differs": {}}
    for path in paths:
        model = models[path]
        if "problems" in model:
            out["refused"][path] = model["problems"][0].split(": ", 1)[-1]
            continue
        with open(os.path.join(ROOT, path)) as f:
            spec = json.load(f)
        titles = spec.get("usermeta", {}).get("pitchline", {}).get("seriesTitles")
        try:
            base = os.path.dirname(os.path.join(ROOT, path))
            problems = (compare_figure.diff(model, spec, base, titles) if "panels" in model
                        else compare.diff(model, oracle.evaluate(spec, base), titles))
        except Exception as e:
            problems = [f"oracle failed: {e}"]
        if problems:
            out["differs"][path] = problems[0][:400]
    return out


if __name__ == "__main__":
    os.environ["TZ"] = "UTC"
    import time
    time.tzset()
    sys.path.insert(0, HERE)
    import gallery
    from test_vegalite_diff import CORPUS, PITCHLINE
    with open(os.path.join(gallery.GALLERY, "index.json")) as f:
        names = [e["name"] for e in json.load(f)]
    paths = CORPUS + [os.path.relpath(os.path.join(gallery.GALLERY, n + ".vl.json"), ROOT) for n in names]
    result = measure(PITCHLINE, paths)
    text = json.dumps({"//": NOTE, **{k: dict(sorted(v.items())) for k, v in result.items()}}, indent=1, ensure_ascii=False)
    if "--write" in sys.argv:
        with open(FILE, "w") as f:
            f.write(text + "\n")
    print(f"{len(paths)} specs: {len(result['refused'])} refused, {len(result['differs'])} differ")

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


def differences(model: dict, path: str) -> list[str]:
    """Pitchline's model of `path` against Vega-Lite's own data: the problems, none when they match.
    The one dispatch every comparison uses (figures, repeated layers, composite marks, layers, views)."""
    sys.path.insert(0, HERE)
    import compare
    import compare_figure
    import compare_layers
    import composite
    import oracle
    with open(os.path.join(ROOT, path)) as f:
        spec = json.load(f)
    titles = spec.get("usermeta", {}).get("pitchline", {}).get("seriesTitles")
    base = os.path.dirname(os.path.join(ROOT, path))
    if "panels" in model:  # a figure of small multiples: each panel against its Vega-Lite cell
        return compare_figure.diff(model, spec, base, titles)
    if compare_figure.layered_view(spec) is not None:  # a repeated layer: one layered chart
        return compare_figure.diff_repeated_layer(model, spec, base, titles)
    if composite.mark_type(spec) in composite.COMPOSITE:  # boxplot, errorbar, errorband: every part's statistics
        return composite.diff(model, spec, base)
    result = oracle.evaluate(spec, base)
    # A layered spec: each layer against its own Vega-Lite mark (compare_layers.py).
    return compare_layers.diff_layers(model, result, spec, titles) if "layer" in spec else compare.diff(model, result, titles)


def composed_paths() -> list[str]:
    """The composed gallery (corpus/gallery/composed.json): every Vega-Lite gallery example that is
    not one of issue 13's single views (layers, facets, concatenations, composite marks, pies,
    heatmaps, text, interactive charts), the Maps section left out."""
    with open(os.path.join(HERE, "corpus", "gallery", "composed.json")) as f:
        return [os.path.relpath(os.path.join(HERE, "corpus", "gallery", e["name"] + ".vl.json"), ROOT) for e in json.load(f)]


def measure(pitchline: str, paths: list[str]) -> dict:
    """Run Pitchline and the oracle on `paths`: {"refused": {path: problem}, "differs": {...}}."""
    sys.path.insert(0, HERE)
    import compare
    models = compare.inspect(pitchline, paths, ROOT)
    out = {"refused": {}, "differs": {}}
    for path in paths:
        model = models[path]
        if "problems" in model:
            out["refused"][path] = model["problems"][0].split(": ", 1)[-1]
            continue
        try:
            problems = differences(model, path)
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
    paths += [p for p in composed_paths() if p not in paths]
    result = measure(PITCHLINE, paths)
    text = json.dumps({"//": NOTE, **{k: dict(sorted(v.items())) for k, v in result.items()}}, indent=1, ensure_ascii=False)
    if "--write" in sys.argv:
        with open(FILE, "w") as f:
            f.write(text + "\n")
    print(f"{len(paths)} specs: {len(result['refused'])} refused, {len(result['differs'])} differ")

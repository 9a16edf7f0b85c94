"""The drawing ratchet (`expected-drawings.json`): every corpus or gallery chart Pitchline loads
whose drawing differs from Vega-Lite's (drawing.py), with its first difference. A chart not
listed must be drawn as Vega-Lite draws it; a listed chart that now is must be taken off.
`.venv/bin/python vegalite-diff/expected_drawings.py --write` rewrites the file from a run
(review its diff: a new entry is a regression or a new spec)."""
from __future__ import annotations

import json
import os
import sys
import time

os.environ["TZ"] = "UTC"
time.tzset()
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import compare  # noqa: E402
import drawing  # noqa: E402

FILE = os.path.join(HERE, "expected-drawings.json")
NOTE = ("Charts Pitchline loads but draws unlike Vega-Lite (vegalite-diff/drawing.py), with the first difference. "
        "Rewritten by `vegalite-diff/expected_drawings.py --write`; a listed chart drawn right fails the test until removed.")
PITCHLINE = os.path.join(ROOT, os.environ.get("PITCHLINE_BIN", ".build/debug/pitchline"))


def paths() -> list[str]:
    """The corpus (test_vegalite_diff.CORPUS) and every gallery spec."""
    from test_vegalite_diff import CORPUS
    with open(os.path.join(HERE, "corpus", "gallery", "index.json")) as f:
        names = [e["name"] for e in json.load(f)]
    return CORPUS + [os.path.relpath(os.path.join(HERE, "corpus", "gallery", n + ".vl.json"), ROOT) for n in names]


def load() -> dict:
    with open(FILE) as f:
        return {k: v for k, v in json.load(f).items() if k != "//"}


def measure(pitchline: str, files: list[str]) -> dict:
    """{path: [problems]} for every file Pitchline loads ([] when drawn as Vega-Lite draws it)."""
    models = compare.inspect(pitchline, files, ROOT, ("--svg",))
    out = {}
    for path in files:
        model = models[path]
        if "problems" in model:
            continue
        with open(os.path.join(ROOT, path)) as f:
            spec = json.load(f)
        try:
            out[path] = drawing.diff(model, spec, os.path.dirname(os.path.join(ROOT, path)))
        except Exception as e:  # the oracle or the parser failing is a difference, not a crash
            out[path] = [f"comparison failed: {type(e).__name__}: {e}"]
    return out


def rates(result: dict) -> str:
    gallery = {p: v for p, v in result.items() if "/gallery/" in p}
    corpus = {p: v for p, v in result.items() if "/gallery/" not in p}
    def rate(d):
        n = sum(not v for v in d.values())
        return f"{n} of {len(d)} ({100 * n / max(len(d), 1):.0f} %)"
    return f"drawn as Vega-Lite draws them: gallery {rate(gallery)}, corpus {rate(corpus)} (of the charts Pitchline loads)"


if __name__ == "__main__":
    result = measure(PITCHLINE, paths())
    if "--write" in sys.argv:
        text = json.dumps({"//": NOTE, **{p: v[0][:300] for p, v in sorted(result.items()) if v}}, indent=1, ensure_ascii=False)
        with open(FILE, "w") as f:
            f.write(text + "\n")
    if "-v" in sys.argv:
        for p, v in sorted(result.items()):
            if v:
                print(p, "\n   ", "\n    ".join(v[:4]))
    print(rates(result))

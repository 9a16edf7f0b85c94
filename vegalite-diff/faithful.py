"""Issue 27's "done when", as properties of what a reader hears, over the example site and the
test corpora (`pitchline inspect --json`: each chart's `speech`, Inspect+Speech.swift):

- every candlestick names open, high, low and close at every point (and a spec drawing a low–high
  rule with open and close fields is read as one);
- a dual-axis chart (`resolve.scale.y: independent` over layers) never describes one layer as a
  range of another;
- no scatter series has padding stops (a row where it has no datum);
- no spoken value has fewer significant digits than its source cell.

`python vegalite-diff/faithful.py` prints every violation; test_faithful.py holds them at none.
"""
from __future__ import annotations

import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

SCATTER_MARKS = {"point", "circle", "square"}
PRICES = ("open", "high", "low", "close")
# What the old dual-axis reading said: "precipitation 3.76, range 2.7 to 8.2", "A band around … gives each point a range".
RANGE_OF_ANOTHER = re.compile(r", range .+ to |A band around ")
NUMBER = re.compile(r"[−-]?\d[\d,]*(?:\.\d+)?")


def extra_paths() -> list[str]:
    """Charts outside the data and drawing tests' lists: the CSV corpus and the analyst fixture site."""
    pats = ("vegalite-diff/corpus/csv/*.csv", "browser-tests/fixtures/analyst-site/charts/*.vl.json", "site/charts/*.csv")
    return sorted(os.path.relpath(p, ROOT) for pat in pats for p in glob.glob(os.path.join(ROOT, pat)))


def charts(model: dict) -> list[dict]:
    """A chart model, or a figure's panels."""
    return model.get("panels") or [model]


def _fields(spec) -> set[str]:
    """Every field an encoding channel of `spec` names, at any depth (layers, facets, concats)."""
    out = set()
    if isinstance(spec, dict):
        enc = spec.get("encoding")
        if isinstance(enc, dict):
            for channel in enc.values():
                if isinstance(channel, dict) and isinstance(channel.get("field"), str):
                    out.add(channel["field"].lower())
        for v in spec.values():
            if isinstance(v, (dict, list)):
                out |= _fields(v)
    elif isinstance(spec, list):
        for v in spec:
            out |= _fields(v)
    return out


def _dual_axis(spec) -> bool:
    """A layered view whose y scales are independent, anywhere in the spec."""
    if isinstance(spec, dict):
        if "layer" in spec and ((spec.get("resolve") or {}).get("scale") or {}).get("y") == "independent":
            return True
        return any(_dual_axis(v) for v in spec.values() if isinstance(v, (dict, list)))
    return isinstance(spec, list) and any(_dual_axis(v) for v in spec)


def candlestick(spec, model: dict) -> list[str]:
    out = []
    for chart in charts(model):
        if chart["speech"]["kind"] != "candlestick":
            if set(PRICES) <= _fields(spec) and chart.get("mark") == "rule":
                out.append(f"{chart['id']}: open/high/low/close fields drawn as {chart['speech']['kind']}, not a candlestick")
            continue
        for s in chart["speech"]["series"]:
            for label in s["labels"]:
                missing = [p for p in PRICES if not re.search(rf"\b{p} ", label)]
                if missing:
                    out.append(f"{chart['id']}: {label!r} does not name {', '.join(missing)}")
                    break
    return out


def dual_axis(spec, model: dict) -> list[str]:
    if not _dual_axis(spec):
        return []
    out = []
    for chart in charts(model):
        said = [chart["speech"]["summary"]] + [label for s in chart["speech"]["series"] for label in s["labels"]]
        hit = next((t for t in said if RANGE_OF_ANOTHER.search(t)), None)
        if hit:
            out.append(f"{chart['id']}: one layer said as a range of another: {hit[:160]!r}")
    return out


def padding_stops(model: dict) -> list[str]:
    out = []
    for chart in charts(model):
        if chart.get("mark") not in SCATTER_MARKS or chart["speech"]["kind"] not in SCATTER_MARKS:
            continue
        for series, said in zip(chart["series"], chart["speech"]["series"]):
            invalid = set(series.get("invalidRows", []))
            pads = [r for r in said["rows"] if series["values"][r] is None and r not in invalid]
            if pads:
                out.append(f"{chart['id']}: series {series['name']!r} stops at {len(pads)} rows where it has no point (first: {chart['xValues'][pads[0]]!r})")
    return out


def _shortest(value: float) -> str:
    """The shortest decimal that reads back as `value` (what a source cell holds), without exponent."""
    text = repr(value)
    if "e" in text:
        text = f"{value:.17f}".rstrip("0").rstrip(".")
    return text[:-2] if text.endswith(".0") else text


# Transforms and encodings that compute values (a value they make is no source cell).
COMPUTING = {"aggregate", "joinaggregate", "calculate", "window", "regression", "loess", "density", "quantile", "impute", "pivot"}


def _computes(spec) -> bool:
    """True when the spec computes values anywhere: a computing transform, or an encoding's aggregate."""
    if isinstance(spec, dict):
        if "aggregate" in spec and isinstance(spec["aggregate"], str):
            return True
        mark = spec.get("mark")
        mark = mark.get("type") if isinstance(mark, dict) else mark
        given = {"x2", "y2", "xError", "yError"} & (spec.get("encoding") or {}).keys()
        if mark in ("boxplot", "errorbar", "errorband") and not given:
            return True  # a composite mark computes its statistics
        if any(isinstance(t, dict) and COMPUTING & t.keys() for t in spec.get("transform", []) or []):
            return True
        return any(_computes(v) for v in spec.values() if isinstance(v, (dict, list)))
    return isinstance(spec, list) and any(_computes(v) for v in spec)


def _number(text: str, language: str) -> float | None:
    """The first number in a value text ("1,394.46", "−20", "12,8 °C" in German)."""
    if language in ("de", "fr", "es"):
        text = text.replace(".", "").replace("\u202f", "").replace("\u00a0", "").replace(",", ".")
    m = NUMBER.search(text)
    return float(m.group(0).replace("−", "-").replace(",", "")) if m else None


def digits(spec, model: dict, max_source_digits: int = 8) -> list[str]:
    """Each value said (its value text, as the label and the table give it) against the source cell
    it shows, to every digit (a `%` format says it ×100). Charts whose values are computed (an
    aggregate, a calculation, a window…) are left out: a mean is said to the data's digits plus one."""
    if _computes(spec):
        return []
    out = []
    for chart in charts(model):
        if chart["y"].get("type") == "temporal" or chart["speech"]["kind"] in ("heatmap",):
            continue
        language = chart["speech"].get("language", "en")
        percent = (chart["y"].get("format") or "").endswith("%")
        for series, said in zip(chart["series"], chart["speech"]["series"]):
            for row, text in zip(said["rows"], said["texts"]):
                value = series["values"][row]
                if value is None:
                    continue
                source = _shortest(value * 100 if percent else value)
                if len(source.replace("-", "").replace(".", "").strip("0")) > max_source_digits:
                    continue
                spoken = _number(text, language)
                if spoken is None or abs(spoken - float(source)) > 1e-9 * max(1, abs(float(source))):
                    out.append(f"{chart['id']}: {series['name']!r} holds {source}, said {text!r}")
                    break
    return out


def violations(models: dict[str, dict]) -> dict[str, list[str]]:
    """{property: [violations]} over `models` (path → inspect --json model; refused ones skipped)."""
    found = {"candlestick": [], "dual axis": [], "padding stops": [], "digits": []}
    for path, model in sorted(models.items()):
        if "problems" in model:
            continue
        spec = {}
        if path.endswith(".json"):
            with open(os.path.join(ROOT, path)) as f:
                spec = json.load(f)
        found["candlestick"] += [f"{path}: {v}" for v in candlestick(spec, model)]
        found["dual axis"] += [f"{path}: {v}" for v in dual_axis(spec, model)]
        found["padding stops"] += [f"{path}: {v}" for v in padding_stops(model)]
        found["digits"] += [f"{path}: {v}" for v in digits(spec, model)]
    return found


def all_models(pitchline: str) -> dict[str, dict]:
    """Every chart of the example site and the corpora, through the same inspect runs the data and
    drawing tests make (compare.inspect keeps them for the run), plus extra_paths()."""
    import compare
    import expected_drawings
    import test_vegalite_diff as t
    models = dict(compare.inspect(pitchline, t.CORPUS + [p for p in t.COMPOSED if p not in t.CORPUS], ROOT))
    models.update(compare.inspect(pitchline, expected_drawings.paths(), ROOT, ("--svg",)))
    models.update(compare.inspect(pitchline, extra_paths(), ROOT))
    return models


if __name__ == "__main__":
    import expected_drawings
    for name, found in violations(all_models(expected_drawings.PITCHLINE)).items():
        print(f"{name}: {len(found)}")
        for v in found:
            print("   ", v[:300])

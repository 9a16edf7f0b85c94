"""Layered specs: each layer of Pitchline's chart against Vega-Lite's own mark for that layer.

Vega-Lite names a leaf layer's mark after its place (`layer_1_marks`; a nested layer or a
`point: true` overlay `layer_1_layer_0_marks`): the first of them that draws items is the
layer's data, as `oracle.evaluate` does for one view. Pitchline's model says which layer each
series and annotation came from (`semantics.seriesLayers`, `semantics.annotations`). Per layer:
- a data layer's series: the single-view comparison (`compare.diff`) over that layer's items;
- a trend line (regression, loess): Pitchline's value at each row equals Vega-Lite's drawn
  line there (straight between the fit's samples);
- a band Pitchline reads as a line's range: its (key, low, high) per row equal Vega-Lite's;
- a rule or label at a value: the value equals Vega-Lite's;
- a layer Pitchline merged into another (points over their line, a lollipop's stems, a
  dumbbell's connector, a label on a rule): every value Vega-Lite draws there is one Pitchline says;
  number labels Pitchline leaves out (they repeat the points) must be numbers Pitchline says (a
  label whose text the oracle cannot read is not compared: its position is no data value).
"""
from __future__ import annotations

import math
import json
from collections import Counter

import compare


def leaf_prefixes(spec: dict, prefix: str = "") -> list[str]:
    """Vega-Lite's mark-name prefix of every leaf layer, in Pitchline's leaf order."""
    out = []
    for k, child in enumerate(spec.get("layer", [])):
        name = f"{prefix}layer_{k}"
        out += leaf_prefixes(child, name + "_") if "layer" in child else [name]
    return out


def _encoding(spec: dict, prefix: str) -> dict:
    """The leaf's encoding with its parents' channels under its own (as Vega-Lite merges them)."""
    node, encoding = spec, dict(spec.get("encoding", {}))
    for part in prefix.split("_")[1::2]:
        node = node["layer"][int(part)]
        for channel, definition in node.get("encoding", {}).items():
            encoding[channel] = definition
    return encoding


def _leaf_mark(spec: dict, prefix: str) -> str | None:
    node = spec
    for part in prefix.split("_")[1::2]:
        node = node["layer"][int(part)]
    mark = node.get("mark")
    return mark.get("type") if isinstance(mark, dict) else mark


def _invisible(spec: dict, prefix: str) -> bool:
    """A leaf a selection picks from that shows nothing at the start (LayerLeaf.isInvisibleSelectionTarget)."""
    if "select" not in json.dumps(spec):
        return False
    node = spec
    for part in prefix.split("_")[1::2]:
        node = node["layer"][int(part)]
    mark = node.get("mark")

    def hidden(d):
        if not isinstance(d, dict) or not (d.get("value") == 0 or d.get("value") == "transparent"):
            return False
        c = d.get("condition")
        if c is None:
            return True
        c = c if isinstance(c, dict) else {}
        empty = c.get("empty", (c.get("test") or {}).get("empty") if isinstance(c.get("test"), dict) else None)
        return ("param" in c or isinstance(c.get("test"), dict) and "param" in c["test"]) and empty is False
    encoding = _encoding(spec, prefix)
    if any(hidden(encoding.get(ch)) for ch in ("opacity", "color", "fill", "stroke")):
        return True
    return isinstance(mark, dict) and mark.get("opacity") == 0


def _diff_ranges(series: list[dict], keys: list[str], rows: list) -> list[str]:
    """An error bar or band layer: each row's range (Pitchline's details lower/upper) against the
    rule or area Vega-Lite draws from its lower to its upper end."""
    ours = sorted((keys[r], round(d["lower"], 9), round(d["upper"], 9)) for s in series
                  for r, d in enumerate(s.get("details") or []) if d and d.get("lower") is not None)
    theirs = sorted((k, round(min(lo, hi), 9), round(max(lo, hi), 9)) for k, _, _, lo, hi, _ in rows if lo is not None)
    bad = [(a, b) for a, b in zip(ours, theirs) if a[0] != b[0] or not _close(a[1], b[1]) or not _close(a[2], b[2])]
    if len(ours) != len(theirs):
        return [f"{len(ours)} ranges in Pitchline, Vega-Lite draws {len(theirs)}"]
    return [f"range at {bad[0][0][0]}: Pitchline {bad[0][0][1:]}, Vega-Lite {bad[0][1][1:]}"] if bad else []


def _items(result: dict, prefix: str) -> list[dict]:
    names = [m["name"] for m in result["marks"] if m["name"] == prefix + "_marks" or m["name"].startswith(prefix + "_")]
    for name in names:
        items = [i for i in result["all_items"] if i["mark"] == name]
        if items:
            return items
    return []


def _close(a, b, rel=1e-9):
    return a is not None and b is not None and math.isclose(a, b, rel_tol=rel, abs_tol=rel)


def _our_keys(model):
    time_axis = model["x"]["type"] == "temporal"
    return [compare.canonical_key(v, time_axis) for v in model["xValues"]]


def diff_layers(model: dict, result: dict, spec: dict, titles: dict | None = None) -> list[str]:
    sem = model.get("semantics", {})
    layers = sem.get("seriesLayers") or []
    annotations = sem.get("annotations") or []
    keys = _our_keys(model)
    problems = []
    all_rows = [r for r in compare.oracle_rows({**result, "items": result["all_items"]}) if r[0] != "*"]
    mapping = compare._label_mapping(list(dict.fromkeys(keys)), all_rows) or {}

    def vl_rows(items):
        rows = compare.oracle_rows({**result, "items": items})
        return [(mapping.get(k, k), *rest) for k, *rest in rows]

    said = Counter()  # every (key, value) Pitchline says, any series (and value marks, key "*")
    numbers = set()  # and every number it says anywhere (values, ends, changes), for number labels
    for s in model["series"]:
        for i in s.get("pointRows") or range(len(s["values"])):
            if s["values"][i] is not None:
                said[(keys[i], round(s["values"][i], 9))] += 1
            d = (s.get("details") or [None] * (i + 1))[i] or {}
            for end in ("lower", "upper"):  # a range's ends (a waterfall's connectors run along them)
                if d.get(end) is not None:
                    said[(keys[i], round(d[end], 9))] += 1
            if d.get("change") is not None:
                numbers.add(round(d["change"], 9))
    for a in annotations:
        if a.get("value") is not None:
            said[("*", round(a["value"], 9))] += 1
    candle = sem.get("candlestick") or {}  # a candlestick says each row's open, high, low and close
    for price in ("open", "high", "low", "close"):
        for i, v in enumerate(candle.get(price) or []):
            if v is not None:
                said[(keys[i], round(v, 9))] += 1

    for k, prefix in enumerate(leaf_prefixes(spec)):
        if _invisible(spec, prefix):
            continue  # drawn at opacity 0 or transparent until a selection is made: nothing to see, nothing said
        items = _items(result, prefix)
        own = [i for i, l in enumerate(layers) if l["layer"] == k]
        marks = [a for a in annotations if a["layer"] == k]
        where = f"layer {k} ({prefix})"
        if own and _leaf_mark(spec, prefix) in ("errorbar", "errorband"):
            problems += [f"{where}: {p}" for p in _diff_ranges([model["series"][i] for i in own], keys, vl_rows(items))]
        elif own and not layers[own[0]]["trend"]:
            sub = {**model, "series": [model["series"][i] for i in own]}
            problems += [f"{where}: {p}" for p in compare.diff(sub, {**result, "items": items}, titles)]
        elif own:
            samples = sorted((compare._num(k_[1:]) if k_[0] in "ND" else None, v) for k_, _, v, *_ in vl_rows(items))
            samples = [(x, v) for x, v in samples if x is not None]
            for i in own:
                for r, v in enumerate(model["series"][i]["values"]):
                    if v is None:
                        continue
                    x = compare._num(keys[r][1:])
                    expected = _interpolate(samples, x)
                    if expected is None or not _close(v, expected, 1e-6):
                        problems.append(f"{where}: trend line at {keys[r]}: Pitchline {v!r}, Vega-Lite draws {expected!r}")
                        break
        elif marks and all(a.get("row") is not None and a["kind"] == "rule" for a in marks):
            # Marks across the rows (rules at dates from data): their positions, dates in ms.
            scale = 1000 if model["x"]["type"] == "temporal" else 1
            ours = sorted(a["value"] * scale for a in marks if a.get("value") is not None)
            channel = "y" if sem.get("orientation") == "horizontal" else "x"
            theirs = sorted(v for v in (compare._num(i.get(channel)) for i in items) if v is not None)
            if len(ours) != len(theirs) or not all(_close(a, b) for a, b in zip(ours, theirs)):
                problems.append(f"{where}: marks at {ours[:5]}, Vega-Lite draws {theirs[:5]}")
        elif marks:
            ours = sorted(a["value"] for a in marks if a.get("value") is not None)
            theirs = sorted(v for _, _, v, *_ in vl_rows(items))
            if not theirs:  # a `datum` draws through a constant the oracle cannot read: the spec's own
                theirs = sorted(d["datum"] for d in _encoding(spec, prefix).values()
                                if isinstance(d, dict) and isinstance(d.get("datum"), (int, float)))
            if len(ours) != len(theirs) or not all(_close(a, b) for a, b in zip(ours, theirs)):
                problems.append(f"{where}: marks at {ours}, Vega-Lite draws {theirs}")
        elif items:
            rows = vl_rows(items)
            bands = sorted((keys[r], d["bandLower"], d["bandUpper"]) for s in model["series"]
                           for r, d in enumerate(s.get("details") or []) if d and d.get("bandLower") is not None)
            ranged = sorted((k_, lo, hi) for k_, _, _, lo, hi, _ in rows if lo is not None)
            if bands and len(ranged) == len(rows) and len(bands) == len(ranged):
                bad = [(a, b) for a, b in zip(bands, ranged) if a[0] != b[0] or not _close(a[1], b[1]) or not _close(a[2], b[2])]
                if bad:
                    problems.append(f"{where}: band at {bad[0][0][0]}: Pitchline {bad[0][0][1:]}, Vega-Lite {bad[0][1][1:]}")
                continue
            numbers |= {v for (_, v) in said}
            mark_type = next((m["type"] for m in result["marks"] if m["name"] == items[0]["mark"]), None)
            if mark_type == "text" and not any("text" in i for i in items):
                continue  # a label whose text the oracle cannot read (a formatted field): its position is no value
            if mark_type == "text":
                # Number labels (a bar's value, a waterfall's step) repeat what the points say.
                texts = [str(i.get("text", "")).replace("+", "").replace(",", "").replace("\u2212", "-") for i in items]
                unsaid = [t for t in texts if _float(t) is None or round(_float(t), 9) not in numbers]
                if not unsaid:
                    continue
            missing = []
            for k_, _, v, lo, hi, _ in rows:
                for value in ([lo, hi] if lo is not None and hi is not None and lo != hi else [v]):
                    if said[(k_, round(value, 9))] == 0 and said[("*", round(value, 9))] == 0:
                        missing.append((k_, value))
            if missing:
                problems.append(f"{where}: {len(missing)} values Vega-Lite draws are not said by Pitchline, first {missing[0]}")
    return problems


def _float(text):
    try:
        return float(text)
    except ValueError:
        return None


def _interpolate(samples, x):
    if not samples or x is None or x < samples[0][0] - 1e-9 * abs(samples[0][0]) or x > samples[-1][0] + 1e-9 * abs(samples[-1][0]):
        return None
    for (x0, y0), (x1, y1) in zip(samples, samples[1:]):
        if x0 <= x <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return samples[-1][1] if math.isclose(x, samples[-1][0]) else samples[0][1]

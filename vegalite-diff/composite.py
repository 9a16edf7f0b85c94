"""Composite marks (boxplot, errorbar, errorband) against Vega-Lite's own statistics.

Vega-Lite draws a composite mark as several marks (box, median tick, whisker rules, outlier
points; an error bar's rule and ticks; an error band's area). Their scenegraph items carry the
computed fields by name: `lower_box_F`, `mid_box_F`, `upper_box_F`, `lower_whisker_F`,
`upper_whisker_F` and the outlier points' `F`; `lower_F`, `upper_F` and (in the tooltip)
`center_F`. Here every drawn mark's items are read (oracle.evaluate keeps only the first mark),
grouped by the key axis (the category, or the instant) in drawing order, and compared with Pitchline's statistic series
(`Minimum` … `Maximum`, outliers from `semantics.box`) or its values and `details.lower/upper`.
"""
import os
import re


import compare
import oracle

COMPOSITE = ("boxplot", "errorbar", "errorband")


def mark_type(spec):
    m = spec.get("mark")
    return m.get("type") if isinstance(m, dict) else m


def _num(v):
    if isinstance(v, dict) or v is None:
        return None
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def _close(a, b):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def items(spec, base_dir):
    """Every data item of every mark, as {field name: value} plus its mark, pixel position and key."""
    spec = oracle.inline_urls(spec, base_dir)
    vg = oracle.to_vega(spec)
    scales = {s["name"]: s.get("type", "linear") for s in vg.get("scales", [])}
    marks = []
    oracle._instrument(vg.get("marks", []), scales, marks)
    found = []
    oracle._walk(oracle.to_scenegraph(vg)["scenegraph"], found)
    fields = {m["name"]: m["fields"] for m in marks}
    out = []
    for it in found:
        f = fields.get(it["mark"], {})
        row = {"_mark": it["mark"], "_px": it.get("px"), "_py": it.get("py")}
        for channel, name in f.items():
            if channel in it:
                row[name] = it[channel]
                row["_" + channel] = it[channel]
        out.append(row)
    return out


def _key(row, horizontal, time_axis=False):
    """The item's category (x, or y when horizontal) as compare.canonical_key writes it."""
    for c in (("_y", "_yc") if horizontal else ("_x", "_xc")):
        if c in row:
            return compare.canonical_key(row[c], time_axis)
    return "*"


def _our_keys(model):
    time_axis = model["x"]["type"] == "temporal"
    return [compare.canonical_key(v, time_axis) for v in model["xValues"]] or ["*"]


def _rename(model, keys):
    """Vega-Lite's keys as Pitchline's: a discrete time unit's rows Pitchline names ("January")
    where Vega-Lite keeps an instant (the n-th instant is the n-th row, compare._label_mapping)."""
    mapping = compare._label_mapping(list(dict.fromkeys(_our_keys(model))), [(k,) for k in keys])
    return (lambda k: mapping.get(k, k)) if mapping else (lambda k: k)


def diff(model, spec, base_dir):
    """Problems (empty when Pitchline's statistics are Vega-Lite's)."""
    horizontal = model["semantics"]["orientation"] == "horizontal"
    rows = items(spec, base_dir)
    field = (spec["encoding"]["x" if horizontal else "y"])["field"]
    time_axis = model["x"]["type"] == "temporal"
    for r in rows:
        r["_key"] = _key(r, horizontal, time_axis)
    to_ours = _rename(model, [r["_key"] for r in rows])
    for r in rows:
        r["_key"] = to_ours(r["_key"])
    if mark_type(spec) == "boxplot":
        return _diff_box(model, rows, field, horizontal)
    return _diff_error(model, rows, field, horizontal)


def _groups(rows, horizontal, has):
    """Key → merged fields of the items that have field `has` (the group's main mark), in drawing order."""
    order, merged, seen = [], {}, set()
    for r in rows:
        k = r["_key"]
        if k not in merged:
            merged[k] = {}
        if has in r and k not in seen:
            seen.add(k)
            order.append((r["_py"] if horizontal else r["_px"], k))
        for name, v in r.items():
            if not name.startswith("_"):
                merged[k].setdefault(name, v)
    order.sort()
    return [k for _, k in order], merged


def _diff_box(model, rows, field, horizontal):
    """Each group in drawing order: its category, five statistics and outliers."""
    problems = []
    alias = re.sub(r"^.*\.", "", field)
    keys, merged = _groups(rows, horizontal, "lower_box_" + alias)
    outliers = {}
    for r in rows:
        if field in r and not any(n.startswith(("lower_box_", "mid_box_")) for n in r):
            outliers.setdefault(r["_key"], []).append(_num(r[field]))
    series = {s["name"]: s["values"] for s in model["series"]}
    box = model["semantics"].get("box", {})
    if len(keys) != len(model["xValues"]):
        return [f"Pitchline has {len(model['xValues'])} groups, Vega-Lite {len(keys)}"]
    ours_keys = _our_keys(model)
    names = [("Minimum", "lower_whisker_"), ("Lower quartile", "lower_box_"), ("Median", "mid_box_"),
             ("Upper quartile", "upper_box_"), ("Maximum", "upper_whisker_")]
    for i, k in enumerate(keys):
        if ours_keys[i] != k:
            problems.append(f"group {i + 1}: Pitchline's {ours_keys[i]}, Vega-Lite's {k}")
            continue
        m = merged[k]
        for name, prefix in names:
            ours, theirs = series.get(name, [None] * len(keys))[i], _num(m.get(prefix + alias))
            if not _close(ours, theirs):
                problems.append(f"group {i + 1} ({model['xValues'][i]}): {name} {ours}, Vega-Lite {theirs}")
        ours = sorted((box.get("lowerOutliers") or [[]] * len(keys))[i] + (box.get("upperOutliers") or [[]] * len(keys))[i])
        theirs = sorted(v for v in outliers.get(k, []) if v is not None)
        if len(ours) != len(theirs) or not all(_close(a, b) for a, b in zip(ours, theirs)):
            problems.append(f"group {i + 1} ({model['xValues'][i]}): outliers {ours}, Vega-Lite {theirs}")
    return problems


def _diff_error(model, rows, field, horizontal):
    """Per category and series (the colour value in the items; Pitchline's series name), the
    range and, when Vega-Lite has it in the tooltip, the centre."""
    problems = []
    lower_name, upper_name = "lower_" + field, "upper_" + field
    ranged = [r for r in rows if (lower_name in r and upper_name in r)]
    if not ranged:  # x/x2 or y/y2 as given: the rule runs from the value to the second value
        ranged = [dict(r, **{lower_name: r.get("_x" if horizontal else "_y"), upper_name: r.get("_x2" if horizontal else "_y2")})
                  for r in rows if ("_x2" if horizontal else "_y2") in r]
    theirs = {}
    for r in ranged:
        colour = r.get("_stroke", r.get("_fill", r.get("_color")))
        series = compare.series_text(colour) if colour is not None else "*"
        center = next((r[n] for n in r if n.startswith("center_")), r.get(field) if "_tooltip0" in r else None)
        theirs.setdefault((r["_key"], series), (_num(r[lower_name]), _num(r[upper_name]), _num(center)))
    keys = _our_keys(model)
    coloured = any(s != "*" for _, s in theirs)
    ours = {}
    for s in model["series"]:
        for i, v in enumerate(s["values"]):
            d = (s.get("details") or [None] * len(s["values"]))[i] or {}
            if v is not None:
                centre = v if model["semantics"].get("errorRange", {}).get("center") else None
                ours[(keys[i], s["name"] if coloured else "*")] = (d.get("lower"), d.get("upper"), centre)
    if len(theirs) != len(ours):
        return [f"Pitchline has {len(ours)} ranges, Vega-Lite {len(theirs)}"]
    for where in sorted(set(ours) | set(theirs)):
        a, b = ours.get(where), theirs.get(where)
        if a is None or b is None:
            problems.append(f"{where[0]}, series {where[1]}: only in {'Pitchline' if b is None else 'Vega-Lite'}")
        elif not (_close(a[0], b[0]) and _close(a[1], b[1]) and (b[2] is None or _close(a[2], b[2]))):
            problems.append(f"{where[0]}, series {where[1]}: range {a}, Vega-Lite {b}")
    return problems

"""Small multiples against Vega-Lite: a figure's panels (`pitchline inspect` prints them under
`panels`, in reading order) compared one by one with Vega-Lite's cells.

A facet compiles to a Vega group mark `cell` with one item per cell, in drawing order
(Vega-Lite's facet sort, row by row): the oracle notes each item's cell; the facet fields are its
first group fields (`group0`, …), dropped here (they are no series). Repeat and concat compile to one mark per view: the items
are split by mark, in the views' order. Each panel is then compared with its cell by
`compare.diff`, so a panel must hold exactly its cell's values, and the panels must come in
Vega-Lite's order. A panel that is a layered chart (a facet's or repeat's `spec` with `layer`,
or a repeated layer) is compared layer by layer (`compare_layers.diff_layers`): its marks are
named `child_layer_1_marks` (facet), `child__wind_layer_1_marks` (repeat) or
`child__layer_temp_min_marks` (repeated layer), read here as `layer_1_marks`.
"""
from __future__ import annotations

import re

import compare
import compare_layers
import oracle

FACET_CHANNELS = ("row", "column", "facet")


def facet_fields(spec: dict) -> int:
    """How many fields split the data into cells (0: not a facet)."""
    if isinstance(spec.get("facet"), dict):
        f = spec["facet"]
        return 1 if "field" in f else sum(k in f for k in FACET_CHANNELS)
    return sum(k in spec.get("encoding", {}) for k in FACET_CHANNELS)


def layered_view(spec: dict) -> dict | None:
    """The layered view each panel (or the one chart) draws: a facet's or repeat's `spec` with
    `layer`, or a repeated layer (a copy of `spec` per field); None when the panels are single views."""
    inner = spec.get("spec") if isinstance(spec.get("spec"), dict) else None
    repeat = spec.get("repeat")
    if inner is not None and isinstance(repeat, dict) and "layer" in repeat:
        return {"layer": [inner] * len(repeat["layer"])}
    return inner if inner is not None and "layer" in inner else None


def concat_leaves(spec: dict) -> list[dict]:
    """A concatenation's views in Pitchline's panel order (nested concatenations flattened); [] otherwise."""
    out = []
    for key in ("concat", "hconcat", "vconcat"):
        for child in spec.get(key) or []:
            out += concat_leaves(child) if any(k in child for k in ("concat", "hconcat", "vconcat")) else [child]
    return out


def _row_label_column(view: dict) -> bool:
    """A text view whose one position channel and text show the same field (FigureSpec.isRowLabelColumn)."""
    mark = view.get("mark")
    enc = view.get("encoding") or {}
    if (mark.get("type") if isinstance(mark, dict) else mark) != "text" or "layer" in view:
        return False
    positions = [c for c in ("x", "y") if c in enc]
    if len(positions) != 1:
        return False
    pos, text = enc[positions[0]], enc.get("text") or {}
    field = pos.get("field")
    return (field is not None and "aggregate" not in pos and text.get("field") == field and "aggregate" not in text
            and all(c in ("x", "y", "text") or "field" not in d for c, d in enc.items()))


def _layer_name(name: str, spec: dict) -> tuple[str, str]:
    """A mark's view (what tells panels apart) and its name as one layered chart names it."""
    repeat = spec.get("repeat")
    if isinstance(repeat, dict) and "layer" in repeat:
        for k, field in enumerate(repeat["layer"]):
            tag = "layer_" + re.sub(r"\W", "_", str(field)) + "_"
            at = name.find(tag)
            if at >= 0:
                return name[:at], f"layer_{k}_" + name[at + len(tag):]
    m = re.search(r"layer_\d+_", name)
    return (name[:m.start()], name[m.start():]) if m else (name, name)


def layered_result(spec: dict, items: list[dict], result: dict) -> dict:
    """One panel's (or the chart's) Vega-Lite items as a layered chart's, marks named `layer_k_…`."""
    rename = lambda n: _layer_name(n, spec)[1]
    views = {_layer_name(i["mark"], spec)[0] for i in items}  # the panel's own marks (a repeat's views differ)
    # A repeated view's scales are its own (`child__wind_y`): read under their plain names.
    plain = lambda n: next((n[len(v):] for v in views if v and isinstance(n, str) and n.startswith(v)), n)
    marks = [{**m, "name": rename(m["name"]), "scales": {c: plain(n) for c, n in m.get("scales", {}).items()}}
             for m in result["marks"] if _layer_name(m["name"], spec)[0] in views]
    scales = {**result["scales"], **{plain(n): t for n, t in result["scales"].items() if plain(n) != n}}
    mine = [{**i, "mark": rename(i["mark"])} for i in items]
    first = next((m["name"] for m in marks if any(i["mark"] == m["name"] for i in mine)), None)
    return {**result, "scales": scales, "marks": marks, "items": [i for i in mine if i["mark"] == first], "all_items": mine}


def cells(spec: dict, result: dict) -> list[dict]:
    """Vega-Lite's cells in drawing order, each an oracle result of its own items."""
    k = facet_fields(spec)
    groups: dict = {}
    for item in result["items"]:
        if k:
            # The cell it is drawn in; its first k group fields are the facet's, not a series.
            key = item.get("cell")
            rest = {name: v for name, v in item.items() if not name.startswith("group")}
            inner = sorted((int(name[5:]), v) for name, v in item.items() if name.startswith("group") and int(name[5:]) >= k)
            rest.update({f"group{j}": v for j, (_, v) in enumerate(inner)})
        else:
            # A layered view's marks (`concat_0_layer_1_marks`) are one cell, as its panel is one chart.
            key, rest = _layer_name(item["mark"], spec)[0] if layered_view(spec) or concat_leaves(spec) else item["mark"], item
        groups.setdefault(key, []).append(rest)
    # A named spec prefixes its scales (`trellis_barley_x`); the comparison reads `x`, `y`, `color`.
    prefix = spec["name"] + "_" if isinstance(spec.get("name"), str) else None
    plain = lambda n: n[len(prefix):] if prefix and isinstance(n, str) and n.startswith(prefix) else n
    scales = {plain(n): t for n, t in result["scales"].items()}
    marks = [{**m, "scales": {c: plain(n) for c, n in m.get("scales", {}).items()}} for m in result["marks"]]
    if layered_view(spec):
        return [layered_result(spec, items, {"scales": scales, "marks": marks}) for items in groups.values()]
    # A concatenated view's scales are its own (`concat_1_x`): each cell reads its mark's.
    by_name = {m["name"]: m for m in marks}

    def own_scales(items):
        mark = by_name.get(items[0]["mark"]) if not k and items else None
        if not mark:
            return scales
        return {**scales, **{c: scales[n] for c, n in mark.get("scales", {}).items() if c in ("x", "y") and n in scales}}
    leaves = concat_leaves(spec)
    if leaves and len(leaves) == len(groups):
        return [layered_result(leaf, items, {**result, "scales": scales, "marks": marks}) if "layer" in leaf
                else {"scales": own_scales(items), "marks": marks, "items": items} for leaf, items in zip(leaves, groups.values())]
    return [{"scales": own_scales(items), "marks": marks, "items": items} for items in groups.values()]


def diff(model: dict, spec: dict, base_dir: str, series_titles: dict | None = None) -> list[str]:
    """Differences between a figure's panels and Vega-Lite's cells; empty when they match."""
    layered = layered_view(spec)
    result = oracle.evaluate(spec, base_dir, all_marks=not facet_fields(spec) or layered is not None)
    if layered is not None and facet_fields(spec):
        result["items"] = result["all_items"]
    theirs = cells(spec, result)
    panels = model["panels"]
    leaves = concat_leaves(spec)
    if leaves and len(leaves) == len(theirs):  # a column of row names is no panel in Pitchline
        kept = [i for i, leaf in enumerate(leaves) if not _row_label_column(leaf)]
        leaves, theirs = [leaves[i] for i in kept], [theirs[i] for i in kept]
    if len(panels) != len(theirs):
        return [f"Pitchline has {len(panels)} panels ({[p.get('header') for p in panels][:6]}), Vega-Lite {len(theirs)} cells"]
    problems = []
    for i, (panel, cell) in enumerate(zip(panels, theirs)):
        leaf = leaves[i] if len(leaves) == len(panels) else {}
        found = (compare_layers.diff_layers(panel, cell, layered, series_titles) if layered is not None
                 else compare_layers.diff_layers(panel, cell, leaf, series_titles) if "layer" in leaf
                 else compare.diff(panel, cell, series_titles))
        problems += [f"panel {i + 1} ({panel.get('header')}): {p}" for p in found]
    return problems


def diff_repeated_layer(model: dict, spec: dict, base_dir: str, series_titles: dict | None = None) -> list[str]:
    """A repeated layer read as one layered chart, against Vega-Lite's marks (one per field)."""
    result = oracle.evaluate(spec, base_dir, all_marks=True)
    return compare_layers.diff_layers(model, layered_result(spec, result["all_items"], result), layered_view(spec), series_titles)

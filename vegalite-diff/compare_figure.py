"""Small multiples against Vega-Lite: a figure's panels (`pitchline inspect` prints them under
`panels`, in reading order) compared one by one with Vega-Lite's cells.

A facet compiles to a Vega group mark `cell` with one item per cell, in drawing order
(Vega-Lite's facet sort, row by row): the oracle notes each item's cell; the facet fields are its
first group fields (`group0`, …), dropped here (they are no series). Repeat and concat compile to one mark per view: the items
are split by mark, in the views' order. Each panel is then compared with its cell by
`compare.diff`, so a panel must hold exactly its cell's values, and the panels must come in
Vega-Lite's order.
"""
from __future__ import annotations

import compare
import oracle

FACET_CHANNELS = ("row", "column", "facet")


def facet_fields(spec: dict) -> int:
    """How many fields split the data into cells (0: not a facet)."""
    if isinstance(spec.get("facet"), dict):
        f = spec["facet"]
        return 1 if "field" in f else sum(k in f for k in FACET_CHANNELS)
    return sum(k in spec.get("encoding", {}) for k in FACET_CHANNELS)


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
            key, rest = item["mark"], item
        groups.setdefault(key, []).append(rest)
    # A named spec prefixes its scales (`trellis_barley_x`); the comparison reads `x`, `y`, `color`.
    prefix = spec["name"] + "_" if isinstance(spec.get("name"), str) else None
    plain = lambda n: n[len(prefix):] if prefix and isinstance(n, str) and n.startswith(prefix) else n
    scales = {plain(n): t for n, t in result["scales"].items()}
    marks = [{**m, "scales": {c: plain(n) for c, n in m.get("scales", {}).items()}} for m in result["marks"]]
    return [{"scales": scales, "marks": marks, "items": items} for items in groups.values()]


def diff(model: dict, spec: dict, base_dir: str, series_titles: dict | None = None) -> list[str]:
    """Differences between a figure's panels and Vega-Lite's cells; empty when they match."""
    result = oracle.evaluate(spec, base_dir, all_marks=not facet_fields(spec))
    theirs = cells(spec, result)
    panels = model["panels"]
    if len(panels) != len(theirs):
        return [f"Pitchline has {len(panels)} panels ({[p.get('header') for p in panels][:6]}), Vega-Lite {len(theirs)} cells"]
    problems = []
    for i, (panel, cell) in enumerate(zip(panels, theirs)):
        problems += [f"panel {i + 1} ({panel.get('header')}): {p}" for p in compare.diff(panel, cell, series_titles)]
    return problems

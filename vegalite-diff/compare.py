"""Pitchline's chart model against Vega-Lite's evaluated items: both become rows
(key, series, value) and are compared as multisets, with a tolerance for float formatting only.

Vega side (oracle.py): the key channel is x, or y when y's scale is discrete/temporal and x's is
continuous (horizontal bars); a key with a partner channel (x2: timeUnit or bin bars) keys on the
start; a stacked value (`…_end`/`…_start` fields) is the datum's own value; an item whose
`defined` is false or whose value is null/NaN is a missing value and left out, as the marks do.
Series: the stroke/fill (color) field. Pitchline side: every non-nil value of every series.
"""
from __future__ import annotations

import json
import math
import subprocess
from collections import defaultdict

DISCRETE = {"band", "point", "ordinal"}
TIME = {"time", "utc"}


def _num(v):
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    if isinstance(v, str):
        try:
            f = float(v)
            return f if math.isfinite(f) else None
        except ValueError:
            return None
    return None


def canonical_key(v, time_scale=False):
    """One comparable text for an x value: D<ms> for instants, the number, or the category text."""
    if isinstance(v, dict) and "date" in v:
        return "D%d" % round(v["date"])
    if v is None:
        return "null"
    n = _num(v)
    if n is not None:
        if time_scale and isinstance(v, (int, float)):
            return "D%d" % round(n)
        return "N%.12g" % n
    return "S" + str(v)


def series_text(v) -> str:
    """A color value as Pitchline names a series: numbers without a trailing .0."""
    if isinstance(v, float) and v.is_integer():
        return "%d" % v
    if isinstance(v, dict) and "date" in v:
        return "D%d" % v["date"]
    return str(v)


MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]


def _month_keys(rows):
    """Vega-Lite's `month` timeUnit keeps an instant in 2012 (drawn as "Jan"); Pitchline keys the
    row by the month's name. Instants become month names where the other side has names."""
    import datetime
    out = []
    for k, s, v in rows:
        if k.startswith("D"):
            k = "S" + MONTHS[datetime.datetime.fromtimestamp(int(k[1:]) / 1000, datetime.timezone.utc).month - 1]
        out.append((k, s, v))
    return out


def _horizontal(scales: dict, item: dict) -> bool:
    """Whether y is the key axis: y discrete and x not; or y temporal and x linear; or, both
    continuous, y binned/ranged (y2 beside y) while x is a plain value (horizontal histogram)."""
    xs, ys = scales.get("x"), scales.get("y")
    if (xs in DISCRETE) != (ys in DISCRETE):
        return ys in DISCRETE
    if (xs in TIME) != (ys in TIME):
        return ys in TIME
    return "y2" in item and "yraw" not in item and "x2" not in item


def oracle_rows(result: dict):
    scales = result["scales"]
    rows = []
    for item in result["items"]:
        if item.get("defined") is False:
            continue
        horizontal = _horizontal(scales, item)
        k, v = ("y", "x") if horizontal else ("x", "y")
        if k not in item and k + "c" in item:
            k = k + "c"
        if v not in item and v + "c" in item:
            v = v + "c"
        if k not in item or v not in item:
            continue
        key_scale = scales.get(k[0])
        key = item[k]
        if k + "2" in item and key_scale not in DISCRETE:
            a, b = item[k], item[k + "2"]
            na = a["date"] if isinstance(a, dict) else _num(a)
            nb = b["date"] if isinstance(b, dict) else _num(b)
            if na is not None and nb is not None and nb < na:
                key = b
        value = _num(item[v])
        if v + "raw" in item:  # a stack segment: its own value, not where it is drawn
            value = _num(item[v + "raw"])
        if value is None:
            continue
        series = item.get("stroke", item.get("fill"))
        rows.append((canonical_key(key, key_scale in TIME), None if series is None else series_text(series), value))
    return rows


def oracle_key_order(result: dict) -> list[str] | None:
    """The order Vega-Lite draws a discrete key axis in (left to right, or top to bottom for
    horizontal charts), from the items' pixel positions; None for a continuous key axis."""
    placed = {}
    for item in result["items"]:
        horizontal = _horizontal(result["scales"], item)
        axis = "y" if horizontal else "x"
        if result["scales"].get(axis) not in DISCRETE or item.get(axis) is None:
            return None
        pos = item.get("py" if horizontal else "px")
        if pos is None:
            return None
        key = canonical_key(item[axis])
        placed[key] = min(pos, placed.get(key, pos))
    return sorted(placed, key=lambda k: placed[k])


def pitchline_rows(model: dict):
    rows = []
    time_axis = model["x"]["type"] == "temporal"
    for s in model["series"]:
        point_rows = s.get("pointRows")
        indexes = point_rows if point_rows is not None else range(len(s["values"]))
        for i in indexes:
            value = s["values"][i]
            if value is None:
                continue
            rows.append((canonical_key(model["xValues"][i], time_axis), s["name"], float(value)))
    return rows


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def diff(model: dict, oracle: dict, series_titles: dict | None = None) -> list[str]:
    """Differences between Pitchline's rows and Vega-Lite's; empty when they match.
    `series_titles`: the spec's `usermeta.pitchline.seriesTitles` (color value → legend name)."""
    ours, theirs = pitchline_rows(model), oracle_rows(oracle)
    if series_titles:
        theirs = [(k, series_titles.get(s, s) if s is not None else s, v) for k, s, v in theirs]
    if any(k[1:] in MONTHS for k, _, _ in ours):
        theirs = _month_keys(theirs)
    by_ours, by_theirs = defaultdict(list), defaultdict(list)
    for k, s, v in ours:
        by_ours[s].append((k, v))
    for k, s, v in theirs:
        by_theirs[s].append((k, v))
    problems = []
    # Series: one each side pair whatever their names; otherwise by name (case-insensitive).
    if len(by_ours) == 1 and len(by_theirs) == 1:
        pairs = [(next(iter(by_ours)), next(iter(by_theirs)))]
    else:
        lower = {str(t).lower(): t for t in by_theirs}
        pairs = []
        for name in by_ours:
            if str(name).lower() in lower:
                pairs.append((name, lower[str(name).lower()]))
            else:
                problems.append(f"series {name!r} is not among Vega-Lite's series {sorted(map(str, by_theirs))[:6]}")
        paired = {p[1] for p in pairs}
        for t in by_theirs:
            if t not in paired:
                problems.append(f"Vega-Lite series {t!r} ({len(by_theirs[t])} values) is not in Pitchline")
    for ours_name, their_name in pairs:
        a = sorted(by_ours[ours_name])
        b = sorted(by_theirs[their_name])
        if len(a) != len(b):
            only_a = sorted(set(k for k, _ in a) - set(k for k, _ in b))[:3]
            only_b = sorted(set(k for k, _ in b) - set(k for k, _ in a))[:3]
            problems.append(f"series {ours_name!r}: Pitchline has {len(a)} values, Vega-Lite {len(b)}"
                            f" (keys only in Pitchline {only_a}, only in Vega-Lite {only_b})")
            continue
        bad = [(x, y) for x, y in zip(a, b) if x[0] != y[0] or not _close(x[1], y[1])]
        if bad:
            (ka, va), (kb, vb) = bad[0]
            problems.append(f"series {ours_name!r}: {len(bad)} of {len(a)} values differ, first: "
                            f"Pitchline {ka} = {va!r}, Vega-Lite {kb} = {vb!r}")
    if not theirs:
        problems.append("Vega-Lite drew no data items (spec or oracle problem)")
    order = oracle_key_order(oracle)
    if order is not None and not problems:
        time_axis = model["x"]["type"] == "temporal"
        ours_order = list(dict.fromkeys(canonical_key(v, time_axis) for v in model["xValues"]))
        if any(k[1:] in MONTHS for k in ours_order):
            order = [k for k, _, _ in _month_keys([(k, None, 0) for k in order])]
        if set(ours_order) == set(order) and ours_order != order:
            problems.append(f"row order differs: Pitchline {ours_order[:8]}, Vega-Lite {order[:8]}")
    return problems


def inspect(pitchline: str, files: list[str], cwd: str) -> dict[str, dict]:
    """`pitchline inspect --json` for many files in one process: file → model or {problems}."""
    out = subprocess.run([pitchline, "inspect", "--json", *files], cwd=cwd, capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise RuntimeError(f"pitchline inspect failed ({out.returncode}): {out.stderr[-2000:]}")
    data = json.loads(out.stdout)
    if len(files) == 1:
        data = [data]
    return {d["file"]: d for d in data}

"""Pitchline's chart model against Vega-Lite's evaluated items. Both sides become rows
(key, series, value, lower, upper), compared as multisets with a tolerance for float formatting.

Vega side (oracle.py): the value channel is y, or x for horizontal charts (y discrete or temporal
and x not; both continuous and y binned), or the only positional channel (a strip plot, keyed
"*"). A key with a partner channel (x2: timeUnit or bin bars) keys on the start. A stack
segment's value is its datum's own value (its share, end − start, for a normalized stack) and
its bounds are the stack's start and end; an x2/y2 range on the value channel gives the bounds.
Series: the color (stroke/fill through the color scale), else strokeDash. Items whose `defined`
is false or whose value is null/NaN are missing values and left out, as the marks do.
Pitchline side: every non-nil value of every series (on its `pointRows` when it has them), with
`details.lower/upper` as bounds. `invalid: "show"`: an item Vega-Lite draws for a null/NaN value
is `DRAWN_INVALID`, as is a row in a Pitchline series' `invalidRows`; a key Pitchline draws at
zero for an invalid key (`semantics.invalidDrawn.keyRows`) is "null", as Vega-Lite prints it.
"""
from __future__ import annotations

import datetime
import json
import math
import re
import subprocess
from collections import defaultdict

DISCRETE = {"band", "point", "ordinal"}
TIME = {"time", "utc"}
EXTRA_CHANNELS = {"size", "opacity", "text", "angle"}
# A value Vega-Lite draws although it is invalid (`invalid: "show"`/null: at the scale's zero or
# low end); Pitchline's model keeps it missing and lists its row in `invalidRows`.
DRAWN_INVALID = float("-inf")
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]


def _num(v):
    if isinstance(v, dict) and "date" in v:
        return float(v["date"])
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
    """One comparable text for a key: D<ms> for instants, N<number>, S<category text>."""
    if isinstance(v, dict) and "date" in v:
        return "D%d" % round(v["date"])
    if v is None or v == "null":  # Vega-Lite draws a null category as "null"; Pitchline names it so
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


def _month_name(key: str) -> str:
    """Vega-Lite's `month` timeUnit keeps an instant in 2012 (drawn as "Jan"); Pitchline keys
    such a row by the month's name."""
    if not key.startswith("D"):
        return key
    month = datetime.datetime.fromtimestamp(int(key[1:]) / 1000, datetime.timezone.utc).month
    return "S" + MONTHS[month - 1]


def _label_mapping(ours_keys, theirs) -> dict | None:
    """Pitchline names the rows of a discrete time unit ("April", "00:00", "1 April") where
    Vega-Lite keeps an instant: when every Pitchline key is a text and every Vega-Lite key an
    instant, and there are as many of each, the n-th instant in time is the n-th row."""
    their_keys = sorted(set(k for k, *_ in theirs), key=lambda k: int(k[1:]) if k.startswith("D") else 0)
    if not ours_keys or not all(k.startswith("S") for k in ours_keys) or not all(k.startswith("D") for k in their_keys):
        return None
    if len(ours_keys) != len(their_keys):
        return None
    return dict(zip(their_keys, ours_keys))


def _horizontal(scales: dict, item: dict) -> bool:
    xs, ys = scales.get("x"), scales.get("y")
    if (xs in DISCRETE) != (ys in DISCRETE):
        return ys in DISCRETE
    if (xs in TIME) != (ys in TIME):
        return ys in TIME
    return "y2" in item and "yraw" not in item and "x2" not in item


def _channels(result: dict, item: dict):
    """(key channel or None, value channel) for an item."""
    has = lambda c: c in item or c + "c" in item
    pick = lambda c: c if c in item else c + "c"
    continuous = lambda c: result["scales"].get(c) not in DISCRETE | TIME | {None}
    if has("x") and not has("y"):  # a strip plot; or a value drawn through a signal (unreadable)
        return (None, pick("x")) if continuous("x") else (None, None)
    if has("y") and not has("x"):
        return (None, pick("y")) if continuous("y") else (None, None)
    if _horizontal(result["scales"], item):
        return pick("y"), pick("x")
    return pick("x"), pick("y")


def oracle_kind(result: dict) -> str | None:
    """"arc" for a pie (items carry theta), "rect" for a heatmap (two discrete axes and a
    continuous fill), else None (the row/value comparison above)."""
    types = {m.get("type") for m in result["marks"]}
    scales = result["scales"]
    if "arc" in types and any("theta" in i for i in result["items"]):
        return "arc"
    # A heatmap coloured through `fill` has its scale named so.
    if "rect" in types and scales.get("color", scales.get("fill")) not in DISCRETE | {None}:
        return "rect"
    return None


def kind_rows(result: dict, kind: str):
    """A pie: (slice category, None, theta); a heatmap: (x, y as the series, fill). Slices
    without a value, and cells without a number, are left out as Vega-Lite draws nothing."""
    rows = []
    for item in result["items"]:
        if kind == "arc":
            value = _num(item.get("theta"))
            key = canonical_key(item["fill"]) if "fill" in item else "*"
            series = None
            # Arcs from theta to theta2 are ranges; a radius field is an extra channel.
            lower = upper = None
            if _num(item.get("theta2")) is not None and value is not None:
                lower, upper = min(value, _num(item["theta2"])), max(value, _num(item["theta2"]))
            extras = {c: item[p] for c, p in (("radius", "outerRadius"), ("radius2", "innerRadius")) if p in item}
            if value is not None:
                rows.append((key, series, value, lower, upper, extras))
            continue
        else:
            value = _num(item.get("fill"))
            # A binned axis draws from the bin's start (x2/y2) to its end: the start names it.
            x, y = item.get("x"), item.get("y")
            if "x2" in item and _num(item["x2"]) is not None and _num(x) is not None:
                x = min(_num(x), _num(item["x2"]))
            if "y2" in item and _num(item["y2"]) is not None and _num(y) is not None:
                y = min(_num(y), _num(item["y2"]))
            key = canonical_key(x, result["scales"].get("x") in TIME)
            series = "D%d" % y if result["scales"].get("y") in TIME and isinstance(y, (int, float)) else series_text(y)
        if value is not None:
            rows.append((key, series, value, None, None, {}))
    return rows


def _arc_radii(model: dict, oracle: dict) -> list[str]:
    """A radial chart: each slice's radius value (Pitchline's `semantics.arc.radii`) is the
    value Vega-Lite draws its outer radius from; a chart with a radius field must have them."""
    radii = (model.get("semantics", {}).get("arc") or {}).get("radii")
    theirs = {canonical_key(i["fill"]) if "fill" in i else "*": _num(i["outerRadius"]) for i in oracle["items"] if "outerRadius" in i}
    if not theirs:
        return [] if radii is None else ["Pitchline reads radius values Vega-Lite does not draw"]
    if radii is None:
        return ["Vega-Lite draws each slice's radius from the data; Pitchline has no radius values"]
    ours = {canonical_key(k): r for k, r in zip(model["xValues"], radii) if r is not None}
    if set(ours) != set(theirs) or not all(_close(ours[k], theirs[k]) for k in ours):
        first = next((k for k in sorted(set(ours) | set(theirs)) if not _close(ours.get(k), theirs.get(k))), None)
        return [f"slice radius differs at {first!r}: Pitchline {ours.get(first)!r}, Vega-Lite {theirs.get(first)!r}"]
    return []


def kind_order(result: dict, kind: str) -> list[str]:
    """Slices in drawing order (clockwise from twelve o'clock: by the stack start, `endAngle`),
    or a heatmap's rows top to bottom."""
    placed = {}
    for item in result["items"]:
        if kind == "arc":
            key, pos = (canonical_key(item["fill"]) if "fill" in item else "*"), _num(item.get("endAngle"))
        else:
            y = item.get("y")
            if "y2" in item and _num(item["y2"]) is not None and _num(y) is not None:
                y = min(_num(y), _num(item["y2"]))
            key = "D%d" % y if result["scales"].get("y") in TIME and isinstance(y, (int, float)) else series_text(y)
            pos = item.get("py")
        if pos is not None:
            placed[key] = min(pos, placed.get(key, pos))
    return sorted(placed, key=lambda k: placed[k])


def _size_rows(result: dict):
    """A grid of circles whose value is their size (Pitchline: rows on x, a series per y): key
    x, value size, series y's canonical key (paired with Pitchline's series by content)."""
    rows = []
    x_time = result["scales"].get("x") in TIME
    for item in result["items"]:
        value = _num(item.get("size"))
        if value is None or "x" not in item:
            continue
        rows.append((canonical_key(item["x"], x_time), canonical_key(item.get("y")), value, None, None, {}))
    return rows


def oracle_rows(result: dict, normalized: bool = False, value_channel: str = "y"):
    if value_channel == "size":
        return _size_rows(result)
    kind = oracle_kind(result)
    if kind:
        return kind_rows(result, kind)
    marks = {m["name"]: m for m in result["marks"]}
    rows = []
    for item in result["items"]:
        if item.get("defined") is False:
            continue
        k, v = _channels(result, item)
        if v is None or v not in item:
            continue
        key_scale = result["scales"].get(k[0]) if k else None
        key = "*"
        if k:
            raw_key = item[k]
            if k + "key" in item:
                raw_key = item[k + "key"]
            elif k + "2" in item and key_scale not in DISCRETE:
                a, b = _num(item[k]), _num(item[k + "2"])
                if a is not None and b is not None and b < a:
                    raw_key = item[k + "2"]
            key = canonical_key(raw_key, key_scale in TIME)
            if key_scale is not None and key_scale not in DISCRETE and key.startswith("S"):
                key = "null"  # text on a continuous axis is as invalid as null (drawn only by `invalid: "show"`)
        value, lower, upper = _num(item[v]), None, None
        if v + "raw" in item and _num(item[v + "raw"]) is None and not isinstance(item[v + "raw"], dict):
            value = DRAWN_INVALID  # a stack segment of an invalid value: drawn with no height (`invalid: "show"`)
        elif v + "raw" in item:  # a stack segment (bounds as an interval, low … high)
            lower, upper = _num(item[v + "2"]), _num(item[v])
            if lower is not None and upper is not None:
                lower, upper = min(lower, upper), max(lower, upper)
            if normalized:
                value = None if lower is None or upper is None else _num(item[v]) - _num(item[v + "2"])
            else:
                value = _num(item[v + "raw"])
        elif v + "2" in item:  # a range on the value axis
            a, b = _num(item[v]), _num(item[v + "2"])
            if a is not None and b is not None:
                lower, upper = min(a, b), max(a, b)
        if value is None:
            if item.get(v) is None or (isinstance(item.get(v), str) and _num(item[v]) is None):
                value = DRAWN_INVALID  # an item drawn for a null/NaN value (only `invalid: "show"` draws one)
            else:
                continue
        scales = marks.get(item["mark"], {}).get("scales", {})
        series = None
        extras = {c: item[c] for c in item if c in EXTRA_CHANNELS or c.startswith("tooltip")}
        for channel in ("stroke", "fill", "strokeDash", "shape"):
            scale = scales.get(channel)
            if channel in item and scale in ("color", "strokeDash", "shape"):
                if result["scales"].get(scale) in DISCRETE:
                    series = series_text(item[channel])
                    break
                extras["color"] = item[channel]  # a continuous color is a value, not a series
        groups = [series_text(item[g]) for g in sorted(item) if g.startswith("group")]
        if series is None and groups:
            series = " ".join(groups)
        rows.append((key, series, value, lower, upper, extras))
    return rows


def pitchline_rows(model: dict):
    rows = []
    time_axis = model["x"]["type"] == "temporal"
    # Dates as values are seconds since 1970 in Pitchline, milliseconds in Vega.
    scale = 1000.0 if model.get("y", {}).get("type") == "temporal" else 1.0
    drawn = model.get("semantics", {}).get("invalidDrawn") or {}
    invalid_keys = set(drawn.get("keyRows", []))
    for s in model["series"]:
        point_rows = s.get("pointRows")
        indexes = point_rows if point_rows is not None else range(len(s["values"]))
        details = s.get("details") or []
        invalid_values = set(s.get("invalidRows", []))
        for i in indexes:
            value = s["values"][i]
            if i in invalid_values:
                value = DRAWN_INVALID / scale
            elif value is None:
                continue
            d = details[i] if i < len(details) and details[i] else {}
            lower, upper = d.get("lower"), d.get("upper")
            if lower is not None and upper is not None:
                lower, upper = min(lower, upper) * scale, max(lower, upper) * scale
            key = "null" if i in invalid_keys else canonical_key(model["xValues"][i], time_axis)
            rows.append((key, s["name"], float(value) * scale, lower, upper,
                         d.get("extras") or []))
    return rows


def _close(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def _sort_key(row):
    k, v, lo, hi = row[:4]
    return (k, round(v, 6), -1e300 if lo is None else round(lo, 6), -1e300 if hi is None else round(hi, 6))


def _number_text(text: str):
    """A number as Pitchline shows it ("2,035", "−3.5", "22.2 mm") and its decimals; None if not one."""
    import re
    m = re.match(r"^\s*([-+\u2212]?[\d,]*\.?\d+)(?:\s*[^\d%eEkMGTµmnp.]*)?$", text)
    if not m:
        return None
    digits = m.group(1).replace(",", "").replace("\u2212", "-")
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    return float(digits), decimals


def _compare_extras(model, pairs, by_ours, by_theirs) -> list[str]:
    """Each extra channel Pitchline shows (size, opacity, text, tooltip, …) against the values
    Vega-Lite's items carry, per series, as multisets: numbers to the digits Pitchline shows,
    texts exactly; dates and texts with SI prefixes or percentages are not compared."""
    problems = []
    fields = model.get("semantics", {}).get("extraFields", [])
    tooltip_index, sources = 0, []
    for f in fields:
        if f["channel"] == "tooltip":
            sources.append(f"tooltip{tooltip_index}")
            tooltip_index += 1
        else:
            sources.append(f["channel"])
    for ours_name, their_name in pairs:
        for j, source in enumerate(sources):
            theirs = [r[4].get(source) for r in by_theirs[their_name] if source in r[4]]
            if not theirs or any(isinstance(v, dict) for v in theirs):
                continue
            ours = [r[4][j] for r in by_ours[ours_name] if len(r[4]) > j and r[4][j] is not None]
            if len(ours) != len([v for v in theirs if v is not None]):
                problems.append(f"series {ours_name!r}, {fields[j]['title']} ({fields[j]['channel']}): Pitchline shows "
                                f"{len(ours)} values, Vega-Lite has {len([v for v in theirs if v is not None])}")
                continue
            parsed = [_number_text(t) for t in ours]
            numbers = [v for v in theirs if v is not None]
            if all(p is not None for p in parsed) and all(_num(v) is not None for v in numbers):
                numbers = [_num(v) for v in numbers]
                a = sorted(parsed)
                b = sorted(numbers)
                bad = [(x, y) for x, y in zip(a, b) if abs(x[0] - y) > 0.5 * 10 ** -x[1] * 1.001 + 1e-9 * abs(y)]
                if bad:
                    problems.append(f"series {ours_name!r}, {fields[j]['title']} ({fields[j]['channel']}): {len(bad)} values "
                                    f"differ, first: Pitchline {bad[0][0][0]!r}, Vega-Lite {bad[0][1]!r}")
            elif all(isinstance(v, str) for v in numbers):
                if sorted(ours) != sorted(numbers):
                    first = next((x, y) for x, y in zip(sorted(ours), sorted(numbers)) if x != y)
                    problems.append(f"series {ours_name!r}, {fields[j]['title']} ({fields[j]['channel']}): texts differ, "
                                    f"first: Pitchline {first[0]!r}, Vega-Lite {first[1]!r}")
    return problems


def oracle_key_order(result: dict) -> list[str] | None:
    """The order Vega-Lite draws a discrete key axis in (left to right, or top to bottom for
    horizontal charts), from the items' pixel positions; None for a continuous key axis."""
    placed = {}
    for item in result["items"]:
        k, _ = _channels(result, item)
        if k is None or result["scales"].get(k[0]) not in DISCRETE or item.get(k) is None:
            return None
        pos = item.get("py" if k[0] == "y" else "px")
        if pos is None:
            return None
        key = canonical_key(item[k])
        placed[key] = min(pos, placed.get(key, pos))
    return sorted(placed, key=lambda k: placed[k])


def _without_redundant_colour(theirs: list, model: dict) -> list:
    """A colour that repeats the key axis' field (each bar coloured by its own category, as in
    the gallery's facet_grid_bar) splits Vega-Lite's items into one-value series; Pitchline reads
    it as no series (one series, its rows the categories). Those series are dropped when every
    item's colour is its own key and Pitchline has one series."""
    if len(model.get("series", [])) != 1 or not theirs:
        return theirs
    names = {s for _, s, *_ in theirs}
    if len(names) < 2 or None in names or not all(k == canonical_key(s) for k, s, *_ in theirs):
        return theirs
    return [(k, None, *rest) for k, _, *rest in theirs]


def diff(model: dict, oracle: dict, series_titles: dict | None = None) -> list[str]:
    """Differences between Pitchline's rows and Vega-Lite's; empty when they match.
    `series_titles`: the spec's `usermeta.pitchline.seriesTitles` (color value → legend name)."""
    semantics = model.get("semantics", {})
    ours = pitchline_rows(model)
    size_mode = semantics.get("valueChannel") == "size"
    theirs = oracle_rows(oracle, normalized=semantics.get("stack") == "normalize",
                         value_channel="size" if size_mode else "y")
    if series_titles:
        theirs = [(k, series_titles.get(s, s) if s is not None else s, *rest) for k, s, *rest in theirs]
    theirs = _without_redundant_colour(theirs, model)
    kind = oracle_kind(oracle)
    rename: dict = {}
    if kind == "rect":  # heatmap rows Pitchline names ("2014") where Vega-Lite keeps an instant
        names = [s["name"] for s in model["series"]]
        instants = sorted({s for _, s, *_ in theirs if s.startswith("D")}, key=lambda s: float(s[1:]))
        if instants and len(instants) == len(names) and not set(names) & set(instants):
            # Pitchline's rows run top to bottom: later first on a continuous (time) y axis.
            rename = dict(zip(instants, names[::-1] if oracle["scales"].get("y") in TIME else names))
            theirs = [(k, rename.get(s, s), *rest) for k, s, *rest in theirs]
        # Columns Pitchline names ("1", "March") where Vega-Lite keeps instants: the n-th in time is the n-th.
        ours_keys = list(dict.fromkeys(canonical_key(v) for v in model["xValues"]))
        their_keys = sorted({k for k, *_ in theirs if k.startswith("D")}, key=lambda k: float(k[1:]))
        if their_keys and len(their_keys) == len(ours_keys) and not any(k.startswith("D") for k in ours_keys):
            columns = dict(zip(their_keys, ours_keys))
            theirs = [(columns.get(k, k), *rest) for k, *rest in theirs]
    time_axis = model["x"]["type"] == "temporal"
    mapping = _label_mapping(list(dict.fromkeys(canonical_key(v, time_axis) for v in model["xValues"])), theirs)
    if mapping:
        theirs = [(mapping.get(k, k), *rest) for k, *rest in theirs]
    if theirs and all(k == "*" for k, *_ in theirs):
        ours = [("*", *rest) for _, *rest in ours]
    by_ours, by_theirs = defaultdict(list), defaultdict(list)
    for k, s, *rest in ours:
        by_ours[s].append((k, *rest))
    for k, s, *rest in theirs:
        by_theirs[s].append((k, *rest))
    problems = []
    # Series: one each side pair whatever their names; in a grid of circles sized by the value,
    # by their content (Pitchline names a y value "Monday" or "from 10 to 20", Vega-Lite keeps
    # the instant or the bin start); otherwise by name (case-insensitive).
    if size_mode:
        content = defaultdict(list)
        for t, rows_t in by_theirs.items():
            content[repr(sorted(r[:4] for r in rows_t))].append(t)
        pairs = []
        for name, rows_o in by_ours.items():
            match = content.get(repr(sorted(r[:4] for r in rows_o)))
            if match:
                pairs.append((name, match.pop(0)))
            else:
                problems.append(f"series {name!r}: no Vega-Lite row (y) has the same values by x")
        paired = {p[1] for p in pairs}
        problems += [f"Vega-Lite series {t!r} ({len(by_theirs[t])} values) is not in Pitchline" for t in by_theirs if t not in paired]
    elif len(by_ours) == 1 and len(by_theirs) == 1:
        pairs = [(next(iter(by_ours)), next(iter(by_theirs)))]
    else:
        lower = {str(t).lower(): t for t in by_theirs}
        pairs = []
        for name in by_ours:
            # A layer's series named like another layer's carries its mark ("Japan (point)").
            plain = re.sub(r" \((point|circle|square|line|bar|area|rule|tick|trail|text|rect)\)$", "", str(name)).lower()
            if str(name).lower() in lower or plain in lower:
                pairs.append((name, lower.get(str(name).lower(), lower.get(plain))))
            else:
                problems.append(f"series {name!r} is not among Vega-Lite's series {sorted(map(str, by_theirs))[:6]}")
        paired = {p[1] for p in pairs}
        for t in by_theirs:
            if t not in paired:
                problems.append(f"Vega-Lite series {t!r} ({len(by_theirs[t])} values) is not in Pitchline")
    stacked_series = len(by_theirs) > 1
    for ours_name, their_name in pairs:
        a = sorted(by_ours[ours_name], key=_sort_key)
        b = sorted(by_theirs[their_name], key=_sort_key)
        if len(a) != len(b):
            only_a = sorted(set(r[0] for r in a) - set(r[0] for r in b))[:3]
            only_b = sorted(set(r[0] for r in b) - set(r[0] for r in a))[:3]
            problems.append(f"series {ours_name!r}: Pitchline has {len(a)} values, Vega-Lite {len(b)}"
                            f" (keys only in Pitchline {only_a}, only in Vega-Lite {only_b})")
            continue
        bad = [(x, y) for x, y in zip(a, b) if x[0] != y[0] or not _close(x[1], y[1])]
        if bad:
            (ka, va, *_), (kb, vb, *_) = bad[0]
            problems.append(f"series {ours_name!r}: {len(bad)} of {len(a)} values differ, first: "
                            f"Pitchline {ka} = {va!r}, Vega-Lite {kb} = {vb!r}")
            continue
        # Vega-Lite stacks a bar even alone (0 … value); that is no stack to a reader.
        trivial = lambda y: (y[2] == 0 or y[3] == 0) and (_close(y[2] + y[3], y[1]) or semantics.get("stack") is None and not stacked_series)
        bounds = [(x, y) for x, y in zip(a, b)
                  if y[2] is not None and not (trivial(y) and x[2] is None) and not (_close(x[2], y[2]) and _close(x[3], y[3]))]
        if bounds:
            x, y = bounds[0]
            problems.append(f"series {ours_name!r}: {len(bounds)} of {len(a)} stack/range bounds differ, first at {x[0]}: "
                            f"Pitchline {x[2]!r}…{x[3]!r}, Vega-Lite {y[2]!r}…{y[3]!r}")
    problems += _compare_extras(model, pairs, by_ours, by_theirs)
    if not theirs:
        problems.append("no Vega-Lite item could be read (the oracle reads values from mark encodings "
                        "by field; this spec's marks draw them through signals)")
    if kind == "arc" and not problems:
        problems += _arc_radii(model, oracle)
    # Arcs that all start at zero (unstacked, or one stack per radius) have no clockwise order.
    starts = [_num(i.get("endAngle")) for i in oracle["items"]] if kind == "arc" else []
    unordered = kind == "arc" and (None in starts or len(set(starts)) < len(starts))
    if kind and not problems and not unordered:
        order = kind_order(oracle, kind)
        if kind == "arc":
            ours_order = [canonical_key(v) for v, x in zip(model["xValues"], model["series"][0]["values"]) if x is not None]
        else:
            ours_order = [s["name"] for s in model["series"]]
            order = [rename.get(k, k) for k in order]
        if ours_order != order:
            problems.append(f"{'slice' if kind == 'arc' else 'heatmap row'} order differs: Pitchline {ours_order[:8]}, Vega-Lite {order[:8]}")
    order = oracle_key_order(oracle)
    if order is not None and not problems:
        time_axis = model["x"]["type"] == "temporal"
        ours_order = list(dict.fromkeys(canonical_key(v, time_axis) for v in model["xValues"]))
        if mapping:
            order = [mapping.get(k, k) for k in order]
        if set(ours_order) == set(order) and ours_order != order:
            problems.append(f"row order differs: Pitchline {ours_order[:8]}, Vega-Lite {order[:8]}")
    return problems


_INSPECTED: dict[tuple, dict[str, dict]] = {}


def inspect(pitchline: str, files: list[str], cwd: str, flags: tuple = ()) -> dict[str, dict]:
    """`pitchline inspect --json` for many files in one process: file → model or {problems}. Kept
    for the run: the tests that ask the same question (the data, drawing and faithful tests) share one answer."""
    key = (pitchline, tuple(files), cwd, tuple(flags))
    if key not in _INSPECTED:
        _INSPECTED[key] = _inspect(pitchline, files, cwd, flags)
    return _INSPECTED[key]


def _inspect(pitchline: str, files: list[str], cwd: str, flags: tuple) -> dict[str, dict]:
    out = subprocess.run([pitchline, "inspect", "--json", *flags, *files], cwd=cwd, capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise RuntimeError(f"pitchline inspect failed ({out.returncode}): {out.stderr[-2000:]}")
    data = json.loads(out.stdout)
    if len(files) == 1:
        data = [data]
    return {d["file"]: d for d in data}

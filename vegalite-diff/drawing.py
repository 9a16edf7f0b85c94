"""Drawn as Vega-Lite draws it: Pitchline's SVG (`pitchline inspect --json --svg`) against the
scenegraph Vega renders for the same spec (vl-convert, cached by `oracle.to_scenegraph`).

Per view (a chart, or each panel of a figure against Vega-Lite's facet cell in order), both
drawings become shapes by mark type (bar, point, line, area, rule, tick, text, rect, arc) in
coordinates normalised to the plot box (0…1 across, 0…1 down), each with a colour:
- counts: drawn marks per type (a line or area counts once per series, a bar once per bar);
- colours: how many distinct colours each type is drawn in (Pitchline's palette is its own, so
  a colour is compared as a partition: the series it belongs to and any colour of its own);
- axes: whether a numeric axis includes zero (Vega-Lite's `scale.zero`), per side;
- positions: every Vega-Lite shape has a Pitchline shape of its type within `TOL` of the plot box
  in every coordinate (bars by their band centre and value ends, points by their centre, lines by
  their vertices, areas by the vertices of both edges, rules by their ends);
- line order: when a line's vertices match, Vega-Lite's line steps through them in the order
  Pitchline's does (as its `order` channel or x sorts them; `_order_breaks`).
A pie's slices and a heatmap's cells are compared by count only.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import oracle

TOL = 0.05  # of the plot box's width or height (a "nicer" axis end moves marks by up to ~4 %)
TYPES = ("bar", "point", "line", "area", "rule", "tick", "text", "rect", "arc")
_ROLE = {"bar": "bar", "tick": "tick", "rect": "rect", "point": "point", "circle": "point", "square": "point",
         "line": "line", "trail": "line", "area": "area", "rule": "rule", "text": "text", "arc": "arc"}
_MARKTYPE = {"rect": "bar", "symbol": "point", "line": "line", "trail": "line", "area": "area", "rule": "rule",
             "text": "text", "arc": "arc"}
_SKIP_ROLES = {"axis", "legend", "title", "row-title", "column-title", "row-header", "column-header",
               "row-footer", "column-footer", "header", "footer", "frame"}
_ZERO = re.compile(r"^[\u2212-]?0([.,]0*)?\s*%?$")
_NUMBER = re.compile(r"^[\u2212-]?[\d,.]+\s*[%kMGTµmn]?$")


class Shape:
    __slots__ = ("type", "coords", "colour", "vertices", "size")

    def __init__(self, type_, coords, colour, vertices=None, size=None):
        self.type, self.coords, self.colour, self.vertices, self.size = type_, coords, colour, vertices, size


# ---------------------------------------------------------------- Vega-Lite's scenegraph

def _colour(item: dict, marktype: str) -> str:
    fill, stroke = item.get("fill"), item.get("stroke")
    if marktype in ("line", "rule", "trail") or fill in (None, "transparent", "none"):
        return str(stroke or fill)
    return str(fill)


def _vega_marks(node: dict, dx: float, dy: float, w: float, h: float, out: list):
    """Shapes of every mark under a group item (offset dx, dy; its view's plot box w × h)."""
    for mark in node.get("items", []):
        if not isinstance(mark, dict) or mark.get("role") in _SKIP_ROLES:
            continue
        marktype, items = mark.get("marktype"), mark.get("items", [])
        if marktype == "group":
            if str(mark.get("name", "")).endswith("cell"):
                continue  # facet cells are views of their own
            for g in items:
                _vega_marks(g, dx + g.get("x", 0), dy + g.get("y", 0), w, h, out)
            continue
        if mark.get("role") != "mark" or not items or "brush" in str(mark.get("name", "")):
            continue  # an interval selection's brush is no data mark
        role = next((i.get("ariaRoleDescription") for i in items if i.get("ariaRoleDescription")), None)
        kind = _ROLE.get(role) or _MARKTYPE.get(marktype)
        if kind is None:
            continue
        nx = lambda v: (v + dx) / w  # noqa: E731
        ny = lambda v: (v + dy) / h  # noqa: E731
        if kind in ("line", "area"):
            drawn = [i for i in items if "x" in i and "y" in i and i.get("defined", True) is not False]
            verts = [(nx(i["x"]), ny(i["y"])) for i in drawn]
            if kind == "area":  # its other edge: y2 (a range, a stack's start, the baseline), or x2 across
                verts += [(nx(i.get("x2", i["x"])), ny(i.get("y2", i["y"]))) for i in drawn if "x2" in i or "y2" in i]
            out.append(Shape(kind, None, _colour(items[0], marktype), verts))
            continue
        for i in items:
            if i.get("opacity") == 0 or kind != "arc" and (i.get("x") is None or i.get("y") is None):
                continue  # not drawn, or drawn nowhere (an invalid value)
            x, y = i.get("x", 0), i.get("y", 0)
            if kind in ("bar", "tick", "rect"):
                x2 = i.get("x2") if i.get("x2") is not None else x + (i.get("width") or 0)
                y2 = i.get("y2") if i.get("y2") is not None else y + (i.get("height") or 0)
                coords = (nx(min(x, x2)), ny(min(y, y2)), nx(max(x, x2)), ny(max(y, y2)))
            elif kind == "rule":
                coords = (nx(x), ny(y), nx(i.get("x2") if i.get("x2") is not None else x), ny(i.get("y2") if i.get("y2") is not None else y))
            else:
                coords = (nx(x), ny(y))
            size = round(math.sqrt(i["size"]), 1) if kind == "point" and isinstance(i.get("size"), (int, float)) else None
            out.append(Shape(kind, coords, _colour(i, marktype), size=size))


def _vega_axes(node: dict) -> dict:
    """{"x"|"y": [label texts]} of the axes drawn directly in this view."""
    axes = {}
    for mark in node.get("items", []):
        if isinstance(mark, dict) and mark.get("role") == "axis":
            for axis in mark.get("items", []):
                side = "y" if axis.get("orient") in ("left", "right") else "x"
                labels = []
                _texts(axis, "axis-label", labels)
                axes.setdefault(side, []).extend(labels)
    return axes


def _texts(node, role, out):
    for mark in node.get("items", []):
        if not isinstance(mark, dict):
            continue
        if mark.get("role") == role:
            out.extend(str(i.get("text", "")) for i in mark.get("items", []))
        for i in mark.get("items", []):
            if isinstance(i, dict):
                _texts(i, role, out)


def _cells(node, out):
    for mark in node.get("items", []):
        if not isinstance(mark, dict):
            continue
        if mark.get("marktype") == "group" and str(mark.get("name", "")).endswith("cell"):
            out.extend(mark.get("items", []))
            continue
        for i in mark.get("items", []):
            if isinstance(i, dict):
                _cells(i, out)


def vega_views(sg: dict) -> list[dict]:
    """Each view's shapes and axes: the root view, or each facet cell in Vega-Lite's order."""
    root = sg["scenegraph"]["items"][0]
    cells = []
    _cells(root, cells)
    if not cells:  # a concat's or repeat's views, each its own group
        cells = [g for m in root.get("items", []) if m.get("marktype") == "group" and m.get("role") == "scope"
                 and str(m.get("name", "")).endswith("_group") for g in m.get("items", [])]
    views = []
    for view in cells or [root]:
        shapes = []
        _vega_marks(view, 0, 0, view.get("width") or 1, view.get("height") or 1, shapes)
        views.append({"shapes": shapes, "axes": _vega_axes(view)})  # a facet's axes are outside its cells: none
    return views


# ---------------------------------------------------------------- Pitchline's SVG

_PATH_TOKEN = re.compile(r"[MLHVZmlhvz]|-?\d+(?:\.\d+)?")


def _subpaths(d: str) -> list[list[tuple[float, float]]]:
    """The vertices of each subpath of an absolute M/L/H/V/Z path."""
    out, cur, x, y = [], None, 0.0, 0.0
    tokens = _PATH_TOKEN.findall(d or "")
    i, cmd = 0, None
    while i < len(tokens):
        t = tokens[i]
        if t in "MLHVZ":
            cmd = t
            i += 1
            if t == "Z":
                continue
            if t == "M":
                cur = []
                out.append(cur)
            continue
        if cmd in ("M", "L"):
            x, y = float(tokens[i]), float(tokens[i + 1])
            i += 2
        elif cmd == "H":
            x = float(t)
            i += 1
        elif cmd == "V":
            y = float(t)
            i += 1
        else:
            i += 1
            continue
        if cur is None:
            cur = []
            out.append(cur)
        cur.append((x, y))
    return out


def _classes(el) -> set:
    return set((el.get("class") or "").split())


def pitchline_view(svg: str) -> dict:
    root = ET.fromstring(svg)
    left, top, right, bottom = (float(v) for v in root.get("data-plot", "0 0 1 1").split())
    w, h = max(right - left, 1e-9), max(bottom - top, 1e-9)
    shapes, axes = [], {}

    def pt(x, y, swap):
        if swap:
            x, y = y, x
        return ((x - left) / w, (y - top) / h)

    def walk(el, swap, series, colour_of_series, in_line_series, in_area_series):
        cls = _classes(el)
        if el.get("transform", "").startswith("matrix(0 1 1 0"):
            swap = True
        if "pl-axis" in cls:
            side = "x" if "pl-axis-x" in cls else "y"
            axes.setdefault(side, []).extend((t.text or "") for t in el.iter("text") if "pl-axis-title" not in _classes(t))
            return
        if "pl-cursor" in cls or el.tag in ("defs", "title"):
            return
        if "pl-series" in cls:
            series = len(series_seen)
            series_seen.append(el)
            colour_of_series = " ".join(sorted(c for c in cls if c.startswith("pl-s") and c != "pl-series"))
            in_line_series = el.find("path[@class='pl-line']") is not None
            in_area_series = el.find("path[@class='pl-area']") is not None
        own = el.get("color") or (el.get("fill") if el.get("fill") not in (None, "currentColor", "none") else None)
        colour = own or (f"{series}:{colour_of_series}" if series is not None else "annotation")
        tag = el.tag
        if tag == "rect" and "pl-bar" in cls:
            x, y, rw, rh = (float(el.get(k, 0)) for k in ("x", "y", "width", "height"))
            (ax, ay), (bx, by) = pt(x, y, swap), pt(x + rw, y + rh, swap)
            shapes.append(Shape("bar", (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)), colour))
        elif tag == "path" and cls & {"pl-bar-lines", "pl-tickmark", "pl-rulemark", "pl-stem"}:
            kind = "bar" if "pl-bar-lines" in cls else "tick" if "pl-tickmark" in cls else "rule"
            for sub in _subpaths(el.get("d")):
                (ax, ay), (bx, by) = pt(*sub[0], swap), pt(*sub[-1], swap)
                coords = (ax, ay, bx, by) if kind == "rule" else (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
                shapes.append(Shape(kind, coords, colour))
        elif tag == "use" and "pl-marker" in cls:
            kind = "linepoint" if in_line_series else "point"
            shapes.append(Shape(kind, pt(float(el.get("x", 0)), float(el.get("y", 0)), swap), colour, size="marker"))
        elif tag == "circle" and "pl-marker" in cls:  # a point drawn at its own size (`size`)
            shapes.append(Shape("point", pt(float(el.get("cx", 0)), float(el.get("cy", 0)), swap), colour, size=el.get("r")))
        elif tag == "use" and series is not None and "pl-heatmap" in _classes(series_seen[series]) and "pl-cell-gap" not in cls:
            shapes.append(Shape("rect", (0, 0, 0, 0), colour))
        elif tag == "circle" and cls & {"pl-outlier", "pl-center"}:
            shapes.append(Shape("point", pt(float(el.get("cx", 0)), float(el.get("cy", 0)), swap), colour))
        elif tag == "path" and "pl-line" in cls and in_area_series:  # an area's outline (compare_view)
            verts = [pt(x, y, swap) for sub in _subpaths(el.get("d")) for (x, y) in sub]
            shapes.append(Shape("arealine", None, colour, verts))
        elif tag == "path" and cls & {"pl-line"}:
            verts = [pt(x, y, swap) for sub in _subpaths(el.get("d")) for (x, y) in sub]
            shapes.append(Shape("line", None, colour, verts))
        elif tag == "path" and cls & {"pl-area", "pl-band"}:
            verts = []
            for sub in _subpaths(el.get("d")):
                verts += [pt(x, y, swap) for (x, y) in sub]  # the upper edge, then back along the lower
            shapes.append(Shape("area", None, colour, verts))
        elif tag == "path" and "pl-slice" in cls:
            shapes.append(Shape("arc", (0, 0), colour))
        elif tag == "line" and "pl-rule" in cls:
            a = pt(float(el.get("x1", 0)), float(el.get("y1", 0)), swap)
            b = pt(float(el.get("x2", 0)), float(el.get("y2", 0)), swap)
            shapes.append(Shape("rule", a + b, colour))
        elif tag == "text" and cls & {"pl-textmark", "pl-rule-label"}:
            shapes.append(Shape("text", pt(float(el.get("x", 0)), float(el.get("y", 0)), swap), colour))
        for child in el:
            walk(child, swap, series, colour_of_series, in_line_series, in_area_series)

    series_seen: list = []
    walk(root, False, None, "", False, False)
    return {"shapes": shapes, "axes": axes}


# ---------------------------------------------------------------- comparison

def _numeric(labels: list[str]) -> bool:
    return bool(labels) and all(_NUMBER.match(t.strip()) for t in labels if t.strip())


def _vector(s: Shape, band: str | None):
    """What is compared of a shape: a bar by its band centre and value ends."""
    c = s.coords
    if s.type in ("bar", "tick") and band == "x":
        return ((c[0] + c[2]) / 2, c[1], c[3])
    if s.type in ("bar", "tick") and band == "y":
        return ((c[1] + c[3]) / 2, c[0], c[2])
    if s.type == "rule":
        a, b = sorted([(c[0], c[1]), (c[2], c[3])])
        return a + b
    return c


def _band(shapes: list[Shape]) -> str | None:
    bars = [s.coords for s in shapes if s.type in ("bar", "tick")]
    if not bars:
        return None
    widths = {round(c[2] - c[0], 4) for c in bars}
    heights = {round(c[3] - c[1], 4) for c in bars}
    return "x" if len(widths) == 1 and len(heights) > 1 else "y" if len(heights) == 1 and len(widths) > 1 else None


def _misses(theirs: list[tuple], ours: list[tuple]) -> list[tuple]:
    """Vectors of `theirs` with no vector of `ours` within TOL in every coordinate."""
    grid: dict = {}
    for v in ours:
        grid.setdefault((math.floor(v[0] / TOL), math.floor(v[1] / TOL) if len(v) > 1 else 0), []).append(v)
    out = []
    for v in theirs:
        gx, gy = math.floor(v[0] / TOL), math.floor(v[1] / TOL) if len(v) > 1 else 0
        near = (o for dx in (-1, 0, 1) for dy in (-1, 0, 1) for o in grid.get((gx + dx, gy + dy), ()))
        if not any(len(o) == len(v) and all(abs(a - b) <= TOL for a, b in zip(o, v)) for o in near):
            out.append(v)
    return out


def compare_view(theirs: dict, ours: dict, where: str = "") -> list[str]:
    problems = []
    t_shapes, o_shapes = theirs["shapes"], ours["shapes"]
    t_types = {s.type for s in t_shapes}
    # Markers on a line are its points when Vega-Lite draws points there too (`point: true`, a point layer).
    for s in o_shapes:
        if s.type == "linepoint":
            s.type = "point" if "point" in t_types else "ignored"
        # An area's outline is its line when Vega-Lite draws one too (`line: true`), else part of the area.
        if s.type == "arealine":
            s.type = "line" if "line" in t_types else "ignored"
    if any(s.type == "rect" for s in o_shapes):  # a heatmap: Vega-Lite's cells are rects or bars (binned)
        for s in t_shapes:
            if s.type == "bar":
                s.type = "rect"
    for kind in TYPES:
        t = [s for s in t_shapes if s.type == kind]
        o = [s for s in o_shapes if s.type == kind]
        if len(t) != len(o):
            problems.append(f"{where}{kind} marks: Pitchline draws {len(o)}, Vega-Lite {len(t)}")
            continue
        if not t:
            continue
        tc, oc = len({s.colour for s in t}), len({s.colour for s in o})
        if tc != oc:
            problems.append(f"{where}{kind} colours: Pitchline draws {oc}, Vega-Lite {tc}")
        ts, os_ = len({s.size for s in t}), len({s.size for s in o})
        if (ts > 1) != (os_ > 1):
            problems.append(f"{where}{kind} sizes: Pitchline draws {os_}, Vega-Lite {ts}")
    for side in ("x", "y"):
        tl, ol = theirs["axes"].get(side, []), ours["axes"].get(side, [])
        if _numeric(tl) and _numeric(ol):
            tz, oz = any(_ZERO.match(x.strip()) for x in tl), any(_ZERO.match(x.strip()) for x in ol)
            if tz != oz:
                problems.append(f"{where}{side} axis: Vega-Lite's {'includes' if tz else 'leaves out'} zero, Pitchline's {'includes' if oz else 'leaves out'} it")
    band = _band(t_shapes)
    for kind in TYPES:
        if kind in ("rect", "arc"):
            continue
        t = [s for s in t_shapes if s.type == kind]
        o = [s for s in o_shapes if s.type == kind]
        if not t or not o:
            continue
        if kind in ("line", "area"):
            tv, ov = [v for s in t for v in s.vertices], [v for s in o for v in s.vertices]
        else:
            tv, ov = [_vector(s, band) for s in t], [_vector(s, band) for s in o]
        missed = _misses(tv, ov)
        if missed:
            first = ", ".join(f"{x:.2f}" for x in missed[0])
            problems.append(f"{where}{kind} positions: {len(missed)} of {len(tv)} of Vega-Lite's not within {TOL:.0%} of Pitchline's (first at {first})")
        elif kind == "line":
            backwards = _order_breaks(t, o)
            if backwards:
                problems.append(f"{where}line order: {backwards} of Vega-Lite's steps go back along Pitchline's line (joined in another order)")
    return problems


def _order_breaks(theirs: list[Shape], ours: list[Shape]) -> int:
    """Steps of Vega-Lite's lines not taken in Pitchline's order. A line of as many vertices as
    one of Pitchline's is taken as it when they match vertex by vertex (either way round);
    otherwise each vertex is matched with Pitchline's nearest (its line and place), and a step to
    an earlier place on the same line (by more than 2 places and more than `TOL`: a dense line's
    vertices match neighbours; a step to another line is where lines cross) counts, read in
    whichever direction Pitchline joins the line. The gallery's connected scatter plot re-sorted
    along x has 2."""
    def same(a, b):
        return all(abs(p[0] - q[0]) <= TOL and abs(p[1] - q[1]) <= TOL for p, q in zip(a, b))
    grid: dict = {}
    for li, s in enumerate(ours):
        for k, v in enumerate(s.vertices):
            grid.setdefault((math.floor(v[0] / TOL), math.floor(v[1] / TOL)), []).append((v, li, k))
    def nearest(v):
        gx, gy = math.floor(v[0] / TOL), math.floor(v[1] / TOL)
        near = [e for dx in (-1, 0, 1) for dy in (-1, 0, 1) for e in grid.get((gx + dx, gy + dy), ())]
        return min(near, key=lambda e: (e[0][0] - v[0]) ** 2 + (e[0][1] - v[1]) ** 2, default=None)
    def far(a, b):
        return max(abs(a[0][0] - b[0][0]), abs(a[0][1] - b[0][1])) > TOL
    total = 0
    for s in theirs:
        if any(len(o.vertices) == len(s.vertices) and (same(s.vertices, o.vertices) or same(s.vertices, o.vertices[::-1])) for o in ours):
            continue
        places = [p for p in (nearest(v) for v in s.vertices) if p is not None]
        steps = list(zip(places, places[1:]))
        forward = sum(1 for a, b in steps if a[1] == b[1] and b[2] < a[2] - 2 and far(a, b))
        backward = sum(1 for a, b in steps if a[1] == b[1] and b[2] > a[2] + 2 and far(a, b))
        total += min(forward, backward)
    return total


def diff(model: dict, spec: dict, base_dir: str) -> list[str]:
    """Drawing differences of one loaded chart (`model` from `inspect --json --svg`)."""
    views = vega_views(oracle.scenegraph(spec, base_dir))
    svgs = model.get("panelSVGs") or [model["svg"]]
    if len(svgs) != len(views):
        return [f"views: Pitchline draws {len(svgs)} panels, Vega-Lite {len(views)}"]
    problems = []
    for i, (svg, view) in enumerate(zip(svgs, views)):
        problems += compare_view(view, pitchline_view(svg), f"panel {i + 1}: " if len(svgs) > 1 else "")
    return problems

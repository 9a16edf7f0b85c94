"""The reference: Vega-Lite's own evaluated data, per mark item, from vl-convert (headless Vega).

The spec is compiled to Vega; every data-carrying mark gets a `description` signal that writes
the datum's x, y, x2, y2, series (color) and extra-channel values with full precision and a tag
for dates; the scenegraph Vega renders then holds one item per datum. Run with TZ=UTC.
"""
from __future__ import annotations

import copy
import gzip
import hashlib
import json
import os
import re

import vl_convert as vlc

# vl-convert's answers, kept on disk by the content of the question (and vl-convert's version):
# a Vega compile or render takes 0.1–5 s, and `make vegalite-test` asks the same ones every run.
# The key is the whole question, so an answer is the one vl-convert would give; the folder is the
# user's cache (as pip's and SwiftPM's are), shared by every checkout: a fresh clone's first run
# spent 72 s of CPU asking again what another checkout had asked. VL_CACHE names another folder.
CACHE = os.environ.get("VL_CACHE", os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pitchline", "vl-convert"))


def _cached(kind: str, question, answer):
    text = json.dumps(question, sort_keys=True, ensure_ascii=False)
    key = hashlib.sha256(f"{vlc.__version__}\n{kind}\n{text}".encode()).hexdigest()
    path = os.path.join(CACHE, key[:2], key + ".json.gz")
    try:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        pass
    result = answer(question)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    temp = f"{path}.{os.getpid()}"
    with gzip.open(temp, "wt", encoding="utf-8", compresslevel=1) as f:
        json.dump(result, f)
    os.replace(temp, path)
    return result


def to_vega(spec: dict) -> dict:
    """`vl_convert.vegalite_to_vega`, cached."""
    return _cached("vega", spec, vlc.vegalite_to_vega)


def to_scenegraph(vg: dict) -> dict:
    """`vl_convert.vega_to_scenegraph`, cached."""
    return _cached("scenegraph", vg, vlc.vega_to_scenegraph)


TAG = "\u241fPL"  # marks our description so it is never confused with Vega-Lite's own
SEP = "\u241e"
CHANNELS = ["x", "x2", "y", "y2", "xc", "yc", "stroke", "fill", "size", "opacity", "shape",
            "strokeDash", "text", "angle", "startAngle", "endAngle", "outerRadius", "innerRadius"]


def field_path(field: str) -> list[str]:
    """A Vega field string as its access path, as vega-util's `field` splits it: dots and
    brackets (`a.b`, `a["b c"]`, `a[0]`) nest; a backslash escapes the next character."""
    parts, current, i, n = [], "", 0, len(field)
    while i < n:
        c = field[i]
        if c == "\\" and i + 1 < n:
            current += field[i + 1]
            i += 2
            continue
        if c == ".":
            parts.append(current)
            current = ""
        elif c == "[":
            if current:
                parts.append(current)
            current = ""
            j = field.index("]", i)
            inner = field[i + 1:j]
            if len(inner) >= 2 and inner[0] == inner[-1] and inner[0] in "\"'":
                inner = inner[1:-1]
            parts.append(inner)
            i = j + 1
            if i < n and field[i] == ".":
                i += 1
            continue
        else:
            current += c
        i += 1
    if current or not parts:
        parts.append(current)
    return parts


def _value_expr(field: str) -> str:
    """A Vega expression that prints the datum's value of a Vega field string losslessly:
    D<ms> for dates, N<n>, S<text>, null (also when an object on the path is absent).
    `flat?nested` reads the flat field, else the nested one."""
    if "?" in field:
        flat, nested = field.split("?", 1)
        return f"(isValid(datum[{json.dumps(field_path(flat)[0])}]) ? {_value_expr(flat)} : {_value_expr(nested)})"
    parts = field_path(field)
    ref = "datum" + "".join("[" + json.dumps(p) + "]" for p in parts)
    if len(parts) > 1:
        guard = " && ".join("isObject(datum" + "".join("[" + json.dumps(p) + "]" for p in parts[:k]) + ")"
                            for k in range(1, len(parts)))
        ref = f"(({guard}) ? {ref} : null)"
    return (f"(isDate({ref}) ? 'D' + time({ref}) : isNumber({ref}) ? 'N' + {ref} : "
            f"isValid({ref}) ? 'S' + {ref} : 'null')")


def _field_of(encoding) -> str | None:
    if isinstance(encoding, list):  # production rules: [{test, ...}, {...}]
        for rule in encoding:
            f = _field_of(rule)
            if f:
                return f
        return None
    if isinstance(encoding, dict):
        f = encoding.get("field")
        if isinstance(f, str):
            return f
        if isinstance(f, dict) and isinstance(f.get("datum"), str):
            return f["datum"]
        # A binned point or circle sits at its bin's middle: the datum's bin start is the key.
        m = re.fullmatch(r'scale\("\w+", 0\.5 \* datum\["([^"]+)"\] \+ 0\.5 \* datum\["\1_end"\]\)', str(encoding.get("signal", "")))
        if m:
            return m.group(1)
    return None


def _instrument(marks, scales_by_name, out_marks, groupby=()):
    for mark in marks:
        if mark.get("type") == "group":
            facet = mark.get("from", {}).get("facet", {})
            inner = facet.get("groupby", [])
            inner = [inner] if isinstance(inner, str) else inner
            _instrument(mark.get("marks", []), scales_by_name, out_marks, tuple(groupby) + tuple(inner))
            continue
        encode = mark.get("encode", {}).get("update")
        if not encode or "from" not in mark:
            continue
        parts = ["'" + TAG + "'", json.dumps(mark.get("name", "")), ]
        fields = {}
        for channel in CHANNELS:
            f = _field_of(encode.get(channel))
            if f is not None:
                fields[channel] = f
        if not fields:
            continue
        tooltip = encode.get("tooltip")
        if isinstance(tooltip, dict) and isinstance(tooltip.get("signal"), str):
            # The tooltip object's entries, in order: the first field each entry reads.
            for i, entry in enumerate(re.findall(r'"[^"]*":\s*((?:[^,"]|"(?:[^"\\]|\\.)*")+)', tooltip["signal"])):
                m = re.search(r'datum\["((?:[^"\\]|\\.)*)"\]', entry)
                if m:
                    fields[f"tooltip{i}"] = json.loads('"' + m.group(1) + '"')
        elif isinstance(tooltip, dict) and isinstance(tooltip.get("field"), str):
            fields["tooltip0"] = tooltip["field"]
        for i, f in enumerate(groupby):  # a line or area drawn once per group (detail, color, …)
            fields[f"group{i}"] = f
        # A stacked channel draws `<f>_start` … `<f>_end`; the datum also carries `<f>` itself.
        # A time unit drawn with a band offset draws `<f>_offsetted_rect_start` … `_end`; the
        # datum's key is `<f>`.
        for channel in ("x", "y"):
            f = fields.get(channel, "")
            if f.endswith("_offsetted_rect_end"):
                fields[channel + "key"] = f[:-len("_offsetted_rect_end")]
            elif f.endswith("_end") and fields.get(channel + "2", "") == f[:-4] + "_start":
                # A nested field (`record.low`, `ranges[2]`) is stacked as `record\\.low`, `ranges\\.2\\.`
                # but the datum keeps it nested: then it is read along its path (`?` separates the two).
                fields[channel + "raw"] = f[:-4] + ("?" + f[:-4].replace("\\.", ".").rstrip(".") if "\\." in f else "")
        # An arc draws its stacked theta from `<f>_end` to `<f>_start`; the datum carries `<f>` too.
        if fields.get("startAngle", "").endswith("_end") and fields.get("endAngle", "") == fields["startAngle"][:-4] + "_start":
            fields["theta"] = fields["startAngle"][:-4]
        elif mark.get("type") == "arc" and "startAngle" in fields:
            # Theta not stacked (theta2, or theta and radius both aggregated): each arc is drawn
            # from its own theta (to theta2 when given, else from zero).
            fields["theta"] = fields["startAngle"]
            if "endAngle" in fields:
                fields["theta2"] = fields["endAngle"]
        expr = "'" + TAG + "' + '" + SEP + "' + " + json.dumps(mark.get("name", ""))
        for channel, f in fields.items():
            expr += f" + '{SEP}{channel}=' + {_value_expr(f)}"
        defined = encode.get("defined")
        if isinstance(defined, dict) and "signal" in defined:
            expr += f" + '{SEP}defined=' + (({defined['signal']}) ? '1' : '0')"
        encode["description"] = {"signal": expr}
        scaled = {}
        for channel in fields:
            enc = encode.get(channel)
            rules = enc if isinstance(enc, list) else [enc]
            scaled[channel] = next((r.get("scale") for r in rules if isinstance(r, dict) and r.get("scale")), None)
        out_marks.append({"name": mark.get("name"), "type": mark.get("type"), "fields": fields, "scales": scaled})


def _decode(text: str):
    if text == "null":
        return None
    tag, rest = text[0], text[1:]
    if tag == "D":
        return {"date": float(rest)}
    if tag == "N":
        return float(rest) if rest not in ("NaN", "Infinity", "-Infinity") else None
    return rest


def _walk(node, found, cell=None):
    """Collects the instrumented items; each notes the facet cell it is drawn in (the index of
    its item in Vega-Lite's `cell` group mark, `<name>_cell` in a named spec, in drawing order), or None outside a facet."""
    if isinstance(node, dict):
        d = node.get("description")
        if isinstance(d, str) and d.startswith(TAG):
            parts = d.split(SEP)
            item = {"mark": parts[1], "px": node.get("x"), "py": node.get("y"), "cell": cell}
            for p in parts[2:]:
                k, _, v = p.partition("=")
                item[k] = (v == "1") if k == "defined" else _decode(v)
            found.append(item)
        if node.get("marktype") == "group" and str(node.get("name")).split("_")[-1] == "cell" and isinstance(node.get("items"), list):
            for j, child in enumerate(node["items"]):
                _walk(child, found, j)
            return
        for v in node.values():
            if isinstance(v, (list, dict)):
                _walk(v, found, cell)
    elif isinstance(node, list):
        for v in node:
            _walk(v, found, cell)


def inline_urls(spec: dict, base_dir: str) -> dict:
    """Data URLs relative to the spec file are read here and inlined as `values` text with their
    format type (vl-convert cannot read local files; Vega parses inline CSV/JSON text the same way)."""
    spec = copy.deepcopy(spec)

    def fix(node):
        if isinstance(node, dict):
            url = node.get("url")
            if isinstance(url, str) and not re.match(r"^[a-z]+://", url):
                path = os.path.normpath(os.path.join(base_dir, url))
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                fmt = dict(node.get("format") or {})
                ext = os.path.splitext(path)[1].lower().lstrip(".")
                fmt.setdefault("type", {"tsv": "tsv", "json": "json", "topojson": "topojson"}.get(ext, "csv"))
                del node["url"]
                node["values"] = text
                node["format"] = fmt
            for v in node.values():
                fix(v)
        elif isinstance(node, list):
            for v in node:
                fix(v)
    fix(spec)
    return spec


def _instrumented(spec: dict, base_dir: str):
    """The spec compiled to Vega with every data-carrying mark instrumented: (vg, scales, marks)."""
    spec = inline_urls(spec, base_dir)
    vg = to_vega(spec)
    scales = {s["name"]: s.get("type", "linear") for s in vg.get("scales", [])}

    def nested(marks):  # a facet cell's own scales (resolve: independent), by the same names
        for m in marks:
            for sc in m.get("scales", []):
                scales.setdefault(sc["name"], sc.get("type", "linear"))
            nested(m.get("marks", []))
    nested(vg.get("marks", []))
    marks = []
    _instrument(vg.get("marks", []), scales, marks)
    return vg, scales, marks


def scenegraph(spec: dict, base_dir: str) -> dict:
    """The scenegraph Vega renders for `spec` (the one `evaluate` reads, from the same cache)."""
    return to_scenegraph(_instrumented(spec, base_dir)[0])


def evaluate(spec: dict, base_dir: str, all_marks: bool = False) -> dict:
    """Vega-Lite's items for `spec`: {"scales": {name: type}, "marks": [...], "items": [...]}.
    `all_marks`: every data-carrying mark's items (a concat's or repeat's views), not the first's."""
    vg, scales, marks = _instrumented(spec, base_dir)
    sg = to_scenegraph(vg)
    items = []
    _walk(sg.get("scenegraph", sg), items)
    # A mark with an overlay (`"point": true`, `"line": true`) compiles to two marks over the same
    # rows: the data is the first data-carrying mark's.
    first = next((m["name"] for m in marks if any(i["mark"] == m["name"] for i in items)), None)
    all_items = items  # every mark's items, for layered specs (compare_layers.py)
    if not all_marks:
        items = [i for i in items if i["mark"] == first]
    return {"scales": scales, "marks": marks, "items": items, "all_items": all_items}


if __name__ == "__main__":
    import sys
    path = sys.argv[1]
    with open(path) as f:
        result = evaluate(json.load(f), os.path.dirname(os.path.abspath(path)))
    print(json.dumps(result, indent=1)[:4000])


def transform_rows(data: list, transforms: list, fields: list[str], datasets: dict | None = None) -> list[list]:
    """Vega-Lite's rows after `transforms` over inline `data`, as lists of `fields` values
    (dates as {"date": ms}); `datasets` are named secondary tables (for lookup)."""
    spec = {"data": {"values": data}, "transform": transforms, "mark": "point"}
    if datasets:
        spec["datasets"] = datasets
    vg = to_vega(spec)
    mark = vg["marks"][0]
    expr = "'" + TAG + "' + '" + SEP + "' + 'rows'"
    for i, f in enumerate(fields):
        expr += f" + '{SEP}f{i}=' + {_value_expr(f)}"
    mark["encode"]["update"]["description"] = {"signal": expr}
    items = []
    _walk(to_scenegraph(vg)["scenegraph"], items)
    return [[item.get(f"f{i}") for i in range(len(fields))] for item in items]

"""Issue 13's "What to build", item by item, against the specs that compare it with Vega-Lite.

For every item (a top-level key, a transform and its options, an aggregate or window op, an
expression function, an encoding, a mark) this lists the corpus specs that use it and load with
Vega-Lite's data (corpus/own, corpus/altair, corpus/gallery and site/charts, less those in
expected-failures.json) and the transform goldens (transform-goldens/, checked in Swift by
OracleTransformTests) and Swift oracle fixtures (Tests/VegaLiteTests/Oracle: expressions and
transforms as Vega evaluated them) that run it. An item with neither is a gap: nothing shows Pitchline agrees
with Vega-Lite on it. `python vegalite-diff/audit.py --write` rewrites the table in
vegalite-diff/README.md; test_audit.py fails when that table is stale or a new gap appears.
"""
from __future__ import annotations

import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
README = os.path.join(HERE, "README.md")
BEGIN, END = "<!-- audit:begin (vegalite-diff/audit.py --write) -->", "<!-- audit:end -->"

# --- walking a spec


def walk(node, path=()):
    """Every (path, key, value) of a JSON tree."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield path, k, v
            yield from walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, path + (i,))


def transforms(spec):
    out = []
    for _, k, v in walk(spec):
        if k == "transform" and isinstance(v, list):
            out += [t for t in v if isinstance(t, dict)]
    return out


def encodings(spec):
    """Every channel definition: (channel, definition)."""
    out = []
    for _, k, v in walk(spec):
        if k == "encoding" and isinstance(v, dict):
            for c, d in v.items():
                for one in d if isinstance(d, list) else [d]:
                    if isinstance(one, dict):
                        out.append((c, one))
    return out


def marks(spec):
    out = []
    for _, k, v in walk(spec):
        if k == "mark":
            out.append(v if isinstance(v, dict) else {"type": v})
    return out


def expressions(spec):
    """Expression strings: filter and calculate transforms, `test`, `expr`, impute `frame`-less
    expressions, window/joinaggregate `calculate`s."""
    out = []
    for t in transforms(spec):
        if isinstance(t.get("filter"), str):
            out.append(t["filter"])
        if isinstance(t.get("calculate"), str):
            out.append(t["calculate"])
    for _, k, v in walk(spec):
        if k in ("test", "expr") and isinstance(v, str):
            out.append(v)
    return out


def uses_function(name):
    pattern = re.compile(r"(?<![\w.])" + re.escape(name) + r"\s*\(")
    return lambda s: any(pattern.search(e) for e in expressions(s))


def transform_key(key, **where):
    def test(s):
        for t in transforms(s):
            if key in t and all(f(t) for f in where.values()):
                return True
        return False
    return test


def agg_op(op):
    def test(s):
        for t in transforms(s):
            for group in ("aggregate", "joinaggregate"):
                if isinstance(t.get(group), list) and any(isinstance(a, dict) and a.get("op") == op for a in t[group]):
                    return True
        return any(d.get("aggregate") == op for _, d in encodings(s))
    return test


def window_op(op):
    return lambda s: any(isinstance(t.get("window"), list) and any(isinstance(w, dict) and w.get("op") == op for w in t["window"])
                         for t in transforms(s))


def predicate(key):
    def test(s):
        for _, k, v in walk(s):
            if k == "filter" and isinstance(v, dict):
                if key in v or any(key in x for _, kk, x in walk(v) if isinstance(x, dict)):
                    return True
        return False
    return test


def time_unit(pred):
    def test(s):
        units = [t["timeUnit"] for t in transforms(s) if isinstance(t.get("timeUnit"), (str, dict))]
        units += [d["timeUnit"] for _, d in encodings(s) if "timeUnit" in d]
        units += [v["timeUnit"] for _, k, v in walk(s) if k == "filter" and isinstance(v, dict) and "timeUnit" in v]
        return any(pred(u) for u in units)
    return test


def unit_name(u):
    return u.get("unit", "") if isinstance(u, dict) else u


def channel(name, pred=lambda d: True):
    return lambda s: any(c == name and pred(d) for c, d in encodings(s))


def any_channel(pred):
    return lambda s: any(pred(c, d) for c, d in encodings(s))


def mark(name, pred=lambda m: True):
    return lambda s: any(m.get("type") == name and pred(m) for m in marks(s))


def mark_prop(prop):
    return lambda s: any(prop in m for m in marks(s)) or any(prop in (v or {}) for _, k, v in walk(s) if k == "mark" and isinstance(v, dict))


def data(pred):
    return lambda s: any(pred(v) for _, k, v in walk(s) if k == "data" and isinstance(v, dict))


def top(key, pred=lambda v: True):
    return lambda s: key in s and pred(s[key])


def horizontal(s):
    enc = s.get("encoding", {})
    x, y = enc.get("x", {}), enc.get("y", {})
    return isinstance(x, dict) and isinstance(y, dict) and y.get("type") in ("nominal", "ordinal") and x.get("type") == "quantitative"


def has_null_positions(s):
    """Data with a null (or NaN text) in a field that x or y reads."""
    fields = {d.get("field") for c, d in encodings(s) if c in ("x", "y")}
    for _, k, v in walk(s):
        if k == "values" and isinstance(v, list):
            for row in v:
                if isinstance(row, dict) and any(f in row and row[f] in (None, "NaN", "n/a") for f in fields):
                    return True
    return False


def expression_syntax(regex):
    pattern = re.compile(regex)
    return lambda s: any(pattern.search(e) for e in expressions(s))


FUNCTIONS = ["abs", "ceil", "floor", "round", "sqrt", "pow", "exp", "log", "min", "max", "clamp", "isNaN", "isFinite",
             "isValid", "isNumber", "isString", "isDate", "toNumber", "toString", "toBoolean", "year", "quarter", "month",
             "date", "day", "hours", "minutes", "seconds", "datetime", "time", "utcyear", "utcmonth", "utcdate", "utchours",
             "now", "length", "indexof", "substring", "slice", "upper", "lower", "trim", "replace", "split", "join", "pad",
             "format", "timeFormat", "timeParse"]
SINGLE_UNITS = ["year", "quarter", "month", "week", "day", "dayofyear", "date", "hours", "minutes", "seconds", "milliseconds"]

ITEMS = [
    ("Top level", "`datasets` + `data: {name}`", lambda s: "datasets" in s and data(lambda d: "name" in d)(s)),
    ("Top level", "`data.values` of objects", data(lambda d: isinstance(d.get("values"), list) and any(isinstance(r, dict) for r in d["values"]))),
    ("Top level", "`data.values` of primitives", data(lambda d: isinstance(d.get("values"), list) and any(not isinstance(r, dict) for r in d["values"]))),
    ("Top level", "`data.url` CSV", data(lambda d: str(d.get("url", "")).endswith(".csv") or d.get("format", {}).get("type") == "csv")),
    ("Top level", "`data.url` TSV", data(lambda d: str(d.get("url", "")).endswith(".tsv") or d.get("format", {}).get("type") == "tsv")),
    ("Top level", "`data.url` JSON", data(lambda d: str(d.get("url", "")).endswith(".json"))),
    ("Top level", "`format.property`", data(lambda d: "property" in d.get("format", {}))),
    ("Top level", "`format.parse`", data(lambda d: "parse" in d.get("format", {}))),
    ("Top level", "`data.sequence`", data(lambda d: "sequence" in d)),
    ("Top level", "`params` / selections", lambda s: "params" in s or any(k == "params" for _, k, _ in walk(s))),
    ("Top level", "`title` as an array", top("title", lambda t: isinstance(t, list) or isinstance(t, dict) and isinstance(t.get("text"), list))),
    ("Top level", "`description`", top("description")),
    ("Top level", "`config`", top("config")),
    ("Top level", "`width: \"container\"`", top("width", lambda w: w == "container")),
    ("Top level", "`autosize`", top("autosize")),
    ("Top level", "`padding`", top("padding")),
    ("Top level", "`background`", top("background")),
    ("Top level", "`usermeta`", top("usermeta")),
    ("Transforms", "`filter` expression string", transform_key("filter", s=lambda t: isinstance(t["filter"], str))),
    *[("Transforms", f"`filter` predicate `{p}`", predicate(p)) for p in ["equal", "lt", "lte", "gt", "gte", "range", "oneOf", "valid"]],
    ("Transforms", "`filter` predicate with `timeUnit`", lambda s: any(isinstance(v, dict) and "timeUnit" in v for _, k, v in walk(s) if k == "filter")),
    ("Transforms", "`calculate`", transform_key("calculate")),
    *[("Aggregate ops", f"`{op}`", agg_op(op)) for op in ["count", "valid", "missing", "distinct", "sum", "mean", "average", "median",
                                                           "q1", "q3", "min", "max", "argmin", "argmax", "stdev", "variance", "ci0", "ci1"]],
    ("Transforms", "`joinaggregate`", transform_key("joinaggregate")),
    *[("Window ops", f"`{op}`", window_op(op)) for op in ["row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile",
                                                           "lag", "lead", "first_value", "last_value"]],
    ("Window ops", "an aggregate op in `window`", lambda s: any(isinstance(t.get("window"), list) and any(
        isinstance(w, dict) and w.get("op") in ("sum", "mean", "count", "min", "max", "average", "median") for w in t["window"]) for t in transforms(s))),
    ("Window ops", "`frame`", transform_key("window", f=lambda t: "frame" in t)),
    ("Window ops", "`sort`", transform_key("window", f=lambda t: "sort" in t)),
    ("Window ops", "`groupby`", transform_key("window", f=lambda t: "groupby" in t)),
    ("Transforms", "`bin` transform", transform_key("bin")),
    ("Transforms", "`bin` `extent`", lambda s: any(isinstance(v, dict) and "extent" in v for _, k, v in walk(s) if k == "bin")),
    ("Transforms", "`bin` `maxbins`", lambda s: any(isinstance(v, dict) and "maxbins" in v for _, k, v in walk(s) if k == "bin")),
    ("Transforms", "`bin` `step`", lambda s: any(isinstance(v, dict) and "step" in v for _, k, v in walk(s) if k == "bin")),
    ("Transforms", "`bin` `nice`", lambda s: any(isinstance(v, dict) and "nice" in v for _, k, v in walk(s) if k == "bin")),
    ("Transforms", "`bin: \"binned\"` (pre-binned data)", lambda s: any(v == "binned" for _, k, v in walk(s) if k == "bin")),
    ("Transforms", "`timeUnit` transform", transform_key("timeUnit")),
    *[("Time units", f"`{u}`", time_unit(lambda x, u=u: unit_name(x) in (u, "utc" + u))) for u in SINGLE_UNITS],
    ("Time units", "composite (`yearmonth`, `yearmonthdate`, `monthdate`, `hoursminutes`, …)", time_unit(
        lambda x: sum(unit_name(x).replace("utc", "").startswith(p) or p in unit_name(x) for p in ("year", "month", "date", "hours", "minutes", "day")) >= 2)),
    ("Time units", "`utc…` units", time_unit(lambda x: unit_name(x).startswith("utc"))),
    ("Time units", "`binned` time units", time_unit(lambda x: unit_name(x).startswith("binned") or isinstance(x, dict) and x.get("binned"))),
    *[("Transforms", f"`{k}`", transform_key(k)) for k in ["fold", "pivot", "impute", "lookup", "density", "regression", "loess",
                                                            "flatten", "extent", "sample", "stack"]],
    ("Expressions", "`datum['a b']`", expression_syntax(r"datum\s*\[")),
    ("Expressions", "`===` / `!==`", expression_syntax(r"[=!]==")),
    ("Expressions", "`==` / `!=`", expression_syntax(r"(?<![=!])[=!]=(?!=)")),
    ("Expressions", "ternary `? :`", expression_syntax(r"\?[^:]*:")),
    ("Expressions", "logical `&&` / `||` / `!`", expression_syntax(r"&&|\|\||!(?!=)")),
    ("Expressions", "`in`", expression_syntax(r"\bin\b")),
    ("Expressions", "string concatenation", expression_syntax(r"['\"]\s*\+|\+\s*['\"]")),
    *[("Expression functions", f"`{f}`", uses_function(f)) for f in FUNCTIONS],
    ("Encodings", "horizontal (`y` nominal/ordinal, `x` quantitative)", horizontal),
    ("Encodings", "`bin` on x", channel("x", lambda d: bool(d.get("bin")))),
    ("Encodings", "`bin` on y", channel("y", lambda d: bool(d.get("bin")))),
    ("Encodings", "`aggregate` on x", channel("x", lambda d: "aggregate" in d)),
    ("Encodings", "`aggregate` on another channel (color, size, …)", any_channel(lambda c, d: c not in ("x", "y") and "aggregate" in d)),
    ("Encodings", "`count` with no field", any_channel(lambda c, d: d.get("aggregate") == "count" and "field" not in d)),
    *[("Encodings", f"`stack: {json.dumps(v)}`", any_channel(lambda c, d, v=v: "stack" in d and d["stack"] == v))
      for v in ["zero", "normalize", "center", None]],
    ("Encodings", "`x2`", channel("x2")),
    ("Encodings", "`y2`", channel("y2")),
    ("Encodings", "`xOffset`", channel("xOffset")),
    ("Encodings", "`yOffset`", channel("yOffset")),
    *[("Encodings", f"`{c}`", channel(c)) for c in ["size", "opacity", "shape", "strokeDash", "detail", "text", "tooltip", "order"]],
    ("Encodings", "`sort` ascending/descending", any_channel(lambda c, d: d.get("sort") in ("ascending", "descending"))),
    ("Encodings", "`sort` by field (`{field, op}`)", any_channel(lambda c, d: isinstance(d.get("sort"), dict) and "field" in d["sort"])),
    ("Encodings", "`sort` by encoding (`\"-y\"`)", any_channel(lambda c, d: isinstance(d.get("sort"), str) and d["sort"].lstrip("-") in ("x", "y", "color", "size", "opacity", "text"))),
    ("Encodings", "`sort` custom array", any_channel(lambda c, d: isinstance(d.get("sort"), list))),
    *[("Encodings", f"`scale.type: {t}`", any_channel(lambda c, d, t=t: isinstance(d.get("scale"), dict) and d["scale"].get("type") == t))
      for t in ["log", "sqrt", "symlog", "pow"]],
    ("Encodings", "`scale.domain`", any_channel(lambda c, d: isinstance(d.get("scale"), dict) and "domain" in d["scale"])),
    ("Encodings", "`timeUnit` on a channel", any_channel(lambda c, d: "timeUnit" in d)),
    ("Encodings", "`format` / `formatType`", any_channel(lambda c, d: "format" in d or "formatType" in d or "format" in (d.get("axis") or {}))),
    ("Encodings", "constant `value` channel", any_channel(lambda c, d: "value" in d and "field" not in d)),
    ("Encodings", "constant `datum` channel", any_channel(lambda c, d: "datum" in d)),
    ("Encodings", "nominal/ordinal y", channel("y", lambda d: d.get("type") in ("nominal", "ordinal"))),
    ("Encodings", "temporal y", channel("y", lambda d: d.get("type") == "temporal")),
    *[("Marks", f"`{m}`", mark(m)) for m in ["line", "area", "bar", "point", "tick", "circle", "square", "rule", "trail"]],
    *[("Mark properties", f"`{p}`", mark_prop(p)) for p in ["point", "line", "orient", "interpolate", "binSpacing", "invalid", "cornerRadius", "cornerRadiusEnd"]],
    ("Mark properties", "gradient colour", lambda s: any(isinstance(v, dict) and v.get("gradient") for _, k, v in walk(s) if k in ("color", "fill", "stroke"))),
    ("Mark properties", "offsets (`xOffset`/`yOffset` on the mark)", lambda s: any("xOffset" in m or "yOffset" in m for m in marks(s))),
    ("Invalid values", "null / NaN in x or y", has_null_positions),
    ("Invalid values", "`invalid: null` / \"show\"", lambda s: any(v is None or v == "show" for _, k, v in walk(s) if k == "invalid")),
    ("Invalid values", "`invalid: \"filter\"`", lambda s: any(v == "filter" for _, k, v in walk(s) if k == "invalid")),
    ("Invalid values", "`invalid: \"break-paths-…\"`", lambda s: any(isinstance(v, str) and v.startswith("break-paths") for _, k, v in walk(s) if k == "invalid")),
]

# Items nothing compares yet, with the reason; the test fails on a gap not listed here.
KNOWN_GAPS: dict[str, str] = {
    "`ci0`": "Vega draws its 1,000 bootstrap resamples with Math.random, so no two runs agree; Pitchline uses a "
             "fixed-seed draw (TransformBehaviourTests checks the bounds bracket the mean)",
    "`ci1`": "as `ci0`",
    "`now`": "the time of evaluation: no two runs agree (ExpressionTests checks it is the current time)",
}


def corpus_specs() -> dict[str, dict]:
    """Corpus specs that load with Vega-Lite's data (the expected failures left out)."""
    with open(os.path.join(HERE, "expected-failures.json")) as f:
        known = json.load(f)
    failing = set(known.get("refused", {})) | set(known.get("differs", {}))
    paths = []
    for pattern in ("corpus/own/*.vl.json", "corpus/altair/*.vl.json", "corpus/gallery/*.vl.json"):
        paths += glob.glob(os.path.join(HERE, pattern))
    paths += glob.glob(os.path.join(ROOT, "site", "charts", "*.vl.json"))
    out = {}
    for p in sorted(paths):
        rel = os.path.relpath(p, ROOT)
        if rel in failing:
            continue
        with open(p) as f:
            out[rel] = json.load(f)
    return out


ORACLE = os.path.join(ROOT, "Tests", "VegaLiteTests", "Oracle")


def goldens() -> dict[str, dict]:
    """Transform goldens and the Swift oracle fixtures (Tests/VegaLiteTests/Oracle: expressions
    and transforms Vega evaluated, recorded by its record_*.py), each as a spec-like object."""
    out = {}
    for p in sorted(glob.glob(os.path.join(HERE, "transform-goldens", "*.json"))):
        with open(p) as f:
            g = json.load(f)
        out[os.path.relpath(p, ROOT)] = {"transform": g.get("transform", []), "data": {"values": g.get("data", [])}}
    try:
        with open(os.path.join(ORACLE, "expressions.json")) as f:
            cases = json.load(f)["cases"]
        out["Oracle/expressions"] = {"transform": [{"calculate": c["expr"], "as": "v"} for c in cases]}
        with open(os.path.join(ORACLE, "transforms.json")) as f:
            cases = json.load(f)["cases"]
        out["Oracle/transforms"] = {"transform": [t for c in cases for t in c["transform"]]}
    except FileNotFoundError:
        pass
    return out


def light(node, key=None):
    """The spec with long rows lists (`values`, `datasets` entries) cut to 50 rows plus up to
    50 with a null or NaN text, so the detectors walk features, not data."""
    if isinstance(node, dict):
        return {k: light(v, "values" if key == "datasets" else k) for k, v in node.items()}
    if isinstance(node, list):
        if key == "values" and len(node) > 50:
            odd = [r for r in node[50:] if isinstance(r, dict) and any(v in (None, "NaN", "n/a") for v in r.values())][:50]
            return node[:50] + odd
        return [light(v) for v in node]
    return node


def audit():
    specs = {p: light(s) for p, s in corpus_specs().items()}
    golden = {p: light(s) for p, s in goldens().items()}
    rows = []
    for section, name, test in ITEMS:
        hits = [p for p, s in specs.items() if _safe(test, s)]
        ghits = [p for p, s in golden.items() if _safe(test, s)]
        rows.append((section, name, hits, ghits))
    return rows


def _safe(test, spec):
    try:
        return bool(test(spec))
    except (AttributeError, TypeError, KeyError):
        return False


def short(path):
    return os.path.basename(path).replace(".vl.json", "").replace(".json", "")


def table(rows) -> str:
    lines = [BEGIN, "", f"{len(rows)} items; {sum(1 for r in rows if r[2] or r[3])} compared with Vega-Lite "
             "(a corpus spec that loads with Vega-Lite's data, or a transform golden or Swift oracle fixture).", "",
             "| section | item | corpus specs (first 3 of n) | transform goldens, Swift oracle fixtures |", "|---|---|---|---|"]
    for section, name, hits, ghits in rows:
        cell = (", ".join(short(h) for h in hits[:3]) + (f" (of {len(hits)})" if len(hits) > 3 else "")) if hits else "—"
        gcell = ", ".join(short(h) for h in ghits[:2]) + (f" (of {len(ghits)})" if len(ghits) > 2 else "") if ghits else "—"
        if not hits and not ghits:
            cell = "**gap**: " + KNOWN_GAPS.get(name, "nothing compares it")
        lines.append(f"| {section} | {name} | {cell} | {gcell} |")
    return "\n".join(lines + ["", END])


def gaps(rows):
    return [name for _, name, hits, ghits in rows if not hits and not ghits]


if __name__ == "__main__":
    rows = audit()
    text = table(rows)
    if "--write" in sys.argv:
        with open(README) as f:
            readme = f.read()
        if BEGIN in readme:
            readme = readme[:readme.index(BEGIN)] + text + readme[readme.index(END) + len(END):]
        else:
            readme = readme.rstrip("\n") + "\n\n## Issue 13 audit: every item against Vega-Lite\n\n" + text + "\n"
        with open(README, "w") as f:
            f.write(readme)
    else:
        print(text)
    print("gaps:", gaps(rows), file=sys.stderr)

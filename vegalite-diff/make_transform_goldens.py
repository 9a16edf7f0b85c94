"""Writes vegalite-diff/transform-goldens/*.json: for each case, inline rows, a transform list, and the
rows Vega-Lite computes (vl-convert, TZ=UTC) for the listed output fields. VegaLiteTests'
OracleTransformTests runs the same transforms in Swift and compares. Re-run after editing cases:
`.venv/bin/python vegalite-diff/make_transform_goldens.py` (test_goldens_are_current checks it)."""
import json
import os
import sys
import time

os.environ["TZ"] = "UTC"
time.tzset()
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import oracle  # noqa: E402

OUT = os.path.join(HERE, "transform-goldens")
with open(os.path.join(HERE, "corpus", "data", "cars.json")) as f:
    CARS = [{k: r[k] for k in ("Name", "Miles_per_Gallon", "Cylinders", "Horsepower", "Weight_in_lbs", "Origin")}
            for r in json.load(f)[:80]]
DAY = 86_400_000
T0 = 1_325_376_000_000  # 2012-01-01T00:00:00Z
DATES = [{"t": T0 + i * 7 * DAY + (i % 5) * 3_600_000 * 5, "v": (i * 37 % 11) - 3, "g": "ab"[i % 2]} for i in range(60)]
SMALL = [{"k": k, "g": g, "v": v} for k, g, v in [("A", "x", 5), ("B", "x", 3), ("C", "x", 5), ("D", "y", 8), ("E", "y", None),
                                                  ("F", "y", 3), ("G", "x", 9), ("H", "y", 5), ("I", "x", -2.5)]]
OPS = ["count", "valid", "missing", "distinct", "sum", "mean", "average", "median", "q1", "q3", "min", "max",
       "stdev", "stdevp", "variance", "variancep", "product"]


def case(name, data, transforms, fields, ordered=False, datasets=None):
    return {"name": name, "data": data, "transform": transforms, "fields": fields, "ordered": ordered,
            **({"datasets": datasets} if datasets else {})}


CASES = [
    case("aggregate-all-ops", CARS, [{"aggregate": [{"op": op, "field": "Horsepower", "as": op} for op in OPS], "groupby": ["Origin"]}],
         ["Origin", *OPS]),
    case("aggregate-count-no-field", CARS, [{"aggregate": [{"op": "count", "as": "n"}], "groupby": ["Cylinders", "Origin"]}],
         ["Cylinders", "Origin", "n"]),
    case("aggregate-argmax", CARS, [{"aggregate": [{"op": "argmax", "field": "Weight_in_lbs", "as": "w"}], "groupby": ["Origin"]}],
         ["Origin", "w.Name"]),
    case("joinaggregate", SMALL, [{"joinaggregate": [{"op": "mean", "field": "v", "as": "m"}, {"op": "count", "as": "n"}], "groupby": ["g"]}],
         ["k", "g", "v", "m", "n"]),
    case("window-ranking", SMALL, [{"window": [{"op": op, "as": op} for op in ["row_number", "rank", "dense_rank", "percent_rank", "cume_dist"]]
                                    + [{"op": "ntile", "param": 4, "as": "ntile"}], "sort": [{"field": "v", "order": "descending"}]}],
         ["k", "v", "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile"]),
    case("window-values", SMALL, [{"window": [{"op": "lag", "field": "v", "as": "lag"}, {"op": "lead", "field": "v", "param": 2, "as": "lead"},
                                              {"op": "first_value", "field": "v", "as": "first"}, {"op": "last_value", "field": "v", "as": "last"},
                                              {"op": "nth_value", "field": "v", "param": 2, "as": "nth"}],
                                   "groupby": ["g"], "sort": [{"field": "k"}]}],
         ["k", "g", "v", "lag", "lead", "first", "last", "nth"]),
    case("window-frame-sum", SMALL, [{"window": [{"op": "sum", "field": "v", "as": "s"}, {"op": "mean", "field": "v", "as": "m"},
                                                 {"op": "count", "as": "c"}], "frame": [-1, 1], "sort": [{"field": "k"}]}],
         ["k", "v", "s", "m", "c"]),
    case("window-cumulative-ignore-peers", SMALL, [{"window": [{"op": "sum", "field": "v", "as": "s"}], "frame": [None, 0],
                                                    "ignorePeers": True, "sort": [{"field": "v"}]}], ["k", "v", "s"]),
    case("window-unbounded", SMALL, [{"window": [{"op": "max", "field": "v", "as": "mx"}], "frame": [None, None], "groupby": ["g"]}],
         ["k", "g", "mx"]),
    case("bin-default", CARS, [{"bin": True, "field": "Horsepower", "as": "b"}], ["Horsepower", "b", "b_end"]),
    case("bin-maxbins-extent", CARS, [{"bin": {"maxbins": 7, "extent": [0, 250]}, "field": "Horsepower", "as": ["lo", "hi"]}], ["Horsepower", "lo", "hi"]),
    case("bin-step-nice-false", CARS, [{"bin": {"step": 333, "nice": False}, "field": "Weight_in_lbs", "as": "w"}], ["Weight_in_lbs", "w", "w_end"]),
    case("timeunit-units", DATES, [{"timeUnit": u, "field": "t", "as": u} for u in
                                   ["year", "quarter", "month", "yearmonth", "yearmonthdate", "monthdate", "date", "day", "hours",
                                    "yearquarter", "week", "yearweek", "dayofyear", "utcyearmonth", "hoursminutes"]],
         ["t", "year", "quarter", "month", "yearmonth", "yearmonthdate", "monthdate", "date", "day", "hours",
          "yearquarter", "week", "yearweek", "dayofyear", "utcyearmonth", "hoursminutes"]),
    case("timeunit-end", DATES, [{"timeUnit": "yearmonth", "field": "t", "as": "m"}], ["t", "m", "m_end"]),
    case("fold", SMALL, [{"fold": ["v", "g"], "as": ["key", "value"]}], ["k", "key", "value"]),
    case("pivot", [{"d": d, "s": s, "p": p} for d, s, p in [(1, "a", 3), (1, "b", 4), (2, "a", 5), (3, "b", 6), (3, "b", 1)]],
         [{"pivot": "s", "value": "p", "groupby": ["d"]}], ["d", "a", "b"]),
    case("pivot-op-limit", CARS, [{"pivot": "Origin", "value": "Horsepower", "groupby": ["Cylinders"], "op": "max"}],
         ["Cylinders", "USA", "Europe", "Japan"]),
    case("impute-value", [{"k": "a", "x": 1, "v": 3}, {"k": "a", "x": 3, "v": 5}, {"k": "b", "x": 2, "v": 2}],
         [{"impute": "v", "key": "x", "groupby": ["k"], "value": 0}], ["k", "x", "v"]),
    case("impute-mean-keyvals", [{"k": "a", "x": 1, "v": 3}, {"k": "a", "x": 3, "v": 5}, {"k": "b", "x": 2, "v": 2}],
         [{"impute": "v", "key": "x", "groupby": ["k"], "method": "mean", "keyvals": [1, 2, 3, 4]}], ["k", "x", "v"]),
    case("impute-frame", [{"x": i, "v": v} for i, v in enumerate([1, None, 3, None, None, 9, 2])],
         [{"impute": "v", "key": "x", "method": "max", "frame": [-1, 1]}], ["x", "v"]),
    case("lookup", [{"person": p} for p in ["Alan", "George", "Fred", "Nobody"]],
         [{"lookup": "person", "from": {"data": {"name": "people"}, "key": "name", "fields": ["age", "height"]}, "default": "?"}],
         ["person", "age", "height"], datasets={"people": [{"name": "Alan", "age": 25, "height": 180}, {"name": "George", "age": 32, "height": 174},
                                                           {"name": "Fred", "age": 17, "height": 160}]}),
    case("lookup-as", [{"person": p} for p in ["Alan", "Fred"]],
         [{"lookup": "person", "from": {"data": {"name": "people"}, "key": "name"}, "as": "obj"}],
         ["person", "obj.age"], datasets={"people": [{"name": "Alan", "age": 25}, {"name": "Fred", "age": 17}]}),
    case("density", CARS, [{"density": "Miles_per_Gallon", "bandwidth": 3, "extent": [5, 50], "steps": 10}], ["value", "density"]),
    case("density-groupby-counts", CARS, [{"density": "Horsepower", "groupby": ["Origin"], "bandwidth": 10, "extent": [40, 240], "steps": 6, "counts": True}],
         ["Origin", "value", "density"]),
    case("regression-linear", CARS, [{"regression": "Miles_per_Gallon", "on": "Horsepower"}], ["Horsepower", "Miles_per_Gallon"]),
    case("regression-methods", CARS, [{"regression": "Miles_per_Gallon", "on": "Weight_in_lbs", "method": m, "extent": [1600, 5000], "groupby": ["Origin"]}
                                      for m in ["log"]], ["Origin", "Weight_in_lbs", "Miles_per_Gallon"]),
    case("regression-exp", CARS, [{"regression": "Miles_per_Gallon", "on": "Weight_in_lbs", "method": "exp"}], ["Weight_in_lbs", "Miles_per_Gallon"]),
    case("regression-pow", CARS, [{"regression": "Miles_per_Gallon", "on": "Weight_in_lbs", "method": "pow"}], ["Weight_in_lbs", "Miles_per_Gallon"]),
    case("regression-quad", CARS, [{"regression": "Miles_per_Gallon", "on": "Horsepower", "method": "quad"}], ["Horsepower", "Miles_per_Gallon"]),
    case("regression-poly-params", CARS, [{"regression": "Miles_per_Gallon", "on": "Horsepower", "method": "poly", "order": 3, "params": True}],
         ["rSquared"]),
    case("loess", CARS, [{"loess": "Miles_per_Gallon", "on": "Horsepower", "bandwidth": 0.4}], ["Horsepower", "Miles_per_Gallon"]),
    case("flatten", [{"k": "a", "xs": [1, 2, 3], "ys": [4, 5]}, {"k": "b", "xs": [], "ys": [7]}], [{"flatten": ["xs", "ys"], "as": ["x", "y"]}],
         ["k", "x", "y"]),
    case("stack-zero", SMALL, [{"stack": "v", "groupby": ["g"], "as": ["lo", "hi"], "sort": [{"field": "k"}]}], ["k", "g", "v", "lo", "hi"]),
    case("stack-normalize", SMALL, [{"stack": "v", "groupby": ["g"], "as": ["lo", "hi"], "offset": "normalize", "sort": [{"field": "k", "order": "descending"}]}],
         ["k", "g", "lo", "hi"]),
    case("stack-center", SMALL, [{"stack": "v", "groupby": ["g"], "as": ["lo", "hi"], "offset": "center"}], ["k", "g", "lo", "hi"]),
    case("filter-predicates", CARS, [{"filter": {"field": "Origin", "oneOf": ["USA", "Japan"]}}, {"filter": {"field": "Cylinders", "range": [4, 6]}},
                                     {"filter": {"field": "Horsepower", "valid": True}}, {"filter": {"field": "Weight_in_lbs", "lte": 3500}},
                                     {"filter": {"not": {"field": "Name", "equal": "ford pinto"}}},
                                     {"filter": {"or": [{"field": "Horsepower", "gt": 90}, {"field": "Miles_per_Gallon", "lt": 25}]}}],
         ["Name", "Horsepower"]),
    case("filter-timeunit", DATES, [{"filter": {"timeUnit": "month", "field": "t", "oneOf": [1, 3]}}], ["t", "v"]),
    case("calculate-expressions", SMALL, [{"calculate": "datum.v * 2 + (datum.g === 'x' ? 1 : 0)", "as": "c"},
                                          {"calculate": "upper(datum.k) + '-' + pad(toString(datum.v), 4, '*', 'left')", "as": "s"},
                                          {"calculate": "isValid(datum.v) ? round(sqrt(abs(datum.v)) * 100) / 100 : -1", "as": "r"}],
         ["k", "c", "s", "r"]),
    case("filter-expression", DATES, [{"filter": "month(datum.t) < 3 && datum.v > 0 || datum.g == 'b' && hours(datum.t) == 5"}], ["t", "v", "g"]),
]

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for c in CASES:
        rows = oracle.transform_rows(c["data"], c["transform"], c["fields"], c.get("datasets"))
        with open(os.path.join(OUT, c["name"] + ".json"), "w") as f:
            json.dump({**c, "expected": rows}, f, separators=(",", ":"))
            f.write("\n")
        print(f"{c['name']}: {len(rows)} rows", rows[:1])

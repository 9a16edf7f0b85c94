"""Records what the real Vega-Lite computes for each transform case in CASES, for
Tests/VegaLiteTests/TransformOracleTests.swift (which compares without Python).

    python3 -m venv .venv && .venv/bin/pip install vl-convert-python
    TZ=UTC .venv/bin/python Tests/VegaLiteTests/Oracle/record_transforms.py

For each case the spec (inline data + transforms, mark "point", no encodings) is compiled with
vl_convert.vegalite_to_vega; its mark is replaced by one symbol per datum of the mark's data whose
`description` spells the wanted fields with their types, and vega_to_scenegraph runs the dataflow.
"""
import csv, json, os, sys
import vl_convert as vlc

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "transforms.json")
DATASETS = os.path.join(HERE, "..", "..", "..", "..", "shared", "datasets")
if not os.path.isdir(DATASETS):
    DATASETS = "/work/shared/datasets"


def seattle(n):
    rows = []
    with open(os.path.join(DATASETS, "seattle-weather.csv")) as f:
        for r in csv.DictReader(f):
            rows.append({"date": r["date"], "precipitation": float(r["precipitation"]),
                         "temp_max": float(r["temp_max"]), "temp_min": float(r["temp_min"]),
                         "wind": float(r["wind"]), "weather": r["weather"]})
    return rows[:n]


SALES = [
    {"k": "a", "g": "x", "v": 3, "w": 1.5, "s": "p"},
    {"k": "b", "g": "y", "v": -2, "w": None, "s": "q"},
    {"k": "a", "g": "y", "v": 7, "w": 2.25, "s": ""},
    {"k": "c", "g": "x", "v": None, "w": 4, "s": "r"},
    {"k": "b", "g": "x", "v": 5, "w": 0.1, "s": "p"},
    {"k": "a", "g": "x", "v": 3, "w": "abc", "s": "q"},
    {"k": "c", "g": "y", "v": 11, "w": 8, "s": "p"},
    {"k": "b", "g": "y", "v": 0, "w": 3, "s": "r"},
]
SALES_F = ["k", "g", "v", "w", "s"]

NUMS = [{"x": x, "y": y, "c": c} for x, y, c in [
    (1, 2.1, "A"), (2, 3.9, "A"), (3, 6.2, "A"), (4, 8.1, "A"), (5, 9.8, "A"), (6, 12.5, "A"),
    (7, 13.9, "A"), (8, 16.2, "A"), (9, 18.1, "A"), (10, 19.7, "A"),
    (1, 1.0, "B"), (2, 4.2, "B"), (3, 8.8, "B"), (4, 16.5, "B"), (5, 24.1, "B"), (6, 37.0, "B"),
    (7, 48.2, "B"), (8, 65.0, "B"), (9, 80.3, "B"), (10, 99.1, "B"), (2.5, None, "B")]]

TIMES = [{"t": t, "n": i} for i, t in enumerate([
    "2012-01-01", "2012-03-15T13:45:30.250", "2013-07-04T08:05:00", "2013-12-31T23:59:59.999",
    "2014-02-29", "2015-06-21T00:00:00Z", "2016-10-09T17:30:00", "2020-02-29T12:00:00", None])]

UNITS = ["year", "quarter", "month", "week", "day", "dayofyear", "date", "hours", "minutes", "seconds",
         "milliseconds", "yearquarter", "yearquartermonth", "yearmonth", "yearmonthdate", "yearmonthdatehours",
         "yearmonthdatehoursminutes", "yearmonthdatehoursminutesseconds", "yearweek", "yearweekday",
         "yearweekdayhours", "yeardayofyear", "quartermonth", "monthdate", "monthdatehours",
         "monthdatehoursminutes", "monthdatehoursminutesseconds", "weekday", "weekdayhours", "dayhours",
         "dayhoursminutes", "dayhoursminutesseconds", "hoursminutes", "hoursminutesseconds", "minutesseconds",
         "secondsmilliseconds", "utcyearmonth", "utcmonthdate", "utcweek"]

CASES = []


def case(name, data, transform, fields, parse=None, datasets=None):
    CASES.append({"name": name, "data": data, "transform": transform, "fields": fields,
                  "parse": parse or {}, "datasets": datasets or {}})


# filter: field predicates and compositions
for pred in [{"field": "v", "equal": 3}, {"field": "k", "equal": "a"}, {"field": "v", "lt": 3},
             {"field": "v", "lte": 3}, {"field": "v", "gt": 3}, {"field": "v", "gte": 3},
             {"field": "v", "range": [0, 5]}, {"field": "v", "range": [5, 0]}, {"field": "v", "range": [None, 3]},
             {"field": "v", "range": [3, None]}, {"field": "k", "oneOf": ["a", "c"]}, {"field": "v", "oneOf": [3, 11]},
             {"field": "w", "valid": True}, {"field": "w", "valid": False}, {"field": "s", "lt": "q"},
             {"and": [{"field": "g", "equal": "x"}, {"not": {"field": "k", "equal": "a"}}]},
             {"or": [{"field": "v", "gt": 6}, {"field": "w", "valid": False}]}, {"not": {"field": "v", "valid": True}}]:
    case("filter " + json.dumps(pred), SALES, [{"filter": pred}], SALES_F)
case("filter timeUnit year equal", TIMES, [{"filter": {"timeUnit": "year", "field": "t", "equal": 2013}}], ["n"], {"t": "date"})
case("filter timeUnit month oneOf", TIMES, [{"filter": {"timeUnit": "month", "field": "t", "oneOf": [1, "Feb", "march"]}}], ["n"], {"t": "date"})
case("filter timeUnit yearmonth range", TIMES, [{"filter": {"timeUnit": "yearmonth", "field": "t",
     "range": [{"year": 2013, "month": 7}, {"year": 2016, "month": "oct"}]}}], ["n"], {"t": "date"})
case("filter timeUnit day equal", TIMES, [{"filter": {"timeUnit": "day", "field": "t", "equal": "Sunday"}}], ["n"], {"t": "date"})
case("filter datetime lt", TIMES, [{"filter": {"field": "t", "lt": {"year": 2014}, "timeUnit": "yearmonthdate"}}], ["n"], {"t": "date"})

# aggregate
ALL_OPS = ["count", "valid", "missing", "distinct", "sum", "product", "mean", "average", "median", "q1", "q3",
           "min", "max", "stdev", "stdevp", "variance", "variancep", "stderr"]
case("aggregate all ops by k", SALES, [{"aggregate": [{"op": op, "field": "v", "as": op} for op in ALL_OPS],
                                       "groupby": ["k"]}], ["k"] + ALL_OPS)
case("aggregate all ops on strings", SALES, [{"aggregate": [{"op": op, "field": "w", "as": op} for op in ALL_OPS],
                                             "groupby": ["g", "k"]}], ["g", "k"] + ALL_OPS)
case("aggregate count no field, no groupby", SALES, [{"aggregate": [{"op": "count", "as": "n"}]}], ["n"])
case("aggregate argmin argmax", SALES, [{"aggregate": [{"op": "argmin", "field": "v", "as": "lo"},
                                                       {"op": "argmax", "field": "v", "as": "hi"}], "groupby": ["g"]},
                                        {"calculate": "datum.lo.k + datum.hi.k", "as": "ks"}], ["g", "ks"])
case("aggregate seattle by weather", seattle(200), [{"aggregate": [
    {"op": "mean", "field": "temp_max", "as": "t"}, {"op": "median", "field": "precipitation", "as": "p"},
    {"op": "max", "field": "wind", "as": "w"}, {"op": "count", "as": "n"}], "groupby": ["weather"]}],
    ["weather", "t", "p", "w", "n"])
case("aggregate min max dates", TIMES, [{"aggregate": [{"op": "min", "field": "t", "as": "lo"},
                                                       {"op": "max", "field": "t", "as": "hi"}]}], ["lo", "hi"], {"t": "date"})
case("joinaggregate", SALES, [{"joinaggregate": [{"op": "sum", "field": "v", "as": "total"},
                                                 {"op": "mean", "field": "v", "as": "avg"}], "groupby": ["g"]}],
     SALES_F + ["total", "avg"])
case("joinaggregate no groupby", SALES, [{"joinaggregate": [{"op": "max", "field": "v", "as": "m"}]}], ["k", "m"])

# window
case("window ranks sorted", SALES, [{"window": [{"op": "row_number", "as": "rn"}, {"op": "rank", "as": "r"},
     {"op": "dense_rank", "as": "dr"}, {"op": "percent_rank", "as": "pr"}, {"op": "cume_dist", "as": "cd"},
     {"op": "ntile", "param": 3, "as": "nt"}], "sort": [{"field": "v"}]}], ["k", "v", "rn", "r", "dr", "pr", "cd", "nt"])
case("window ranks grouped desc", SALES, [{"window": [{"op": "rank", "as": "r"}, {"op": "cume_dist", "as": "cd"}],
     "sort": [{"field": "k", "order": "descending"}], "groupby": ["g"]}], ["k", "g", "r", "cd"])
case("window no sort", SALES, [{"window": [{"op": "rank", "as": "r"}, {"op": "dense_rank", "as": "dr"},
     {"op": "cume_dist", "as": "cd"}, {"op": "row_number", "as": "rn"}]}], ["k", "r", "dr", "cd", "rn"])
case("window lag lead values", SALES, [{"window": [{"op": "lag", "field": "v", "as": "lag"},
     {"op": "lead", "field": "v", "param": 2, "as": "lead2"}, {"op": "first_value", "field": "v", "as": "fv"},
     {"op": "last_value", "field": "v", "as": "lv"}, {"op": "nth_value", "field": "v", "param": 2, "as": "nv"}],
     "sort": [{"field": "w"}], "groupby": ["g"]}], ["k", "v", "lag", "lead2", "fv", "lv", "nv"])
case("window running sums default frame", SALES, [{"window": [{"op": "sum", "field": "v", "as": "cum"},
     {"op": "count", "as": "n"}, {"op": "mean", "field": "v", "as": "m"}, {"op": "min", "field": "v", "as": "lo"}],
     "sort": [{"field": "k"}]}], ["k", "v", "cum", "n", "m", "lo"])
case("window running sums ignorePeers", SALES, [{"window": [{"op": "sum", "field": "v", "as": "cum"}],
     "sort": [{"field": "k"}], "ignorePeers": True}], ["k", "v", "cum"])
case("window sliding frame", NUMS, [{"window": [{"op": "mean", "field": "y", "as": "ma"},
     {"op": "max", "field": "y", "as": "mx"}, {"op": "min", "field": "y", "as": "mn"},
     {"op": "stdev", "field": "y", "as": "sd"}, {"op": "median", "field": "y", "as": "med"},
     {"op": "first_value", "field": "y", "as": "fv"}, {"op": "last_value", "field": "y", "as": "lv"}],
     "frame": [-2, 2], "groupby": ["c"], "sort": [{"field": "x"}]}], ["x", "c", "ma", "mx", "mn", "sd", "med", "fv", "lv"])
case("window whole frame", SALES, [{"window": [{"op": "sum", "field": "v", "as": "t"},
     {"op": "distinct", "field": "k", "as": "d"}], "frame": [None, None], "groupby": ["g"]}], ["g", "t", "d"])
case("window frame ahead", SALES, [{"window": [{"op": "sum", "field": "v", "as": "t"},
     {"op": "count", "as": "n"}], "frame": [0, None], "sort": [{"field": "v", "order": "descending"}]}], ["k", "v", "t", "n"])

# bin
for b in [True, {"maxbins": 20}, {"step": 0.5}, {"maxbins": 5, "nice": False}, {"extent": [0, 30]},
          {"steps": [1, 2, 5, 10]}, {"anchor": 0.25, "maxbins": 8}, {"minstep": 4}, {"divide": [2], "maxbins": 7},
          {"extent": [5, 15], "step": 2}]:
    case("bin " + json.dumps(b), seattle(150), [{"bin": b, "field": "temp_max", "as": "b"}],
         ["temp_max", "b", "b_end"])
case("bin with nulls and as pair", SALES, [{"bin": True, "field": "v", "as": ["lo", "hi"]}], ["v", "lo", "hi"])

# timeUnit
for u in UNITS:
    case("timeUnit " + u, TIMES, [{"timeUnit": u, "field": "t", "as": "u"}], ["n", "u", "u_end"], {"t": "date"})
case("timeUnit step", TIMES, [{"timeUnit": {"unit": "month", "step": 3}, "field": "t", "as": "u"}],
     ["n", "u", "u_end"], {"t": "date"})
case("timeUnit seattle yearmonth", seattle(100), [{"timeUnit": "yearmonth", "field": "date", "as": "ym"}],
     ["ym", "ym_end"], {"date": "date"})

# fold, pivot, flatten
case("fold", SALES[:4], [{"fold": ["v", "w"]}], SALES_F + ["key", "value"])
case("fold as", SALES[:3], [{"fold": ["w", "s"], "as": ["name", "val"]}], ["k", "name", "val"])
case("pivot sum", SALES, [{"pivot": "k", "value": "v", "groupby": ["g"]}], ["g", "a", "b", "c"])
case("pivot count limit", SALES, [{"pivot": "k", "value": "v", "op": "count", "limit": 2}], ["a", "b"])
case("pivot max by s", SALES, [{"pivot": "g", "value": "v", "op": "max", "groupby": ["s"]}], ["s", "x", "y"])
case("flatten", [{"id": 1, "a": [1, 2, 3], "b": ["x", "y"]}, {"id": 2, "a": [], "b": []},
                 {"id": 3, "a": [4], "b": ["z", "w"]}], [{"flatten": ["a", "b"]}], ["id", "a", "b"])
case("flatten as", [{"id": 1, "a": [1, 2]}, {"id": 2, "a": [5]}], [{"flatten": ["a"], "as": ["e"]}], ["id", "a", "e"])

# impute
IMP = [{"x": 1, "y": 10, "c": "A"}, {"x": 2, "y": 20, "c": "A"}, {"x": 4, "y": 40, "c": "A"},
       {"x": 1, "y": 5, "c": "B"}, {"x": 3, "y": 15, "c": "B"}, {"x": 5, "y": None, "c": "B"}]
case("impute value", IMP, [{"impute": "y", "key": "x", "groupby": ["c"], "value": 0}], ["x", "y", "c"])
case("impute mean", IMP, [{"impute": "y", "key": "x", "groupby": ["c"], "method": "mean"}],
     ["x", "y", "c", "imputed_y_value"])
case("impute max frame keyvals", IMP, [{"impute": "y", "key": "x", "keyvals": [0, 1, 2, 3], "groupby": ["c"],
                                        "method": "max", "frame": [-1, 1]}], ["x", "y", "c"])
case("impute sequence median", IMP, [{"impute": "y", "key": "x", "keyvals": {"start": 0, "stop": 7, "step": 2},
                                      "method": "median"}], ["x", "y", "c"])

# lookup
PEOPLE = [{"name": "a", "age": 30, "city": "Oslo"}, {"name": "b", "age": 41, "city": "Lima"},
          {"name": "b", "age": 42, "city": "Pune"}]
case("lookup fields", SALES, [{"lookup": "k", "from": {"data": {"name": "people"}, "key": "name",
                                                       "fields": ["age", "city"]}}], ["k", "age", "city"],
     datasets={"people": PEOPLE})
case("lookup as default", SALES, [{"lookup": "k", "from": {"data": {"name": "people"}, "key": "name",
                                                           "fields": ["age"]}, "as": ["years"], "default": -1}],
     ["k", "years"], datasets={"people": PEOPLE})
case("lookup inline values", SALES, [{"lookup": "k", "from": {"data": {"values": PEOPLE}, "key": "name",
                                                               "fields": ["city"]}}], ["k", "city"])
case("lookup whole row", SALES, [{"lookup": "k", "from": {"data": {"name": "people"}, "key": "name"}, "as": "p"},
                                 {"calculate": "datum.p ? datum.p.city : 'none'", "as": "pc"}], ["k", "pc"],
     datasets={"people": PEOPLE})

# density, regression, loess
SEA = seattle(120)
case("density", SEA, [{"density": "temp_max"}], ["value", "density"])
case("density groupby counts", SEA, [{"density": "temp_max", "groupby": ["weather"], "counts": True,
                                      "extent": [0, 20], "steps": 30}], ["weather", "value", "density"])
case("density cumulative bandwidth", SEA, [{"density": "wind", "cumulative": True, "bandwidth": 0.5,
                                            "as": ["w", "p"]}], ["w", "p"])
case("density independent minsteps", SEA, [{"density": "temp_min", "groupby": ["weather"], "resolve": "independent",
                                            "minsteps": 10, "maxsteps": 50}], ["weather", "value", "density"])
for m in ["linear", "log", "exp", "pow", "quad", "poly"]:
    case("regression " + m, NUMS, [{"regression": "y", "on": "x", "method": m, "groupby": ["c"]}], ["c", "x", "y"])
case("regression poly order 4 extent", NUMS, [{"regression": "y", "on": "x", "method": "poly", "order": 4,
                                               "extent": [0, 12]}], ["x", "y"])
case("regression params", NUMS, [{"regression": "y", "on": "x", "params": True, "groupby": ["c"]},
                                 {"calculate": "datum.coef[0]", "as": "a"}, {"calculate": "datum.coef[1]", "as": "b"}],
     ["a", "b", "rSquared"])
case("regression as", SEA, [{"regression": "temp_max", "on": "temp_min", "as": ["u", "v"]}], ["u", "v"])
case("loess", SEA, [{"loess": "temp_max", "on": "temp_min"}], ["temp_min", "temp_max"])
case("loess groupby bandwidth", NUMS, [{"loess": "y", "on": "x", "groupby": ["c"], "bandwidth": 0.5}], ["c", "x", "y"])

# sample, stack, extent (identity for the data)
case("sample identity", SALES, [{"sample": 100}], SALES_F)
STK = [{"a": "x", "c": "p", "v": 3}, {"a": "x", "c": "q", "v": -2}, {"a": "y", "c": "p", "v": 5},
       {"a": "x", "c": "r", "v": 4}, {"a": "y", "c": "q", "v": 1}, {"a": "y", "c": "r", "v": None},
       {"a": "x", "c": "s", "v": -1}]
for off in ["zero", "normalize", "center"]:
    case("stack " + off, STK, [{"stack": "v", "groupby": ["a"], "offset": off, "as": ["v0", "v1"]}],
         ["a", "c", "v", "v0", "v1"])
case("stack sorted", STK, [{"stack": "v", "groupby": ["a"], "sort": [{"field": "c", "order": "descending"}],
                            "as": "s"}], ["a", "c", "s", "s_end"])
# quantile
case("quantile probs", SEA, [{"quantile": "temp_max", "probs": [0.1, 0.5, 0.9], "groupby": ["weather"]}],
     ["weather", "prob", "value"])
case("quantile step", SALES, [{"quantile": "v", "step": 0.2, "as": ["p", "q"]}], ["p", "q"])

# the parsing Vega-Lite adds for field predicates (first compared value truthy) and timeUnit
MIXED = [{"s": "b", "n": "3"}, {"s": "a", "n": "x"}, {"s": "c", "n": ""}, {"s": None, "n": 5}, {"s": 3, "n": "12"},
         {"s": "", "n": True}]
case("implicit number parse", MIXED, [{"filter": {"field": "n", "gte": 1}}], ["s", "n"])
case("no parse when first value is 0", MIXED, [{"filter": {"field": "n", "gte": 0}}], ["s", "n"])
case("implicit string parse", MIXED, [{"filter": {"field": "s", "oneOf": ["3", "b", None]}}], ["s", "n"])
case("implicit parse inside or", MIXED, [{"filter": {"or": [{"field": "n", "lt": 4}, {"field": "s", "equal": "a"}]}}],
     ["s", "n"])
case("min max of strings", MIXED, [{"aggregate": [{"op": "min", "field": "s", "as": "lo"},
                                                  {"op": "max", "field": "s", "as": "hi"},
                                                  {"op": "sum", "field": "n", "as": "sum"}]}], ["lo", "hi", "sum"])
case("timeUnit parses its field", [{"t": "2012-05-06T07:08:09"}, {"t": "2013/02/03"}, {"t": 86400000}, {"t": ""}],
     [{"timeUnit": "yearmonthdatehours", "field": "t", "as": "h"}], ["t", "h", "h_end"])

# more edges
case("filter binned timeUnit", TIMES, [{"timeUnit": "yearmonth", "field": "t", "as": "ym"},
                                       {"filter": {"timeUnit": "binnedyearmonth", "field": "ym", "gte": {"year": 2014}}}],
     ["n", "ym"], {"t": "date"})
case("window rank ignorePeers", SALES, [{"window": [{"op": "rank", "as": "r"}, {"op": "sum", "field": "v", "as": "s"}],
                                         "sort": [{"field": "g"}], "ignorePeers": True}], ["g", "r", "s"])
case("window percent_rank single-row groups", SALES, [{"window": [{"op": "percent_rank", "as": "p"}],
                                                        "groupby": ["k", "g"], "sort": [{"field": "v"}]}], ["k", "g", "p"])
case("impute no groupby", IMP, [{"impute": "y", "key": "c", "value": -1}], ["x", "y", "c"])
case("flatten strings are character arrays", [{"id": 1, "a": [1, 2]}, {"id": 2, "a": "xy"}, {"id": 3, "a": [3]}],
     [{"flatten": ["a"]}], ["id", "a"])
case("aggregate on empty data", [], [{"aggregate": [{"op": "count", "as": "n"}]}], ["n"])
case("joinaggregate count and distinct", SALES, [{"joinaggregate": [{"op": "count", "as": "n"},
                                                                    {"op": "distinct", "field": "s", "as": "d"},
                                                                    {"op": "values", "field": "v", "as": "vals"}],
                                                  "groupby": ["k"]}], ["k", "n", "d", "vals"])
case("bin then aggregate histogram", seattle(200), [{"bin": {"maxbins": 15}, "field": "wind", "as": "b"},
                                                   {"aggregate": [{"op": "count", "as": "n"}], "groupby": ["b", "b_end"]}],
     ["b", "b_end", "n"])
case("timeUnit then aggregate by month", seattle(366), [{"timeUnit": "month", "field": "date", "as": "m"},
                                                       {"aggregate": [{"op": "mean", "field": "temp_max", "as": "t"},
                                                                      {"op": "q3", "field": "wind", "as": "w"}],
                                                        "groupby": ["m"]}], ["m", "t", "w"], {"date": "date"})

case("filter date range strings", TIMES, [{"filter": {"field": "t", "range": ["2013-01-01", "2016-01-01"],
                                                  "timeUnit": "yearmonthdate"}}], ["n"], {"t": "date"})
case("filter oneOf datetimes", TIMES, [{"filter": {"field": "t", "timeUnit": "year",
                                                   "oneOf": [{"year": 2012}, {"year": 2020}]}}], ["n"], {"t": "date"})
case("filter equal quarter", TIMES, [{"filter": {"field": "t", "timeUnit": "quarter", "equal": 4}}], ["n"], {"t": "date"})
case("filter hours lte", TIMES, [{"filter": {"field": "t", "timeUnit": "hours", "lte": 8}}], ["n"], {"t": "date"})
case("stack normalize negative", STK, [{"stack": "v", "groupby": ["a"], "offset": "normalize", "sort": [{"field": "v"}],
                                        "as": ["p0", "p1"]}], ["a", "c", "p0", "p1"])
case("window aggregate ops grouped", SEA, [{"window": [{"op": "q1", "field": "temp_max", "as": "q1"},
                                                       {"op": "variance", "field": "temp_max", "as": "var"},
                                                       {"op": "valid", "field": "temp_max", "as": "n"},
                                                       {"op": "product", "field": "wind", "as": "p"}],
                                            "groupby": ["weather"], "frame": [-3, 0]}], ["weather", "q1", "var", "n", "p"])

case("calculate then filter", SALES, [{"calculate": "datum.v * 2", "as": "v2"},
                                      {"filter": {"field": "v2", "gt": 5}}], ["k", "v2"])


def enc(f):
    d = "datum[%s]" % json.dumps(f)
    return ("(isDate({d}) ? 'D' + time({d}) : isNumber({d}) ? 'N' + {d} : isString({d}) ? 'S' + {d}"
            " : isBoolean({d}) ? 'B' + {d} : {d} == null ? 'null' : isArray({d}) ? 'A' + length({d}) : 'O')").format(d=d)


def run(c, values):
    data = {"values": values}
    if c["parse"]:
        data["format"] = {"parse": c["parse"]}
    spec = {"data": data, "transform": c["transform"], "mark": "point"}
    if c["datasets"]:
        spec["datasets"] = c["datasets"]
    vg = vlc.vegalite_to_vega(spec)
    src = vg["marks"][0]["from"]["data"]
    expr = " + '|~|' + ".join(enc(f) for f in c["fields"])
    vg["marks"] = [{"type": "symbol", "from": {"data": src}, "encode": {"update": {"description": {"signal": expr}}}}]
    sg = vlc.vega_to_scenegraph(vg)
    items = sg["scenegraph"]["items"][0]["items"][0]["items"] if sg["scenegraph"]["items"][0]["items"] else []
    return [it["description"].split("|~|") for it in items]


def main():
    out = []
    tables = {}
    for c in CASES:
        key = json.dumps(c["data"], sort_keys=True)
        name = tables.setdefault(key, "t%d" % len(tables))
        c = dict(c, data=name)
        try:
            c["expected"] = run(c, json.loads(key))
        except Exception as e:  # a case Vega-Lite refuses is recorded as such
            c["error"] = str(e).splitlines()[0]
        out.append(c)
    with open(OUT, "w") as f:
        json.dump({"generator": "vl-convert-python " + getattr(vlc, "__version__", "?"),
                   "vega_lite": vlc.get_vegalite_versions()[-1] if hasattr(vlc, "get_vegalite_versions") else "?",
                   "tables": {v: json.loads(k) for k, v in tables.items()},
                   "cases": out}, f, indent=None, sort_keys=True)
    print("recorded", len(out), "cases;", sum(1 for c in out if "error" in c), "refused by Vega-Lite")


if __name__ == "__main__":
    main()

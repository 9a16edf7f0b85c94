"""Writes corpus/own/*.vl.json: one spec per Vega-Lite feature of issue 13 (transforms, encodings,
marks, both orientations, missing values, date formats, large numbers, negative stacks). The
JSON files are the corpus; this script is how they were made (`python vegalite-diff/make_own.py`)."""
from speckit import BARLEY, CARS, N, O, Q, S, STOCKS, T, WEATHER, write_specs

SALES = [{"region": r, "quarter": q, "sales": s} for r, q, s in [
    ("North", "Q1", 120), ("North", "Q2", -35.5), ("North", "Q3", 80), ("North", "Q4", 45),
    ("South", "Q1", 60), ("South", "Q2", 75.25), ("South", "Q3", -20), ("South", "Q4", 95),
    ("East", "Q1", 30), ("East", "Q2", 40), ("East", "Q3", 55), ("East", "Q4", -10)]]
TASKS = [{"task": "Design", "start": 1, "end": 3}, {"task": "Build", "start": 3, "end": 8},
         {"task": "Test", "start": 8, "end": 10}, {"task": "Launch", "start": 10, "end": 10.5}]
GAPS = [{"t": "2021-01-01", "v": 4, "k": "a"}, {"t": "2021-01-02", "v": None, "k": "a"},
        {"t": "2021-01-03", "v": "n/a", "k": "a"}, {"t": None, "v": 7, "k": "a"},
        {"t": "2021-01-05", "v": 9.5, "k": "a"}, {"t": "2021-01-01", "v": 1, "k": "b"},
        {"t": "2021-01-03", "v": 2, "k": "b"}, {"t": "2021-01-05", "v": None, "k": "b"}]
SCATTER_GAPS = [{"a": 3, "b": 4}, {"a": None, "b": 6}, {"a": 5, "b": None}, {"a": "x", "b": 8}, {"a": 7.5, "b": "NaN"},
                {"a": None, "b": None}, {"a": 9, "b": 11}, {"a": 4, "b": 5}]


def spec(title, data, mark, encoding, transform=None, **extra):
    s = {"$schema": S, "title": title, "data": data, "mark": mark, "encoding": encoding}
    if transform:
        s["transform"] = transform
    s.update(extra)
    return s


def url(u):
    return {"url": u}


def vals(v):
    return {"values": v}



specs = {
    # --- transforms
    "filter-expression": spec("Filter by expression", url(STOCKS), "line", {"x": T("date"), "y": Q("price")},
                              [{"filter": "datum.symbol === 'GOOG' && year(datum.date) >= 2006"}]),
    "filter-predicates": spec("Field predicates", url(CARS), "point", {"x": Q("Horsepower"), "y": Q("Miles_per_Gallon")}, [
        {"filter": {"field": "Origin", "oneOf": ["USA", "Japan"]}},
        {"filter": {"field": "Cylinders", "range": [4, 6]}},
        {"filter": {"field": "Horsepower", "valid": True}},
        {"filter": {"field": "Weight_in_lbs", "lt": 3500}},
        {"filter": {"field": "Acceleration", "gte": 12}},
        {"filter": {"not": {"field": "Name", "equal": "ford pinto"}}}]),
    "filter-timeunit": spec("Filter with timeUnit", url(STOCKS), "line", {"x": T("date"), "y": Q("price"), "color": N("symbol")},
                            [{"filter": {"timeUnit": "year", "field": "date", "equal": 2005}}]),
    "calculate": spec("Calculated field", url(WEATHER), "line", {"x": T("date", timeUnit="yearmonth"), "y": Q("range", aggregate="mean")},
                      [{"calculate": "datum.temp_max - datum.temp_min", "as": "range"}]),
    "calculate-strings": spec("Calculated category", url(CARS), "bar", {"x": N("kind"), "y": {"aggregate": "count", "type": "quantitative"}},
                              [{"calculate": "upper(substring(datum.Origin, 0, 3)) + '-' + (datum.Cylinders > 4 ? 'big' : 'small')", "as": "kind"}]),
    "aggregate-ops": spec("Aggregate operations by origin", url(CARS), "bar", {"x": N("Origin"), "y": Q("value"), "color": N("op"), "xOffset": N("op")}, [
        {"aggregate": [{"op": op, "field": "Horsepower", "as": op} for op in
                       ["count", "valid", "missing", "distinct", "sum", "mean", "average", "median", "q1", "q3", "min", "max", "stdev", "variance"]],
         "groupby": ["Origin"]},
        {"fold": ["count", "valid", "missing", "distinct", "sum", "mean", "average", "median", "q1", "q3", "min", "max", "stdev", "variance"], "as": ["op", "value"]}]),
    "aggregate-argmax": spec("Heaviest car's horsepower per origin", url(CARS), "bar", {"x": N("Origin"), "y": Q("hp")}, [
        {"aggregate": [{"op": "argmax", "field": "Weight_in_lbs", "as": "heaviest"}], "groupby": ["Origin"]},
        {"calculate": "datum.heaviest.Horsepower", "as": "hp"}]),
    "joinaggregate": spec("Share of total yield", url(BARLEY), "bar", {"y": N("site"), "x": Q("share", aggregate="sum")}, [
        {"joinaggregate": [{"op": "sum", "field": "yield", "as": "total"}]},
        {"calculate": "100 * datum.yield / datum.total", "as": "share"}]),
    "window-ranks": spec("Window ranks", vals([{"k": k, "v": v} for k, v in zip("ABCDEFGH", [5, 3, 5, 8, 1, 3, 9, 5])]), "line",
                         {"x": N("k"), "y": Q("value"), "color": N("op")}, [
        {"window": [{"op": op, "as": op} for op in ["row_number", "rank", "dense_rank", "percent_rank", "cume_dist"]] +
                   [{"op": "ntile", "param": 3, "as": "ntile"}, {"op": "lag", "field": "v", "as": "lag"},
                    {"op": "lead", "field": "v", "as": "lead"}, {"op": "first_value", "field": "v", "as": "first_value"},
                    {"op": "last_value", "field": "v", "as": "last_value"}],
         "sort": [{"field": "v", "order": "descending"}]},
        {"fold": ["row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value"], "as": ["op", "value"]}]),
    "window-frame-groupby": spec("Moving average per symbol", url(STOCKS), "line", {"x": T("date"), "y": Q("avg"), "color": N("symbol")}, [
        {"window": [{"op": "mean", "field": "price", "as": "avg"}], "frame": [-2, 2], "groupby": ["symbol"], "sort": [{"field": "date"}]}]),
    "window-cumulative": spec("Cumulative precipitation", url(WEATHER), "area", {"x": T("date"), "y": Q("total")}, [
        {"window": [{"op": "sum", "field": "precipitation", "as": "total"}], "frame": [None, 0]}]),
    "bin-transform": spec("Binned horsepower", url(CARS), "bar", {"x": O("bin_hp"), "y": {"aggregate": "count", "type": "quantitative"}}, [
        {"bin": {"maxbins": 15}, "field": "Horsepower", "as": "bin_hp"}]),
    "bin-transform-step": spec("Binned weight, step 500", url(CARS), "bar",
                               {"x": Q("w", bin={"binned": True, "step": 500}), "x2": {"field": "w_end"}, "y": {"aggregate": "count", "type": "quantitative"}}, [
        {"bin": {"step": 500, "extent": [1500, 5500]}, "field": "Weight_in_lbs", "as": ["w", "w_end"]}]),
    "timeunit-transform": spec("Quarterly mean price", url(STOCKS), "line", {"x": T("q"), "y": Q("price", aggregate="mean"), "color": N("symbol")}, [
        {"timeUnit": "yearquarter", "field": "date", "as": "q"}]),
    "timeunit-units": spec("Mean max temperature by month and day", url(WEATHER), "line",
                           {"x": T("date", timeUnit="monthdate"), "y": Q("temp_max", aggregate="mean")}),
    "timeunit-utc-week": spec("Weekly precipitation, 2014", url(WEATHER), "bar",
                              {"x": T("date", timeUnit="utcyearweek"), "y": Q("precipitation", aggregate="sum")},
                              [{"filter": {"field": "date", "timeUnit": "year", "equal": 2014}}]),
    "timeunit-hours": spec("Readings by hour", vals([{"t": f"2020-03-0{d}T{h:02d}:30:00Z", "v": d * h % 7} for d in range(1, 4) for h in range(0, 24, 3)]),
                           "line", {"x": O("t", timeUnit="utchours"), "y": Q("v", aggregate="sum")}),
    "pivot": spec("Pivoted prices", url(STOCKS), "line", {"x": T("date"), "y": Q("AAPL")}, [
        {"pivot": "symbol", "value": "price", "groupby": ["date"]}]),
    "impute": spec("Imputed missing quarters", vals([{"k": "a", "q": 1, "v": 3}, {"k": "a", "q": 2, "v": 5}, {"k": "a", "q": 4, "v": 4},
                                                     {"k": "b", "q": 1, "v": 2}, {"k": "b", "q": 3, "v": 6}, {"k": "b", "q": 4, "v": 1}]),
                   "line", {"x": Q("q"), "y": Q("v", impute={"method": "mean"}), "color": N("k")}),
    "impute-transform": spec("Imputed with a value", vals([{"k": "a", "q": 1, "v": 3}, {"k": "a", "q": 3, "v": 5}, {"k": "b", "q": 2, "v": 2}]),
                             "bar", {"x": O("q"), "y": Q("v"), "color": N("k"), "xOffset": N("k")},
                             [{"impute": "v", "key": "q", "keyvals": [1, 2, 3, 4], "value": 0, "groupby": ["k"]}]),
    "lookup": spec("Age of each group member", url("../data/lookup_groups.csv"), "bar", {"x": N("person"), "y": Q("age")}, [
        {"lookup": "person", "from": {"data": {"url": "../data/lookup_people.csv"}, "key": "name", "fields": ["age", "height"]}}]),
    "density": spec("Density of fuel economy", url(CARS), "area", {"x": Q("value"), "y": Q("density")}, [
        {"density": "Miles_per_Gallon", "bandwidth": 2, "extent": [5, 50], "steps": 46}]),
    # Scott's bandwidth per group, with nulls in the field (skipped by the deviation and
    # quartiles, counted in n, as Vega).
    "density-groupby-nulls": spec("Density of fuel economy by origin", url(CARS), "line",
                                  {"x": Q("value"), "y": Q("density"), "color": N("Origin")}, [
        {"density": "Miles_per_Gallon", "groupby": ["Origin"], "extent": [5, 50], "steps": 46}]),
    "regression": spec("Linear fit", url(CARS), "line", {"x": Q("Horsepower"), "y": Q("Miles_per_Gallon")}, [
        {"regression": "Miles_per_Gallon", "on": "Horsepower", "extent": [40, 240]}]),
    "regression-poly": spec("Quadratic fit", url(CARS), "line", {"x": Q("Horsepower"), "y": Q("Miles_per_Gallon")}, [
        {"regression": "Miles_per_Gallon", "on": "Horsepower", "method": "poly", "order": 2, "extent": [40, 240]}]),
    "loess": spec("Loess", url(CARS), "line", {"x": Q("Horsepower"), "y": Q("Miles_per_Gallon")}, [
        {"loess": "Miles_per_Gallon", "on": "Horsepower", "bandwidth": 0.5}]),
    "flatten": spec("Flattened arrays", vals([{"k": "a", "xs": [1, 2, 3], "ys": [4, 5.5, 6]}, {"k": "b", "xs": [1, 2], "ys": [7, -1]}]),
                    "line", {"x": Q("xs"), "y": Q("ys"), "color": N("k")}, [{"flatten": ["xs", "ys"]}]),
    "stack-transform": spec("Stack transform", vals(SALES), "bar", {"x": N("quarter"), "y": Q("lo"), "y2": {"field": "hi"}, "color": N("region")}, [
        {"stack": "sales", "groupby": ["quarter"], "as": ["lo", "hi"], "sort": [{"field": "region"}]}]),
    "data-sequence": spec("Sine from a sequence", {"sequence": {"start": 0, "stop": 12.6, "step": 0.1, "as": "x"}}, "line",
                          {"x": Q("x"), "y": Q("sin")}, [{"calculate": "sin(datum.x)", "as": "sin"}]),
    "data-primitive-values": spec("Primitive values", vals([3, 1, 4, 1, 5, 9, 2, 6]), "bar",
                                  {"x": O("i"), "y": Q("data")}, [{"window": [{"op": "row_number", "as": "i"}]}]),
    "expressions": spec("Expression functions", vals([{"s": " Alpha ", "n": -2.5, "d": "2020-02-29"}, {"s": "beta", "n": 16, "d": "2021-12-31"}]), "bar",
                        {"x": N("label"), "y": Q("score")}, [
        {"calculate": "trim(upper(datum.s)) + ':' + pad(toString(month(datum.d) + 1), 2, '0', 'left') + '/' + timeFormat(toDate(datum.d), '%Y')", "as": "label"},
        {"calculate": "abs(datum.n) + sqrt(abs(datum.n)) + pow(2, 3) + floor(datum.n) + ceil(datum.n) + round(datum.n) + clamp(datum.n, 0, 10) + length(datum.s) + indexof(datum.s, 'a') + (isValid(datum.n) ? 1 : 0) + log(exp(1)) + min(datum.n, 1) + max(datum.n, 1) + quarter(datum.d) + date(datum.d) + day(datum.d)", "as": "score"}]),
    # --- encodings
    "horizontal-bar": spec("Horizontal bars", url(BARLEY), "bar", {"y": N("variety"), "x": Q("yield", aggregate="sum")}),
    "histogram": spec("Histogram", url(CARS), "bar", {"x": Q("Miles_per_Gallon", bin=True), "y": {"aggregate": "count", "type": "quantitative"}}),
    "histogram-maxbins": spec("Histogram, maxbins 30", url(CARS), "bar", {"x": Q("Horsepower", bin={"maxbins": 30}), "y": {"aggregate": "count", "type": "quantitative"}}),
    "histogram-horizontal": spec("Horizontal histogram", url(CARS), "bar", {"y": Q("Acceleration", bin={"step": 2}), "x": {"aggregate": "count", "type": "quantitative"}}),
    "aggregate-on-x": spec("Mean on x", url(CARS), "point", {"y": N("Origin"), "x": Q("Horsepower", aggregate="mean")}),
    "count-no-field": spec("Count of records", url(CARS), "bar", {"x": O("Cylinders"), "y": {"aggregate": "count", "type": "quantitative"}}),
    "median-aggregate": spec("Median price", url(STOCKS), "bar", {"x": N("symbol"), "y": Q("price", aggregate="median")}),
    "stack-zero-negative": spec("Stacked with negatives", vals(SALES), "bar", {"x": N("quarter"), "y": Q("sales"), "color": N("region")}),
    "stack-normalize": spec("Normalized stack", url(BARLEY), "bar", {"x": N("variety"), "y": Q("yield", aggregate="sum", stack="normalize"), "color": N("site")}),
    "stack-center": spec("Streamgraph", url(STOCKS), "area", {"x": T("date"), "y": Q("price", stack="center"), "color": N("symbol")}),
    "stack-null": spec("Unstacked areas", url(STOCKS), "area", {"x": T("date"), "y": Q("price", stack=None), "color": N("symbol")}),
    "stack-horizontal": spec("Horizontal stack", url(BARLEY), "bar", {"y": N("variety"), "x": Q("yield", aggregate="sum"), "color": N("site")}),
    "gantt-x2": spec("Gantt", vals(TASKS), "bar", {"y": N("task"), "x": Q("start"), "x2": {"field": "end"}}),
    "range-area-y2": spec("Temperature range", url(WEATHER), "area",
                          {"x": T("date", timeUnit="yearmonth"), "y": Q("temp_min", aggregate="min"), "y2": {"field": "temp_max", "aggregate": "max"}}),
    "prebinned": spec("Pre-binned data", vals([{"b0": 0, "b1": 10, "n": 3}, {"b0": 10, "b1": 20, "n": 8}, {"b0": 20, "b1": 30, "n": 5}]), "bar",
                      {"x": Q("b0", bin="binned"), "x2": {"field": "b1"}, "y": Q("n")}),
    "grouped-xoffset": spec("Grouped bars", url(BARLEY), "bar", {"x": N("site"), "y": Q("yield", aggregate="mean"), "color": N("year"), "xOffset": N("year")}),
    "grouped-yoffset": spec("Grouped horizontal bars", url(BARLEY), "bar", {"y": N("site"), "x": Q("yield", aggregate="mean"), "color": N("year"), "yOffset": N("year")}),
    "extra-channels": spec("Bubbles with size, opacity and shape", url(CARS), "point",
                           {"x": Q("Horsepower"), "y": Q("Miles_per_Gallon"), "size": Q("Acceleration"), "opacity": Q("Weight_in_lbs"),
                            "shape": N("Origin"), "tooltip": [N("Name"), Q("Year", timeUnit="year")]}),
    "text-detail": spec("Detail and text", url(STOCKS), "line",
                        {"x": T("date"), "y": Q("price"), "detail": N("symbol"), "text": N("symbol")}),
    "strokedash": spec("Dashed series", url(STOCKS), "line", {"x": T("date"), "y": Q("price"), "strokeDash": N("symbol")}),
    "order": spec("Connected scatter by order", url("../data/driving.json"), "line",
                  {"x": Q("miles"), "y": Q("gas"), "order": Q("year")}),
    "sort-descending": spec("Sorted descending", url(BARLEY), "bar", {"x": N("variety", sort="-y"), "y": Q("yield", aggregate="sum")}),
    "sort-custom": spec("Custom sort", vals(SALES), "bar", {"x": N("quarter", sort=["Q4", "Q3", "Q2", "Q1"]), "y": Q("sales", aggregate="sum")}),
    "sort-by-field": spec("Sort by another field", url(BARLEY), "bar",
                          {"x": N("site", sort={"field": "yield", "op": "max", "order": "descending"}), "y": Q("yield", aggregate="mean")}),
    "scale-log": spec("Log scale", url(CARS), "point", {"x": Q("Displacement", scale={"type": "log"}), "y": Q("Weight_in_lbs", scale={"type": "sqrt"})}),
    "scale-domain": spec("Fixed domain", url(STOCKS), "line", {"x": T("date"), "y": Q("price", scale={"domain": [0, 800]}), "color": N("symbol")}),
    "constant-channels": spec("Constant value and datum", vals(TASKS), "bar",
                              {"x": N("task"), "y": Q("end"), "color": {"value": "#335"}, "y2": {"datum": 0}}),
    "ordinal-y-bump": spec("Bump chart", vals([{"w": w, "team": t, "rank": r} for w, ranks in enumerate([[1, 2, 3], [2, 1, 3], [3, 1, 2], [1, 3, 2]], 1)
                                              for t, r in zip("ABC", ranks)]), "line",
                           {"x": O("w"), "y": O("rank"), "color": N("team")}),
    "temporal-y": spec("Dates on y", vals([{"event": "a", "when": "2020-01-05"}, {"event": "b", "when": "2020-03-10"}, {"event": "c", "when": "2021-07-04"}]),
                       "point", {"x": N("event"), "y": T("when")}),
    # Dates as values, drawn horizontally: a Gantt chart of dates (x start, x2 end per task).
    "gantt-dates": spec("Project plan", vals([
        {"task": "Design", "start": "2024-01-08", "end": "2024-02-02"},
        {"task": "Build", "start": "2024-02-05", "end": "2024-04-26"},
        {"task": "Test", "start": "2024-04-15", "end": "2024-05-31"},
        {"task": "Launch", "start": "2024-06-03", "end": None}]),
        "bar", {"y": N("task", sort=None), "x": T("start"), "x2": {"field": "end"}}),
    # A log value axis (pitch and the drawing follow it): populations over four orders of magnitude.
    "scale-log-value": spec("Populations", vals([{"place": p, "people": n} for p, n in [
        ("Hamlet", 80), ("Village", 1_200), ("Town", 25_000), ("City", 640_000), ("Metropolis", 9_800_000)]]),
        "bar", {"x": N("place", sort=None), "y": Q("people", scale={"type": "log"})}),
    # A punch card: the value is the circle's size (rows on x, one series per day on y).
    "size-punchcard": spec("Commits by hour and day", vals([
        {"t": "2012-01-02T09:00:00Z", "n": 3}, {"t": "2012-01-02T10:00:00Z", "n": 5}, {"t": "2012-01-03T09:00:00Z", "n": 7},
        {"t": "2012-01-02T09:30:00Z", "n": 1}, {"t": "2012-01-04T14:00:00Z", "n": 2}, {"t": "2012-01-03T14:15:00Z", "n": 4}]),
        "circle", {"x": O("t", timeUnit="hours"), "y": O("t", timeUnit="day"), "size": Q("n", aggregate="sum")}),
    # Years as CSV text on a temporal channel: Vega-Lite parses "1900" as the year 1900.
    "csv-years-temporal": spec("Years in CSV", {"values": "Year,v\n1900,1\n1950,4\n2000,2\n", "format": {"type": "csv"}},
                               "line", {"x": T("Year"), "y": Q("v")}),
    # The date of the first frost each year: a place in the year (monthdate) as the value.
    "first-frost": spec("First autumn frost", vals([
        {"year": "2018", "frost": "2018-11-02"}, {"year": "2019", "frost": "2019-10-24"},
        {"year": "2020", "frost": "2020-11-15"}, {"year": "2021", "frost": None},
        {"year": "2022", "frost": "2022-10-30T06:00:00Z"}]),
        "line", {"x": T("year", timeUnit="year"), "y": T("frost", timeUnit="monthdate")}),
    "format-channels": spec("Formats", url(WEATHER), "line",
                            {"x": T("date", timeUnit="year", axis={"format": "%Y"}), "y": Q("precipitation", aggregate="sum", format=",.0f", axis={"format": ".2s"})}),
    # --- marks
    "mark-tick": spec("Ticks", url(CARS), "tick", {"x": Q("Horsepower"), "y": O("Cylinders")}),
    "mark-circle": spec("Circles", url(CARS), "circle", {"x": Q("Horsepower"), "y": Q("Miles_per_Gallon"), "color": N("Origin")}),
    "mark-square": spec("Squares", url(CARS), "square", {"x": Q("Acceleration"), "y": Q("Weight_in_lbs")}),
    "mark-rule": spec("Rules", vals(TASKS), "rule", {"y": N("task"), "x": Q("start"), "x2": {"field": "end"}}),
    "mark-trail": spec("Trail", url(STOCKS), "trail", {"x": T("date"), "y": Q("price"), "size": Q("price"), "color": N("symbol")}),
    "mark-properties": spec("Drawing-only mark properties", url(STOCKS),
                            {"type": "line", "point": True, "interpolate": "monotone", "strokeWidth": 3, "invalid": "filter", "tooltip": True},
                            {"x": T("date"), "y": Q("price"), "color": N("symbol")}),
    "bar-properties": spec("Drawing-only bar properties", url(BARLEY),
                           {"type": "bar", "orient": "horizontal", "binSpacing": 0, "cornerRadiusEnd": 3,
                            "color": {"x1": 0, "y1": 0, "x2": 1, "y2": 0, "gradient": "linear", "stops": [{"offset": 0, "color": "white"}, {"offset": 1, "color": "darkgreen"}]}},
                           {"y": N("variety"), "x": Q("yield", aggregate="mean")}),
    # --- values
    "missing-values": spec("Gaps and invalid values", vals(GAPS), "line", {"x": T("t"), "y": Q("v"), "color": N("k")}),
    "missing-values-bar": spec("Bars with invalid values", vals(GAPS), "bar", {"x": T("t", timeUnit="yearmonthdate"), "y": Q("v"), "color": N("k")}),
    "dates-formats": spec("Dates in several formats", vals([{"d": "2012/01/01", "v": 1}, {"d": "2012-01-02T06:00:00Z", "v": 2}, {"d": "Jan 3 2012", "v": 3},
                                                           {"d": "2012-01-04T00:00:00.500+02:00", "v": 4}, {"d": 1325894400000, "v": 5},
                                                           {"d": "January 7, 2012", "v": 6}, {"d": "01/08/2012", "v": 7}]),
                          "line", {"x": T("d"), "y": Q("v")}),
    "dates-parse-format": spec("Dates with format.parse", {"values": "day,amount\n03.01.2012,10\n04.01.2012,12\n05.01.2012,9\n", "format": {"type": "csv", "parse": {"day": "date:'%d.%m.%Y'"}}},
                               "bar", {"x": T("day"), "y": Q("amount")}),
    "large-numbers": spec("Large numbers", vals([{"c": "a", "v": 1.5e12}, {"c": "b", "v": 123456789.123}, {"c": "c", "v": -9.87e11}, {"c": "d", "v": 0.000123}]),
                          "bar", {"x": N("c"), "y": Q("v")}),
    "repeated-x-points": spec("Repeated x in a scatter", vals([{"a": 1, "b": 2}, {"a": 1, "b": 3}, {"a": 2, "b": 2}, {"a": 2, "b": 2}]), "point",
                              {"x": Q("a"), "y": Q("b")}),
    "tsv-format-property": spec("TSV and JSON property", {"values": "{\"payload\": {\"rows\": [{\"k\": \"x\", \"v\": 1}, {\"k\": \"y\", \"v\": 2.5}]}}",
                                                          "format": {"type": "json", "property": "payload.rows"}}, "bar", {"x": N("k"), "y": Q("v")}),
    "datasets-named": spec("Named dataset", {"name": "table"}, "bar", {"x": N("a"), "y": Q("b")},
                           datasets={"table": [{"a": "A", "b": 28}, {"a": "B", "b": 55}, {"a": "C", "b": 43}]}),
    "params-selection": spec("Selection parameters", url(STOCKS), "line", {"x": T("date"), "y": Q("price"), "color": N("symbol")},
                             params=[{"name": "pick", "select": {"type": "point", "fields": ["symbol"]}, "bind": "legend"}]),
    "title-config": spec(["Two-line", "title"], url(BARLEY), "bar", {"x": N("variety"), "y": Q("yield", aggregate="mean")},
                         width="container", height=200, autosize={"type": "fit"}, padding=5, background="white",
                         config={"axis": {"grid": False}}, description="Mean yield per variety."),
    # --- audit gaps (audit.py): a TSV file, symlog and pow scales, rounded corners
    "data-url-tsv": spec("Revenue from a TSV file", url("../data/quarters.tsv"), "bar",
                         {"x": O("quarter"), "y": Q("revenue"), "color": N("region"), "xOffset": N("region")}),
    # An empty TSV cell: Vega-Lite keeps the text "" (no type inference), which counts as valid
    # and as 0 in the stack; Pitchline reads it as missing (expected-failures.json).
    "data-url-tsv-empty-cell": spec("Revenue with an empty TSV cell", url("../data/quarters-gap.tsv"), "bar",
                                    {"x": O("quarter"), "y": Q("revenue"), "color": N("region"), "xOffset": N("region")}),
    "scale-symlog-pow": spec("Symlog and pow scales", url(CARS), "point",
                             {"x": Q("Horsepower", scale={"type": "pow", "exponent": 0.5}), "y": Q("Acceleration", scale={"type": "symlog", "constant": 2})}),
    "bar-corner-radius": spec("Rounded bars", url(BARLEY), {"type": "bar", "cornerRadius": 4, "cornerRadiusTopLeft": 6},
                              {"x": N("site"), "y": Q("yield", aggregate="sum")}),
    # --- invalid values (`mark.invalid` / `config.mark.invalid`, Vega-Lite 5–6 modes)
    "invalid-null-point": spec("Invalid values drawn at zero", vals(SCATTER_GAPS), "point", {"x": Q("a"), "y": Q("b")},
                               config={"mark": {"invalid": None}}),
    "invalid-show-bar": spec("Invalid bars shown", vals(GAPS), {"type": "bar", "invalid": "show"}, {"x": N("t"), "y": Q("v"), "color": N("k")}),
    "invalid-show-bar-horizontal": spec("Invalid bars shown, horizontal", vals(GAPS), {"type": "bar", "invalid": None},
                                        {"y": N("t"), "x": Q("v"), "color": N("k")}),
    "invalid-show-line": spec("A line through invalid values at zero", vals(GAPS), {"type": "line", "invalid": "show"}, {"x": T("t"), "y": Q("v"), "color": N("k")}),
    "invalid-show-domain": spec("Invalid values at the low end of the domain", vals(SCATTER_GAPS), {"type": "point", "invalid": "show"},
                                {"x": Q("a", scale={"domain": [1, 10]}), "y": Q("b", scale={"domain": [2, 12]})}),
    "invalid-filter-line": spec("A line joining valid points", vals(GAPS), {"type": "line", "invalid": "filter"}, {"x": T("t"), "y": Q("v"), "color": N("k")}),
    "invalid-break-paths-filter-domains": spec("Break paths, filter domains", vals(GAPS), {"type": "line", "invalid": "break-paths-filter-domains"},
                                               {"x": T("t"), "y": Q("v"), "color": N("k")}),
    "invalid-break-paths-show-domains": spec("Break paths, show domains", vals(SCATTER_GAPS), {"type": "point", "invalid": "break-paths-show-domains"},
                                             {"x": Q("a"), "y": Q("b")}),
    "invalid-break-paths-show-path-domains": spec("The default, said", vals(GAPS), {"type": "area", "invalid": "break-paths-show-path-domains"},
                                                  {"x": T("t"), "y": Q("v")}, [{"filter": "datum.k == 'a'"}]),
}

write_specs(specs)

"""Writes corpus/own/layer-*.vl.json: layered specs (issue 14, layers), each checked layer by layer
against Vega-Lite (compare_layers.py). `python vegalite-diff/make_layers.py`."""
from speckit import BARLEY, CARS, N, O, Q, S, STOCKS, T, WEATHER, write_specs
MONTH = T("date", timeUnit="month")
POP = [{"country": c, "year": y, "v": v} for c, y, v in [
    ("Brazil", 1995, 12.5), ("Brazil", 2000, 18), ("Chile", 1995, 9.25), ("Chile", 2000, 7),
    ("Peru", 1995, 4), ("Peru", 2000, 11.75), ("Uruguay", 1995, 6), ("Uruguay", 2000, 6)]]


def layered(title, data, layer, encoding=None, transform=None):
    s = {"$schema": S, "title": title, "data": data, "layer": layer}
    if encoding:
        s["encoding"] = encoding
    if transform:
        s["transform"] = transform
    return s


specs = {
    "layer-line-points": layered("Line with a point layer", {"url": STOCKS},
                                 [{"mark": "line"}, {"mark": "point"}],
                                 {"x": T("date"), "y": Q("price"), "color": N("symbol")},
                                 [{"filter": "datum.symbol === 'AAPL' || datum.symbol === 'IBM'"}, {"filter": "year(datum.date) == 2008"}]),
    "layer-bar-mean-rule": layered("Bars with a mean rule and its label", {"url": WEATHER}, [
        {"mark": "bar", "encoding": {"x": O("date", timeUnit="month"), "y": Q("precipitation", aggregate="mean")}},
        {"mark": "rule", "encoding": {"y": Q("precipitation", aggregate="mean")}},
        {"mark": {"type": "text", "dy": -4}, "encoding": {"y": Q("precipitation", aggregate="mean"), "text": {"value": "Mean"}}}]),
    "layer-threshold-datum": layered("A threshold rule", {"url": WEATHER}, [
        {"mark": "line", "encoding": {"x": T("date", timeUnit="yearmonth"), "y": Q("temp_max", aggregate="max")}},
        {"mark": "rule", "encoding": {"y": {"datum": 30}}}]),
    "layer-band-line": layered("Band from the mean low to the mean high, line at the mean high", {"url": WEATHER}, [
        {"mark": "area", "encoding": {"y": Q("temp_min", aggregate="mean"), "y2": {"field": "temp_max", "aggregate": "mean"}}},
        {"mark": "line", "encoding": {"y": Q("temp_max", aggregate="mean")}}], {"x": MONTH}),
    "layer-regression": layered("Points with a linear trend line", {"url": CARS}, [
        {"mark": "point"},
        {"mark": "line", "transform": [{"regression": "Miles_per_Gallon", "on": "Horsepower"}]}],
        {"x": Q("Horsepower"), "y": Q("Miles_per_Gallon")}),
    "layer-loess": layered("A line with a loess trend line", {"url": WEATHER}, [
        {"mark": "line"},
        {"mark": "line", "transform": [{"loess": "temp_max", "on": "date", "bandwidth": 0.3}]}],
        {"x": T("date"), "y": Q("temp_max")}, [{"filter": "year(datum.date) == 2013"}]),
    "layer-own-data": layered("A layer with its own data", {"values": [{"x": 1, "y": 3}, {"x": 2, "y": 5}, {"x": 3, "y": 4}]}, [
        {"mark": "line"},
        {"mark": "point", "data": {"values": [{"x": 2, "y": 1}, {"x": 4, "y": 2}]}, "transform": [{"calculate": "datum.y * 2", "as": "y"}]}],
        {"x": Q("x"), "y": Q("y")}, [{"filter": "datum.x < 3"}]),
    "layer-dumbbell": layered("Dumbbell: two years per country", {"values": POP}, [
        {"mark": "line", "encoding": {"detail": N("country")}},
        {"mark": {"type": "point", "filled": True}, "encoding": {"color": O("year")}}],
        {"y": N("country"), "x": Q("v")}),
    "layer-lollipop": layered("Lollipop", {"url": BARLEY}, [
        {"mark": "rule"}, {"mark": "point"}],
        {"x": N("variety"), "y": Q("yield", aggregate="sum")}),
    "layer-waterfall": layered("Waterfall with connectors and labels", {"values": [
        {"label": "Begin", "amount": 4000}, {"label": "Jan", "amount": 1707}, {"label": "Feb", "amount": -1425},
        {"label": "Mar", "amount": -1030}, {"label": "Apr", "amount": 1812.5}, {"label": "End", "amount": 0}]}, [
        {"mark": "bar", "encoding": {"y": Q("previous_sum", title="Amount"), "y2": {"field": "sum"}}},
        {"mark": {"type": "rule", "xOffset": -22.5, "x2Offset": 22.5}, "encoding": {"x2": {"field": "lead"}, "y": Q("sum")}},
        {"mark": "text", "encoding": {"y": Q("sum"), "text": N("sum")}},
        {"mark": "text", "encoding": {"y": Q("center"), "text": N("text_amount")}}],
        {"x": O("label", sort=None)},
        [{"window": [{"op": "sum", "field": "amount", "as": "sum"}]},
         {"window": [{"op": "lead", "field": "label", "as": "lead"}]},
         {"calculate": "datum.lead === null ? datum.label : datum.lead", "as": "lead"},
         {"calculate": "datum.label === 'End' ? 0 : datum.sum - datum.amount", "as": "previous_sum"},
         {"calculate": "datum.label === 'End' ? datum.sum : datum.amount", "as": "amount"},
         {"calculate": "(datum.label !== 'Begin' && datum.label !== 'End' && datum.amount > 0 ? '+' : '') + datum.amount", "as": "text_amount"},
         {"calculate": "(datum.sum + datum.previous_sum) / 2", "as": "center"}]),
    "layer-histogram-mean": layered("Histogram with a rule at the mean", {"url": CARS}, [
        {"mark": "bar", "encoding": {"x": Q("Horsepower", bin=True), "y": {"aggregate": "count"}}},
        {"mark": "rule", "encoding": {"x": Q("Horsepower", aggregate="mean")}}]),
    "layer-event-rules": layered("Rules at event dates from their own data, labelled", {"url": WEATHER}, [
        {"mark": "line", "encoding": {"x": T("date", timeUnit="yearmonth"), "y": Q("temp_max", aggregate="mean")}},
        {"mark": "rule", "data": {"values": [{"day": "2013-07-01", "what": "Heat wave"}, {"day": "2014-12-01", "what": "Cold snap"}]},
         "encoding": {"x": T("day"), "text": N("what")}}]),
    "layer-errorband-line": layered("A line of the mean with an error band of one standard deviation", {"url": WEATHER}, [
        {"mark": {"type": "errorband", "extent": "stdev"}, "encoding": {"y": Q("temp_max", title="Maximum temperature")}},
        {"mark": "line", "encoding": {"y": Q("temp_max", aggregate="mean")}}], {"x": MONTH}),
    "layer-labels": layered("Bars with value labels and a named label", {"values": [
        {"k": "A", "v": 28, "note": None}, {"k": "B", "v": 55, "note": "Peak"}, {"k": "C", "v": 43, "note": None}]}, [
        {"mark": "bar"},
        {"mark": {"type": "text", "dy": -5}, "encoding": {"text": Q("v")}},
        {"mark": {"type": "text", "dy": -20}, "transform": [{"filter": "datum.note !== null"}], "encoding": {"text": N("note")}}],
        {"x": N("k"), "y": Q("v")}),
}

write_specs(specs)

"""Corpus specs for the drawing comparison (drawing.py, issue 27): colours given by a condition or
by the author, range bars (y/y2, x/x2), size as size. Written as corpus/own/drawing-*.vl.json; the
data test compares their data too. `python vegalite-diff/make_drawing.py`."""
from speckit import N, O, Q, S, T, write_specs

# A made-up week of daily prices (open, high, low, close), up and down days mixed.
OHLC = [{"date": f"2009-06-{d:02d}", "open": o, "high": h, "low": lo, "close": c}
        for d, o, h, lo, c in [(1, 28.7, 30.05, 28.45, 30.04), (2, 30.04, 30.13, 28.3, 29.63),
                               (3, 29.62, 31.79, 29.62, 31.02), (4, 31.02, 31.02, 29.92, 30.18),
                               (5, 29.39, 30.81, 28.85, 29.62), (8, 30.84, 31.82, 26.41, 29.77),
                               (9, 29.77, 29.77, 27.79, 28.27), (10, 26.9, 29.74, 26.9, 28.46)]]
WATERFALL = [{"label": "Begin", "amount": 4000}, {"label": "Jan", "amount": 1707}, {"label": "Feb", "amount": -1425},
             {"label": "Mar", "amount": -1030}, {"label": "Apr", "amount": 1812}, {"label": "End", "amount": 0}]

SPECS = {
    # Vega-Lite's gallery candlestick (layer_candlestick): a low–high rule and an open–close bar, green up, red down.
    "drawing-candlestick": {
        "$schema": S, "title": "Prices, first days of June 2009", "data": {"values": OHLC},
        "encoding": {"x": T("date", title="Date"), "y": Q("low", title="Price", scale={"zero": False}),
                     "color": {"condition": {"test": "datum.open < datum.close", "value": "#06982d"}, "value": "#ae1325"}},
        "layer": [{"mark": "rule", "encoding": {"y2": {"field": "high"}}},
                  {"mark": "bar", "encoding": {"y": Q("open"), "y2": {"field": "close"}}}]},
    # Vega-Lite's gallery waterfall (waterfall_chart) without its labels: begin/end, rises and falls in three colours.
    "drawing-waterfall": {
        "$schema": S, "title": "Monthly balance", "data": {"values": WATERFALL}, "width": 300,
        "transform": [{"window": [{"op": "sum", "field": "amount", "as": "sum"}]},
                      {"calculate": "datum.label === 'End' ? 0 : datum.sum - datum.amount", "as": "previous_sum"},
                      {"calculate": "datum.label === 'End' ? datum.sum : datum.amount", "as": "amount"}],
        "mark": "bar",
        "encoding": {"x": O("label", sort=None, title="Month"), "y": Q("previous_sum", title="Amount"), "y2": {"field": "sum"},
                     "color": {"condition": [{"test": "datum.label === 'Begin' || datum.label === 'End'", "value": "#f7e0b6"},
                                             {"test": "datum.sum < datum.previous_sum", "value": "#f78a64"}],
                               "value": "#93c4aa"}}},
    # An author's colour for every bar (mark.color) and a conditional highlight of one bar.
    "drawing-bar-highlight": {
        "$schema": S, "title": "Sales by region", "mark": {"type": "bar", "color": "#777"},
        "data": {"values": [{"region": r, "sales": v} for r, v in [("North", 28), ("South", 55), ("East", 43), ("West", 91)]]},
        "encoding": {"x": N("region", title="Region"), "y": Q("sales", title="Sales"),
                     "color": {"condition": {"test": "datum.sales > 80", "value": "#d62728"}, "value": "#777"}}},
    # A Gantt chart: bars from start to end (x/x2) on a band of tasks.
    "drawing-gantt": {
        "$schema": S, "title": "Project plan", "mark": "bar",
        "data": {"values": [{"task": t, "start": a, "end": b} for t, a, b in [("Design", 1, 3), ("Build", 3, 8), ("Test", 7, 10)]]},
        "encoding": {"y": N("task", title="Task", sort=None), "x": Q("start", title="Week"), "x2": {"field": "end"}}},
    # A bubble chart: size is a value, drawn as the circle's area.
    "drawing-bubble": {
        "$schema": S, "title": "Horsepower and acceleration by weight", "data": {"url": "../data/cars.json"}, "mark": "circle",
        "transform": [{"filter": "datum.Cylinders == 3 || datum.Cylinders == 5"}],
        "encoding": {"x": Q("Horsepower"), "y": Q("Acceleration"), "size": Q("Weight_in_lbs", title="Weight (lbs)")}},
}

if __name__ == "__main__":
    write_specs(SPECS)

"""Writes corpus/own/multiples-*.vl.json: small multiples (facet operator and channels, repeat,
concat) over the corpus data, one spec per composition feature of issue 14. The JSON files are
the corpus; this script is how they were made (`python vegalite-diff/make_own_multiples.py`)."""
from speckit import BARLEY, CARS, N, O, Q, S, STOCKS, T, WEATHER, write_specs

specs = {
    "multiples-facet-timeunit": {
        "$schema": S, "title": "Monthly precipitation, a panel per year", "data": {"url": WEATHER},
        "facet": O("date", timeUnit="year"), "columns": 2,
        "spec": {"mark": "bar", "encoding": {"x": O("date", timeUnit="month"), "y": Q("precipitation", aggregate="sum")}}},
    "multiples-row-column": {
        "$schema": S, "title": "Barley yield by site and year", "data": {"url": BARLEY}, "mark": "bar",
        "encoding": {"row": N("site"), "column": O("year", sort="descending"), "x": N("variety"), "y": Q("yield", aggregate="mean")}},
    "multiples-facet-lines-independent": {
        "$schema": S, "title": "Stock prices, each on its own scale", "data": {"url": STOCKS},
        "transform": [{"filter": "year(datum.date) >= 2005"}],
        "facet": {"row": N("symbol", sort=["GOOG", "AAPL"])}, "resolve": {"scale": {"y": "independent"}},
        "spec": {"mark": "line", "encoding": {"x": T("date", timeUnit="yearmonth"), "y": Q("price", aggregate="mean")}}},
    "multiples-facet-color": {
        "$schema": S, "title": "Weather kinds per year, by month", "data": {"url": WEATHER},
        "facet": {"column": O("date", timeUnit="year")},
        "spec": {"mark": "bar", "encoding": {"x": O("date", timeUnit="month"), "y": Q("date", aggregate="count"), "color": N("weather")}}},
    "multiples-facet-histogram": {
        "$schema": S, "title": "Horsepower by origin", "data": {"url": CARS}, "mark": "bar",
        "encoding": {"facet": N("Origin", columns=3), "x": Q("Horsepower", bin={"maxbins": 15}), "y": {"aggregate": "count", "type": "quantitative"}}},
    "multiples-repeat": {
        "$schema": S, "title": "Three measures by month", "data": {"url": WEATHER},
        "repeat": ["temp_max", "temp_min", "wind"], "columns": 3,
        "spec": {"mark": "line", "encoding": {"x": O("date", timeUnit="month"), "y": Q({"repeat": "repeat"}, aggregate="mean")}}},
    "multiples-repeat-row-column": {
        "$schema": S, "title": "Cars: a small scatter matrix", "data": {"url": CARS},
        "repeat": {"row": ["Horsepower", "Weight_in_lbs"], "column": ["Miles_per_Gallon", "Acceleration"]},
        "spec": {"mark": "point", "encoding": {"x": Q({"repeat": "column"}), "y": Q({"repeat": "row"})}}},
    "multiples-hconcat": {
        "$schema": S, "title": "Wind by kind of weather, and the sunny days' highs", "data": {"url": WEATHER},
        "hconcat": [
            {"mark": "bar", "encoding": {"x": N("weather"), "y": Q("wind", aggregate="mean")}},
            {"transform": [{"filter": "datum.weather == 'sun'"}], "mark": "line",
             "encoding": {"x": O("date", timeUnit="month"), "y": Q("temp_max", aggregate="max")}}]},
    "multiples-vconcat-own-data": {
        "$schema": S, "title": "Two views with their own data",
        "vconcat": [
            {"data": {"url": BARLEY}, "mark": "bar", "encoding": {"x": N("site"), "y": Q("yield", aggregate="sum")}},
            {"data": {"url": STOCKS}, "transform": [{"filter": "datum.symbol == 'IBM'"}], "mark": "area",
             "encoding": {"x": T("date", timeUnit="year"), "y": Q("price", aggregate="mean")}}]},
}

write_specs(specs)

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
    # A layer in each panel (issue 14): Altair's alt.layer(line, points).facet("symbol") and friends.
    "multiples-facet-layer-line-points": {
        "$schema": S, "title": "Yearly mean price with its points, a panel per stock", "data": {"url": STOCKS},
        "facet": N("symbol"), "columns": 3,
        "spec": {"encoding": {"x": T("date", timeUnit="year"), "y": Q("price", aggregate="mean")},
                 "layer": [{"mark": "line"}, {"mark": "point"}]}},
    "multiples-facet-layer-mean-rule": {
        "$schema": S, "title": "Barley yield by variety, with each year's mean", "data": {"url": BARLEY},
        "facet": {"column": O("year")},
        "spec": {"layer": [
            {"mark": "bar", "encoding": {"x": N("variety"), "y": Q("yield", aggregate="mean")}},
            {"mark": "rule", "encoding": {"y": Q("yield", aggregate="mean")}}]}},
    "multiples-facet-layer-regression": {
        "$schema": S, "title": "Mileage by horsepower with a fitted line, a panel per origin", "data": {"url": CARS},
        "facet": {"column": N("Origin")},
        "spec": {"encoding": {"x": Q("Horsepower"), "y": Q("Miles_per_Gallon")},
                 "layer": [{"mark": "point"},
                           {"transform": [{"regression": "Miles_per_Gallon", "on": "Horsepower"}], "mark": "line"}]}},
    "multiples-facet-transform-layer-band": {
        "$schema": S, "title": "Daily highs by month, mean and spread, 2013 and 2014", "data": {"url": WEATHER},
        "transform": [{"calculate": "year(datum.date)", "as": "year"}, {"filter": "datum.year == 2013 || datum.year == 2014"}],
        "facet": {"row": O("year")},
        "spec": {"encoding": {"x": O("date", timeUnit="month")},
                 "layer": [{"mark": {"type": "errorband", "extent": "stdev"}, "encoding": {"y": Q("temp_max")}},
                           {"mark": "line", "encoding": {"y": Q("temp_max", aggregate="mean")}}]}},
    "multiples-repeat-layer": {
        "$schema": S, "title": "Mean daily high and low by month", "data": {"url": WEATHER},
        "repeat": {"layer": ["temp_max", "temp_min"]},
        "spec": {"mark": "line", "encoding": {"x": O("date", timeUnit="month"), "y": Q({"repeat": "layer"}, aggregate="mean", title="Temperature"),
                                              "color": {"datum": {"repeat": "layer"}, "type": "nominal"}}}},
    "multiples-repeat-column-layer": {
        "$schema": S, "title": "Two measures by month, each with its mean", "data": {"url": WEATHER},
        "repeat": ["temp_max", "wind"], "columns": 2,
        "spec": {"layer": [
            {"mark": "line", "encoding": {"x": O("date", timeUnit="month"), "y": Q({"repeat": "repeat"}, aggregate="mean")}},
            {"mark": "rule", "encoding": {"y": Q({"repeat": "repeat"}, aggregate="mean")}}]}},
}

write_specs(specs)

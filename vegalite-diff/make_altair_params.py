"""Writes corpus/altair/param-*.vl.json: Altair 6 charts whose filter reads a bound parameter (a
year slider, `binding_range`; an origin dropdown, `binding_select`), as `chart.save` writes them.
Pitchline reads each at the parameter's initial value, as Vega-Lite draws it before any input.
Data by URL from corpus/data (no pandas or vega_datasets needed):
`.venv/bin/python vegalite-diff/make_altair_params.py`."""
import os

import altair as alt

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "altair")

year = alt.param(name="yr", value=2013, bind=alt.binding_range(min=2012, max=2015, step=1, name="Year "))
origin = alt.param(name="origin", value="Europe",
                   bind=alt.binding_select(options=["Europe", "Japan", "USA"], name="Origin "))
limit = alt.param(name="limit", expr="yr * 0 + 30")  # a variable computed from another
charts = {
    "param-year-slider": alt.Chart("../data/seattle-weather.csv").mark_line()
        .encode(x="date:T", y="temp_max:Q").add_params(year).transform_filter("year(datum.date) == yr"),
    "param-origin-dropdown": alt.Chart("../data/cars.json").mark_point()
        .encode(x="Horsepower:Q", y="Miles_per_Gallon:Q").add_params(origin)
        .transform_filter(alt.datum.Origin == origin),
    "param-expr-calculate": alt.Chart("../data/seattle-weather.csv").mark_bar()
        .encode(x="month(date):O", y="mean(over):Q").add_params(year, limit)
        .transform_filter("year(datum.date) == yr")
        .transform_calculate(over="datum.temp_max > limit ? 1 : 0"),
}

for name, chart in charts.items():
    chart.properties(title=name.replace("-", " ").capitalize()).save(os.path.join(OUT, name + ".vl.json"))
print(len(charts), "charts written to", OUT)

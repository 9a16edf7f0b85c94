"""Writes corpus/altair/*.vl.json: ordinary charts as Altair 6 saves them (`chart.save`), data
from vega_datasets' local copies inlined in the top-level `datasets`. Run offline:
`.venv/bin/python vegalite-diff/make_altair.py` (needs altair, pandas, vega_datasets)."""
import os

import altair as alt
from vega_datasets import data

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "altair")

cars, stocks, weather = data.cars(), data.stocks(), data.seattle_weather()
iowa, employment, barley, wheat = data.iowa_electricity(), data.us_employment(), data.barley(), data.wheat()

charts = {
    "line-stocks": alt.Chart(stocks).mark_line().encode(x="date:T", y="price:Q", color="symbol:N"),
    "bar-barley-horizontal": alt.Chart(barley).mark_bar().encode(x="mean(yield):Q", y="variety:N"),
    "scatter-cars-origin": alt.Chart(cars).mark_point().encode(x="Horsepower:Q", y="Miles_per_Gallon:Q", color="Origin:N"),
    "histogram-cars-mpg": alt.Chart(cars).mark_bar().encode(alt.X("Miles_per_Gallon:Q", bin=True), y="count()"),
    "stacked-bar-weather": alt.Chart(weather).mark_bar().encode(x="month(date):O", y="count():Q", color="weather:N"),
    "stacked-area-iowa": alt.Chart(iowa).mark_area().encode(x="year:T", y="net_generation:Q", color="source:N"),
    "line-monthly-mean-temp": alt.Chart(weather).mark_line().encode(x="yearmonth(date):T", y="mean(temp_max):Q"),
    "bar-wheat-sorted": alt.Chart(wheat).mark_bar().encode(x=alt.X("year:O"), y="wheat:Q"),
    "line-filter-calculate": alt.Chart(weather).mark_line().transform_filter(alt.datum.precipitation > 0)
        .transform_calculate(temp_range="datum.temp_max - datum.temp_min")
        .encode(x="yearmonth(date):T", y="mean(temp_range):Q"),
    "bubble-cars-acceleration": alt.Chart(cars).mark_circle().encode(x="Horsepower:Q", y="Miles_per_Gallon:Q", size="Acceleration:Q"),
    "bar-top-employment": alt.Chart(employment).mark_bar()
        .transform_window(rank="rank(nonfarm)", sort=[alt.SortField("nonfarm", order="descending")])
        .transform_filter(alt.datum.rank <= 10).encode(x="month:T", y="nonfarm:Q"),
    "area-normalized-iowa": alt.Chart(iowa).mark_area().encode(x="year:T", y=alt.Y("net_generation:Q", stack="normalize"), color="source:N"),
    "line-employment-change": alt.Chart(employment).mark_line().encode(x="month:T", y="nonfarm_change:Q"),
    "bar-weather-horizontal-count": alt.Chart(weather).mark_bar().encode(y="weather:N", x="count():Q"),
}

os.makedirs(OUT, exist_ok=True)
for name, chart in charts.items():
    chart.properties(title=name.replace("-", " ").capitalize()).save(os.path.join(OUT, name + ".vl.json"))
print(len(charts), "charts written to", OUT)

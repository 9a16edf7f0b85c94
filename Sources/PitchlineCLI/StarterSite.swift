/// The files `pitchline new` writes: a small site that `check`, `serve` and `export` accept as it
/// is, showing each kind of content once (a bare CSV with its sidecar, a Vega-Lite spec with its
/// data in `data/`, a report, the settings file). Figures: Seattle, 2015, from the Vega datasets'
/// seattle-weather.csv (monthly sums and means).
enum StarterSite {
    static let files: [(path: String, text: String)] = [
        ("pitchline.json", """
            {
              "title": "My charts",
              "language": "en",
              "baseURL": "https://example.org/charts/",
              "audio": {"playbackDuration": 8}
            }

            """),
        ("charts/rainfall.csv", """
            month,rain
            2015-01,93.0
            2015-02,134.2
            2015-03,113.5
            2015-04,51.6
            2015-05,14.8
            2015-06,5.9
            2015-07,2.3
            2015-08,83.3
            2015-09,21.1
            2015-10,122.4
            2015-11,212.6
            2015-12,284.5

            """),
        ("charts/rainfall.csv.json", """
            {
              "title": "Monthly rainfall in Seattle, 2015",
              "description": "Total precipitation per month. A dry summer, then the wettest months of the year in November and December.",
              "mark": "bar",
              "yTitle": "Rainfall",
              "unit": "mm",
              "seriesTitles": {"rain": "Rainfall"}
            }

            """),
        ("charts/temperature.vl.json", """
            {
              "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
              "title": "Seattle temperature by month, 2015",
              "description": "Average daily high and low temperature for each month.",
              "data": {"url": "data/temperature.csv"},
              "transform": [{"fold": ["high", "low"], "as": ["measure", "temperature"]}],
              "mark": "line",
              "encoding": {
                "x": {"field": "month", "type": "temporal", "title": "Month"},
                "y": {"field": "temperature", "type": "quantitative", "title": "Temperature"},
                "color": {"field": "measure", "type": "nominal"}
              },
              "usermeta": {"pitchline": {
                "unit": "°C",
                "seriesTitles": {"high": "Average high", "low": "Average low"}
              }}
            }

            """),
        ("data/temperature.csv", """
            month,high,low
            2015-01,10.2,4.4
            2015-02,12.5,6.1
            2015-03,14.4,6.2
            2015-04,15.5,6.0
            2015-05,20.0,10.1
            2015-06,26.1,13.6
            2015-07,28.1,15.5
            2015-08,26.1,14.7
            2015-09,20.3,11.4
            2015-10,17.5,10.5
            2015-11,9.7,3.5
            2015-12,8.4,3.8

            """),
        ("reports/seattle-2015.md", """
            ---
            title: Seattle's weather in 2015
            description: Rain and temperature month by month.
            ---
            Summer was warm and almost dry: July had 2.3 mm of rain and an average high of 28.1 °C.

            ```chart
            charts/temperature.vl.json
            ```

            Most of the year's rain fell in the last two months.

            ```chart
            rainfall
            ```

            """),
        ("README.md", """
            # My charts

            A Pitchline site: accessible charts with audio. Edit, then run `pitchline serve .`
            (or `pitchline serve` with this folder's path) and open http://127.0.0.1:8080/.

            - `charts/`: one chart per file, a Vega-Lite spec (`*.vl.json`) or a bare CSV (`*.csv`,
              named and given units by `*.csv.json` beside it).
            - `data/`: data that specs name, e.g. `"data": {"url": "data/temperature.csv"}`.
            - `reports/`: Markdown reports; a fenced `chart` block embeds a chart.
            - `pitchline.json`: the site's title, language, public address, audio defaults, theme.

            `pitchline check .` names any problem with its file, line and JSON path;
            `pitchline export . --out public` writes the static site.

            """),
    ]
}

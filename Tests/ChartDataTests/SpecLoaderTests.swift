import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData

let seattleCSV = """
date,precipitation,temp_max,temp_min,wind,weather
2012/01/01,0.0,12.8,5.0,4.7,drizzle
2012/01/02,10.9,10.6,2.8,4.5,rain
2012/01/03,0.8,11.7,7.2,2.3,rain
2012/02/01,1.0,-1.6,NA,3.0,sun

"""

/// Loads a spec whose data URL resolves inside an in-memory site.
func spec(_ json: String, files: [String: String] = ["site/data/w.csv": seattleCSV]) throws(ChartProblem) -> Chart {
    try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/t.vl.json") { path in
        guard let text = files[path] else { throw CocoaError(.fileReadNoSuchFile) }
        return Data(text.utf8)
    }
}

func specProblem(_ json: String, files: [String: String] = ["site/data/w.csv": seattleCSV]) -> String {
    problem { _ = try spec(json, files: files) }
}

struct SpecLoaderTests {
    @Test func singleSeriesLineWithTitleObjectAndUsermeta() throws {
        let chart = try spec("""
        {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "width": 600, "height": 300,
         "title": {"text": "Wind", "subtitle": "Daily"}, "description": "Wind in Seattle",
         "data": {"url": "../data/w.csv"}, "mark": {"type": "area", "tooltip": true},
         "encoding": {"x": {"field": "date", "type": "temporal"},
                      "y": {"field": "wind", "type": "quantitative", "axis": {"title": "Wind speed", "format": ".1f"},
                            "scale": {"zero": false}}},
         "usermeta": {"pitchline": {"unit": "m/s", "seriesNames": {"wind": "wind speed"},
                      "audio": {"minFrequency": 150, "maxFrequency": 900, "toneDuration": 0.1, "playbackDuration": 8, "smoothing": 0.3}}}}
        """)
        #expect(chart.id == "t")
        #expect(chart.title == "Wind")
        #expect(chart.subtitle == "Daily")
        #expect(chart.authorDescription == "Wind in Seattle")
        #expect(chart.mark == .area)
        #expect(chart.x.title == "Date")
        #expect(chart.x.granularity == .day)
        #expect(chart.y.title == "Wind speed")
        #expect(chart.y.unit == "m/s")
        #expect(chart.y.format == ".1f")
        #expect(chart.series.count == 1)
        #expect(chart.series[0].values == [4.7, 4.5, 2.3, 3.0])
        #expect(chart.options.audio == AudioOptions(minFrequency: 150, maxFrequency: 900, toneDuration: 0.1, playbackDuration: 8, smoothing: 0.3))
        #expect(SpeechFormatter(chart: chart).spokenName(0) == "wind speed")
    }

    @Test func foldMakesOneSeriesPerColumnWithTitlesAndOrder() throws {
        let chart = try spec("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "transform": [{"fold": ["temp_min", "temp_max"], "as": ["series", "temperature"]}],
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "temperature", "type": "quantitative"},
                      "color": {"field": "series", "type": "nominal"}},
         "usermeta": {"pitchline": {"seriesTitles": {"temp_max": "Maximum temperature", "temp_min": "Minimum temperature"},
                      "seriesOrder": ["temp_max"]}}}
        """)
        #expect(chart.series.map(\.name) == ["Maximum temperature", "Minimum temperature"])
        #expect(chart.series[0].values == [12.8, 10.6, 11.7, -1.6])
        #expect(chart.series[1].values == [5.0, 2.8, 7.2, nil])
        #expect(chart.title == "T")
    }

    @Test func longFormatPivotsByColorAndAlignsRows() throws {
        let chart = try spec("""
        {"data": {"values": [{"year": "2001-01-01", "source": "Coal", "v": 3},
                              {"year": "2002-01-01", "source": "Coal", "v": 4},
                              {"year": "2002-01-01", "source": "Wind", "v": 1},
                              {"year": "2001-01-01", "source": "Wind", "v": null}]},
         "mark": "line",
         "encoding": {"x": {"field": "year", "type": "temporal"}, "y": {"field": "v", "type": "quantitative"},
                      "color": {"field": "source", "type": "nominal"}},
         "usermeta": {"pitchline": {"firstSeries": "Wind"}}}
        """)
        #expect(chart.xValues.count == 2)
        #expect(chart.x.granularity == .year)
        #expect(chart.series.map(\.name) == ["Wind", "Coal"])
        #expect(chart.series[0].values == [nil, 1])
        #expect(chart.series[1].values == [3, 4])
    }

    @Test func monthlySumWithTimeUnit() throws {
        let chart = try spec("""
        {"data": {"url": "../data/w.csv"}, "mark": "bar",
         "encoding": {"x": {"field": "date", "timeUnit": "yearmonth", "type": "temporal"},
                      "y": {"field": "precipitation", "aggregate": "sum", "type": "quantitative"}}}
        """)
        #expect(chart.xValues.count == 2)
        #expect(chart.x.granularity == .month)
        #expect(abs(chart.series[0].values[0]! - 11.7) < 1e-9)
        #expect(chart.series[0].values[1] == 1.0)
        #expect(chart.y.aggregate == "sum")
        #expect(SpeechFormatter(chart: chart).xText(1) == "February 2012")
    }

    /// A quarter's total is said as the quarter, never as its first month (review R21: "January
    /// 2012" was Q1's total), in the chart's language, with CLDR's quarter names.
    @Test func quarterlySumIsSaidAsTheQuarter() throws {
        let values = (1...6).map { #"{"date": "2012-0\#($0)-15", "v": \#($0)}"# }.joined(separator: ",")
        let chart = try spec("""
        {"data": {"values": [\(values)]}, "mark": "bar",
         "encoding": {"x": {"field": "date", "timeUnit": "yearquarter", "type": "temporal"},
                      "y": {"field": "v", "aggregate": "sum", "type": "quantitative"}}}
        """)
        #expect(chart.x.granularity == .quarter)
        #expect(chart.series[0].values == [6, 15])
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.xText(0) == "1st quarter 2012")
        #expect(speech.spokenLabel(series: 0, row: 1).hasPrefix("2nd quarter 2012, "))
        #expect(SpeechFormatter(chart: chart, language: "de").xText(1) == "2. Quartal 2012")
        #expect(SpeechFormatter(chart: chart, language: "fr").xText(0) == "1er trimestre 2012")
    }

    @Test func aggregatesMeanMinMaxCountAndMonthOfYear() throws {
        func values(_ aggregate: String, unit: String = "yearmonth") throws -> [Double?] {
            try spec("""
            {"data": {"url": "../data/w.csv"}, "mark": "bar",
             "encoding": {"x": {"field": "date", "timeUnit": "\(unit)", "type": "ordinal"},
                          "y": {"field": "temp_max", "aggregate": "\(aggregate)", "type": "quantitative"}}}
            """).series[0].values
        }
        #expect(abs(try values("mean")[0]! - (12.8 + 10.6 + 11.7) / 3) < 1e-12)  // Vega's running mean
        #expect(try values("min") == [10.6, -1.6])
        #expect(try values("max") == [12.8, -1.6])
        #expect(try values("count") == [3, 1])
        let byMonth = try spec("""
        {"data": {"url": "../data/w.csv"}, "mark": "bar",
         "encoding": {"x": {"field": "date", "timeUnit": "month", "type": "ordinal"},
                      "y": {"field": "temp_max", "aggregate": "max"}}}
        """)
        #expect(byMonth.xValues == [.category("January"), .category("February")])
    }

    @Test func quantitativeAndNominalX() throws {
        let chart = try spec("""
        {"data": {"values": [{"k": "b", "v": 2}, {"k": "a", "v": 1}]}, "mark": "bar",
         "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        #expect(chart.xValues == [.category("a"), .category("b")])
        #expect(chart.series[0].values == [1, 2])
        let scatter = try spec("""
        {"data": {"values": [{"x": 3, "y": 2}, {"x": 1, "y": 1}]}, "mark": "point",
         "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}}
        """)
        #expect(scatter.xValues == [.number(1), .number(3)])
    }

    // MARK: Rejections

    @Test func unsupportedMark() {
        #expect(specProblem(#"{"data": {"values": [{"a": 1}]}, "mark": "geoshape", "encoding": {}}"#)
            == "site/charts/t.vl.json:1: $.mark: \"geoshape\" is not supported; use one of line, area, bar, point, tick, circle, square, rule, trail, text, boxplot, errorbar, errorband, arc, rect")
    }

    @Test func unsupportedKeysNameTheirPath() {
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "type": "temporal", "frobnicate": 0}, "y": {"field": "wind", "type": "quantitative"}}}
        """).hasPrefix("site/charts/t.vl.json:2: $.encoding.x.frobnicate: \"frobnicate\" is not supported here; supported: aggregate, axis, bin, datum, empty, field"))
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "aggregate": "middle"}}}
        """).hasPrefix("site/charts/t.vl.json:2: $.encoding.y.aggregate: \"middle\" is not supported; use one of argmax, argmin, average, ci0, ci1, count"))
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "timeUnit": "fortnight"}, "y": {"field": "wind"}}}
        """).hasPrefix("site/charts/t.vl.json:2: $.encoding.x.timeUnit: \"fortnight\" is not a time unit"))
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "type": "temporal"}, "row": {"field": "weather"}, "y": {"field": "wind"}}}
        """) == "site/charts/t.vl.json:2: $.encoding.row: \"row\": small multiples (row, column, facet) are not supported yet")
    }

    @Test func missingColumnsAndFilesAreNamed() {
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "day", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}}}
        """) == "site/charts/t.vl.json:2: $.encoding.x.field: no field \"day\" in the data; fields: date, precipitation, temp_max, temp_min, wind, weather")
        #expect(specProblem("""
        {"data": {"url": "../data/none.csv"}, "mark": "line",
         "encoding": {"x": {"field": "day", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}}}
        """) == "site/charts/t.vl.json:1: $.data.url: cannot read \"../data/none.csv\": no such file (looked for site/data/none.csv)")
        #expect(specProblem(#"{"data": {"url": "https://example.com/x.csv"}, "mark": "line", "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}}}"#)
            == "site/charts/t.vl.json:1: $.data.url: \"https://example.com/x.csv\" is not supported; download the file into the site's data/ folder and name it \"data/x.csv\"")
        #expect(specProblem(#"{"data": {"url": "/etc/x.csv"}, "mark": "line", "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}}}"#)
            == "site/charts/t.vl.json:1: $.data.url: \"/etc/x.csv\" is not supported; use a path relative to the site folder, e.g. \"data/file.csv\"")
        #expect(specProblem(#"{"data": {"url": "../../etc/passwd.csv"}, "mark": "line", "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}}}"#)
            == "site/charts/t.vl.json:1: $.data.url: \"../../etc/passwd.csv\" points outside the site folder")
    }

    @Test func nonNumericYIsAGapAsInVegaLite() throws {
        let bad = seattleCSV.replacingOccurrences(of: "2012/01/03,0.8,11.7", with: "2012/01/03,0.8,abc")
        let chart = try spec("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "temp_max", "type": "quantitative"}}}
        """, files: ["site/data/w.csv": bad])
        #expect(chart.series[0].values == [12.8, 10.6, nil, -1.6])
        #expect(chart.semantics.invalidRows == 0)
        let bars = try spec("""
        {"data": {"values": [{"x": 1, "y": 2},
                             {"x": 2, "y": "abc"}, {"x": null, "y": 4}]}, "mark": "bar",
         "encoding": {"x": {"field": "x", "type": "ordinal"}, "y": {"field": "y", "type": "quantitative"}}}
        """)
        // On a discrete axis null is a category (Vega-Lite draws it, first: its axis reads
        // "null", "1"); "abc" is no number: a gap.
        #expect(bars.xValues == [.category("null"), .category("1"), .category("2")])
        #expect(bars.series[0].values == [4, 2, nil])
        #expect(bars.semantics.invalidRows == 0)
    }

    @Test func repeatedXIsOneRowPerDatum() throws {
        let chart = try spec("""
        {"data": {"values": [{"x": 1, "y": 2}, {"x": 1, "y": 3}, {"x": 0, "y": 5}]}, "mark": "point",
         "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}}
        """)
        #expect(chart.xValues == [.number(0), .number(1), .number(1)])
        #expect(chart.series[0].values == [5, 2, 3])
        #expect(chart.semantics.pointPerDatum)
    }

    @Test func jsonSyntaxErrorsHaveLineAndColumn() {
        #expect(specProblem("{\n  \"mark\": \"line\",\n  \"data\": {\"values\": [1,]}\n}")
            == "site/charts/t.vl.json:3:25: JSON syntax error: unexpected ']'; expected a value (object, array, string, number, true, false or null)")
        #expect(specProblem("{\"mark\": \"line\"") == "site/charts/t.vl.json:1:16: JSON syntax error: unexpected end of file inside an object; expected ',' or '}'")
        #expect(specProblem("") == "site/charts/t.vl.json:1:1: JSON syntax error: the file is empty")
    }

    @Test func audioOptionsAreRangeChecked() {
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}},
         "usermeta": {"pitchline": {"audio": {"minFrequency": 5}}}}
        """) == "site/charts/t.vl.json:3: $.usermeta.pitchline.audio.minFrequency: 5 is out of range; use 20–8000 Hz")
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}},
         "usermeta": {"pitchline": {"audio": {"minFrequency": 900, "maxFrequency": 300}}}}
        """) == "site/charts/t.vl.json:3: $.usermeta.pitchline.audio: maxFrequency (300 Hz) must be above minFrequency (900 Hz)")
    }

    @Test func temporalXNeedsDates() {
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "weather", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}}}
        """) == "site/charts/t.vl.json:2: $.encoding.x: no row has both a valid date in \"weather\" and a number in \"wind\"; every mark would be left out")
    }
}

struct SpecSortAndScaleTests {
    func bars(_ sort: String) throws(ChartProblem) -> Chart {
        try spec("""
        {"data": {"values": [{"k": "b", "v": 2}, {"k": "c", "v": 3}, {"k": "a", "v": 1}]}, "mark": "bar",
         "encoding": {"x": {"field": "k", "type": "nominal", "sort": \(sort)}, "y": {"field": "v", "type": "quantitative", "scale": {"zero": true}}}}
        """)
    }

    @Test func discreteSortOrders() throws {
        #expect(try bars("\"ascending\"").xValues == [.category("a"), .category("b"), .category("c")])
        #expect(try bars("\"descending\"").xValues == [.category("c"), .category("b"), .category("a")])
        #expect(try bars("null").xValues == [.category("b"), .category("c"), .category("a")])
        #expect(try bars(#"["c", "a"]"#).xValues == [.category("c"), .category("a"), .category("b")])
        #expect(try bars(#"["c", "a"]"#).series[0].values == [3, 1, 2])
        #expect(try bars(#"{"field": "v", "op": "sum", "order": "descending"}"#).xValues == [.category("c"), .category("b"), .category("a")])
        #expect(try bars(#""-y""#).xValues == [.category("c"), .category("b"), .category("a")])
        #expect(try bars(#"{"encoding": "y"}"#).series[0].values == [1, 2, 3])
    }

    @Test func scaleTypesAreRecordedForPitch() throws {
        let chart = try spec("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative", "scale": {"type": "log", "domain": [1, 10]}}}}
        """)
        #expect(chart.semantics.valueScale == ScaleInfo(type: .log, domain: [1, 10]))
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative", "scale": {"type": "logarithmic"}}}}
        """) == "site/charts/t.vl.json:2: $.encoding.y.scale.type: \"logarithmic\" is not a Vega-Lite scale type")
    }

    /// Vega-Lite resolves `data.url` against the page; gallery specs say `data/x.csv`.
    @Test func dataURLsResolveLikeVegaLite() throws {
        let gallery = """
        {"$schema": "https://vega.github.io/schema/vega-lite/v5.json",
         "description": "Stock prices of 5 Tech Companies over Time.",
         "data": {"url": "data/stocks.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "price", "type": "quantitative"},
                      "color": {"field": "symbol", "type": "nominal"}}}
        """
        let stocks = "symbol,date,price\nMSFT,Jan 1 2000,39.81\nMSFT,Feb 1 2000,36.35\nAMZN,Jan 1 2000,64.56\nAMZN,Feb 1 2000,68.87\n"
        let chart = try spec(gallery, files: ["site/data/stocks.csv": stocks])
        #expect(chart.series.map(\.name) == ["MSFT", "AMZN"])
        #expect(chart.pointCount == 2)
        // The spec's own folder wins when the file exists there (today's rule).
        let beside = try spec(gallery, files: ["site/charts/data/stocks.csv": stocks.replacingOccurrences(of: "MSFT", with: "IBM"), "site/data/stocks.csv": stocks])
        #expect(beside.series.map(\.name) == ["IBM", "AMZN"])
        #expect(specProblem(gallery, files: [:]) == "site/charts/t.vl.json:3: $.data.url: cannot read \"data/stocks.csv\": no such file (looked for site/charts/data/stocks.csv and site/data/stocks.csv)")
        // Leaving the site is refused whichever folder it starts from.
        #expect(specProblem(#"{"data": {"url": "../../x.csv"}, "mark": "line", "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}}}"#)
            == "site/charts/t.vl.json:1: $.data.url: \"../../x.csv\" points outside the site folder")
        // `../data/w.csv` from charts/ and from the root: only the first stays inside.
        #expect(try SpecData.resolve("../data/w.csv", relativeTo: "site/charts/t.vl.json", line: 1) == ["site/data/w.csv"])
        #expect(try SpecData.resolve("data/w.csv", relativeTo: "site/charts/t.vl.json", line: 1) == ["site/charts/data/w.csv", "site/data/w.csv"])
    }
}

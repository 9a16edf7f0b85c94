import ChartModel
import Foundation
import Testing
@testable import ChartData

/// Pie and donut (arc) and heatmap (rect) charts: what is read, heard and summarised.
struct KindsTests {
    static let pie = """
    {"data": {"values": [{"source": "Coal", "v": 20000}, {"source": "Wind", "v": 10000}, {"source": "Coal", "v": 15361},
                         {"source": "Hydro", "v": 4639}]},
     "title": "Iowa", "mark": {"type": "arc", "innerRadius": 40},
     "encoding": {"theta": {"field": "v", "type": "quantitative", "aggregate": "sum", "title": "Net generation"},
                  "color": {"field": "source", "type": "nominal", "title": "Source"}},
     "usermeta": {"pitchline": {"unit": "thousand MWh"}}}
    """

    @Test func pieSlicesAreOneSeriesInStackOrderWithShares() throws {
        let chart = try spec(Self.pie)
        #expect(chart.mark == .arc && chart.series.count == 1)
        // Vega-Lite stacks theta by the colour field ascending (no order channel).
        let slices: [XValue] = [.category("Coal"), .category("Hydro"), .category("Wind")]
        #expect(chart.xValues == slices)
        let values: [Double?] = [35361, 4639, 10000]
        #expect(chart.series[0].values == values)
        let shares: [Double?] = [0.70722, 0.09278, 0.2]
        #expect(chart.series[0].details.map(\.share) == shares)
        #expect(chart.semantics.arc.innerRadius == 40)
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.spokenLabel(series: 0, row: 0) == "Coal, 35,361 thousand megawatt hours, 71% of the total, 1 of 3")
        #expect(speech.pointLabel(series: 0, row: 1) == "Hydro, 4,639 thousand MWh, 9% of the total, 2 of 3")
        let summary = chart.describe().summary
        #expect(summary.hasPrefix("Donut chart of Iowa, 3 slices. Coal is the largest share, 71% (35,361 thousand MWh), then Wind, 20% and Hydro, 9%."))
        #expect(summary.contains("Total 50,000 thousand MWh."))
    }

    @Test func theOrderChannelDecidesTheSlicesLargestFirst() throws {
        let sorted = Self.pie.replacingOccurrences(of: "\"title\": \"Source\"}", with: "\"title\": \"Source\"}, \"order\": {\"field\": \"v\", \"aggregate\": \"sum\", \"type\": \"quantitative\", \"sort\": \"descending\"}")
        let chart = try spec(sorted)
        let slices: [XValue] = [.category("Coal"), .category("Wind"), .category("Hydro")]
        #expect(chart.xValues == slices)
        #expect(SpeechFormatter(chart: chart).spokenLabel(series: 0, row: 2) == "Hydro, 4,639 thousand megawatt hours, 9% of the total, 3 of 3")
    }

    @Test func arcRefusesWhatItCannotRead() {
        #expect(specProblem(#"{"data": {"values": [{"a": 1}]}, "mark": "arc", "encoding": {"color": {"field": "a"}}}"#)
            == "site/charts/t.vl.json:1: $.encoding: an arc mark needs \"theta\" (the slice sizes), e.g. {\"field\": \"count\", \"type\": \"quantitative\"}")
        #expect(specProblem(#"{"data": {"values": [{"a": 1}]}, "mark": "arc", "encoding": {"theta": {"field": "a", "type": "quantitative"}, "radius": {"field": "a", "type": "nominal"}}}"#)
            == "site/charts/t.vl.json:1: $.encoding.radius: radius must be quantitative (a slice's length from the centre), e.g. {\"field\": \"count\", \"type\": \"quantitative\"}")
        #expect(specProblem(#"{"data": {"values": [{"a": 1}]}, "mark": "arc", "encoding": {"theta": {"field": "a", "type": "quantitative"}, "radius": {"field": "a", "stack": true}}}"#)
            .contains("$.encoding.radius: a stacked radius (rings of segments) is not supported"))
    }

    static let heatmap = """
    {"data": {"url": "../data/w.csv"}, "mark": "rect", "title": "Highs",
     "encoding": {"x": {"field": "date", "timeUnit": "month", "type": "ordinal", "title": "Month"},
                  "y": {"field": "weather", "type": "nominal", "title": "Weather"},
                  "color": {"field": "temp_max", "aggregate": "mean", "type": "quantitative", "title": "Mean maximum"}},
     "usermeta": {"pitchline": {"unit": "°C"}}}
    """

    @Test func heatmapRowsAreSeriesAndEmptyCellsSayNoData() throws {
        let chart = try spec(Self.heatmap)
        #expect(chart.mark == .rect)
        let months: [XValue] = [.category("January"), .category("February")]
        #expect(chart.xValues == months)
        // Rows top to bottom as Vega-Lite sorts a nominal axis: ascending.
        #expect(chart.series.map(\.name) == ["drizzle", "rain", "sun"])
        let mean: Double = (10.6 + 11.7) / 2
        let rain: [Double?] = [mean, nil], sun: [Double?] = [nil, -1.6]
        #expect(chart.series[1].values == rain)
        #expect(chart.series[2].values == sun)
        #expect(chart.semantics.heatmap.rowTitle == "Weather")
        #expect(!chart.pitchScalePerSeries && !chart.hasAllSeriesView)
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.spokenLabel(series: 0, row: 0) == "January, drizzle: mean maximum 12.8 degrees Celsius")
        #expect(speech.spokenLabel(series: 2, row: 0) == "January, sun: no data")
        #expect(speech.heatmapRowSummary(series: 1) == "rain: mean 11.15 degrees Celsius over 1 column; lowest 11.15 degrees Celsius (January), highest 11.15 degrees Celsius (January); 1 with no data.")
        #expect(speech.heatmapColumnSummary(row: 1) == "February: mean −1.6 degrees Celsius over 1 row; lowest −1.6 degrees Celsius (sun), highest −1.6 degrees Celsius (sun); 2 with no data.")
        let summary = chart.describe().summary
        #expect(summary.hasPrefix("Heatmap of Highs, 3 rows (weather) by 2 columns (month); colour shows mean maximum. Highest 12.8 °C (January, drizzle); lowest −1.6 °C (February, sun)."))
        #expect(summary.contains("3 cells have no data."))
    }

    @Test func heatmapYearRowsAreNamedAsYears() throws {
        let years = Self.heatmap.replacingOccurrences(of: #""y": {"field": "weather", "type": "nominal", "title": "Weather"}"#,
                                                      with: #""y": {"field": "date", "timeUnit": "year", "type": "ordinal", "title": "Year"}"#)
        let chart = try spec(years)
        #expect(chart.series.map(\.name) == ["2012"])
        #expect(SpeechFormatter(chart: chart).spokenLabel(series: 0, row: 1) == "February, 2012: mean maximum −1.6 degrees Celsius")
    }

    @Test func rectNeedsTwoDiscreteAxesAndAQuantitativeColour() {
        #expect(specProblem(#"{"data": {"url": "../data/w.csv"}, "mark": "rect", "encoding": {"x": {"field": "weather", "type": "nominal"}, "y": {"field": "date", "timeUnit": "month", "type": "ordinal"}, "color": {"field": "weather", "type": "nominal"}}}"#)
            .contains("$.encoding.color: a heatmap needs a quantitative color"))
        #expect(specProblem(#"{"data": {"url": "../data/w.csv"}, "mark": "rect", "encoding": {"x": {"field": "wind", "type": "quantitative"}, "y": {"field": "weather", "type": "nominal"}, "color": {"field": "temp_max", "type": "quantitative"}}}"#)
            .contains("$.encoding.x: a rect mark is read as a heatmap: x must be nominal, ordinal, binned or a time unit"))
    }
}

import Foundation
import Testing
@testable import ChartData

/// How series are named in speech (review findings R15–R17): names from the data as written, a
/// scatter's series with the value's name, a stack's total once in the all-series view.
@Suite struct SeriesSpeechTests {
    static let points = """
    [{"x": 1, "y": 5, "c": "Europe"}, {"x": 2, "y": 7, "c": "Japan"}, {"x": 3, "y": 6, "c": "Europe"}, {"x": 3, "y": 9, "c": "Japan"}]
    """

    @Test func seriesNamedByTheDataAreSpokenAsWritten() throws {
        let chart = try spec("""
        {"data": {"values": \(Self.points)}, "mark": "line",
         "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative", "title": "Mean score"},
                      "color": {"field": "c", "type": "nominal"}}}
        """)
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.spokenName(0) == "Europe")
        #expect(speech.pointLabel(series: 0, row: 0).contains("Europe 5"))
        // A name from a title is still lower-cased mid-sentence.
        let titled = try spec("""
        {"data": {"values": \(Self.points)}, "mark": "line",
         "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative", "title": "Mean score"}}}
        """)
        #expect(SpeechFormatter(chart: titled).spokenName(0) == "mean score")
    }

    @Test func aScatterOfCategoriesNamesTheValue() throws {
        let chart = try spec("""
        {"data": {"values": \(Self.points)}, "mark": "point",
         "encoding": {"x": {"field": "x", "type": "quantitative", "title": "Temp min"}, "y": {"field": "y", "type": "quantitative", "title": "Temp max"},
                      "color": {"field": "c", "type": "nominal"}}}
        """)
        let speech = SpeechFormatter(chart: chart)
        let europe = try #require(chart.series.firstIndex { $0.name == "Europe" })
        let row = try #require(chart.series[europe].values.firstIndex { $0 != nil })
        #expect(speech.pointLabel(series: europe, row: row) == "temp min 1, Europe, temp max 5")
        #expect(speech.spokenAllLabel(row: row).contains("Europe 5"))  // the all-series view keeps the short names
    }

    @Test func aStackSaysItsTotalOnceInTheAllSeriesView() throws {
        let chart = try spec("""
        {"data": {"values": [{"m": "Jan", "w": "rain", "n": 35}, {"m": "Jan", "w": "sun", "n": 33}, {"m": "Feb", "w": "rain", "n": 20}, {"m": "Feb", "w": "sun", "n": 40}]},
         "mark": "bar", "encoding": {"x": {"field": "m", "type": "nominal", "sort": null}, "y": {"field": "n", "type": "quantitative"},
                                      "color": {"field": "w", "type": "nominal"}}}
        """)
        let speech = SpeechFormatter(chart: chart)
        let label = speech.spokenAllLabel(row: 0)
        #expect(label.components(separatedBy: "total").count - 1 == 1, "\(label)")
        #expect(label.hasSuffix(", total 68"), "\(label)")
        #expect(speech.pointLabel(series: 0, row: 0).hasSuffix(", total 68"))  // one series' point still says it
    }
}

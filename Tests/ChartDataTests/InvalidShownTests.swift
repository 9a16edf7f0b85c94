import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData

/// Vega-Lite's invalid-data modes (`mark.invalid`, `config.mark.invalid`): "show" (or null) draws
/// an invalid x or y at the scale's zero or low end, and the reader hears that it has no value;
/// "filter" joins a line over it; the default leaves it out and breaks lines.
@Suite struct InvalidShownTests {
    static let scatter = """
    {"data": {"values": [{"a": 1, "b": 2}, {"a": null, "b": 3}, {"a": 2, "b": null}, {"a": 4, "b": 5}]}, "mark": "point",
     "encoding": {"x": {"field": "a", "type": "quantitative", "title": "Rating"}, "y": {"field": "b", "type": "quantitative", "title": "Score"}},
     "config": {"mark": {"invalid": null}}}
    """

    @Test func invalidNullDrawsAtZeroAndSaysTheValueIsMissing() throws {
        let chart = try spec(Self.scatter)
        let drawn = try #require(chart.semantics.invalidDrawn)
        #expect(drawn.value == 0 && drawn.row == 0)
        #expect(chart.semantics.invalidRows == 0)  // nothing is left out
        let keyRow = try #require(drawn.keyRows.first)
        #expect(chart.xValues[keyRow] == .number(0))  // drawn at x = 0
        #expect(chart.series[0].values[keyRow] == 3)
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.pointLabel(series: 0, row: keyRow).contains("no value, drawn at 0"))
        #expect(!speech.pointLabel(series: 0, row: keyRow).contains("rating 0"))
        // The datum with no b: no value in the model (statistics, audio), drawn at y = 0.
        let valueRow = try #require(chart.series[0].invalidRows.first)
        #expect(chart.series[0].values[valueRow] == nil)
        #expect(chart.drawnValues(series: 0)[valueRow] == 0)
        #expect(speech.pointLabel(series: 0, row: valueRow).contains("score no value, drawn at 0"))
        #expect(speech.tableText(series: 0, row: valueRow) == "no value, drawn at 0")
        let summary = chart.describe().summary
        #expect(!chart.describe().series[0].trendSentence.contains("no value"))  // a row without x is in no trend
        #expect(summary.contains("1 data row has no valid rating and is drawn at 0, as the chart asks."))
        #expect(summary.contains("1 data row has no valid score and is drawn at 0, as the chart asks."))
        // Every language says it.
        let german = try spec(Self.scatter.replacingOccurrences(of: #""mark": "point","#, with: #""mark": "point", "usermeta": {"pitchline": {"language": "de"}},"#))
        #expect(SpeechFormatter(chart: german).pointLabel(series: 0, row: valueRow).contains("kein Wert, bei 0 gezeichnet"))
    }

    @Test func aDomainWithoutZeroDrawsAtItsLowEnd() throws {
        let chart = try spec(Self.scatter.replacingOccurrences(of: #""title": "Score"}"#, with: #""title": "Score", "scale": {"domain": [1.5, 6]}}"#))
        #expect(chart.semantics.invalidDrawn?.value == 1.5)
    }

    @Test func filterJoinsALineAndTheDefaultBreaksIt() throws {
        let line = { (mode: String) in try spec("""
        {"data": {"values": [{"a": 1, "b": 2}, {"a": 2, "b": null}, {"a": 3, "b": 5}]}, "mark": {"type": "line", "invalid": \(mode)},
         "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}}}
        """) }
        let joined = try line(#""filter""#)
        #expect(joined.xValues == [.number(1), .number(3)])  // the datum is not there: the line joins 1 and 3
        #expect(joined.semantics.invalidRows == 1)
        let broken = try line(#""break-paths-show-domains""#)
        #expect(broken.series[0].values == [2, nil, 5])  // a gap: the line breaks
        #expect(broken.semantics.invalidDrawn == nil)
        let shown = try line("null")
        #expect(shown.drawnValues(series: 0) == [2, 0, 5])
    }

    @Test func anUnknownModeIsALocatedError() {
        #expect(throws: ChartProblem.self) {
            try spec("""
            {"data": {"values": [{"a": 1, "b": 2}]}, "mark": {"type": "point", "invalid": "hide"},
             "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}}}
            """)
        }
    }
}

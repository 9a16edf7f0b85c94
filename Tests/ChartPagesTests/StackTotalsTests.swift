import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// A stacked chart's totals (issue 27, `Chart+Stack.swift`): the value axis is said as the stacks
/// reach it, the summary gives the totals' extremes, and `[`/`]` in the all-series view go to the
/// lowest and highest stack.
struct StackTotalsTests {
    /// Two months of weather counts: January's stack reaches 68 (rain 35 is its tallest segment),
    /// February's 60 (sun 40 is the tallest segment of all).
    static let spec = """
    {"data": {"values": [{"m": "Jan", "w": "rain", "n": 35}, {"m": "Jan", "w": "sun", "n": 33}, {"m": "Feb", "w": "rain", "n": 20}, {"m": "Feb", "w": "sun", "n": 40}]},
     "mark": "bar", "encoding": {"x": {"field": "m", "type": "nominal", "sort": null}, "y": {"field": "n", "type": "quantitative", "title": "Days"},
                                  "color": {"field": "w", "type": "nominal"}}}
    """

    func chart(_ json: String = Self.spec) throws -> Chart {
        try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    @Test func theValueAxisIsSaidAsTheStacksReachIt() throws {
        let speech = SpeechFormatter(chart: try chart())
        #expect(speech.yRangeText == "stacked, from 0 to 68", "was one segment's range, from 20 to 40")
    }

    @Test func theSummaryGivesTheTotalsExtremes() throws {
        let text = try chart().describe().sentences.map(\.text).joined(separator: " ")
        #expect(text.contains("Stack totals range from 60 for Feb to 68 for Jan."), "\(text)")
        let german = try chart().describe(language: "de").sentences.map(\.text).joined(separator: " ")
        #expect(german.contains("Die Stapelsummen reichen von 60"), "\(german)")
    }

    @Test func bracketsInTheAllSeriesViewGoToTheLowestAndHighestStack() throws {
        let object = try DataScriptTests.object(ChartPresentation(chart: try chart()), audio: nil)
        let all = try #require(object["all"] as? [String: Any])
        // By segment, the highest would be February's sun (40) and the lowest February's rain (20).
        #expect(all["maxRow"] as? Int == 0, "January's stack, 68")
        #expect(all["minRow"] as? Int == 1, "February's stack, 60")
    }

    @Test func unstackedAndNormalizedChartsKeepTheirRanges() throws {
        let grouped = Self.spec.replacingOccurrences(of: "\"title\": \"Days\"", with: "\"title\": \"Days\", \"stack\": null")
        #expect(SpeechFormatter(chart: try chart(grouped)).yRangeText == "from 20 to 40")
        #expect(try chart(grouped).stackTotals == nil)
        let normalized = Self.spec.replacingOccurrences(of: "\"title\": \"Days\"", with: "\"title\": \"Days\", \"stack\": \"normalize\"")
        #expect(try chart(normalized).stackTotals == nil)
    }
}

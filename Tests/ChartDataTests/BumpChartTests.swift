import Foundation
import Testing
@testable import ChartData

/// Bump charts (ranks on an ordinal y, one line per series; `LayerMerge.readRangeIdiom`) read as
/// ranks, and a Gantt chart of dates over an ordinal task axis, which the bump rule left alone.
struct BumpChartTests {
    /// Three teams over four weeks: A leads, falls to 3, leads again; C climbs from 3 to 2.
    static let bump = """
    {"data": {"values": [
      {"w": 1, "team": "A", "rank": 1}, {"w": 1, "team": "B", "rank": 2}, {"w": 1, "team": "C", "rank": 3},
      {"w": 2, "team": "A", "rank": 2}, {"w": 2, "team": "B", "rank": 1}, {"w": 2, "team": "C", "rank": 3},
      {"w": 3, "team": "A", "rank": 3}, {"w": 3, "team": "B", "rank": 1}, {"w": 3, "team": "C", "rank": 2},
      {"w": 4, "team": "A", "rank": 1}, {"w": 4, "team": "B", "rank": 3}, {"w": 4, "team": "C", "rank": 2}]},
     "mark": {"type": "line", "point": true},
     "encoding": {"x": {"field": "w", "type": "ordinal", "title": "Week"}, "y": {"field": "rank", "type": "ordinal"},
                  "color": {"field": "team", "type": "nominal"}}}
    """

    @Test func ranksAreSaidAsRanksAndTheSummaryTellsWhoLedRoseAndFell() throws {
        let chart = try spec(Self.bump)
        #expect(chart.semantics.idiom == .bump)
        #expect(chart.kindName == "Bump chart")
        #expect(chart.valueAxisDescends)
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.pointLabel(series: 0, row: 0) == "1, A rank 1 of 3")
        #expect(speech.pointLabel(series: 2, row: 3) == "4, C rank 2 of 3")
        let summary = chart.describe().summary
        #expect(summary.contains("Rank 1 is at the top of the chart and plays the highest note"), "\(summary)")
        #expect(summary.contains("Rank 1 at the start (1): A; at the end (4): A."), "\(summary)")
        #expect(summary.contains("Largest rise: C, from rank 3 to rank 2."), "\(summary)")
        #expect(summary.contains("Largest fall: B, from rank 2 to rank 3."), "\(summary)")
        // The ranks are not read as values that "rise" when they get worse.
        #expect(!summary.contains("ranges from"), "\(summary)")
        #expect(!summary.contains("a peak of"), "\(summary)")
    }

    @Test func bumpSentencesAreTranslated() throws {
        var german = try spec(Self.bump)
        german.options.language = "de"
        let speech = SpeechFormatter(chart: german)
        #expect(speech.pointLabel(series: 0, row: 0) == "1, A Rang 1 von 3")
        #expect(german.describe().summary.contains("Größter Aufstieg: C, von Rang 3 auf Rang 2."))
    }

    @Test func quantitativeValuesOnAnOrdinalYAreNoBumpChartUnlessWholeRanks() throws {
        let chart = try spec(Self.bump.replacingOccurrences(of: #""rank": 3}"#, with: #""rank": 3.5}"#))
        #expect(chart.semantics.idiom == nil)
        #expect(!chart.valueAxisDescends)
    }

    @Test func ganttOfDatesOverAnOrdinalTaskAxisLoads() throws {
        let chart = try spec("""
        {"data": {"values": [{"task": "A", "start": "2024-01-03", "end": "2024-01-09"}, {"task": "B", "start": "2024-01-08", "end": "2024-01-20"}]},
         "mark": "bar", "encoding": {"y": {"field": "task", "type": "ordinal"}, "x": {"field": "start", "type": "temporal"}, "x2": {"field": "end"}}}
        """)
        #expect(chart.semantics.orientation == .horizontal)
        #expect(chart.semantics.idiom == .gantt)
        #expect(SpeechFormatter(chart: chart).pointLabel(series: 0, row: 0).contains("lasting 6 days"))
    }
}

/// Idioms of issue 14 as a reader meets them on Vega-Lite gallery shapes.
struct IdiomReadingTests {
    @Test func populationPyramidSaysHowManyNotMinus() throws {
        // The gallery's pyramid: females negated so their bars stand left of zero.
        let chart = try spec("""
        {"data": {"values": [{"age": 0, "sex": "Male", "people": 100}, {"age": 0, "sex": "Female", "people": -90},
                             {"age": 5, "sex": "Male", "people": 80}, {"age": 5, "sex": "Female", "people": -120}]},
         "mark": "bar", "encoding": {"y": {"field": "age", "type": "ordinal"}, "x": {"field": "people", "type": "quantitative", "aggregate": "sum"},
                                     "color": {"field": "sex", "type": "nominal"}}}
        """)
        #expect(chart.semantics.idiom == .diverging)
        let female = try #require(chart.series.firstIndex { $0.name == "Female" })
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.pointLabel(series: female, row: 0).hasSuffix("Female 90"))
        let summary = chart.describe().summary
        #expect(summary.contains("Female ranges from 90 for 0 to 120 for 5."), "\(summary)")
        #expect(!summary.contains("−90") && !summary.contains("−120") && !summary.contains("Female falls"), "\(summary)")
    }

    @Test func ganttSummaryTellsTheSpanNotATrendOfStarts() throws {
        let chart = try spec("""
        {"data": {"values": [{"task": "A", "start": 1, "end": 3}, {"task": "B", "start": 3, "end": 8}, {"task": "C", "start": 8, "end": 10}]},
         "mark": "bar", "encoding": {"y": {"field": "task", "type": "ordinal"}, "x": {"field": "start", "type": "quantitative"}, "x2": {"field": "end"}}}
        """)
        #expect(chart.semantics.idiom == .gantt)
        let summary = chart.describe().summary
        #expect(summary.contains("The bars run from 1 to 10; the longest is B, lasting 5."), "\(summary)")
        #expect(!summary.contains("rises"), "\(summary)")
        #expect(!summary.contains("Values range"), "\(summary)")
    }

    @Test func yAxisRangeReachesTheBandAroundTheLine() throws {
        // Review R7: the Y key said the line's range while the drawn axis spans the band.
        let chart = try spec("""
        {"data": {"values": \(LayerTests.rows)}, "encoding": {"x": {"field": "year", "type": "quantitative"}},
         "layer": [{"mark": "area", "encoding": {"y": {"field": "lo", "type": "quantitative"}, "y2": {"field": "hi"}}},
                   {"mark": "line", "encoding": {"y": {"field": "v", "type": "quantitative"}}}]}
        """)
        #expect(SpeechFormatter(chart: chart).yRangeText == "from 2 to 10")
    }
}

import Foundation
import Testing
@testable import ChartData

/// A grid of circles whose value is their size (the gallery's punch card, binned scatter and
/// natural disasters): rows along x, one series per y, the size spoken as the value.
@Suite struct SizeValueTests {
    @Test func aPunchCardReadsSizeAsTheValueWithADaySeriesPerRow() throws {
        let chart = try spec("""
        {"data": {"values": [{"t": "2012-01-02T09:00:00Z", "n": 3}, {"t": "2012-01-02T10:00:00Z", "n": 5},
                             {"t": "2012-01-03T09:00:00Z", "n": 7}, {"t": "2012-01-02T09:30:00Z", "n": 1}]},
         "mark": "circle", "encoding": {"x": {"field": "t", "type": "ordinal", "timeUnit": "hours"},
           "y": {"field": "t", "type": "ordinal", "timeUnit": "day"}, "size": {"field": "n", "type": "quantitative", "aggregate": "sum", "title": "Commits"}}}
        """)
        #expect(chart.semantics.valueChannel == .size)
        #expect(chart.series.map(\.name) == ["Monday", "Tuesday"])
        #expect(chart.xValues == [.category("09:00"), .category("10:00")])
        #expect(chart.series[0].values == [4, 5] && chart.series[1].values == [7, nil])
        #expect(SpeechFormatter(chart: chart).pointLabel(series: 0, row: 0) == "09:00, Monday 4")
    }

    @Test func aBinnedYSplitsSeriesByBinAndDropsItsNullBin() throws {
        let chart = try spec("""
        {"data": {"values": [{"a": 1, "b": 1}, {"a": 1, "b": 15}, {"a": 12, "b": 15}, {"a": 3, "b": null}]},
         "mark": "circle", "encoding": {"x": {"field": "a", "bin": {"step": 10}}, "y": {"field": "b", "bin": {"step": 10}}, "size": {"aggregate": "count"}}}
        """)
        #expect(chart.series.map(\.name) == ["B from 0 to 10", "B from 10 to 20"])
        #expect(chart.semantics.invalidRows == 1)  // the null b, as Vega-Lite leaves it out
    }

    @Test func aCSVYearOnATemporalChannelIsTheYearNotMilliseconds() throws {
        let chart = try spec(#"{"data": {"values": "Year,v\n1900,1\n1901,2\n", "format": {"type": "csv"}}, "mark": "line", "encoding": {"x": {"field": "Year", "type": "temporal"}, "y": {"field": "v", "type": "quantitative"}}}"#)
        #expect(chart.xValues.first == .date(Date(timeIntervalSince1970: -2_208_988_800)))  // 1 January 1900
        #expect(chart.x.granularity == .year)
    }
}

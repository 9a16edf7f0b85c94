import Foundation
import Testing
@testable import ChartData

/// Dates as the values (a temporal value channel): loaded, said and described as dates, as
/// Vega-Lite plots them (corpus: own/temporal-y, own/gantt-dates, own/first-frost).
@Suite struct TemporalValueTests {
    @Test func datesOnYWithCategoriesOnXAreSaidAsDates() throws {
        let chart = try spec("""
        {"data": {"values": [{"e": "a", "d": "2020-01-05"}, {"e": "b", "d": "2021-07-04"}]}, "mark": "point",
         "encoding": {"x": {"field": "e", "type": "nominal"}, "y": {"field": "d", "type": "temporal", "title": "When"}}}
        """)
        #expect(chart.y.type == .temporal && chart.y.granularity == .day)
        #expect(chart.series[0].values == [1_578_182_400, 1_625_356_800])  // seconds since 1970, UTC
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.pointLabel(series: 0, row: 1) == "b, when 4 July 2021")
        #expect(speech.tableText(chart.series[0].values[0], series: 0) == "5 January 2020")
        #expect(chart.describe().summary.contains("5 January 2020"))
        #expect(!chart.describe().summary.contains("1,578"))
    }

    @Test func aGanttChartOfDatesIsHorizontalWithDateRanges() throws {
        let chart = try spec("""
        {"data": {"values": [{"t": "Design", "s": "2024-01-08", "e": "2024-02-02"}, {"t": "Build", "s": "2024-02-05", "e": "2024-04-26"}]},
         "mark": "bar", "encoding": {"y": {"field": "t", "type": "nominal", "sort": null}, "x": {"field": "s", "type": "temporal", "title": "Dates"}, "x2": {"field": "e"}}}
        """)
        #expect(chart.semantics.orientation == .horizontal)
        #expect(chart.series[0].details[1].lower == 1_707_091_200 && chart.series[0].details[1].upper == 1_714_089_600)
        #expect(SpeechFormatter(chart: chart).pointLabel(series: 0, row: 1) == "Build, dates from 5 February 2024 to 26 April 2024, lasting 81 days")
    }

    @Test func aPlaceInTheYearIsSaidWithoutTheYearAndChangesAsDurations() throws {
        let chart = try spec("""
        {"data": {"values": [{"y": "2018", "f": "2018-11-02"}, {"y": "2019", "f": "2019-10-24"}, {"y": "2020", "f": "2020-11-15"}]},
         "mark": "line", "encoding": {"x": {"field": "y", "type": "temporal", "timeUnit": "year"}, "y": {"field": "f", "type": "temporal", "timeUnit": "monthdate", "title": "First frost"}}}
        """)
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.pointLabel(series: 0, row: 0) == "2018, first frost 2 November")
        #expect(speech.durationText(9 * 86_400) == "9 days" && speech.durationText(86_400) == "1 day" && speech.durationText(5_400) == "1.5 hours")
        #expect(chart.describe().summary.contains("24 October"))
    }
}

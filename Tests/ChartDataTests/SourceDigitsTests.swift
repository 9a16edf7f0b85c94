import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData

/// Numbers as precise as the data (issue 27): no value is said or tabled with fewer significant
/// digits than its source cell. vegalite-diff/faithful.py checks it over every corpus chart; these
/// are the four ways it was lost.
struct SourceDigitsTests {
    /// The bare CSV's fast path took its decimals from its first row: 98.5 after 120 was "99".
    @Test func aCSVKeepsEveryRowsDecimals() throws {
        let (fast, general) = try WideCSVTests.both("day,sales,rain\n2021-03-01,120,0.5\n2021-03-02,98.5,1.25\n2021-03-03,143,2\n")
        for chart in [fast, general] {
            let speech = SpeechFormatter(chart: chart)
            #expect(speech.spokenLabel(series: 0, row: 1) == "2 March 2021, sales 98.5")
            #expect(speech.spokenLabel(series: 1, row: 1) == "2 March 2021, rain 1.25")
            #expect(speech.tableText(series: 1, row: 1) == "1.25")
        }
    }

    /// An axis format shapes the tick labels, not the data's precision: ".0%" and "$,.0f" rounded
    /// speech and the table to whole numbers (11.3 % said "11%", $53.3 said "$53").
    @Test func anAxisFormatDoesNotRoundTheData() throws {
        let share = try spec("""
        {"data": {"values": [{"d": "a", "v": 0.113}, {"d": "b", "v": 0.12}]}, "mark": "line",
         "encoding": {"x": {"field": "d", "type": "nominal"}, "y": {"field": "v", "type": "quantitative", "axis": {"format": ".0%"}}}}
        """)
        #expect(SpeechFormatter(chart: share).spokenLabel(series: 0, row: 0) == "a, V 11.3%")
        let price = try spec("""
        {"data": {"values": [{"d": "a", "v": 53.3}, {"d": "b", "v": 61}]}, "mark": "bar",
         "encoding": {"x": {"field": "d", "type": "nominal"}, "y": {"field": "v", "type": "quantitative", "axis": {"format": "$,.0f"}}}}
        """)
        #expect(SpeechFormatter(chart: price).tableText(series: 0, row: 0) == "$53.3")
    }

    /// Values past 1,000 were cut to one decimal whatever the source: the S&P 500's 1,394.46 was "1,394.5".
    @Test func largeValuesKeepTheirCents() throws {
        let chart = try spec("""
        {"data": {"values": [{"d": "a", "v": 1394.46}, {"d": "b", "v": 1366.42}, {"d": "c", "v": 2.1875}]}, "mark": "line",
         "encoding": {"x": {"field": "d", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.spokenLabel(series: 0, row: 0) == "a, V 1,394.46")
        #expect(speech.spokenLabel(series: 0, row: 2) == "c, V 2.1875")
    }

    /// A layered chart's decimals were its first layer's: a bullet chart's 4.25 beside whole ranges was "4".
    @Test func aLayeredChartKeepsEveryLayersDecimals() throws {
        let chart = try spec("""
        {"data": {"values": [{"k": "a", "whole": 5, "fine": 4.25}, {"k": "b", "whole": 3, "fine": 3.5}]},
         "layer": [{"mark": "bar", "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "whole", "type": "quantitative"}}},
                   {"mark": "point", "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "fine", "type": "quantitative"}}}]}
        """)
        let s = try #require(chart.series.firstIndex { $0.values.contains(4.25) })
        #expect(SpeechFormatter(chart: chart).valueText(4.25, series: s) == "4.25")
    }
}

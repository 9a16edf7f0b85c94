import Foundation
import SpecReading
import Testing
@testable import ChartData

/// R24 and R19: a value a reader hears or reads in the table has the data's precision, never
/// d3's default six decimals for a format without precision, nor a box statistic padded to its
/// column ("6.100 °C" where speech says "6.1").
struct FormatPrecisionTests {
    @Test func facetGridBarSaysFourteenPercent() throws {
        // vegalite-diff's gallery facet_grid_bar: x `p` with `"axis": {"format": "%"}`.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../vegalite-diff/corpus/gallery/facet_grid_bar.vl.json")
        let f = try SpecText.figure(String(contentsOf: url, encoding: .utf8))
        let speech = SpeechFormatter(chart: f.panels[0])
        #expect(speech.spokenLabel(series: 0, row: 0) == "x, P 14%")
        #expect(speech.tableText(series: 0, row: 0) == "14%")
        #expect(f.panels[0].describe().summary.contains("14.000000") == false)
    }

    @Test func aFormatWithoutPrecisionTakesTheDatasOwn() {
        let percent = NumberFormat(d3: "%")!
        #expect(!percent.hasPrecision)
        #expect(percent.fitted(to: [0.14, 0.6]).format(0.14) == "14%")
        #expect(percent.fitted(to: [0.145, 0.5]).format(0.145) == "14.5%")
        #expect(percent.fitted(to: [0.145, 0.5]).format(0.5) == "50%")
        #expect(NumberFormat(d3: "f")!.fitted(to: [1.25]).format(1.25) == "1.25")
        #expect(NumberFormat(d3: ",")!.fitted(to: [12345.5]).format(12345.5) == "12,345.5")
        #expect(NumberFormat(d3: "$")!.fitted(to: [2.5]).format(2.5) == "$2.5")
        // An author's precision is kept.
        #expect(NumberFormat(d3: ".1%")!.fitted(to: [0.14]).format(0.14) == "14.0%")
    }

    @Test func boxStatisticsInTheTableReadAsSpoken() throws {
        // Medians 5.5, 5, 11; upper quartiles 7.75, 5, 12: no column padding ("5.0", "5.00").
        let data = """
        [{"g": "a", "v": 1}, {"g": "a", "v": 2}, {"g": "a", "v": 3}, {"g": "a", "v": 4}, {"g": "a", "v": 5},
         {"g": "a", "v": 6}, {"g": "a", "v": 7}, {"g": "a", "v": 8}, {"g": "a", "v": 9}, {"g": "a", "v": 30},
         {"g": "b", "v": 5}, {"g": "c", "v": -20}, {"g": "c", "v": 10}, {"g": "c", "v": 11}, {"g": "c", "v": 12}, {"g": "c", "v": 13}]
        """
        let chart = try spec("""
        {"data": {"values": \(data)}, "mark": "boxplot",
         "encoding": {"x": {"field": "g", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}},
         "usermeta": {"pitchline": {"unit": "°C"}}}
        """)
        let speech = SpeechFormatter(chart: chart)
        let median = try #require(chart.semantics.box?.series(.median)), q3 = try #require(chart.semantics.box?.series(.upperQuartile))
        #expect(chart.xValues.indices.map { speech.tableText(series: median, row: $0) } == ["5.5 °C", "5 °C", "11 °C"])
        #expect(chart.xValues.indices.map { speech.tableText(series: q3, row: $0) } == ["7.75 °C", "5 °C", "12 °C"])
        #expect(speech.spokenLabel(series: q3, row: 0) == "a, upper quartile 7.75 degrees Celsius")
        // The outlier columns: every outlier, and a group without any says so (not "no data").
        #expect(speech.pointValueText(series: 6, row: 0) == "30 °C")
        #expect(speech.pointValueText(series: 6, row: 1) == "no upper outliers")
        #expect(speech.pointValueText(series: 0, row: 2) == "−20 °C")
        // Past five, speech says "7 values from 100 to 106"; the table cell keeps every value.
        let rows = (Array(1...40) + Array(100...106)).map { "{\"g\": \"a\", \"v\": \($0)}" }.joined(separator: ", ")
        let many = try spec("""
        {"data": {"values": [\(rows)]}, "mark": "boxplot",
         "encoding": {"x": {"field": "g", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        let upper = try #require(many.semantics.box?.series(.upperOutliers))
        let manySpeech = SpeechFormatter(chart: many)
        #expect(manySpeech.spokenLabel(series: upper, row: 0) == "a, upper outliers 7 values from 100 to 106")
        #expect(manySpeech.pointValueText(series: upper, row: 0) == "100, 101, 102, 103, 104, 105 and 106")
    }
}

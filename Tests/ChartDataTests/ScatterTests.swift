import Foundation
import Testing
@testable import ChartData

/// Scatter plots keep every point: repeated x is normal (Anscombe's quartet).
struct ScatterTests {
    static let anscombe = """
    {"data": {"values": [{"Series": "I", "X": 10, "Y": 8.04}, {"Series": "I", "X": 8, "Y": 6.95}, {"Series": "I", "X": 13, "Y": 7.58}, {"Series": "I", "X": 9, "Y": 8.81}, {"Series": "I", "X": 11, "Y": 8.33}, {"Series": "I", "X": 14, "Y": 9.96}, {"Series": "I", "X": 6, "Y": 7.24}, {"Series": "I", "X": 4, "Y": 4.26}, {"Series": "I", "X": 12, "Y": 10.84}, {"Series": "I", "X": 7, "Y": 4.82}, {"Series": "I", "X": 5, "Y": 5.68}, {"Series": "IV", "X": 8, "Y": 6.58}, {"Series": "IV", "X": 8, "Y": 5.76}, {"Series": "IV", "X": 8, "Y": 7.71}, {"Series": "IV", "X": 8, "Y": 8.84}, {"Series": "IV", "X": 8, "Y": 8.47}, {"Series": "IV", "X": 8, "Y": 7.04}, {"Series": "IV", "X": 8, "Y": 5.25}, {"Series": "IV", "X": 19, "Y": 12.5}, {"Series": "IV", "X": 8, "Y": 5.56}, {"Series": "IV", "X": 8, "Y": 7.91}, {"Series": "IV", "X": 8, "Y": 6.89}]},
     "mark": "point", "title": "Anscombe's quartet",
     "encoding": {"x": {"field": "X", "type": "quantitative"}, "y": {"field": "Y", "type": "quantitative"},
                  "color": {"field": "Series", "type": "nominal"}}}
    """

    @Test func everyPointLoadsOrderedByXThenY() throws {
        let chart = try spec(Self.anscombe)
        #expect(chart.series.map(\.name) == ["I", "IV"])
        let counts = chart.series.map { $0.values.compactMap { $0 }.count }
        #expect(counts == [11, 11])
        // x = 8 holds ten points of IV (and one of I): ten rows, in ascending y.
        let eights = chart.xValues.indices.filter { chart.xValues[$0] == .number(8) }
        #expect(eights.count == 10)
        let iv = eights.compactMap { chart.series[1].values[$0] }
        #expect(iv == iv.sorted() && iv.count == 10 && iv.first == 5.25 && iv.last == 8.84)
        #expect(chart.series[0].values[eights[0]] == 6.95)
        let xs = chart.xValues.compactMap(\.numeric)
        #expect(xs == xs.sorted())
        let label = SpeechFormatter(chart: chart).pointLabel(series: 1, row: eights[0])
        #expect(label == "X 8, IV, Y 5.25")
    }

    @Test func aLineChartWithARepeatedXKeepsEveryPointAsVegaLiteDraws() throws {
        // Vega-Lite draws a line through repeated x values; nothing is refused or merged.
        let line = Self.anscombe.replacingOccurrences(of: "\"mark\": \"point\"", with: "\"mark\": \"line\"")
        let chart = try spec(line)
        #expect(chart.series.reduce(0) { $0 + $1.values.compactMap { $0 }.count } == 22)
    }
}

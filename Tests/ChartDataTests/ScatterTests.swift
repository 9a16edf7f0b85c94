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

    @Test func aScatterIsDescribedAsARelation() throws {
        // Anscombe I and IV: the same line (slope 0.5, r 0.82), IV's by one point far to the
        // right. Before: "I varies around 7.5 throughout", a path along x.
        let d = try spec(Self.anscombe).describe()
        let i = d.series[0].trendSentence, iv = d.series[1].trendSentence
        #expect(i == "I: Y tends to rise with X, a strong correlation (r = 0.82); the least-squares slope is 0.5 per unit of X.")
        #expect(iv.hasPrefix("IV: Y tends to rise with X, a strong correlation (r = 0.82); the least-squares slope is 0.5 per unit of X."))
        #expect(iv.hasSuffix("1 point stands apart: X 19, Y 12.5."))
        #expect(!d.summary.contains("varies around") && d.summary.contains("(r = 0.82)"))
    }

    @Test func anOutlierByYIsNamedByBothCoordinates() throws {
        // Anscombe III (vega-datasets anscombe.json): ten points on a line, one far above it.
        let chart = try spec("""
        {"data": {"values": [{"X": 10, "Y": 7.46}, {"X": 8, "Y": 6.77}, {"X": 13, "Y": 12.74}, {"X": 9, "Y": 7.11}, {"X": 11, "Y": 7.81}, {"X": 14, "Y": 8.84}, {"X": 6, "Y": 6.08}, {"X": 4, "Y": 5.39}, {"X": 12, "Y": 8.15}, {"X": 7, "Y": 6.42}, {"X": 5, "Y": 5.73}]},
         "mark": "point", "encoding": {"x": {"field": "X", "type": "quantitative"}, "y": {"field": "Y", "type": "quantitative"}}}
        """)
        let sentence = chart.describe().series[0].trendSentence
        #expect(sentence.contains("a strong correlation (r = 0.82)"))
        #expect(sentence.hasSuffix("1 point stands apart: X 13, Y 12.74."))
        #expect(!sentence.contains("peak"))
    }
}

import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// A log (or sqrt, pow, symlog) row axis is drawn on its scale, as Vega draws it, with ticks on
/// decades, and the summary says the axis is logarithmic (issue 27). It was drawn linear.
struct LogRowAxisTests {
    func chart(_ x: String, mark: String = "point") throws -> Chart {
        try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": [{"x": 10, "y": 1}, {"x": 100, "y": 2}, {"x": 1000, "y": 3}, {"x": 3000, "y": 2.5}]}, "mark": "\(mark)",
         "encoding": {"x": {"field": "x", "type": "quantitative", "title": "Size"\(x)}, "y": {"field": "y", "type": "quantitative"}}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    @Test func equalRatiosAreEqualDistances() throws {
        let g = ChartGeometry(chart: try chart(", \"scale\": {\"type\": \"log\"}"))
        let (a, b, c) = (g.x(row: 0), g.x(row: 1), g.x(row: 2))
        #expect(abs((b - a) - (c - b)) < 1e-6, "10, 100, 1000 at \(a), \(b), \(c)")
        // Vega's nice log domain: whole decades, 10 to 10,000; 10 at the plot's left edge.
        #expect(abs(a - g.plotLeft) < 1e-6 && abs(g.x(row: 3) - (g.plotLeft + (g.plotRight - g.plotLeft) * (log10(3000) - 1) / 3)) < 1e-6)
        #expect(g.xTicks.map(\.label) == ["10", "100", "1,000", "10,000"])
    }

    @Test func aSqrtRowAxisIsCurvedToo() throws {
        let g = ChartGeometry(chart: try chart(", \"scale\": {\"type\": \"sqrt\"}"))
        // sqrt scale over 0…3,000 (a scatter's x reaches zero): 1,000 stands at √(1/3) of the width.
        let width = g.plotRight - g.plotLeft
        #expect(abs((g.x(row: 2) - g.plotLeft) / width - (1000.0 / 3000).squareRoot()) < 1e-6)
    }

    /// The axis ends at its niced domain, not at its last tick: horsepower to 230 on a sqrt axis
    /// runs 0 to 240 (ticks to 200), as Vega draws it; the domain stopped at 200 and the most
    /// powerful cars were drawn past the plot's right edge.
    @Test func aCurvedAxisEndsAtItsNicedDomainNotItsLastTick() throws {
        let chart = try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": [{"x": 46, "y": 1}, {"x": 140, "y": 2}, {"x": 230, "y": 3}]}, "mark": "point",
         "encoding": {"x": {"field": "x", "type": "quantitative", "scale": {"type": "pow", "exponent": 0.5}}, "y": {"field": "y", "type": "quantitative"}}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
        let g = ChartGeometry(chart: chart)
        let width = g.plotRight - g.plotLeft
        #expect(g.x(row: 2) <= g.plotRight)
        #expect(abs((g.x(row: 1) - g.plotLeft) / width - (140.0 / 240).squareRoot()) < 1e-6)
    }

    @Test func theSummarySaysTheAxisIsLogarithmic() throws {
        let text = try chart(", \"scale\": {\"type\": \"log\"}").describe().sentences.map(\.text).joined(separator: " ")
        #expect(text.contains("Horizontal axis (Size) is logarithmic: equal distances along it are equal ratios."), "\(text)")
        let linear = try chart("").describe().sentences.map(\.text).joined(separator: " ")
        #expect(!linear.contains("logarithmic"))
    }
}

import ChartData
import Foundation
import Testing
@testable import ChartPages

/// Axes reach zero where Vega-Lite's do (`ScaleInfo.includesZero`, `ChartGeometry`): a line's or
/// a scatter plot's quantitative axes by default, not when the author says `"zero": false`.
struct ZeroDrawingTests {
    func geometry(_ json: String) throws -> ChartGeometry {
        ChartGeometry(chart: try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) })
    }

    func points(_ mark: String, _ yScale: String = "") -> String {
        """
        {"data": {"values": [{"x": 5, "y": 50}, {"x": 7, "y": 58}, {"x": 10, "y": 55}]}, "mark": "\(mark)",
         "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"\(yScale)}}}
        """
    }

    @Test func aLinesValueAxisReachesZero() throws {
        #expect(try geometry(points("line")).yScale.domainMin == 0)
        // Along a line, x is not taken to zero (Vega-Lite's default for a line's row axis).
        guard case .linear(let x) = try geometry(points("line")).xLayout else { Issue.record("x is not continuous"); return }
        #expect(x.domainMin > 0)
    }

    @Test func aScatterPlotsAxesBothReachZero() throws {
        let g = try geometry(points("point"))
        #expect(g.yScale.domainMin == 0)
        guard case .linear(let x) = g.xLayout else { Issue.record("x is not continuous"); return }
        #expect(x.domainMin == 0)
    }

    @Test func zeroFalseKeepsTheAxisNearTheData() throws {
        let g = try geometry(points("line", ", \"scale\": {\"zero\": false}"))
        #expect(g.yScale.domainMin >= 45 && g.yScale.domainMin <= 50)
        let domain = try geometry(points("line", ", \"scale\": {\"domain\": [40, 60]}"))
        #expect(domain.yScale.domainMin > 0)
    }

    /// Ticks and rules along a quantitative axis reach zero as points do (a strip plot's values
    /// 5 to 10 on an axis from 0, as Vega-Lite draws it; before: from 5).
    @Test func ticksRulesAndAHorizontalValueAxisReachZero() throws {
        for mark in ["tick", "rule"] {
            guard case .linear(let x) = try geometry(points(mark)).xLayout else { Issue.record("x is not continuous"); return }
            #expect(x.domainMin == 0, "\(mark)")
        }
        // A strip plot: the values along x (horizontal), one band per category.
        let strip = try geometry("""
        {"data": {"values": [{"c": "a", "v": 5}, {"c": "b", "v": 10}, {"c": "a", "v": 7}]}, "mark": "tick",
         "encoding": {"x": {"field": "v", "type": "quantitative"}, "y": {"field": "c", "type": "nominal"}}}
        """)
        #expect(strip.yScale.domainMin == 0)
    }
}

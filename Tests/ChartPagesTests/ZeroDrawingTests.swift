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
}

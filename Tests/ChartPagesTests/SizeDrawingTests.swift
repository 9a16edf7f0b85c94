import ChartData
import Foundation
import Testing
@testable import ChartPages

/// `size` beside the value (a bubble chart) is drawn as each point's area, as Vega-Lite's
/// default size scale draws it (`PointDetail.size`, `ChartSVG.writeSizedPoints`).
struct SizeDrawingTests {
    @Test func aBubblesAreaFollowsItsSize() throws {
        let chart = try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": [{"x": 1, "y": 2, "w": 10}, {"x": 2, "y": 3, "w": 40}, {"x": 3, "y": 1, "w": 20}]},
         "mark": "circle",
         "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"},
                      "size": {"field": "w", "type": "quantitative"}}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
        let svg = ChartSVG(geometry: ChartGeometry(chart: chart), idPrefix: "t").render()
        let radii = svg.components(separatedBy: "class=\"pl-marker pl-sized\"").dropFirst().compactMap { part -> Double? in
            guard let r = part.range(of: "r=\"") else { return nil }
            return Double(part[r.upperBound...].prefix { $0 != "\"" })
        }
        #expect(radii.count == 3)
        // Areas in proportion to the sizes: 10, 40, 20 → radii 1 : 2 : √2; the largest 361 px².
        #expect(abs(radii[1] / radii[0] - 2) < 0.05)
        #expect(abs(radii[2] / radii[0] - 2.0.squareRoot()) < 0.05)
        #expect(abs(radii[1] - (361 / Double.pi).squareRoot()) < 0.1)
    }
}

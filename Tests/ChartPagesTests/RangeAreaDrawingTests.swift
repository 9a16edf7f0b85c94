import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// An area from y to y2 (a range, not a stack) is drawn as Vega-Lite draws it: the band alone,
/// filled stronger (`pl-range`), with no line and points along its lower values.
struct RangeAreaDrawingTests {
    @Test func aRangeAreaIsTheBandAlone() throws {
        let chart = try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": [{"d": 1, "lo": 2, "hi": 5}, {"d": 2, "lo": 3, "hi": 7}, {"d": 3, "lo": 1, "hi": 4}]},
         "mark": "area", "encoding": {"x": {"field": "d", "type": "quantitative"},
                                      "y": {"field": "lo", "type": "quantitative"}, "y2": {"field": "hi"}}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
        let svg = ChartSVG(geometry: ChartGeometry(chart: chart), idPrefix: "t").render()
        #expect(svg.contains("class=\"pl-area pl-range\""))
        #expect(!svg.contains("class=\"pl-line\"") && !svg.contains("class=\"pl-marker\""))
    }

    @Test func anAreaFromZeroKeepsItsLine() throws {
        let chart = try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": [{"d": 1, "v": 2}, {"d": 2, "v": 3}]}, "mark": "area",
         "encoding": {"x": {"field": "d", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
        let svg = ChartSVG(geometry: ChartGeometry(chart: chart), idPrefix: "t").render()
        #expect(svg.contains("class=\"pl-area\"") && svg.contains("class=\"pl-line\""))
    }
}

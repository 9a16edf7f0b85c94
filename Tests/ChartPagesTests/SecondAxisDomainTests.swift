import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// A dual-axis chart's right-hand axis is its second layer's scale (`ChartSemantics.secondValueScale`):
/// the author's `scale.domain` there is the axis as given (issue 27). It was made nice from the
/// data, 0 to 6, where the author asked for 0 to 10.
struct SecondAxisDomainTests {
    @Test func theSecondLayersOwnDomainIsKept() throws {
        let chart = try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": [{"m": 1, "t": 20, "r": 1.5}, {"m": 2, "t": 25, "r": 5.35}, {"m": 3, "t": 22, "r": 3}]},
         "encoding": {"x": {"field": "m", "type": "ordinal"}},
         "layer": [{"mark": "line", "encoding": {"y": {"field": "t", "type": "quantitative", "title": "Temperature"}}},
                   {"mark": "line", "encoding": {"y": {"field": "r", "type": "quantitative", "title": "Rain", "scale": {"domain": [0, 10]}}}}],
         "resolve": {"scale": {"y": "independent"}}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
        let g = ChartGeometry(chart: chart)
        let axis = try #require(g.secondAxis)
        #expect(axis.ticks.first?.label == "0" && axis.ticks.last?.label == "10", "\(axis.ticks.map(\.label))")
        #expect(abs(g.forSeries(1).y(5) - (g.plotTop + g.plotBottom) / 2) < 1e-6)
    }
}

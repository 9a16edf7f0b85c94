import ChartData
import Foundation
import Testing
@testable import ChartPages

/// R24: an axis format without precision is drawn as Vega draws it ("0%" … "100%", d3-scale's
/// tickFormat), not with d3's default six decimals.
struct AxisFormatTicksTests {
    @Test func aPercentAxisWithoutPrecisionHasVegasTicks() throws {
        let json = """
        {"data": {"values": [{"c": "x", "p": 0.14}, {"c": "y", "p": 0.6}, {"c": "z", "p": 0.03}, {"c": "w", "p": 1}]}, "mark": "bar",
         "encoding": {"y": {"field": "c", "type": "nominal"}, "x": {"field": "p", "type": "quantitative", "axis": {"format": "%"}}}}
        """
        let chart = try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/p.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
        let labels = ChartGeometry(chart: chart).yTicks.map(\.label)
        #expect(labels.first == "0%" && labels.last == "100%", "\(labels)")
        #expect(labels.allSatisfy { !$0.contains(".") }, "\(labels)")
    }
}

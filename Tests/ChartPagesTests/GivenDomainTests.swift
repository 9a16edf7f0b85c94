import ChartData
import Foundation
import Testing
@testable import ChartPages

/// A `scale.domain` the author gives is the axis as Vega draws it (not made nice, no zero
/// added): the live example chart's temperatures 17–23.3 on its 10–30 axis were drawn on
/// 17–23.5, so 16 of its 24 points stood off Vega-Lite's.
struct GivenDomainTests {
    func geometry(_ json: String) throws -> ChartGeometry {
        ChartGeometry(chart: try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) })
    }

    static func line(y: String = "", x: String = "", mark: String = "line") -> String {
        """
        {"data": {"values": [{"x": 5, "y": 17.1}, {"x": 7, "y": 23.3}, {"x": 10, "y": 20.4}]}, "mark": "\(mark)",
         "encoding": {"x": {"field": "x", "type": "quantitative"\(x)}, "y": {"field": "y", "type": "quantitative"\(y)}}}
        """
    }

    @Test func aGivenValueDomainIsTheAxis() throws {
        let g = try geometry(Self.line(y: ", \"scale\": {\"domain\": [10, 30]}"))
        #expect(g.yScale.domainMin == 10 && g.yScale.domainMax == 30, "was \(g.yScale.domainMin)–\(g.yScale.domainMax)")
        #expect(g.yTicks.first?.label == "10" && g.yTicks.last?.label == "30")
        // Without one, the data's nice domain from zero, as before.
        let free = try geometry(Self.line())
        #expect(free.yScale.domainMin == 0 && free.yScale.domainMax < 25)
    }

    @Test func aGivenDomainIsNotMadeNice() throws {
        let g = try geometry(Self.line(y: ", \"scale\": {\"domain\": [0, 23.3]}"))
        #expect(g.yScale.domainMax == 23.3)
        // A point at the domain's top is drawn at the plot's top edge.
        #expect(abs(g.y(23.3) - g.plotTop) < 1e-9)
    }

    @Test func aGivenRowDomainIsTheRowAxis() throws {
        let g = try geometry(Self.line(x: ", \"scale\": {\"domain\": [0, 20]}", mark: "point"))
        guard case .linear(let x) = g.xLayout else { Issue.record("x is not continuous"); return }
        #expect(x.domainMin == 0 && x.domainMax == 20, "was \(x.domainMin)–\(x.domainMax)")
    }

    @Test func aGivenDomainOnALogAxisKeepsItsEnds() throws {
        let g = try geometry(Self.line(y: ", \"scale\": {\"type\": \"log\", \"domain\": [10, 30]}"))
        #expect(abs(g.y(10) - g.plotBottom) < 1e-9 && abs(g.y(30) - g.plotTop) < 1e-9)
    }
}

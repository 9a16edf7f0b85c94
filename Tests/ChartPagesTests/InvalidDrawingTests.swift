import ChartData
import ChartModel
import Testing
@testable import ChartPages

/// `invalid: "show"`: a datum with no value is drawn at zero (the model keeps it missing), and
/// the axis reaches zero for it (Chart+Invalid.swift).
@Suite struct InvalidDrawingTests {
    @Test func aDrawnInvalidValueGetsAMarkAtZero() {
        var chart = Fixtures.bars()
        chart.mark = .point
        chart.series = [Series(name: "A", values: [2, nil, 4])]
        chart.series[0].invalidRows = [1]
        let plain = ChartSVG(geometry: ChartGeometry(chart: chart), idPrefix: "s").render()
        #expect(plain.components(separatedBy: "class=\"pl-marker\"").count - 1 == 2)  // a gap: no mark
        chart.semantics.invalidDrawn = InvalidDrawing(value: 0, row: nil)
        let g = ChartGeometry(chart: chart)
        let svg = ChartSVG(geometry: g, idPrefix: "s").render()
        #expect(svg.components(separatedBy: "class=\"pl-marker\"").count - 1 == 3)
        #expect(svg.contains("x=\"\(num(g.x(row: 1)))\" y=\"\(num(g.y(0)))\""))
        #expect(g.yScale.domainMin <= 0)  // the axis reaches the drawn place
    }
}

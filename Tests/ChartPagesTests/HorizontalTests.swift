@testable import ChartData
import ChartModel
import Foundation
import SpecReading
import Testing

@testable import ChartPages

/// Horizontal charts (`ChartSemantics.orientation`) are drawn with their rows down the side.
@Suite struct HorizontalDrawingTests {
    static func horizontalBars(binned: Bool = false) -> Chart {
        var chart = Fixtures.bars()
        chart.semantics.orientation = .horizontal
        if binned {
            chart.x = XAxis(field: "speed", title: "Speed", type: .quantitative)
            chart.xValues = [10, 20, 30].map { .number($0) }
        }
        return chart
    }

    @Test func categoriesRunDownTheLeftSideAndValuesAlongTheBottom() {
        let g = ChartGeometry(chart: Self.horizontalBars())
        #expect(g.horizontal)
        // Apples at the top, Plums at the bottom, as Vega-Lite's band scale on y.
        #expect(g.x(row: 0) < g.x(row: 1) && g.x(row: 1) < g.x(row: 2))
        #expect(g.x(row: 0) > g.plotTop && g.x(row: 2) < g.plotBottom)
        // Values grow to the right, from the plot's left edge.
        #expect(g.y(0) == g.plotLeft && g.y(12) > g.y(3) && g.y(12) <= g.plotRight)
        #expect(g.xTicks.map(\.label) == ["Apples", "Pears", "Plums"])

        let svg = ChartSVG(geometry: g, idPrefix: "fruit").render()
        #expect(svg.contains("pl-horizontal"))
        #expect(svg.contains("<g transform=\"matrix(0 1 1 0 0 0)\">"))  // marks and cursor share row/value coordinates
        // Row labels right-aligned at the left of the plot, value labels under it.
        #expect(svg.contains("text-anchor=\"end\">Apples</text>"))
        #expect(svg.contains("y=\"\(num(g.plotBottom + 20))\" text-anchor=\"middle\">10</text>"))
        // The cursor line spans the value axis.
        #expect(svg.contains("class=\"pl-cursor-line\" x1=\"0\" x2=\"0\" y1=\"\(num(g.plotLeft))\" y2=\"\(num(g.plotRight))\""))
    }

    @Test func binnedOrNumericRowsGrowUpwards() {
        let g = ChartGeometry(chart: Self.horizontalBars(binned: true))
        #expect(g.x(row: 0) > g.x(row: 1) && g.x(row: 1) > g.x(row: 2))
        #expect(g.x(row: 0) < g.plotBottom && g.x(row: 2) > g.plotTop)
        let svg = ChartSVG(geometry: g, idPrefix: "bins").render()
        #expect(!svg.contains("width=\"-"))  // bars keep a positive thickness
    }

    @Test func manyCategoriesMakeATallerDrawingWithEveryLabel() {
        var chart = Self.horizontalBars()
        chart.xValues = (0..<60).map { .category("Category \($0)") }
        chart.series = [Series(name: "Count", values: (0..<60).map { Double($0) })]
        let g = ChartGeometry(chart: chart)
        #expect(g.height > ChartGeometry.plotHeight)
        #expect(g.xTicks.count == 60)
    }

    @Test func xAndYKeysAndTheAxesListNameTheAxesAsDrawn() throws {
        let p = ChartPresentation(chart: Self.horizontalBars())
        let script = String(decoding: p.dataScript(audio: nil), as: UTF8.self)
        #expect(script.contains("\"xAxis\":\"X axis: Count"))
        #expect(script.contains("\"yAxis\":\"Y axis: Fruit"))
        let vertical = String(decoding: ChartPresentation(chart: Fixtures.bars()).dataScript(audio: nil), as: UTF8.self)
        #expect(vertical.contains("\"xAxis\":\"X axis: Fruit"))
    }
}

/// Stacks, ranges and dates as values are drawn as the model says.
@Suite struct RangeDrawingTests {
    @Test func stackSegmentsShareTheBandAndRangeBarsSpanTheirBounds() {
        var chart = Fixtures.bars()
        chart.semantics.stack = .zero
        func segment(_ lower: Double, _ upper: Double, total: Double) -> PointDetail {
            var d = PointDetail()
            (d.lower, d.upper, d.stackTotal) = (lower, upper, total)
            return d
        }
        chart.series = [
            Series(name: "A", values: [2, 3, 4], details: [2, 3, 4].map { segment(0, $0, total: $0 + 1) }),
            Series(name: "B", values: [1, 1, 1], details: [2, 3, 4].map { segment($0, $0 + 1, total: $0 + 1) }),
        ]
        let g = ChartGeometry(chart: chart)
        let svg = ChartSVG(geometry: g, idPrefix: "s").render()
        // B's first segment runs from 2 to 3, on top of A's, over the whole group width.
        let top = num(g.y(3)), height = num(g.y(2) - g.y(3))
        #expect(svg.contains("y=\"\(top)\" width=\"\(num((g.plotRight - g.plotLeft) * 0.8 / 3 - 0.5))\" height=\"\(height)\""))
        #expect(g.yScale.domainMax >= 5)  // the domain reaches the stack totals
    }

    @Test func datesAsValuesGetCalendarTicks() {
        var chart = Fixtures.bars()
        chart.mark = .point
        chart.y.type = .temporal
        chart.y.granularity = .day
        chart.series = [Series(name: "When", values: [1_578_182_400, 1_583_798_400, 1_625_356_800])]
        let g = ChartGeometry(chart: chart)
        // Calendar labels as Vega writes them ("2021" on 1 January, month names otherwise), not numbers.
        let calendarLabel = { (label: String) in label.rangeOfCharacter(from: .letters) != nil || (label.count == 4 && Int(label) != nil) }
        #expect(g.yTicks.count >= 3 && g.yTicks.allSatisfy { calendarLabel($0.label) }, "\(g.yTicks)")
        #expect(g.yTicks.contains { $0.label == "2021" } && g.yTicks.contains { $0.label == "July" }, "\(g.yTicks)")
        #expect(g.yScale.domainMin > 1_500_000_000)  // not stretched down to zero
    }
}

/// The value axis follows `scale.type` as pitch does: equal ratios are equal distances on a log axis.
@Suite struct ValueScaleDrawingTests {
    @Test func aLogValueAxisPlacesDecadesEvenlyAndBarsStandOnItsLowEnd() {
        var chart = Fixtures.bars()
        chart.semantics.valueScale = ScaleInfo(type: .log)
        chart.series = [Series(name: "People", values: [80, 25_000, 9_800_000])]
        let g = ChartGeometry(chart: chart)
        #expect(abs((g.y(10) - g.y(100)) - (g.y(1000) - g.y(10_000))) < 1e-9)
        #expect(g.yTicks.map(\.label).contains("1,000"))
        #expect(abs(g.baseValue - 10) < 1e-9 && !g.zeroInside)
        #expect(g.y(0) == g.y(10))  // no place on a log axis: drawn at its low end
    }
}

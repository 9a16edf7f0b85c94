import ChartData
import Foundation
import Testing

@testable import ChartPages

/// A narrow drawing (a phone, a panel: pitchline.css) keeps its text beside the plot and, for a
/// vertical chart, stands taller than its viewBox without stretching what it writes.
@Suite struct NarrowDrawingTests {
    /// Room for `characters` of axis text at the narrow size (26 units), beside the title.
    static func narrowRoom(_ characters: Int) -> Double {
        44 + Double(characters) * ChartGeometry.charWidth * ChartGeometry.narrowTextScale + 10
    }

    @Test func aVerticalChartLeavesRoomForItsValueLabelsAtTheNarrowSizeAndMayStandTaller() {
        let g = ChartGeometry(chart: Fixtures.bars())
        let widest = g.yTicks.map(\.label.count).max() ?? 0
        #expect(g.plotLeft >= Self.narrowRoom(widest))
        let svg = ChartSVG(geometry: g, idPrefix: "fruit").render()
        #expect(svg.contains("preserveAspectRatio=\"none\" class=\"pl-svg pl-mark-bar pl-stretch\""))
        // The value axis' title turns in its group, so the text itself can be scaled back.
        #expect(svg.contains("rotate(-90)\"><text class=\"pl-axis-title pl-axis-title-turned\""))
        #expect(!svg.contains("<text class=\"pl-axis-title\" transform="))
    }

    @Test func aHorizontalChartLeavesRoomForItsRowLabelsUpToFortyTwoPercentAndKeepsItsProportions() {
        var chart = HorizontalDrawingTests.horizontalBars()
        chart.xValues = [.category("University Farm"), .category("Duluth"), .category("Morris")]
        let g = ChartGeometry(chart: chart)
        #expect(g.plotLeft >= Self.narrowRoom(15))
        chart.xValues[0] = .category(String(repeating: "Long name ", count: 3))
        #expect(ChartGeometry(chart: chart).plotLeft == 0.42 * ChartGeometry.width)
        let svg = ChartSVG(geometry: g, idPrefix: "sites").render()
        #expect(!svg.contains("pl-stretch") && !svg.contains("preserveAspectRatio"))
    }
}

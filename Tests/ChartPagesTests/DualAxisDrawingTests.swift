import ChartData
import ChartModel
import Foundation
import SiteFolders
import Testing
@testable import ChartPages

/// A dual-axis chart (the gallery's `layer_dual_axis`, `resolve: {scale: {y: "independent"}}`)
/// draws its second layer on its own value scale with a right-hand axis, as Vega-Lite does
/// (issue 27); before, Seattle's precipitation line lay flat along the temperature axis' bottom.
struct DualAxisDrawingTests {
    static func chart() throws -> Chart { try fixtureChart("dual-axis", site: "analyst-site") }

    @Test func theSecondLayerHasItsOwnScaleOnTheRight() throws {
        let chart = try Self.chart()
        let g = ChartGeometry(chart: chart)
        let axis = try #require(g.secondAxis)
        #expect(axis.series == [1] && axis.title == "Precipitation (inches)")
        // The left axis is the temperature layer's (its given domain, 0 to 30); the right one the rain's, from zero.
        #expect(g.yTitle == "Avg. Temperature (°C)" && g.yTicks.last?.label == "30", "\(g.yTicks.map(\.label))")
        #expect(axis.ticks.first?.label == "0" && axis.ticks.map(\.label).contains("5"), "\(axis.ticks.map(\.label))")
        // The wettest month (5.35 inches) is drawn near the top of the plot, not at a sixth of its height.
        let wettest = try #require(chart.series[1].values.compactMap { $0 }.max())
        let top = g.forSeries(1).y(wettest)
        #expect(top < g.plotTop + 0.15 * (g.plotBottom - g.plotTop), "\(top)")
        #expect(g.forSeries(0).y(wettest) == g.y(wettest))

        let svg = ChartSVG(geometry: g, idPrefix: "t").render()
        #expect(svg.contains("class=\"pl-axis pl-axis-y pl-axis-y2\""))
        #expect(svg.contains(">Precipitation (inches)</text>") && svg.contains("rotate(90)"))
        #expect(g.plotRight < ChartGeometry.width - 28 - 20)  // room for the right-hand labels
    }
}

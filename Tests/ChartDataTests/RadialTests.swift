import ChartModel
import Foundation
import Testing
@testable import ChartData

/// Radial charts: arcs with a `radius` field (and `theta2`, `radius2`) read with Vega-Lite's
/// semantics (vega-lite stack.ts): which slices stack, where each is drawn, what is said.
struct RadialTests {
    /// The gallery's radial plot: theta stacked, radius the same field on a sqrt scale.
    static let radial = """
    {"data": {"values": [12, 23, 47, 6, 52, 19]}, "mark": {"type": "arc", "innerRadius": 20},
     "encoding": {"theta": {"field": "data", "type": "quantitative", "stack": true},
                  "radius": {"field": "data", "scale": {"type": "sqrt", "zero": true, "rangeMin": 20}},
                  "color": {"field": "data", "type": "nominal", "legend": null}}}
    """

    @Test func theGallerysRadialPlotIsOnePieOfSlicesWithRadii() throws {
        let chart = try spec(Self.radial)
        #expect(chart.mark == .arc && chart.kindName == "Radial chart" && chart.kindVariant == "radial")
        #expect(chart.xValues.map { "\($0)" } == ["6", "12", "19", "23", "47", "52"].map { "\(XValue.category($0))" })
        #expect(chart.semantics.arc.radii == [6, 12, 19, 23, 47, 52])
        #expect(chart.semantics.arc.radiusScale?.type == .sqrt)
        #expect(chart.semantics.arc.thetaStacked)
        // Stacked clockwise in row order: 6 from 0 to 6, 12 from 6 to 18, …
        #expect(chart.semantics.arc.arcSpans.prefix(2) == [.init(start: 0, end: 6), .init(start: 6, end: 18)])
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.spokenLabel(series: 0, row: 5) == "52, 52, 33% of the total, 6 of 6")
        #expect(chart.describe().summary.hasPrefix("Radial chart of T, 6 slices. 52 is the largest share, 33% (52)"))
    }

    /// A radius from another field: said with each slice; Vega-Lite stacks theta per radius
    /// value, so slices of different radii each start at zero and have no share of a total.
    @Test func aRadiusFromAnotherFieldIsSaidAndSplitsTheStack() throws {
        let chart = try spec("""
        {"data": {"values": [{"k": "a", "v": 3, "r": 5}, {"k": "b", "v": 1, "r": 8}, {"k": "c", "v": 6, "r": 2}]},
         "mark": "arc", "encoding": {"theta": {"field": "v", "type": "quantitative", "stack": true},
                                     "radius": {"field": "r", "type": "quantitative", "title": "Reach"}, "color": {"field": "k"}}}
        """)
        #expect(chart.semantics.arc.radii == [5, 8, 2])
        #expect(!chart.semantics.arc.thetaStacked && chart.series[0].details.allSatisfy { $0.share == nil })
        #expect(chart.semantics.arc.arcSpans == [.init(start: 0, end: 3), .init(start: 0, end: 1), .init(start: 0, end: 6)])
        #expect(SpeechFormatter(chart: chart).spokenLabel(series: 0, row: 1) == "b, 1, 2 of 3, reach 8")
        #expect(chart.describe().summary == "Radial chart of T, 3 slices. c is the largest, 6, then a, 3 and b, 1. Each slice's radius shows reach, from 2 to 8.")
    }

    /// theta to theta2: each arc is a range, read clockwise by its start.
    @Test func thetaToTheta2IsARangeReadClockwise() throws {
        let chart = try spec("""
        {"data": {"values": [{"p": "Build", "s": 3, "e": 8}, {"p": "Plan", "s": 0, "e": 3}, {"p": "Test", "s": 8, "e": 10}]},
         "mark": "arc", "encoding": {"theta": {"field": "s", "type": "quantitative"}, "theta2": {"field": "e"}, "color": {"field": "p"}}}
        """)
        #expect(chart.xValues == [.category("Plan"), .category("Build"), .category("Test")])
        #expect(chart.semantics.arc.arcSpans == [.init(start: 0, end: 3), .init(start: 3, end: 8), .init(start: 8, end: 10)])
        #expect(SpeechFormatter(chart: chart).spokenLabel(series: 0, row: 1) == "Build, from 3 to 8, 2 of 3")
        #expect(chart.describe().summary == "Radial chart of T, 3 slices. Build is the largest, from 3 to 8, then Plan, from 0 to 3 and Test, from 8 to 10.")
    }
}

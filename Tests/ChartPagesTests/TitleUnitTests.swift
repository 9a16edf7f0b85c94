import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// A unit in a title's last parenthesis is the unit when the spec gives none
/// (`ChartBuilder.titleUnit`): said in words, never lower-cased into the name; the axis still
/// shows it. Before: "mean temperature (°f) 40.71".
struct TitleUnitTests {
    static func chart(y: String, x: String = "Distance", usermeta: String = "") throws -> Chart {
        try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": [{"d": 1, "t": 40.7}, {"d": 2, "t": 45.2}, {"d": 3, "t": 38.1}]}, "mark": "line"\(usermeta),
         "encoding": {"x": {"field": "d", "type": "quantitative", "title": "\(x)"},
                      "y": {"field": "t", "type": "quantitative", "title": "\(y)"}}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    @Test func aUnitInTheTitleIsSpokenAsAUnit() throws {
        let chart = try Self.chart(y: "Mean temperature (°F)", x: "Distance (km)")
        #expect(chart.y.unit == "°F" && chart.series[0].name == "Mean temperature")
        #expect(chart.x.unit == "km")
        let label = SpeechFormatter(chart: chart).spokenLabel(series: 0, row: 0)
        #expect(label.contains("mean temperature 40.7 degrees Fahrenheit"), "\(label)")
        #expect(!label.contains("(°f)") && !label.contains("(°F)"))
        // The axes still show the unit once.
        let g = ChartGeometry(chart: chart)
        #expect(g.yTitle == "Mean temperature (°F)" && g.xTitle == "Distance (km)")
    }

    @Test func aNoteInParenthesesStaysInTheName() throws {
        let chart = try Self.chart(y: "Deaths (totals)")
        #expect(chart.y.unit == nil && chart.series[0].name == "Deaths (totals)")
        #expect(ChartGeometry(chart: chart).yTitle == "Deaths (totals)")
    }

    @Test func currencyAndMultipliersAreUnitsToo() throws {
        #expect(try Self.chart(y: "Price ($)").y.unit == "$")
        #expect(try Self.chart(y: "Employment (thousands)").y.unit == "thousands")
        #expect(try Self.chart(y: "Energy (thousand MWh)").y.unit == "thousand MWh")
    }

    @Test func theSpecsOwnUnitWins() throws {
        let chart = try Self.chart(y: "Temperature (°F)", usermeta: #", "usermeta": {"pitchline": {"unit": "°C"}}"#)
        #expect(chart.y.unit == "°C" && chart.y.title == "Temperature (°F)")
    }
}

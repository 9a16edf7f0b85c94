import ChartModel
import Foundation
import SiteFolders
import Testing
@testable import ChartData

/// The Vega-Lite gallery's `layer_dual_axis` (Seattle's monthly temperature band and
/// precipitation line, `resolve: {scale: {y: "independent"}}`) on vega-datasets' weather.csv:
/// each layer its own measure, never a range of the other (issue 27).
struct DualAxisTests {
    static func chart() throws -> Chart { try fixtureChart("dual-axis", site: "analyst-site") }

    @Test func eachLayerIsItsOwnMeasure() throws {
        let chart = try Self.chart()
        #expect(chart.series.map(\.name) == ["Avg. Temperature", "Precipitation"])
        #expect(chart.series.map(\.unit) == ["°C", "inches"])
        #expect(chart.semantics.independentValueScales && chart.pitchScalePerSeries)
        let speech = SpeechFormatter(chart: chart)
        // Before: "January, precipitation (inches) 3.76, range 2.7 to 8.23" (the temperatures as a range of rain).
        #expect(speech.spokenLabel(series: 1, row: 0).hasPrefix("January, precipitation 3.76 inch"))
        #expect(speech.spokenLabel(series: 0, row: 0) == "January, avg. temperature from 2.7 to 8.23 degrees Celsius")
        let summary = chart.describe().summary
        #expect(!summary.contains("band"))
        #expect(summary.contains("Each layer has its own value axis and measure (Avg. Temperature (°C) and Precipitation (inches)) and plays on its own pitch scale."))
    }

    /// Each layer's unit (issue 27): said after its own values, in its table heading and in the
    /// summary, never as part of the name ("avg. temperature (°c) 26.11").
    @Test func eachLayerSaysItsOwnUnit() throws {
        let chart = try Self.chart()
        let speech = SpeechFormatter(chart: chart)
        #expect(chart.series.indices.map(chart.seriesHeading) == ["Avg. Temperature (°C)", "Precipitation (inches)"])
        let summary = chart.describe().summary
        #expect(summary.contains("26.11 °C") && summary.contains("5.35 inches"), "\(summary)")
        #expect(!summary.contains("(°c)"))
        // The value axis is two axes, each with its own range.
        #expect(speech.yRangeText.hasPrefix("Avg. Temperature (°C) from 2.7 °C to 26.11 °C; Precipitation (inches) from "), "\(speech.yRangeText)")
        #expect(speech.forEars("26.11 °C") == "26.11 degrees Celsius")
    }
}

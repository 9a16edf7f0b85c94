import ChartModel
import Foundation
import Testing
@testable import ChartData

/// The Vega-Lite gallery's `layer_dual_axis` (Seattle's monthly temperature band and
/// precipitation line, `resolve: {scale: {y: "independent"}}`) on vega-datasets' weather.csv:
/// each layer its own measure, never a range of the other (issue 27).
struct DualAxisTests {
    static func chart() throws -> Chart {
        let site = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("browser-tests/fixtures/analyst-site")
        return try #require(ChartLoader(siteDirectory: site).loadSite().charts.first { $0.id == "dual-axis" })
    }

    @Test func eachLayerIsItsOwnMeasure() throws {
        let chart = try Self.chart()
        #expect(chart.series.map(\.name) == ["Avg. Temperature (°C)", "Precipitation (inches)"])
        #expect(chart.semantics.independentValueScales && chart.pitchScalePerSeries)
        let speech = SpeechFormatter(chart: chart)
        // Before: "January, precipitation (inches) 3.76, range 2.7 to 8.23" (the temperatures as a range of rain).
        #expect(speech.spokenLabel(series: 1, row: 0) == "January, precipitation (inches) 3.76")
        #expect(speech.spokenLabel(series: 0, row: 0).hasSuffix("from 2.7 to 8.23"))
        let summary = chart.describe().summary
        #expect(!summary.contains("band"))
        #expect(summary.contains("Each layer has its own value axis and measure (Avg. Temperature (°C) and Precipitation (inches)) and plays on its own pitch scale."))
    }
}

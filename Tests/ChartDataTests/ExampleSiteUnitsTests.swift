import Foundation
import Testing
@testable import ChartData

/// The example site is what new readers try first: every chart says what its numbers measure.
/// (The bare CSV `seattle-monthly-temperature.csv` read "January 2012, average high 7.1" until
/// its sidecar gave it a unit.)
struct ExampleSiteUnitsTests {
    @Test func everyExampleChartSpeaksItsValuesWithAUnit() throws {
        let site = ChartLoader(siteDirectory: ExampleSiteTests.siteURL).loadSite()
        #expect(site.problems.isEmpty, "\(site.problems)")
        for chart in site.charts {
            #expect(chart.y.unit?.isEmpty == false, "\(chart.id): no unit, so its values are bare numbers")
        }
        let monthly = try #require(site.charts.first { $0.id == "seattle-monthly-temperature" })
        #expect(SpeechFormatter(chart: monthly).pointLabel(series: 0, row: 0) == "January 2012, average high 7.1 °C")
    }
}

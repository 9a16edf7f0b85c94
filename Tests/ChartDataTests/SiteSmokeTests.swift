import Foundation
import Testing
@testable import ChartData

/// The example site in the repository loads, and reads well.
struct ExampleSiteTests {
    static let siteURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("site")

    @Test func everyExampleChartLoads() throws {
        let site = ChartLoader(siteDirectory: Self.siteURL).loadSite()
        #expect(site.problems.isEmpty, "\(site.problems)")
        #expect(site.charts.map(\.id) == site.charts.map(\.id).sorted())
        for chart in site.charts {
            let d = chart.describe()
            print("== \(chart.id)\n\(d.summary)")
            for s in d.series { print(s.statisticsSentence); print(s.trendSentence) }
            let f = SpeechFormatter(chart: chart)
            print(f.pointLabel(series: 0, row: 2), "|", f.xRangeText, "|", f.yRangeText)
        }
    }
}

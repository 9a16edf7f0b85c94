import ChartData
import ChartModel
import Foundation
import Sonification
import Testing
@testable import ChartPages

/// The downloadable audio graph (`Rendition`) and the page's whole-series playback (P) play the
/// same points: one rule, `Downsampling.playbackRows`.
struct PlaybackAgreementTests {
    /// Each series' rows the page plays at each speed (scrubber indexes; nil: every row).
    func pagePlays(_ chart: Chart) throws -> [[[Int]?]] {
        let object = try DataScriptTests.object(ChartPresentation(chart: chart), audio: nil)
        let series = try #require(object["series"] as? [[String: Any]])
        return try series.map { s in
            try #require(s["play"] as? [[String: Any]]).map { $0["rows"] as? [Int] }
        }
    }

    /// The rows the rendition of `values` plays in `seconds`, compared with the page's `rows`.
    func expectAgreement(_ values: [Double?], page rows: [Int]?, seconds: Double, _ context: String) throws {
        let graph = try Rendition(values: values, series: "s", length: .exact(seconds))
        #expect(graph.rows == (rows ?? Array(values.indices)).filter { values[$0] != nil }, "\(context)")
    }

    @Test func theSeattleTemperatureGraphPlaysThePointsThePagePlays() throws {
        let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let chart = try ChartLoader.loadSpec(
            data: try Data(contentsOf: project.appendingPathComponent("site/charts/seattle-temperature.vl.json")),
            path: "site/charts/seattle-temperature.vl.json") { try Data(contentsOf: project.appendingPathComponent($0)) }
        #expect(chart.series.count == 2 && chart.pointCount == 1_461)
        #expect(!ChartPresentation(chart: chart).isScrubberReduced)  // scrubber indexes are rows
        let plays = try pagePlays(chart)
        let normal = try #require(PlaybackPlan.speeds.firstIndex { $0.0 == 1 })
        for s in chart.series.indices {
            let rows = try #require(plays[s][normal], "1,461 points in 10 s are reduced")
            #expect(rows.count <= 300)
            let stats = SeriesStatistics(values: chart.series[s].values)
            #expect(rows.contains(stats.minRow!) && rows.contains(stats.maxRow!))
            for (k, speed) in PlaybackPlan.speeds.enumerated() {
                let seconds = chart.options.audio.playbackDuration / speed.0
                try expectAgreement(chart.series[s].values, page: plays[s][k], seconds: seconds, "\(chart.series[s].name) at \(speed.0)×")
            }
        }
    }

    @Test func seriesWithGapsAgreeAndShortOnesPlayEveryRow() throws {
        // 1,000 days with a gap every 7th day and a spike: reduced in both, the spike kept.
        var values: [Double?] = (0..<1_000).map { $0 % 7 == 3 ? nil : sin(Double($0) / 40) }
        values[500] = 9
        let chart = Chart(
            id: "g", sourcePath: "site/charts/g.vl.json", title: "Gaps", mark: .line,
            x: XAxis(field: "x", title: "X", type: .quantitative), y: YAxis(field: "y", title: "Y"),
            xValues: values.indices.map { .number(Double($0)) }, series: [Series(name: "y", values: values)])
        let plays = try pagePlays(chart)[0]
        for (k, speed) in PlaybackPlan.speeds.enumerated() {
            try expectAgreement(values, page: plays[k], seconds: 10 / speed.0, "gaps at \(speed.0)×")
            #expect(plays[k]?.contains(500) == true)
        }
        let short = try pagePlays(Fixtures.temperatures(days: 10))
        #expect(short.allSatisfy { $0.allSatisfy { $0 == nil } })
    }
}

import ChartData
import ChartModel
import Foundation
import SiteGenerator
import SpecReading
import Testing

@testable import SiteExport

/// `pitchline export` with a broken chart and a broken report: it stops before writing anything,
/// and with `keepGoing` it publishes the rest with no build error on any public page.
@Suite struct FailuresAreLoudTests {
    /// A site with one good chart (pitch at the top bound), one chart whose audio setting is just
    /// out of bounds (refused by `check` and so by export), a good report and one naming the broken chart.
    static func brokenSite(in temp: TempFolder) throws -> URL {
        let site = temp.path("site")
        let charts = site.appendingPathComponent("charts"), reports = site.appendingPathComponent("reports")
        for folder in [charts, reports] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        func spec(_ title: String, maxFrequency: Double) -> String {
            """
            {"title": "\(title)", "data": {"values": [{"x": 1, "y": 3}, {"x": 2, "y": 5}, {"x": 3, "y": 4}]}, "mark": "line",
             "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}},
             "usermeta": {"pitchline": {"audio": {"maxFrequency": \(maxFrequency)}}}}
            """
        }
        let top = AudioOptions.Setting.maxFrequency.range.upperBound
        try Data(spec("Good chart", maxFrequency: top).utf8).write(to: charts.appendingPathComponent("good.vl.json"))
        try Data(spec("Too high", maxFrequency: top + 1).utf8).write(to: charts.appendingPathComponent("high.vl.json"))
        try Data("# Fine\n\n```chart\ngood\n```\n".utf8).write(to: reports.appendingPathComponent("fine.md"))
        try Data("# Uses the broken one\n\n```chart\nhigh\n```\n".utf8).write(to: reports.appendingPathComponent("uses-high.md"))
        return site
    }

    func job(_ temp: TempFolder, site: URL) -> ExportJob {
        ExportJob(siteDirectory: site, themeDirectory: Sample.projectDirectory, cacheDirectory: nil, outputDirectory: temp.path("out"))
    }

    @Test func anyProblemStopsTheExportBeforeAnythingIsWritten() async throws {
        let temp = try TempFolder()
        let site = try Self.brokenSite(in: temp)
        var problems: [SiteProblem] = []
        await #expect(throws: ExportError.self) {
            _ = try await job(temp, site: site).run(progress: ExportProgress(quiet: true)) { problems.append($0) }
        }
        #expect(!FileManager.default.fileExists(atPath: temp.path("out").path))
        #expect(problems.map(\.chartID) == ["high", nil])
        #expect(problems.first?.description.contains("$.usermeta.pitchline.audio.maxFrequency: 8001 is out of range; use 20–8000 Hz") == true)
        #expect(problems.last?.reportPath == "reports/uses-high.html")
    }

    @Test func keepGoingPublishesTheRestWithNoBuildErrorOnAPublicPage() async throws {
        let temp = try TempFolder()
        let site = try Self.brokenSite(in: temp)
        var export = job(temp, site: site)
        export.keepGoing = true
        let summary = try await export.run(progress: ExportProgress(quiet: true))
        #expect(summary.problems == 2 && summary.charts == 1 && summary.reports == 1)
        let tree = temp.tree("out")
        #expect(tree["charts/good.html"] != nil && tree["reports/fine.html"] != nil)
        #expect(tree["charts/high.html"] == nil && tree["reports/uses-high.html"] == nil)
        // The chart at the top pitch bound has its audio.
        #expect(tree.keys.contains { $0.hasPrefix("charts/good.audio.") && $0.hasSuffix(".ogg") })
        let index = String(decoding: tree["index.html"] ?? Data(), as: UTF8.self)
        #expect(index.contains("charts/good.html") && index.contains("reports/fine.html"))
        for (path, data) in tree where path.hasSuffix(".html") {
            let text = String(decoding: data, as: UTF8.self)
            for leak in ["Too high", "high.vl.json", "charts/high", "out of range", "could not be loaded", "not a loaded chart", "uses-high"] {
                #expect(!text.contains(leak), "\(path) shows \"\(leak)\"")
            }
        }
    }
}

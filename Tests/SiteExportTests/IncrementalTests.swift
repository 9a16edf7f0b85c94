import ChartData
import ChartModel
import Foundation
@testable import SiteGenerator
import Testing

@testable import SiteExport

@Suite struct IncrementalTests {
    static let report = ReportSource(slug: "rain", markdown: "---\ntitle: Rain\n---\nWords.\n\n```chart\nrain\n```\n")

    func generate(_ charts: [Chart], cache: URL) async throws -> (FileSet, RenderCacheStatistics) {
        var generator = SiteGenerator(
            siteDirectory: cache.appendingPathComponent("unused-site"), themeDirectory: Sample.projectDirectory,
            cacheDirectory: cache)
        let renderCache = RenderCache(directory: cache.appendingPathComponent("render"))
        generator.renderCache = renderCache
        let set = try await generator.generate(content: SiteContent(charts: charts, reports: [Self.report]))
        return (set, renderCache.statistics)
    }

    static func same(_ a: FileSet, _ b: FileSet) -> Bool {
        a.files.keys.sorted() == b.files.keys.sorted() && a.files.allSatisfy { b[$0.key] == $0.value }
    }

    @Test func unchangedChartsAreReusedWithTheSameBytes() async throws {
        let temp = try TempFolder()
        let charts = [Sample.chart(id: "rain", title: "Daily rain"), Sample.chart(id: "snow", title: "Snow", offset: 1)]
        let (first, firstStats) = try await generate(charts, cache: temp.url)
        #expect(firstStats.rendered == 2 && firstStats.reused == 0)
        let (second, secondStats) = try await generate(charts, cache: temp.url)
        #expect(secondStats.rendered == 0 && secondStats.reused == 2)
        #expect(Self.same(first, second))
        // Roles and metadata come back from the cache as generated.
        #expect(second.files(.audioBank).map(\.audioSeconds) == first.files(.audioBank).map(\.audioSeconds))
        #expect(second.files(.chartPage).map(\.title) == ["Daily rain", "Snow"])
        #expect(second["reports/rain.html"] == first["reports/rain.html"])
    }

    @Test func aChangedChartIsRenderedAgainAndOnlyThatOne() async throws {
        let temp = try TempFolder()
        _ = try await generate([Sample.chart(id: "rain", title: "Daily rain"), Sample.chart(id: "snow", title: "Snow")], cache: temp.url)
        let changed = [Sample.chart(id: "rain", title: "Daily rain"), Sample.chart(id: "snow", title: "Snow", offset: 0.5)]
        let (set, stats) = try await generate(changed, cache: temp.url)
        #expect(stats.rendered == 1 && stats.reused == 1)
        let (fresh, _) = try await generate(changed, cache: temp.appendingFresh())
        #expect(Self.same(set, fresh))
        // One entry per chart stays: the old render of "snow" is gone.
        let names = try FileManager.default.contentsOfDirectory(atPath: temp.path("render").path)
        #expect(names.filter { $0.hasPrefix("snow.") }.count == 1)
    }

    @Test func aDamagedEntryIsNeverUsed() async throws {
        let temp = try TempFolder()
        let charts = [Sample.chart(id: "rain", title: "Daily rain")]
        let (first, _) = try await generate(charts, cache: temp.url)
        let render = temp.path("render")
        let entry = try #require(try FileManager.default.contentsOfDirectory(atPath: render.path).first { $0.hasSuffix(".plr") })
        var bytes = try Data(contentsOf: render.appendingPathComponent(entry))
        bytes[bytes.count - 10] ^= 0xFF
        try bytes.write(to: render.appendingPathComponent(entry))
        let (second, stats) = try await generate(charts, cache: temp.url)
        #expect(stats.rendered == 1 && stats.repaired == 1)
        #expect(Self.same(first, second))
    }

    @Test func secondExportOfTheExampleSiteRendersAndWritesNothing() async throws {
        let temp = try TempFolder()
        func export() async throws -> ExportSummary {
            let job = ExportJob(
                siteDirectory: Sample.projectDirectory.appendingPathComponent("site"), themeDirectory: Sample.projectDirectory,
                cacheDirectory: temp.path("cache"), outputDirectory: temp.path("out"))
            return try await job.run(progress: ExportProgress(quiet: true))
        }
        let first = try await export()
        let tree = temp.tree("out")
        let second = try await export()
        #expect(first.charts >= 5 && first.chartsRendered == first.charts)
        #expect(second.chartsRendered == 0 && second.chartsReused == first.charts)
        #expect(second.filesWritten == 0 && second.files == first.files)
        #expect(second.reports >= 1 && second.audioSeconds > 10)
        #expect(temp.tree("out") == tree)
        #expect(second.description.contains("(0 rendered, \(first.charts) reused)"))
    }
}

extension TempFolder {
    /// A new empty cache folder inside this one.
    func appendingFresh() -> URL {
        let url = path("fresh-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

import Foundation
import Testing

@testable import SiteGenerator

/// The render cache key is made from the bytes behind a chart (issue 31): each input that can
/// change a chart's files (one data byte, the spec, the settings, the theme, the generator's
/// build) re-renders exactly the charts it feeds, and the result is what a generation without a
/// cache makes; an unchanged site renders nothing and loads no chart.
@Suite struct CacheKeyTests {
    /// A site of two specs over two data files, a theme folder and a cache folder.
    struct Site {
        let temp: TempFolder
        var site: URL { temp.path("site") }
        var theme: URL { temp.path("theme") }

        init() throws {
            temp = try TempFolder()
            let fm = FileManager.default
            for folder in ["site/charts", "site/data", "theme/Templates"] {
                try fm.createDirectory(at: temp.path(folder), withIntermediateDirectories: true)
            }
            for name in ["rain", "snow"] {
                try write("site/charts/\(name).vl.json", """
                    {"title": "Daily \(name)", "data": {"url": "../data/\(name).csv"}, "mark": "line",
                     "encoding": {"x": {"field": "day", "type": "quantitative"}, "y": {"field": "mm", "type": "quantitative"}}}
                    """)
                try write("site/data/\(name).csv", "day,mm\n1,3\n2,5\n3,4\n4,8\n")
            }
            try write("site/pitchline.json", #"{"title": "Weather"}"#)
            try FileManager.default.createDirectory(at: temp.path("site/reports"), withIntermediateDirectories: true)
            try write("site/reports/notes.md", "---\ntitle: Notes\n---\nIt rained.\n\n```chart\nrain\n```\n")
            try write("theme/Templates/chart.mustache", try String(contentsOf: Sample.projectDirectory.appendingPathComponent("Templates/chart.mustache"), encoding: .utf8))
        }

        func write(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: temp.path(path)) }

        /// Generates the site with the render cache (or without one: `cache` false); returns the
        /// files and which charts were rendered rather than reused.
        func generate(cache: Bool = true, generator version: String = "build 1") async throws -> (FileSet, rendered: [String]) {
            let (files, rendered, _) = try await generateCounting(cache: cache, generator: version)
            return (files, rendered)
        }

        /// `generate`, with the cache's counts (`reusedWithoutLoading`: charts whose data was not read).
        func generateCounting(cache: Bool = true, generator version: String = "build 1") async throws
            -> (FileSet, rendered: [String], RenderCacheStatistics)
        {
            var generator = SiteGenerator(siteDirectory: site, themeDirectory: theme, cacheDirectory: temp.path("cache"))
            let rendered = RenderedIDs()
            let renderCache = RenderCache(directory: temp.path("cache/render"), generatorVersion: version) { event in
                if !event.reused { rendered.add(event.chartID) }
            }
            if cache { generator.renderCache = renderCache }
            let files = try await generator.generate()
            return (files, rendered.sorted, renderCache.statistics)
        }

        /// A change must re-render `expected`, and the files must equal an uncached generation's.
        func expectRerender(_ expected: [String], generator version: String = "build 1", after change: () throws -> Void) async throws {
            _ = try await generate()
            try change()
            let (cached, rendered) = try await generate(generator: version)
            #expect(rendered == expected)
            let (fresh, _) = try await generate(cache: false)
            #expect(cached.files.keys.sorted() == fresh.files.keys.sorted())
            #expect(cached.files.allSatisfy { fresh[$0.key] == $0.value })
        }
    }

    final class RenderedIDs: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: [String] = []
        func add(_ id: String) { lock.withLock { ids.append(id) } }
        var sorted: [String] { lock.withLock { ids.sorted() } }
    }

    @Test func anUnchangedSiteRendersNothingAndLoadsNoChart() async throws {
        let site = try Site()
        let (first, rendered, _) = try await site.generateCounting()
        #expect(rendered == ["rain", "snow"])
        let (second, again, stats) = try await site.generateCounting()
        #expect(again == [])
        #expect(stats.reused == 2 && stats.reusedWithoutLoading == 2)
        // The index, charts.json and the report embedding "rain" come out the same from the entries alone.
        #expect(second.files.keys.sorted() == first.files.keys.sorted())
        #expect(second.files.allSatisfy { first[$0.key] == $0.value })
        #expect(second["reports/notes.html"] != nil && second["reports/notes.html"] == first["reports/notes.html"])
    }

    @Test func aFigureIsReusedWithoutLoadingAndEmbedsAsBefore() async throws {
        let site = try Site()
        try site.write("site/data/both.csv", "day,mm,place\n1,3,north\n2,5,north\n1,4,south\n2,6,south\n")
        try site.write("site/charts/both.vl.json", """
            {"title": "Both places", "data": {"url": "../data/both.csv"}, "facet": {"field": "place", "type": "nominal"},
             "spec": {"mark": "line", "encoding": {"x": {"field": "day", "type": "quantitative"}, "y": {"field": "mm", "type": "quantitative"}}}}
            """)
        try site.write("site/reports/both.md", "# Both\n\n```chart\nboth\n```\n")
        let (first, rendered, _) = try await site.generateCounting()
        #expect(rendered == ["both", "rain", "snow"])
        let (second, again, stats) = try await site.generateCounting()
        #expect(again == [] && stats.reusedWithoutLoading == 3)
        #expect(second.files.keys.sorted() == first.files.keys.sorted())
        #expect(second.files.allSatisfy { first[$0.key] == $0.value })
        #expect(second["reports/both.html"] != nil && second["charts/both--p1.csv"] != nil)
        try await site.expectRerender(["both"]) { try site.write("site/data/both.csv", "day,mm,place\n1,3,north\n2,5,north\n1,4,south\n2,7,south\n") }
    }

    @Test func aReportEmbeddingAReusedChartLoadsItOnceThenNoMore() async throws {
        let site = try Site()
        _ = try await site.generate()
        try site.write("site/reports/snow.md", "# Snow\n\n```chart\ncharts/snow.vl.json\n```\n")
        let (cached, _, stats) = try await site.generateCounting()
        #expect(stats.rendered == 0 && stats.reusedWithoutLoading == 1)  // snow's entry had no report markup
        let (fresh, _) = try await site.generate(cache: false)
        #expect(cached["reports/snow.html"] != nil && cached["reports/snow.html"] == fresh["reports/snow.html"])
        #expect(try await site.generateCounting().2.reusedWithoutLoading == 2)
    }

    @Test func aChangedDataFileRerendersTheChartsThatReadIt() async throws {
        let site = try Site()
        try await site.expectRerender(["rain"]) { try site.write("site/data/rain.csv", "day,mm\n1,3\n2,5\n3,4\n4,9\n") }
    }

    @Test func aChangedSpecRerendersThatChart() async throws {
        let site = try Site()
        try await site.expectRerender(["snow"]) {
            let spec = try String(contentsOf: site.site.appendingPathComponent("charts/snow.vl.json"), encoding: .utf8)
            try site.write("site/charts/snow.vl.json", spec.replacingOccurrences(of: "Daily snow", with: "Snow per day"))
        }
    }

    @Test func aDataFileThatNowShadowsAnotherRerendersTheChart() async throws {
        // `data/rain.csv` named from charts/ is looked for in charts/data/ first.
        let site = try Site()
        try await site.expectRerender(["rain"]) {
            let spec = try String(contentsOf: site.site.appendingPathComponent("charts/rain.vl.json"), encoding: .utf8)
            try site.write("site/charts/rain.vl.json", spec.replacingOccurrences(of: "../data/rain.csv", with: "data/rain.csv"))
        }
        try await site.expectRerender(["rain"]) {
            try FileManager.default.createDirectory(at: site.site.appendingPathComponent("charts/data"), withIntermediateDirectories: true)
            try site.write("site/charts/data/rain.csv", "day,mm\n1,30\n2,50\n")
        }
    }

    @Test func changedSettingsRerenderEveryChart() async throws {
        let site = try Site()
        try await site.expectRerender(["rain", "snow"]) {
            try site.write("site/pitchline.json", #"{"title": "Weather", "audio": {"toneDuration": 0.2}}"#)
        }
    }

    @Test func aChangedThemeFileRerendersEveryChart() async throws {
        let site = try Site()
        try await site.expectRerender(["rain", "snow"]) {
            let template = try String(contentsOf: site.theme.appendingPathComponent("Templates/chart.mustache"), encoding: .utf8)
            try site.write("theme/Templates/chart.mustache", template + "<!-- changed -->\n")
        }
    }

    @Test func aNewGeneratorVersionRerendersEveryChart() async throws {
        let site = try Site()
        try await site.expectRerender(["rain", "snow"], generator: "build 2") {}
    }
}

@testable import ChartData
import ChartModel
import Foundation
@testable import SiteGenerator
import SiteFolders
import SpecReading
import Testing

enum Sample {
    /// The project folder (holds `Templates/` and `Public/`).
    static var projectDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func chart(id: String, title: String, mark: Mark = .line, days: Int = 5) -> Chart {
        let start = Date(timeIntervalSince1970: 1_325_376_000)
        return Chart(
            id: id, sourcePath: "site/charts/\(id).vl.json", title: title, mark: mark,
            x: XAxis(field: "date", title: "Date", type: .temporal, granularity: .day),
            y: YAxis(field: "v", title: "Rain", unit: "mm"),
            xValues: (0..<days).map { .date(start.addingTimeInterval(Double($0) * 86_400)) },
            series: [Series(name: "Rain", values: (0..<days).map { Double($0) })])
    }

    static func generator() -> SiteGenerator {
        SiteGenerator(
            siteDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("pl-unused-\(UUID().uuidString)"),
            themeDirectory: projectDirectory, cacheDirectory: nil)
    }

    static func html(_ set: FileSet, _ path: String) -> String {
        String(decoding: set[path]?.data ?? Data(), as: UTF8.self)
    }
}

@Suite struct SiteGeneratorTests {
    @Test func generatesPagesScriptsCSVAndHashedAssets() async throws {
        let content = SiteContent(charts: [Sample.chart(id: "rain", title: "Daily rain"), Sample.chart(id: "bars", title: "Bars", mark: .bar)])
        let set = try await Sample.generator().generate(content: content)
        let paths = Set(set.files.keys)
        #expect(paths.contains("index.html"))
        #expect(paths.contains("404.html"))
        #expect(paths.contains("charts/rain.html"))
        #expect(paths.contains("charts/rain.csv"))
        #expect(paths.contains("charts/bars.html"))
        let scripts = paths.filter { $0.hasPrefix("charts/rain.") && $0.hasSuffix(".js") && !$0.contains(".audio.") }
        #expect(scripts.count == 1)
        let css = try #require(paths.first { $0.hasPrefix("assets/pitchline.") && $0.hasSuffix(".css") })
        let js = try #require(paths.first { $0.hasPrefix("assets/pitchline.") && $0.hasSuffix(".js") })
        #expect(set[css]?.isImmutable == true)
        #expect(set[css]?.contentType == "text/css; charset=utf-8")
        #expect(set["charts/rain.html"]?.isImmutable == false)
        #expect(set["charts/rain.html"]?.contentType == "text/html; charset=utf-8")

        // Every page links to files that exist in the set (relative links).
        let page = Sample.html(set, "charts/rain.html")
        #expect(page.contains("href=\"../\(css)\""))
        #expect(page.contains("src=\"../\(js)\""))
        let script = try #require(scripts.first)
        #expect(page.contains("<script defer src=\"\(script.dropFirst("charts/".count))\"></script>"))
        #expect(Sample.html(set, "charts/rain.csv").hasPrefix("date,Rain\r\n2012-01-01,0\r\n"))
    }

    @Test func indexListsEveryChartAsALink() async throws {
        let content = SiteContent(charts: [Sample.chart(id: "rain", title: "Daily rain"), Sample.chart(id: "bars", title: "Monthly bars", mark: .bar)])
        let index = Sample.html(try await Sample.generator().generate(content: content), "index.html")
        #expect(index.contains("<a href=\"charts/rain.html\">Daily rain</a>"))
        #expect(index.contains("<a href=\"charts/bars.html\">Monthly bars</a> <span class=\"pl-kind\">(Bar chart)</span>"))
        #expect(index.components(separatedBy: "<h1").count == 2)
    }

    @Test func brokenChartGetsAnErrorPageAndTheOthersStillRender() async throws {
        let problem = ChartProblem(file: "site/charts/broken.vl.json", line: 3, column: 7, message: "expected a string")
        let content = SiteContent(charts: [Sample.chart(id: "rain", title: "Daily rain")], problems: [problem])
        let set = try await Sample.generator().generate(content: content)
        #expect(set.problems == [SiteProblem(chartID: "broken", file: "site/charts/broken.vl.json", line: 3, column: 7, message: "expected a string")])
        #expect(set.problems.map(\.description) == ["site/charts/broken.vl.json:3:7: expected a string"])
        let page = Sample.html(set, "charts/broken.html")
        #expect(page.contains("site/charts/broken.vl.json:3:7: expected a string"))
        #expect(page.contains("<h1>Chart could not be loaded</h1>"))
        #expect(set["charts/broken.html"]?.role == .errorPage)
        #expect(set["charts/broken.html"]?.isExported == false)
        #expect(set["charts/rain.html"] != nil)
        #expect(Sample.html(set, "index.html").contains("charts/broken.html"))
    }

    @Test func forPublishingNoBuildErrorReachesAPage() async throws {
        let problem = ChartProblem(file: "site/charts/broken.vl.json", line: 3, column: 7, message: "expected a string")
        let content = SiteContent(
            charts: [Sample.chart(id: "rain", title: "Daily rain")], problems: [problem],
            reports: [
                ReportSource(slug: "good", markdown: "# Good\n\n```chart\nrain\n```\n"),
                ReportSource(slug: "bad", markdown: "# Bad\n\n```chart\nbroken\n```\n"),
            ])
        var generator = Sample.generator()
        generator.forPublishing = true
        let set = try await generator.generate(content: content)
        #expect(set.problems.map(\.chartID) == ["broken", nil])
        #expect(set.problems.last?.reportPath == "reports/bad.html")
        #expect(set["charts/broken.html"] == nil)
        #expect(set["reports/bad.html"] == nil)
        #expect(set["reports/good.html"]?.role == .report)
        let index = Sample.html(set, "index.html")
        #expect(!index.contains("broken") && !index.contains("reports/bad.html") && !index.contains("could not be loaded"))
        for file in set.files.values where file.role.isPage {
            let text = String(decoding: file.data, as: UTF8.self)
            #expect(!text.contains("expected a string") && !text.contains("not a loaded chart"), "\(file.path)")
        }
    }

    @Test func checkFindsTheReportProblemsGenerationReports() async throws {
        let content = SiteContent(
            charts: [Sample.chart(id: "rain", title: "Daily rain")],
            reports: [
                ReportSource(slug: "a", markdown: "```chart\ncharts/rain.vl.json\n```\n\n```chart\nrain\n```\n"),
                ReportSource(slug: "b", markdown: "```chart\nsnow\n```\n"),
            ])
        let generated = try await Sample.generator().generate(content: content).problems
        #expect(content.reportProblems == generated)
        #expect(content.reportProblems.map(\.reportPath) == ["reports/a.html", "reports/b.html"])
    }

    /// A report problem names the report file under the site folder's real name.
    @Test func aReportProblemNamesTheSiteFolderItIsIn() throws {
        let site = try writeSite(["reports/notes.md": "# Notes\n\n```chart\nsnow\n```\n"], name: "pl-report-path")
        let docs = site.deletingLastPathComponent().appendingPathComponent("docs")
        try FileManager.default.moveItem(at: site, to: docs)
        defer { try? FileManager.default.removeItem(at: docs.deletingLastPathComponent()) }
        let content = try SiteGenerator(siteDirectory: docs, themeDirectory: nil, cacheDirectory: nil).loadContent()
        #expect(content.reportProblems.map(\.file) == ["docs/reports/notes.md"])
        #expect(content.reportProblems.first?.description.hasPrefix("docs/reports/notes.md: chart block names \"snow\"") == true)
    }

    /// Only a ```chart block becomes a chart: a paragraph that looks like the placeholder stays text.
    @Test func authorTextCannotStandInForAChartBlock() async throws {
        let marker = ReportPage.chartMarker
        let markdown = "PITCHLINECHARTBLOCK0END\n\n\(marker)0\(marker)\n\n```chart\nrain\n```\n"
        let content = SiteContent(
            charts: [Sample.chart(id: "rain", title: "Daily rain")],
            reports: [ReportSource(slug: "r", markdown: markdown), ReportSource(slug: "one", markdown: "```chart\nrain\n```\n")])
        let set = try await Sample.generator().generate(content: content)
        let html = Sample.html(set, "reports/r.html")
        let embeds = { (page: String) in page.components(separatedBy: "data-chart-id=\"rain\"").count }
        #expect(html.contains("<p>PITCHLINECHARTBLOCK0END</p>"))
        #expect(embeds(html) == embeds(Sample.html(set, "reports/one.html")), "the chart once, for its block")
        #expect(html.contains("<p>&#xE001;0&#xE001;</p>"), "the author's marker characters stay text")
    }

    @Test func everyFileCarriesItsRoleAndChart() async throws {
        let set = try await Sample.generator().generate(content: SiteContent(charts: [Sample.chart(id: "rain", title: "Daily rain")]))
        let roles = Dictionary(grouping: set.files.values, by: \.role).mapValues { $0.map(\.path).sorted() }
        #expect(roles[.chartPage] == ["charts/rain.html"])
        #expect(roles[.download] == ["charts/rain.csv"])
        #expect(roles[.index] == ["index.html"] && roles[.notFound] == ["404.html"])
        #expect(roles[.asset]?.count == 6)  // the CSS, the script, the icon and the chart JSON schemas (version 3, and 1 and 2 still published)
        #expect(roles[.asset]?.contains("assets/schema/chart-1.json") == true && roles[.asset]?.contains("assets/schema/chart-2.json") == true
                && roles[.asset]?.contains("assets/schema/chart-3.json") == true)
        #expect(roles[.chartModel] == ["charts/rain.json"] && roles[.chartText] == ["charts/rain.txt"] && roles[.chartIndex] == ["charts.json"])
        #expect(set.chartIDs == ["rain"])
        #expect(set["charts/rain.html"]?.title == "Daily rain")
        for file in set.files.values where [.chartPage, .chartData, .audioBank, .audioScript, .rendition, .download, .chartModel, .chartText].contains(file.role) {
            #expect(file.chartID == "rain", "\(file.path)")
        }
        let bank = try #require(set.files(.audioBank).first)
        #expect((bank.audioSeconds ?? 0) > 0.1)
        #expect(set.files(.rendition).allSatisfy { $0.audioSeconds == 10 })
        // Nothing a page does not request: no per-point tone files.
        #expect(set.files.keys.allSatisfy { !$0.contains("/points/") })
    }

    @Test func aBrokenDataFileGivesItsChartsErrorPage() async throws {
        var problem = ChartProblem(file: "site/data/rain.csv", line: 17, column: 3, message: "expected a number in column \"mm\", found \"n/a\"")
        problem.chartFile = "site/charts/rain.vl.json"
        let set = try await Sample.generator().generate(content: SiteContent(charts: [], problems: [problem]))
        let page = Sample.html(set, "charts/rain.html")
        #expect(page.contains("<code>site/charts/rain.vl.json</code>"))
        #expect(page.contains("site/data/rain.csv:17:3: expected a number in column &quot;mm&quot;, found &quot;n/a&quot;"))
    }

    @Test func reportEmbedsChartsFromChartBlocks() async throws {
        let markdown = """
            ---
            title: Rain in <Seattle>
            description: What fell.
            date: 2024-03-01
            ---
            Some **words**.

            ```chart
            charts/rain.vl.json
            ```

            ```chart
            bars
            ```

            ```chart
            charts/missing.vl.json
            ```
            """
        let content = SiteContent(
            charts: [Sample.chart(id: "rain", title: "Daily rain"), Sample.chart(id: "bars", title: "Bars", mark: .bar)],
            reports: [ReportSource(slug: "rain", markdown: markdown)])
        let set = try await Sample.generator().generate(content: content)
        let page = Sample.html(set, "reports/rain.html")
        #expect(page.contains("<h1>Rain in &lt;Seattle&gt;</h1>"))
        #expect(page.contains("1 March 2024"))
        #expect(page.contains("<strong>words</strong>"))
        #expect(page.contains("data-chart-id=\"rain\""))
        #expect(page.contains("data-chart-id=\"bars\""))
        #expect(page.contains("<h2 id=\"rain-heading\">Daily rain</h2>"))
        #expect(page.contains("<h3 id=\"rain-details\">Chart details</h3>"))
        #expect(page.contains("href=\"../charts/rain.csv\""))
        #expect(page.components(separatedBy: "<script defer src=\"../charts/").count == 3)
        #expect(page.contains("charts/missing.vl.json"))
        #expect(set.problems.count == 1)
        #expect(Sample.html(set, "index.html").contains("<a href=\"reports/rain.html\">Rain in &lt;Seattle&gt;</a>"))
    }

    @Test func aReportKeepsOneH1() async throws {
        let content = SiteContent(charts: [], reports: [
            ReportSource(slug: "a", markdown: "# Weather notes\n\nText.\n\n# Later part\n\nMore."),
            ReportSource(slug: "b", markdown: "---\ntitle: Front title\n---\n# Another heading\n\nText."),
        ])
        let set = try await Sample.generator().generate(content: content)
        let a = Sample.html(set, "reports/a.html"), b = Sample.html(set, "reports/b.html")
        #expect(a.components(separatedBy: "<h1").count == 2)
        #expect(a.contains("<h1>Weather notes</h1>"))
        #expect(a.contains("<h2>Later part</h2>"))
        #expect(b.components(separatedBy: "<h1").count == 2)
        #expect(b.contains("<h1>Front title</h1>"))
        #expect(b.contains("<h2>Another heading</h2>"))
    }

    @Test func brokenTemplateThrowsNamingTheFile() async throws {
        let theme = FileManager.default.temporaryDirectory.appendingPathComponent("pl-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        try Data("{{#unclosed}}".utf8).write(to: theme.appendingPathComponent("Templates/index.mustache"))
        defer { try? FileManager.default.removeItem(at: theme) }
        let generator = SiteGenerator(siteDirectory: theme, themeDirectory: theme, cacheDirectory: nil)
        await #expect {
            _ = try await generator.generate(content: SiteContent(charts: [Sample.chart(id: "a", title: "A")]))
        } throws: { error in
            "\(error)".contains("Templates/index.mustache")
        }
    }
}

/// `pitchline check` reports the audio problems generation reports (`SiteContent.audioProblems`,
/// through `Sonifier.check`), in the same words, without encoding any audio.
@Suite struct AudioProblemsTests {
    @Test func checkReportsTheAudioProblemsGenerationReports() async throws {
        var broken = Sample.chart(id: "broken", title: "Broken")
        broken.series[0].values[2] = .infinity  // no spec can load this; a chart built in code can
        let content = SiteContent(charts: [Sample.chart(id: "fine", title: "Fine"), broken])
        let checked = content.audioProblems
        #expect(checked.map(\.description) == [
            "site/charts/broken.vl.json: audio could not be rendered: series \"Rain\" has a value that is not a number (NaN or infinite) at row 3"
        ])
        let generated = try await Sample.generator().generate(content: content)
        #expect(generated.problems == checked)
        #expect(generated.files.keys.contains { $0.hasPrefix("charts/fine.audio.") })
        #expect(!generated.files.keys.contains { $0.hasPrefix("charts/broken.audio.") })
        #expect(generated.files["charts/broken.html"] != nil)  // the page still works without sound
    }
}

import ContentHash
import Foundation
@testable import SiteGenerator
import Testing

@testable import SiteExport

@Suite struct SingleFileTests {
    static let report = ReportSource(
        slug: "rain",
        markdown: "---\ntitle: Rain\n---\nSee [the snow page](../charts/snow.html).\n\n```chart\nrain\n```\n")

    func singleFile() async throws -> (String, FileSet) {
        let generator = SiteGenerator(
            siteDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("pl-unused-\(UUID().uuidString)"),
            themeDirectory: Sample.projectDirectory, cacheDirectory: nil)
        let charts = [Sample.chart(id: "rain", title: "Daily rain"), Sample.chart(id: "snow", title: "Snow <deep>", offset: 1)]
        let set = try await generator.generate(content: SiteContent(charts: charts, reports: [Self.report]))
        return (String(decoding: try SingleFileSite(fileSet: set).render(), as: UTF8.self), set)
    }

    static func all(_ pattern: String, _ text: String) -> [String] { SingleFileSite.matches(pattern, in: text) }

    @Test func everyChartOnceWithUniqueIDsAndOneH1() async throws {
        let (html, _) = try await singleFile()
        #expect(Self.all(#"<figure class="pl-chart" data-chart-id="([^"]*)""#, html).sorted() == ["rain", "snow"])
        let ids = Self.all(#"\sid="([^"]*)""#, html)
        #expect(ids.count == Set(ids).count)
        #expect(html.components(separatedBy: "<h1").count == 2)
        #expect(html.components(separatedBy: "<dialog id=\"pl-help\"").count == 2)
        #expect(html.contains("<section class=\"pl-page\" id=\"page-reports-rain\">"))
        #expect(html.contains("<section class=\"pl-page\" id=\"page-charts-snow\">"))
        #expect(!html.contains("id=\"page-charts-rain\""))  // embedded in the report instead
        #expect(html.contains("Snow &lt;deep&gt;"))
    }

    @Test func linksBecomeAnchorsAndDataURLs() async throws {
        let (html, set) = try await singleFile()
        let links = Self.all(#"\s(?:href|src)="([^"]*)""#, html)
        // Nothing points outside the file.
        #expect(links.allSatisfy { $0.hasPrefix("#") || $0.hasPrefix("data:") }, "\(links.filter { !$0.hasPrefix("#") && !$0.hasPrefix("data:") })")
        #expect(html.contains("href=\"#page-charts-snow\""))  // the report's Markdown link to a chart page
        #expect(html.contains("href=\"#rain-heading\""))  // the index's link to a chart embedded in the report
        #expect(html.contains("href=\"#page-reports-rain\""))
        let csv = try #require(set["charts/rain.csv"])
        #expect(html.contains("href=\"data:text/csv;charset=utf-8;base64,\(csv.data.base64EncodedString())\""))
        // Every in-page anchor lands on an element.
        let ids = Set(Self.all(#"\sid="([^"]*)""#, html))
        for link in links where link.hasPrefix("#") && link.count > 1 {
            #expect(ids.contains(String(link.dropFirst())), "\(link)")
        }
    }

    @Test func scriptsAndStyleAreInlineAndAllowedByTheirHashesOnly() async throws {
        let (html, set) = try await singleFile()
        let csp = try #require(Self.all(#"<meta http-equiv="Content-Security-Policy" content="([^"]*)""#, html).first)
        #expect(csp.hasPrefix("default-src 'none'; script-src 'sha256-"))
        #expect(!csp.contains("unsafe"))
        #expect(!html.contains("<script src") && !html.contains("<link rel=\"stylesheet\"") && !html.contains(" style=\""))
        func hash(_ text: String) -> String { "'sha256-\(Data(ContentHash.sha256(Data(text.utf8))).base64EncodedString())'" }
        let scripts = Self.all(#"<script>([\s\S]*?)</script>"#, html)
        let styles = Self.all(#"<style>([\s\S]*?)</style>"#, html)
        #expect(styles.count == 1)
        // Data script and audio script of both charts, then the page script.
        #expect(scripts.count == 5)
        for script in scripts { #expect(csp.contains(hash(script))) }
        #expect(csp.contains("style-src \(hash(styles[0]))"))
        let audio = try #require(set.files.values.first { $0.path.hasPrefix("charts/snow.audio.") && $0.path.hasSuffix(".js") })
        #expect(scripts.contains(String(decoding: audio.data, as: UTF8.self)))
        #expect(scripts.last!.contains("function Chart(figure, data)"))  // Public/pitchline.js comes last
    }

    @Test func inlineTextCannotCloseItsElement() {
        #expect(SingleFileSite.inlineSafe("a = '</SCRIPT>';", closing: "script") == "a = '<\\/script>';")
        #expect(SingleFileSite.shiftHeadings("<h1 id=\"x\">A</h1><h5>B</h5><hr>") == "<h2 id=\"x\">A</h2><h6>B</h6><hr>")
    }

    @Test func repeatedIDsAreRenamedWithTheirReferences() {
        var registry = IDRegistry()
        _ = registry.claim("<p id=\"note\">x</p>", section: "a")
        let second = registry.claim("<p id=\"note\">y</p><a href=\"#note\">n</a><div aria-labelledby=\"note other\"></div>", section: "b")
        #expect(second == "<p id=\"b-note\">y</p><a href=\"#b-note\">n</a><div aria-labelledby=\"b-note other\"></div>")
    }
}

@Suite struct ProgressTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func add(_ s: String) { lock.withLock { text += s } }
        var all: String { lock.withLock { text } }
    }

    @Test func plainLinesWhenNotATerminal() {
        let out = Lines()
        let progress = ExportProgress(quiet: false, isTerminal: false, write: { out.add($0) })
        progress.step(GenerationStep(index: 3, count: 5, name: "Rendering charts"))
        progress.chart(ChartRenderEvent(chartID: "rain", reused: true, done: 1, total: 2))
        progress.file("index.html", done: 2, total: 2)
        progress.finish()
        let lines = out.all.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("[3/5] Rendering charts"))
        #expect(lines[1].hasPrefix("chart 1/2: rain (reused)"))
        #expect(lines[2] == "wrote 2/2 files")
        #expect(!out.all.contains("\u{1B}"))
    }

    @Test func aRedrawnBarOnATerminalClearedAtTheEnd() {
        let out = Lines()
        let progress = ExportProgress(quiet: false, isTerminal: true, write: { out.add($0) })
        progress.chart(ChartRenderEvent(chartID: "rain", reused: false, done: 1, total: 4))
        progress.chart(ChartRenderEvent(chartID: "snow", reused: false, done: 4, total: 4))
        progress.finish()
        #expect(!out.all.contains("\n"))
        #expect(out.all.contains("[######------------------] 1/4 charts"))
        #expect(out.all.contains("[########################] 4/4 charts"))
        #expect(out.all.hasSuffix("\r\u{1B}[2K"))
    }

    @Test func quietPrintsNothing() {
        let out = Lines()
        let progress = ExportProgress(quiet: true, isTerminal: true, write: { out.add($0) })
        progress.chart(ChartRenderEvent(chartID: "rain", reused: false, done: 1, total: 1))
        progress.finish()
        #expect(out.all.isEmpty)
    }
}

@Suite struct SingleFileWriteTests {
    @Test func writesAtomicallyIntoANewFolder() throws {
        let temp = try TempFolder()
        let target = temp.path("mail/attachments/weather.html")
        try SingleFileSite.write(Data("one".utf8), to: target)
        try SingleFileSite.write(Data("two".utf8), to: target)
        #expect(temp.tree("mail") == ["attachments/weather.html": Data("two".utf8)])
    }
}

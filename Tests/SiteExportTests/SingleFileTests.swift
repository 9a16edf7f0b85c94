import ContentHash
import Foundation
import Synchronization
@testable import SiteGenerator
import Testing

@testable import SiteExport

@Suite struct SingleFileTests {
    static let report = ReportSource(
        slug: "rain",
        markdown: "---\ntitle: Rain\n---\nSee [the snow page](../charts/snow.html).\n\n## Why\n\n```chart\nrain\n```\n")

    func singleFile(theme: URL = Sample.projectDirectory) async throws -> (String, FileSet) {
        var generator = SiteGenerator(
            siteDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("pl-unused-\(UUID().uuidString)"),
            themeDirectory: theme, cacheDirectory: nil)
        generator.singleFile = true
        let charts = [Sample.chart(id: "rain", title: "Daily rain"), Sample.chart(id: "snow", title: "Snow <deep>", offset: 1)]
        let set = try await generator.generate(content: SiteContent(charts: charts, reports: [Self.report]))
        return (String(decoding: try SingleFileSite.file(in: set).data, as: UTF8.self), set)
    }

    /// Capture group 1 of every match.
    static func all(_ pattern: String, _ text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
    }

    @Test func everyChartOnceWithUniqueIDsAndOneH1() async throws {
        let (html, set) = try await singleFile()
        #expect(set["single-file.html"]?.isExported == false)
        #expect(Self.all(#"<figure class="pl-chart" data-chart-id="([^"]*)""#, html).sorted() == ["rain", "snow"])
        let ids = Self.all(#"\sid="([^"]*)""#, html)
        #expect(ids.count == Set(ids).count)
        #expect(html.components(separatedBy: "<h1").count == 2)
        #expect(html.components(separatedBy: "<dialog id=\"pl-help\"").count == 2)
        #expect(html.contains("<section class=\"pl-page\" id=\"page-reports-rain\">"))
        #expect(html.contains("<section class=\"pl-page\" id=\"page-charts-snow\">"))
        #expect(!html.contains("id=\"page-charts-rain\""))  // embedded in the report instead
        #expect(html.contains("Snow &lt;deep&gt;"))
        // Headings nest: report h2, its Markdown h3, its chart h3 with details h4; a chart's own section h2.
        #expect(html.contains("<h2>Rain</h2>") && html.contains("<h3>Why</h3>"))
        #expect(html.contains("<h3 id=\"rain-heading\">Daily rain</h3>") && html.contains("<h4 id=\"rain-details\">"))
        #expect(html.contains("<h2 id=\"snow-heading\">Snow &lt;deep&gt;</h2>") && html.contains("<h3 id=\"snow-details\">"))
    }

    /// A theme's own files named from its CSS (a font, an image) travel inside the single file.
    @Test func themeFilesNamedByTheCSSAreInlined() async throws {
        let theme = FileManager.default.temporaryDirectory.appendingPathComponent("pl-sf-theme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: theme) }
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("Public/fonts"), withIntermediateDirectories: true)
        try Data([0x77, 0x4F, 0x46, 0x32]).write(to: theme.appendingPathComponent("Public/fonts/house.woff2"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: theme.appendingPathComponent("Public/dot.png"))
        try Data(#"@font-face { font-family: House; src: url("fonts/house.woff2") format("woff2"); } .x { background: url(./dot.png); } .y { background: url(https://example.org/a.png); }"#.utf8)
            .write(to: theme.appendingPathComponent("Public/zz-house.css"))
        let (html, set) = try await singleFile(theme: theme)
        #expect(set["assets/fonts/house.woff2"] != nil)   // the site keeps them as files
        #expect(html.contains(#"url("data:font/woff2;base64,d09GMg==")"#))
        #expect(html.contains(#"url("data:image/png;base64,iVBORw==")"#))
        #expect(html.contains("url(https://example.org/a.png)"))   // not a theme file: as written
        #expect(!html.contains("fonts/house.woff2"))
        #expect(html.contains("font-src data:"))
    }

    @Test func linksBecomeAnchorsAndDataURLs() async throws {
        let (html, set) = try await singleFile()
        let links = Self.all(#"\s(?:href|src)="([^"]*)""#, html)
        // Nothing points outside the file.
        #expect(links.allSatisfy { $0.hasPrefix("#") || $0.hasPrefix("data:") }, "\(links.filter { !$0.hasPrefix("#") && !$0.hasPrefix("data:") })")
        #expect(html.contains("href=\"#snow-heading\""))  // the report's Markdown link to a chart page
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
        // Data script and the Ogg and WebM audio scripts of both charts, then the page script.
        #expect(scripts.count == 7)
        for script in scripts { #expect(csp.contains(hash(script))) }
        #expect(csp.contains("style-src \(hash(styles[0]))"))
        let audio = set.files(.audioScript).filter { $0.chartID == "snow" }
        #expect(audio.map { $0.path.hasSuffix(".webm.js") }.sorted { !$0 && $1 } == [false, true])
        for file in audio { #expect(scripts.contains(String(decoding: file.data, as: UTF8.self)), "\(file.path)") }
        #expect(scripts.last == String(decoding: try #require(set.files(.asset).first { $0.path.hasSuffix(".js") }).data, as: UTF8.self))
    }

    /// A theme whose page templates differ in markup from the default (another `<main>`, scripts
    /// in the head, a wrapper around the chart) still gives a complete single file: it is rendered
    /// from the model with its own template, not cut out of the pages.
    @Test func aCustomThemeCannotBreakIt() async throws {
        let temp = try TempFolder()
        let theme = temp.path("theme")
        try FileManager.default.copyItem(at: Sample.projectDirectory.appendingPathComponent("Templates"), to: theme.appendingPathComponent("Templates"))
        try FileManager.default.copyItem(at: Sample.projectDirectory.appendingPathComponent("Public"), to: theme.appendingPathComponent("Public"))
        let layout = theme.appendingPathComponent("Templates/layout.mustache")
        var text = try String(contentsOf: layout, encoding: .utf8)
        text = text.replacingOccurrences(of: "<main id=\"main\" tabindex=\"-1\">", with: "<div class=\"shell\"><main class=\"content\" id=\"top\">")
            .replacingOccurrences(of: "</main>", with: "</main></div>")
        try text.write(to: layout, atomically: true, encoding: .utf8)
        let chart = theme.appendingPathComponent("Templates/chart.mustache")
        text = try String(contentsOf: chart, encoding: .utf8)
        text = text.replacingOccurrences(of: "{{>partials/chart}}", with: "<div class=\"frame\">{{>partials/chart}}</div>")
        try text.write(to: chart, atomically: true, encoding: .utf8)

        let (html, set) = try await singleFile(theme: theme)
        #expect(String(decoding: set["charts/snow.html"]!.data, as: UTF8.self).contains("<main class=\"content\" id=\"top\">"))
        #expect(Self.all(#"<figure class="pl-chart" data-chart-id="([^"]*)""#, html).sorted() == ["rain", "snow"])
        #expect(html.contains("<main id=\"main\" tabindex=\"-1\">"))
        #expect(Self.all(#"<script>([\s\S]*?)</script>"#, html).count == 7)   // per chart: data, Ogg and WebM audio; the page script
        #expect(html.contains("Data as CSV") && html.contains("data:text/csv"))
        #expect(html.components(separatedBy: "<dialog id=\"pl-help\"").count == 2)
    }

    @Test func inlineTextCannotCloseItsElement() {
        #expect(SingleFile.inlineSafe("a = '</SCRIPT>';", closing: "script") == "a = '<\\/script>';")
        #expect(SingleFile.shiftHeadings("<h1>A</h1><h5>B</h5><hr>") == "<h2>A</h2><h6>B</h6><hr>")
    }
}

@Suite struct ProgressTests {
    final class Lines: Sendable {
        private let text = Mutex("")
        func add(_ s: String) { text.withLock { $0 += s } }
        var all: String { text.withLock { $0 } }
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

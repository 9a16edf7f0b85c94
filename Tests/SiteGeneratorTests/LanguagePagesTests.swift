import ChartData
import Foundation
import SiteFolders
import SiteGenerator
import SpecReading
import Testing

/// Pages in the chart's or site's language: `lang`, chrome, and the scrubber's messages.
@Suite struct LanguagePagesTests {
    @Test func aGermanChartInAnEnglishSite() async throws {
        let root = try writeSite([
            "charts/rain.csv": "date,rain\n2024-01-01,1.5\n2024-01-02,0\n2024-01-03,2.25\n",
            "charts/regen.vl.json": #"""
            {"title": "Regen", "data": {"values": [{"t": "2024-01-01", "r": 1.5}, {"t": "2024-01-02", "r": 0}, {"t": "2024-01-03", "r": 2.25}]},
             "mark": "bar", "encoding": {"x": {"field": "t", "type": "temporal", "title": "Tag"}, "y": {"field": "r", "type": "quantitative", "title": "Regen"}},
             "usermeta": {"pitchline": {"language": "de", "unit": "mm"}}}
            """#,
            "reports/weather.md": "---\ntitle: Weather\n---\n```chart\nregen\n```\n",
        ], name: "pl-lang")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let set = try await SiteGenerator(siteDirectory: root, themeDirectory: nil, cacheDirectory: nil).generate()
        #expect(set.problems.isEmpty, "\(set.problems)")
        let german = Sample.html(set, "charts/regen.html")
        #expect(german.contains("<html lang=\"de\">"))
        #expect(german.contains("<a class=\"pl-skip\" href=\"#main\">Zum Hauptinhalt springen</a>"))
        #expect(german.contains("aria-valuetext=\"1. Januar 2024, Regen 1,5 Millimeter\""))
        #expect(german.contains("<h2 id=\"pl-help-title\">Tasten für Audiodiagramme</h2>"))
        #expect(!german.contains(" lang=\"de\"><a"))  // the whole page is German: no lang on parts
        let english = Sample.html(set, "charts/rain.html")
        #expect(english.contains("<html lang=\"en\">") && english.contains("Skip to main content"))
        let index = Sample.html(set, "index.html")
        #expect(index.contains("<li lang=\"de\"><a href=\"charts/regen.html\">Regen</a> <span class=\"pl-kind\">(Balkendiagramm)</span><p>Balkendiagramm zu Regen, vom 1. Januar 2024 bis zum 3. Januar 2024, 3 Balken.</p>"))
        let report = Sample.html(set, "reports/weather.html")
        #expect(report.contains("<html lang=\"en\">"))
        #expect(report.contains("<section class=\"pl-embedded\" lang=\"de\">"))
        #expect(report.contains("data-chart-id=\"regen\" lang=\"de\""))
        #expect(report.contains("<details class=\"pl-more\" lang=\"de\">"))
        // The scrubber's messages come from the generator, in the chart's language.
        let script = try #require(set.files.values.first { $0.role == .chartData && $0.chartID == "regen" })
        let js = String(decoding: script.data, as: UTF8.self)
        #expect(js.contains("\"highest\":\"Höchster Wert: {l}\""))
        #expect(!js.contains("\"to\":"))  // one series: no switch to name
        #expect(js.contains("\"places\":[\"1\",\"2\",\"3\"]"))
        #expect(js.contains("1,5-fache Geschwindigkeit"))
    }

    /// Every page of a site, in every language, has every template text: none shows a catalogue key.
    @Test func noPageShowsACatalogueKey() async throws {
        let keys = Set(Messages.catalogue(.en).keys)
        for language in Language.allCases {
            let root = try writeSite([
                "pitchline.json": #"{"language": "\#(language.rawValue)"}"#,
                "charts/rain.csv": "date,rain,snow\n2024-01-01,1.5,0\n2024-01-02,0,2\n2024-01-03,2.25,1\n",
                "reports/weather.md": "---\ntitle: Weather\n---\n```chart\nrain\n```\n\n```chart\nnope\n```\n",
            ], name: "pl-keys")
            defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
            let set = try await SiteGenerator(siteDirectory: root, themeDirectory: nil, cacheDirectory: nil).generate()
            for (path, file) in set.files where file.role == .chartData {
                #expect(!String(decoding: file.data, as: UTF8.self).contains("[missing text:"), "\(language) \(path)")
            }
            for (path, file) in set.files where path.hasSuffix(".html") {
                let html = String(decoding: file.data, as: UTF8.self)
                #expect(!html.contains("MessageLookup") && !html.contains("[missing text:"), "\(language) \(path)")
                let shown = Self.keysShown(in: html, among: keys)
                #expect(shown.isEmpty, "\(language) \(path): \(shown)")
            }
        }
    }

    /// The catalogue keys `html` shows as they are: a whole text or attribute value, or a text's
    /// last word before a closing tag. One pass over the page: searching it once per key (about a
    /// thousand keys, three patterns each) took most of this suite's minute of CPU.
    static func keysShown(in html: String, among keys: Set<String>) -> [String] {
        let bytes = Array(html.utf8)
        var found = Set<String>()
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: ">") {
                var j = i + 1
                while j < bytes.count, bytes[j] != UInt8(ascii: "<") { j += 1 }
                let text = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
                if keys.contains(text) { found.insert(text) }
                if j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "/"), let space = text.lastIndex(of: " ") {
                    let last = String(text[text.index(after: space)...])
                    if keys.contains(last) { found.insert(last) }
                }
                i = j
            } else if bytes[i] == UInt8(ascii: "="), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                var j = i + 2
                while j < bytes.count, bytes[j] != UInt8(ascii: "\"") { j += 1 }
                let value = String(decoding: bytes[(i + 2)..<min(j, bytes.count)], as: UTF8.self)
                if keys.contains(value) { found.insert(value) }
                i = j + 1
            } else {
                i += 1
            }
        }
        return found.sorted()
    }

    @Test func keysShownFindsAKeyAsTextAttributeOrLastWord() {
        let keys: Set = ["page.skip", "chart.kind.line"]
        #expect(Self.keysShown(in: #"<p>page.skip</p>"#, among: keys) == ["page.skip"])
        #expect(Self.keysShown(in: #"<a title="chart.kind.line">x</a>"#, among: keys) == ["chart.kind.line"])
        #expect(Self.keysShown(in: #"<p>Read chart.kind.line</p>"#, among: keys) == ["chart.kind.line"])
        #expect(Self.keysShown(in: #"<p>page.skipped and chart.kind.lines</p>"#, among: keys).isEmpty)
    }
}

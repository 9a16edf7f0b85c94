@testable import ChartData
import Foundation
@testable import SiteGenerator
import SiteFolders
import Testing

/// `pitchline render`'s core (`SiteGenerator.renderOne`) and ```` ```vega-lite ```` fences in reports.
@Suite struct OneChartTests {
    static let spec = """
        {
          "title": "Rain by day",
          "data": {"values": [{"d": "A", "v": 3}, {"d": "B", "v": 5}, {"d": "C", "v": 2}]},
          "mark": "bar",
          "encoding": {"x": {"field": "d", "type": "nominal"}, "y": {"field": "v", "type": "quantitative", "title": "Rain"}}
        }
        """

    static func render(_ layout: OneChartLayout, id: String = "rain") async throws -> String {
        let item = try ChartLoader.loadAny(data: Data(spec.utf8), path: "tmp/\(id).vl.json", readFile: { _ in Data() })
        let one = try await Sample.generator().renderOne(item, layout: layout)
        #expect(one.problems.isEmpty)
        return String(decoding: one.html, as: UTF8.self)
    }

    @Test func aDocumentHoldsTheChartItsScriptsAndAudioAndNothingFromElsewhere() async throws {
        let html = try await Self.render(.document)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<title>Rain by day</title>"))
        #expect(html.contains("<h1 id=\"rain-heading\">Rain by day</h1>"))
        #expect(html.contains("Content-Security-Policy"))
        #expect(html.contains("<figure class=\"pl-chart\" data-chart-id=\"rain\""))
        #expect(html.contains("id=\"pl-help\""))
        #expect(html.contains("window.PitchlineCharts"))    // the data script, inline
        #expect(html.contains("PitchlineAudio"))            // the tone bank, inline
        #expect(!html.contains("<script src") && !html.contains("<link rel=\"stylesheet\""))
        #expect(!html.contains("<ul class=\"pl-list\">"))   // no site index
    }

    @Test func aFragmentIsADivWithOrWithoutThePageParts() async throws {
        let full = try await Self.render(.fragment(pageParts: true))
        #expect(full.hasPrefix("<div class=\"pl-fragment\" lang=\"en\">"))
        #expect(!full.contains("<html") && !full.contains("Content-Security-Policy"))
        #expect(full.contains("<h2 id=\"rain-heading\">"))
        #expect(full.contains("<style>") && full.contains("id=\"pl-help\""))
        let bare = try await Self.render(.fragment(pageParts: false), id: "rain2")
        #expect(bare.contains("data-chart-id=\"rain2\""))
        #expect(!bare.contains("<style>") && !bare.contains("id=\"pl-help\""))
        // The page script once per page: only the fragment with the page parts carries it.
        #expect(full.contains("function init()") && !bare.contains("function init()"))
    }

    @Test func aReportsVegaLiteFenceBecomesAChartOfTheSite() async throws {
        let site = try writeSite([
            "charts/named.vl.json": Self.spec,
            "reports/notes.md": "# Notes\n\n```chart\nnamed\n```\n\n```vega-lite\n\(Self.spec)\n```\n",
        ], name: "inline-fence")
        let generator = SiteGenerator(siteDirectory: site, themeDirectory: Sample.projectDirectory, cacheDirectory: nil)
        let set = try await generator.generate()
        #expect(set.problems.isEmpty)
        let report = Sample.html(set, "reports/notes.html")
        #expect(report.contains("data-chart-id=\"named\""))
        #expect(report.contains("data-chart-id=\"notes-1\""))
        #expect(!report.contains("vega-lite"))
        #expect(set["charts/notes-1.html"] != nil)
    }

    @Test func anInlineSpecsProblemNamesTheReportAndItsLine() throws {
        let site = try writeSite([
            "charts/named.vl.json": Self.spec,
            "reports/notes.md": "# Notes\n\nText.\n\n```vega-lite\n{\n  \"mark\": \"geoshape\",\n  \"data\": {\"values\": [{\"a\": 1}]}\n}\n```\n",
        ], name: "inline-fence-problem")
        let generator = SiteGenerator(siteDirectory: site, themeDirectory: nil, cacheDirectory: nil)
        let checked = try generator.check()
        #expect(checked.problems.first?.hasPrefix("site/reports/notes.md:7: $.mark: \"geoshape\" is not supported") == true)
    }
}

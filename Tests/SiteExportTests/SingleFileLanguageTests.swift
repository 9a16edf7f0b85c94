import ChartData
import Foundation
import SiteExport
import SiteGenerator
import Testing

/// The single file carries the site's language (`pitchline.json`), like every page.
@Suite struct SingleFileLanguageTests {
    @Test func singleFileHasTheSitesLanguage() async throws {
        let generator = SiteGenerator(
            siteDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("pl-unused-\(UUID().uuidString)"),
            themeDirectory: nil, cacheDirectory: nil)
        var content = SiteContent(charts: [Sample.chart(id: "regen", title: "Regen")])
        content.settings.language = "de-AT"
        let set = try await generator.generate(content: content)
        let html = String(decoding: try SingleFileSite(fileSet: set).render(), as: UTF8.self)
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"de-AT\">\n"))
    }
}

import ChartData
import Foundation
import SiteGenerator
import Testing

/// The single file carries the site's language (`pitchline.json`), like every page.
@Suite struct SingleFileLanguageTests {
    @Test func singleFileHasTheSitesLanguage() async throws {
        var generator = SiteGenerator(
            siteDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("pl-unused-\(UUID().uuidString)"),
            themeDirectory: nil, cacheDirectory: nil)
        generator.singleFile = true
        var content = SiteContent(charts: [Sample.chart(id: "regen", title: "Regen")])
        content.settings.language = "de-AT"
        let set = try await generator.generate(content: content)
        let single = set.files.values.first { $0.role == .singleFile }
        #expect(single.map { String(decoding: $0.data, as: UTF8.self) }?.hasPrefix("<!doctype html>\n<html lang=\"de-AT\">\n") == true)
    }
}

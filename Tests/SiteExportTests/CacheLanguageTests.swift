import ChartData
import Foundation
import SiteGenerator
import Testing

/// A changed `language` in pitchline.json re-renders cached chart pages (their `lang` changes).
@Suite struct CacheLanguageTests {
    @Test func aNewLanguageIsNotServedFromTheRenderCache() async throws {
        let temp = try TempFolder()
        func generate(language: String) async throws -> (FileSet, RenderCacheStatistics) {
            var generator = SiteGenerator(siteDirectory: temp.url.appendingPathComponent("unused-site"), themeDirectory: nil, cacheDirectory: temp.url)
            let cache = RenderCache(directory: temp.url.appendingPathComponent("render"))
            generator.renderCache = cache
            var content = SiteContent(charts: [Sample.chart(id: "rain", title: "Daily rain")])
            content.settings.language = language
            let set = try await generator.generate(content: content)
            return (set, cache.statistics)
        }
        let (english, _) = try await generate(language: "en")
        let (german, stats) = try await generate(language: "de")
        #expect(stats.rendered == 1 && stats.reused == 0)
        #expect(String(decoding: english["charts/rain.html"]!.data, as: UTF8.self).contains("<html lang=\"en\">"))
        #expect(String(decoding: german["charts/rain.html"]!.data, as: UTF8.self).contains("<html lang=\"de\">"))
        let (_, again) = try await generate(language: "de")
        #expect(again.reused == 1)
    }
}

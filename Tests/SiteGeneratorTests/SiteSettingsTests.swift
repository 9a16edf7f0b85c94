import ChartData
import Foundation
import SiteFolders
import SiteGenerator
import Testing

/// `site/pitchline.json` as the generator uses it: title, `lang`, sitemap, theme folder.
@Suite struct SiteSettingsGenerationTests {
    func site(_ files: [String: String]) throws -> URL { try writeSite(files, name: "pl-settings") }

    @Test func titleLanguageAndSitemap() async throws {
        let root = try site([
            "pitchline.json": #"{"title": "Wetter in Berlin", "language": "de", "baseURL": "https://example.org/wetter/"}"#,
            "charts/regen.csv": "datum,regen\n2024-01-01,1.5\n2024-01-02,0\n",
            "reports/januar.md": "---\ntitle: Januar\n---\nText.\n",
        ])
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let set = try await SiteGenerator(siteDirectory: root, themeDirectory: nil, cacheDirectory: nil).generate()
        #expect(set.problems.isEmpty, "\(set.problems)")
        for page in ["index.html", "charts/regen.html", "reports/januar.html", "404.html"] {
            #expect(Sample.html(set, page).contains("<html lang=\"de\">"), "\(page)")
        }
        #expect(Sample.html(set, "index.html").contains("<h1>Wetter in Berlin</h1>"))
        let sitemap = Sample.html(set, "sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/wetter/</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/wetter/charts/regen.html</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/wetter/reports/januar.html</loc>"))
        // The 404 page is served at any depth: its links start at the base URL's path.
        #expect(Sample.html(set, "404.html").contains("href=\"/wetter/index.html\""))
        // Each published page names its own absolute URL (the 404 page has none: it stands anywhere).
        for page in ["index.html", "charts/regen.html", "reports/januar.html"] {
            #expect(Sample.html(set, page).contains("<link rel=\"canonical\" href=\"https://example.org/wetter/\(page)\">"), "\(page)")
        }
        #expect(!Sample.html(set, "404.html").contains("rel=\"canonical\""))
    }

    @Test func noBaseURLNoSitemap() async throws {
        let root = try site(["charts/a.csv": "x,y\n1,2\n2,3\n"])
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let set = try await SiteGenerator(siteDirectory: root, themeDirectory: nil, cacheDirectory: nil).generate()
        #expect(set["sitemap.xml"] == nil)
        #expect(!Sample.html(set, "index.html").contains("rel=\"canonical\""))
        #expect(Sample.html(set, "index.html").contains("<html lang=\"en\">"))
    }

    @Test func themeFolderFromSettingsAndABrokenSettingsFileIsLocated() async throws {
        let index = String(decoding: ThemeFiles.builtIn.files["Templates/index.mustache"]!, as: UTF8.self)
        let root = try site([
            "pitchline.json": #"{"theme": "house"}"#,
            "house/Templates/index.mustache": index.replacingOccurrences(of: "<h1>", with: "<h1 class=\"house\">"),
            "charts/a.csv": "x,y\n1,2\n2,3\n",
        ])
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let set = try await SiteGenerator(siteDirectory: root, themeDirectory: nil, cacheDirectory: nil).generate()
        #expect(Sample.html(set, "index.html").contains("<h1 class=\"house\">"))

        try Data("{\"language\": 3}".utf8).write(to: root.appendingPathComponent("pitchline.json"))
        await #expect {
            _ = try await SiteGenerator(siteDirectory: root, themeDirectory: nil, cacheDirectory: nil).generate()
        } throws: { error in
            "\(error)" == "Reading site settings: site/pitchline.json:1: $.language: expected a string, found a number"
        }
    }
}

import Foundation
import SiteGenerator
import Testing

@Suite struct ThemeTests {
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pl-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The binary carries exactly the checkout's Templates/ and Public/ (the Embed plugin
    /// regenerates them on every build, including files added or removed since the last one).
    @Test func builtInThemeIsTheCheckoutsTheme() throws {
        let checkout = try ThemeFiles(directory: Sample.projectDirectory)
        #expect(ThemeFiles.builtIn.files.keys.sorted() == checkout.files.keys.sorted())
        #expect(ThemeFiles.builtIn == checkout)
        #expect(ThemeFiles.builtIn.files["Templates/layout.mustache"] != nil)
        #expect(ThemeFiles.builtIn.files["Public/pitchline.js"] != nil)
    }

    @Test func builtInThemeRendersWithoutAnyThemeFolder() async throws {
        let generator = SiteGenerator(siteDirectory: Sample.projectDirectory.appendingPathComponent("unused"), themeDirectory: nil, cacheDirectory: nil)
        let set = try await generator.generate(content: SiteContent(charts: [Sample.chart(id: "rain", title: "Daily rain")]))
        #expect(Sample.html(set, "charts/rain.html").contains("<h1>Daily rain</h1>"))
        #expect(set.files.keys.contains { $0.hasPrefix("assets/pitchline.") && $0.hasSuffix(".css") })
    }

    /// A theme folder with one template changes the pages made from it, and nothing else.
    @Test func partialThemeOverridesOnlyWhatItHolds() async throws {
        let theme = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: theme) }
        let content = SiteContent(charts: [Sample.chart(id: "rain", title: "Daily rain")])
        let plain = try await SiteGenerator(siteDirectory: theme, themeDirectory: nil, cacheDirectory: nil).generate(content: content)

        try FileManager.default.createDirectory(at: theme.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        let index = String(decoding: ThemeFiles.builtIn.files["Templates/index.mustache"]!, as: UTF8.self)
        try Data(index.replacingOccurrences(of: "{{siteTitle}}", with: "{{siteTitle}} (house style)").utf8)
            .write(to: theme.appendingPathComponent("Templates/index.mustache"))
        let themed = try await SiteGenerator(siteDirectory: theme, themeDirectory: theme, cacheDirectory: nil).generate(content: content)
        #expect(Sample.html(themed, "index.html").contains("(house style)"))
        #expect(!Sample.html(plain, "index.html").contains("(house style)"))
        #expect(Set(themed.files.keys) == Set(plain.files.keys))
        for path in plain.files.keys where path != "index.html" {
            #expect(themed[path]?.data == plain[path]?.data, "\(path) changed")
        }
    }

    /// Just the CSS: the stylesheet bundle changes; the script and templates stay built-in.
    @Test func cssOnlyThemeReplacesThatStylesheet() async throws {
        let theme = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: theme) }
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("Public"), withIntermediateDirectories: true)
        try Data("body { color: rebeccapurple; }\n".utf8).write(to: theme.appendingPathComponent("Public/pitchline.css"))
        let generator = SiteGenerator(siteDirectory: theme, themeDirectory: theme, cacheDirectory: nil)
        let set = try await generator.generate(content: SiteContent(charts: [Sample.chart(id: "rain", title: "Daily rain")]))
        let css = set.files.values.first { $0.path.hasSuffix(".css") }.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
        #expect(css.contains("rebeccapurple"))
        #expect(css.contains(".pl-slider"), "scrubber.css (not overridden) is still bundled")
        let js = set.files.values.first { $0.path.hasSuffix(".js") && $0.path.hasPrefix("assets/") }
        // The built-in scripts (Public/*.js by name, a newline after each), untouched.
        let builtInJS = ThemeFiles.builtIn.files.filter { $0.key.hasPrefix("Public/") && $0.key.hasSuffix(".js") }
            .sorted { $0.key < $1.key }.map { $0.value.last == 0x0A ? $0.value : $0.value + Data([0x0A]) }.reduce(Data(), +)
        #expect(js?.data == builtInJS)
    }

    @Test func themeFolderWithoutThemeIsRefused() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: GenerationError.self) { _ = try ThemeFiles(directory: folder) }
        #expect(throws: GenerationError.self) { _ = try ThemeFiles(directory: folder.appendingPathComponent("missing")) }
    }

    @Test func themeExportWritesEveryFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ThemeFiles.builtIn.write(to: folder)
        #expect(try ThemeFiles(directory: folder) == ThemeFiles.builtIn)
        // Exporting again replaces every file in place and leaves nothing else behind (no temporary files).
        try ThemeFiles.builtIn.write(to: folder)
        let written = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])!
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map { String($0.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)) }
        #expect(Set(written) == Set(ThemeFiles.builtIn.files.keys))
    }

    /// Images and fonts in a theme's Public/ are published under assets/, as they are.
    @Test func otherPublicFilesArePublishedUnderAssets() async throws {
        let theme = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: theme) }
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("Public/img"), withIntermediateDirectories: true)
        let svg = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
        try svg.write(to: theme.appendingPathComponent("Public/img/logo.svg"))
        let generator = SiteGenerator(siteDirectory: theme, themeDirectory: theme, cacheDirectory: nil)
        let set = try await generator.generate(content: SiteContent(charts: [Sample.chart(id: "rain", title: "Daily rain")]))
        #expect(set["assets/img/logo.svg"]?.data == svg)
        #expect(set["assets/img/logo.svg"]?.contentType.hasPrefix("image/svg+xml") == true)
        #expect(set["assets/pitchline.css"] == nil, "CSS is bundled under a hashed name, not copied")
    }
}

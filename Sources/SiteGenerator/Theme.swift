import ChartPages
import Foundation

/// The loaded theme: templates and the bundled CSS/JS.
struct Theme: Sendable {
    let files: ThemeFiles
    let pages: PageRenderer
    let assets: ThemeAssets

    /// The built-in theme overridden by `files`' contents; pages get `lang="language"`.
    init(files: ThemeFiles, language: String = "en", baseURL: String? = nil) throws {
        self.files = files
        do {
            var pages = try PageRenderer(templates: files.templates, language: language)
            pages.baseURL = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
            self.pages = pages
        } catch {
            throw GenerationError(step: "Loading templates", path: (error as? TemplateParseError)?.name, underlying: error)
        }
        assets = try ThemeAssets(files: files)
    }

    /// The built-in theme, overridden file by file by `directory` (nil: the built-in theme alone).
    init(directory: URL?, language: String = "en", baseURL: String? = nil) async throws {
        let base = ThemeFiles.builtIn
        try self.init(files: try directory.map { base.overlaid(by: try ThemeFiles(directory: $0)) } ?? base, language: language, baseURL: baseURL)
    }

    /// Identifies what a rendered page takes from the theme, for the render cache: the templates
    /// and the language they are rendered with (`lang` on every page), and the canonical URLs' base.
    var templatesFingerprint: String { files.fingerprint(prefix: "Templates/") + " lang=" + pages.language + " base=" + (pages.baseURL ?? "") }
}

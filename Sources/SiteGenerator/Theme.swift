import ChartPages
import Foundation

/// The loaded theme: templates and the bundled CSS/JS.
struct Theme: Sendable {
    let files: ThemeFiles
    let pages: PageRenderer
    let assets: ThemeAssets

    /// The built-in theme overridden by `files`' contents.
    init(files: ThemeFiles) throws {
        self.files = files
        do {
            pages = try PageRenderer(templates: files.templates)
        } catch {
            throw GenerationError(step: "Loading templates", path: (error as? TemplateParseError)?.name, underlying: error)
        }
        assets = try ThemeAssets(files: files)
    }

    /// The built-in theme, overridden file by file by `directory` (nil: the built-in theme alone).
    init(directory: URL?) async throws {
        let base = ThemeFiles.builtIn
        try self.init(files: try directory.map { base.overlaid(by: try ThemeFiles(directory: $0)) } ?? base)
    }

    /// Identifies the templates for the render cache.
    var templatesFingerprint: String { files.fingerprint(prefix: "Templates/") }
}

import Foundation
import SiteGenerator

extension SiteSource {
    /// Runs the site generator (the same one `export` uses, so served and exported sites match).
    func generate(progress: @escaping @Sendable (String) -> Void) async throws -> FileSet {
        let generator = SiteGenerator(siteDirectory: site, themeDirectory: theme, cacheDirectory: cache)
        return try await generator.generate { step in progress(step.description) }
    }
}

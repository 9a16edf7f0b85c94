import ArgumentParser
import SiteGenerator

extension SiteSource {
    /// Runs the site generator. Until SiteGenerator lands on main, only `--files DIR` works.
    func generate() async throws -> FileSet {
        throw ValidationError(
            "this build cannot generate \(site.path) yet (the site generator is not merged): use --files DIR to serve built files")
    }
}

import ChartPages
import Foundation

/// The loaded theme: templates and the bundled CSS/JS.
struct Theme: Sendable {
    let pages: PageRenderer
    let assets: ThemeAssets

    init(directory: URL) async throws {
        do {
            pages = try await PageRenderer(templatesDirectory: directory.appendingPathComponent("Templates"))
        } catch {
            throw GenerationError(step: "Loading templates", path: directory.appendingPathComponent("Templates").path, underlying: error)
        }
        assets = try ThemeAssets(publicDirectory: directory.appendingPathComponent("Public"))
    }
}

import ChartData
import Foundation
import Mustache

/// A template that was asked for but is not in the theme's `Templates/` folder.
public struct MissingTemplateError: Error, CustomStringConvertible {
    public var name: String
    public var directory: String
    public var description: String { "template \"\(name)\" not found in \(directory)" }
}

/// Asset paths every page links to, relative to the site root.
public struct PageAssets: Sendable, Equatable {
    /// e.g. `assets/pitchline.1a2b3c4d.css`
    public var cssPath: String
    /// e.g. `assets/pitchline.5e6f7a8b.js`
    public var jsPath: String
    public init(cssPath: String, jsPath: String) {
        self.cssPath = cssPath
        self.jsPath = jsPath
    }
}

/// Renders pages from the theme's Mustache templates (loaded once).
public struct PageRenderer: Sendable {
    let library: MustacheLibrary
    let directory: String

    /// Loads every `*.mustache` under `templatesDirectory` (name = relative path without extension).
    public init(templatesDirectory: URL) async throws {
        directory = templatesDirectory.path
        library = try await MustacheLibrary(directory: templatesDirectory.path)
    }

    /// Renders a named template; throws `MissingTemplateError` when it does not exist.
    public func render(_ name: String, _ context: Any) throws -> String {
        guard library.getTemplate(named: name) != nil, let text = library.render(context, withTemplate: name) else {
            throw MissingTemplateError(name: name, directory: directory)
        }
        return text
    }
}

import ChartPages
import Foundation

/// The theme's CSS and JS from `Public/`, concatenated (files sorted by name) under
/// content-hashed names, ready to be cached forever.
struct ThemeAssets: Sendable {
    var css: GeneratedFile
    var js: GeneratedFile
    var paths: PageAssets { PageAssets(cssPath: css.path, jsPath: js.path) }

    init(publicDirectory: URL) throws {
        css = try Self.bundle(publicDirectory, extension: "css", contentType: ContentType.css)
        js = try Self.bundle(publicDirectory, extension: "js", contentType: ContentType.javascript)
    }

    static func bundle(_ directory: URL, extension ext: String, contentType: String) throws -> GeneratedFile {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var data = Data()
        for name in names.filter({ $0.hasSuffix(".\(ext)") }).sorted() {
            do {
                data.append(try Data(contentsOf: directory.appendingPathComponent(name)))
            } catch {
                throw GenerationError(step: "Reading theme assets", path: "Public/\(name)", underlying: error)
            }
            if data.last != 0x0A { data.append(0x0A) }
        }
        let path = "assets/pitchline.\(shortHash(data)).\(ext)"
        return GeneratedFile(path: path, data: data, contentType: contentType, role: .asset, isImmutable: true)
    }
}

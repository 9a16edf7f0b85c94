import ChartPages
import Foundation

/// The theme's CSS and JS from `Public/`, concatenated (files sorted by name) under
/// content-hashed names, ready to be cached forever.
struct ThemeAssets: Sendable {
    var css: GeneratedFile
    var js: GeneratedFile
    var paths: PageAssets { PageAssets(cssPath: css.path, jsPath: js.path) }

    init(files: ThemeFiles) throws {
        css = Self.bundle(files, extension: "css", contentType: ContentType.css)
        js = Self.bundle(files, extension: "js", contentType: ContentType.javascript)
    }

    /// Every `Public/*.<ext>` (not in subfolders), sorted by name, one newline between files.
    static func bundle(_ theme: ThemeFiles, extension ext: String, contentType: String) -> GeneratedFile {
        var data = Data()
        for (path, bytes) in theme.files.sorted(by: { $0.key < $1.key })
        where path.hasPrefix("Public/") && path.hasSuffix(".\(ext)") && !path.dropFirst(7).contains("/") {
            data.append(bytes)
            if data.last != 0x0A { data.append(0x0A) }
        }
        let path = "assets/pitchline.\(shortHash(data)).\(ext)"
        return GeneratedFile(path: path, data: data, contentType: contentType, role: .asset, isImmutable: true)
    }
}

import ChartPages
import Foundation

/// The theme's CSS and JS from `Public/`, concatenated (files sorted by name) under
/// content-hashed names, ready to be cached forever; every other file of `Public/` (images,
/// fonts, files in subfolders) as it is, at `assets/<its path under Public/>`.
struct ThemeAssets: Sendable {
    var css: GeneratedFile
    var js: GeneratedFile
    var others: [GeneratedFile]
    var paths: PageAssets { PageAssets(cssPath: css.path, jsPath: js.path) }

    init(files: ThemeFiles) throws {
        css = Self.bundle(files, extension: "css", contentType: ContentType.css)
        js = Self.bundle(files, extension: "js", contentType: ContentType.javascript)
        others = files.files.sorted(by: { $0.key < $1.key }).compactMap { path, bytes in
            guard path.hasPrefix("Public/") else { return nil }
            let relative = path.dropFirst("Public/".count)
            if !relative.contains("/") && (relative.hasSuffix(".css") || relative.hasSuffix(".js")) { return nil }
            return GeneratedFile(path: "assets/\(relative)", data: bytes, contentType: ContentType.forPath(path), role: .asset)
        }
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

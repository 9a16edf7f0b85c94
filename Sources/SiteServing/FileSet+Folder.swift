import Foundation
import SiteGenerator

extension FileSet {
    /// Every regular file under `folder` (an exported site, or any static folder), read into memory.
    /// Content types come from the extension; names with a hex hash segment (`x.3fa9c2d1.js`)
    /// count as immutable. Hidden files are skipped; symbolic links are not followed out of the folder.
    public static func loadFolder(_ folder: URL) throws -> FileSet {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path]) }
        var set = FileSet()
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in walker {
            guard (try url.resourceValues(forKeys: Set(keys))).isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            set.add(GeneratedFile(
                path: relative, data: try Data(contentsOf: url),
                contentType: ContentTypes.forPath(relative), isImmutable: ContentTypes.looksHashed(relative)))
        }
        return set
    }
}

/// Content types by file extension, for folders of static files.
public enum ContentTypes {
    public static func forPath(_ path: String) -> String {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "application/javascript; charset=utf-8"
        case "json", "map": return "application/json; charset=utf-8"
        case "svg": return "image/svg+xml; charset=utf-8"
        case "csv": return "text/csv; charset=utf-8"
        case "txt", "md": return "text/plain; charset=utf-8"
        case "xml": return "application/xml; charset=utf-8"
        case "ogg", "oga": return "audio/ogg"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "pdf": return "application/pdf"
        default: return "application/octet-stream"
        }
    }

    /// True when a dot-separated name part is 8 or more hex digits (a content hash).
    public static func looksHashed(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.split(separator: ".").dropFirst().contains { part in
            part.count >= 8 && part.allSatisfy { $0.isHexDigit }
        }
    }
}

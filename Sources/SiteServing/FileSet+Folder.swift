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
            let type = ContentType.forPath(relative)
            set.add(GeneratedFile(
                path: relative, data: try Data(contentsOf: url), contentType: type,
                role: type == ContentType.html ? .page : .file, isImmutable: Self.looksHashed(relative)))
        }
        return set
    }

    /// True when a dot-separated name part is 8 or more hex digits (a content hash).
    public static func looksHashed(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.split(separator: ".").dropFirst().contains { part in
            part.count >= 8 && part.allSatisfy { $0.isHexDigit }
        }
    }
}

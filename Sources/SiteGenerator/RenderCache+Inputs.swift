import ContentHash
import Foundation

/// The bytes a site folder's charts are made from, hashed for render cache keys (`RenderCache`):
/// computing a chart's key reads its spec and hashes files, it never loads the chart.
///
/// Every file in the site folder (but the cache folder and `.git`) is hashed once, by content
/// (`ContentHash`), when the generation starts, before any chart is loaded. A chart's key is:
/// its own file's hash (and a bare CSV's sidecar, present or not), `pitchline.json`'s, and the
/// hash of every file whose name appears in its spec's text, with its path. A spec reads data only
/// through `data.url` (and `lookup`'s), which must name the file, so a changed, added or removed
/// data file changes the key of exactly the charts that may read it. JSON could spell a name
/// otherwise only with a `\u` escape (a spec with one counts every file) or, for a name with a
/// quote or backslash, another escape (such files count for every spec).
struct ChartInputs: Sendable {
    /// Site-relative path → SHA-256 hex of the bytes.
    let hashes: [String: String]
    /// File name → the site-relative paths with that name.
    let pathsByName: [String: [String]]
    let siteDirectory: URL
    /// The folder name chart source paths start with (`ChartLoader.displayRoot`).
    let root: String

    /// Hashes the site folder's files; `excluding` are folders left out (the cache).
    init(siteDirectory: URL, excluding: [URL] = []) {
        let base = siteDirectory.standardizedFileURL.resolvingSymlinksInPath()
        let skipped = Set(excluding.map { $0.standardizedFileURL.resolvingSymlinksInPath().path } + [base.appendingPathComponent(".git").path])
        var hashes: [String: String] = [:]
        var byName: [String: [String]] = [:]
        let fm = FileManager.default
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey]
        if let walker = fm.enumerator(at: base, includingPropertiesForKeys: keys, options: []) {
            for case let url as URL in walker {
                let resolved = url.standardizedFileURL.resolvingSymlinksInPath()
                if skipped.contains(resolved.path) { walker.skipDescendants(); continue }
                let values = try? url.resourceValues(forKeys: Set(keys))
                guard values?.isDirectory != true else { continue }
                let path = url.standardizedFileURL.path
                guard path.hasPrefix(base.path + "/") else { continue }
                let relative = String(path.dropFirst(base.path.count + 1))
                let bytes = (try? Data(contentsOf: url, options: .alwaysMapped)) ?? Data("unreadable".utf8)
                hashes[relative] = ContentHash.sha256Hex(bytes)
                byName[url.lastPathComponent, default: []].append(relative)
            }
        }
        self.hashes = hashes
        self.pathsByName = byName.mapValues { $0.sorted() }
        self.siteDirectory = siteDirectory
        self.root = siteDirectory.standardizedFileURL.lastPathComponent
    }

    /// The key part for the chart or figure loaded from `sourcePath` (`site/charts/x.vl.json`),
    /// or nil when that file is not in the site folder (content built in memory).
    func key(sourcePath: String) -> Data? {
        var relative = Substring(sourcePath)
        guard relative.hasPrefix(root + "/") else { return nil }
        relative = relative.dropFirst(root.count + 1)
        let source = String(relative)
        guard let own = hashes[source] else { return nil }
        var lines = ["source \(source) \(own)", line("pitchline.json")]
        if source.lowercased().hasSuffix(".csv") {
            // A bare CSV reads itself and its sidecar, nothing else.
            lines.append(line(source + ".json"))
        } else {
            guard let spec = try? Data(contentsOf: siteDirectory.appendingPathComponent(source), options: .alwaysMapped) else { return nil }
            let anyName = spec.range(of: Data("\\u".utf8)) != nil
            for (name, paths) in pathsByName.sorted(by: { $0.key < $1.key })
            where anyName || name.contains(where: { $0 == "\"" || $0 == "\\" }) || spec.range(of: Data(name.utf8)) != nil {
                lines += paths.filter { $0 != source }.map(line)
            }
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// `<path> <hash>`, or `<path> absent`.
    private func line(_ path: String) -> String { "\(path) \(hashes[path] ?? "absent")" }
}

import Foundation

/// A site folder for a test: `<tmp>/<name>-<uuid>/site` holding `files` (path in the site → text).
public func writeSite(_ files: [String: String], name: String) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)/site")
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}

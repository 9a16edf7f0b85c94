import ChartData
import ChartModel
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

/// A fixture site of the browser tests (`browser-tests/fixtures/<name>`), shared with the Swift tests.
public func fixtureSite(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("browser-tests/fixtures/\(name)")
}

/// Chart `id` of fixture site `site`, loaded as `check` and the generator load it.
public func fixtureChart(_ id: String, site: String) throws -> Chart {
    struct Missing: Error, CustomStringConvertible { var description: String }
    guard let chart = try ChartLoader(siteDirectory: fixtureSite(site)).loadSite().charts.first(where: { $0.id == id }) else {
        throw Missing(description: "no chart \(id) in browser-tests/fixtures/\(site)")
    }
    return chart
}

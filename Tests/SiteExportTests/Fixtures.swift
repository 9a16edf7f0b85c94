import ChartData
import ChartModel
import Foundation
import SiteGenerator
import Testing

@testable import SiteExport

/// A temporary folder removed at the end of the test.
final class TempFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pl-export-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Every regular file under `name`, as relative path → bytes.
    func tree(_ name: String) -> [String: Data] {
        let root = path(name)
        var out: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return out }
        while let rel = walker.nextObject() as? String {
            var isDir: ObjCBool = false
            let full = root.appendingPathComponent(rel).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue {
                out[rel] = FileManager.default.contents(atPath: full)
            }
        }
        return out
    }

    /// Names in the temp folder itself (to spot leftovers beside the output).
    var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}

enum Sample {
    static var projectDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func fileSet(_ files: [String: String], serverOnly: [String] = []) -> FileSet {
        var set = FileSet()
        for (path, text) in files { set.add(GeneratedFile(path: path, data: Data(text.utf8), contentType: "text/plain", role: .file)) }
        for path in serverOnly { set.add(GeneratedFile(path: path, data: Data("x".utf8), contentType: "audio/ogg", role: .file, isExported: false)) }
        return set
    }

    static let first = ["index.html": "<p>one</p>", "charts/a.html": "A1", "charts/a/graph-0.ogg": "G1", "assets/x.css": "body{}"]
    static let second = ["index.html": "<p>two</p>", "charts/a.html": "A2", "charts/b.html": "B2", "assets/x.css": "body{}"]

    static func chart(id: String, title: String, days: Int = 6, offset: Double = 0) -> Chart {
        let start = Date(timeIntervalSince1970: 1_325_376_000)
        return Chart(
            id: id, sourcePath: "site/charts/\(id).vl.json", title: title, mark: .line,
            x: XAxis(field: "date", title: "Date", type: .temporal, granularity: .day),
            y: YAxis(field: "v", title: "Rain", unit: "mm"),
            xValues: (0..<days).map { .date(start.addingTimeInterval(Double($0) * 86_400)) },
            series: [Series(name: "Rain", values: (0..<days).map { Double($0 % 4) + offset })])
    }

    static func expected(_ files: [String: String]) -> [String: Data] {
        var out = files.mapValues { Data($0.utf8) }
        out[".pitchline-export"] = Data(ExportFolder.markerText.utf8)
        return out
    }
}

struct SimulatedFailure: Error {}

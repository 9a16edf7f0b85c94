import ChartData
import ChartModel
import Foundation
import Synchronization

/// Where a live chart's rows come from (issue 29): its spec and its one data file, found by
/// loading the chart once. Made by the generator for `pitchline serve`; ``LiveFeed`` keeps the rows.
public struct LiveSource: Sendable {
    public enum Format: Sendable { case csv, json }
    public let chartID: String
    /// Display paths as the loader reads them (`site/charts/x.vl.json`, `site/data/x.csv`).
    public let specPath: String
    public let dataPath: String
    public let format: Format
    /// Rows kept (`usermeta.pitchline.live.window`).
    public let window: Int
    /// Rows the generated page holds (one point per row): later rows of the file are new points.
    public let pageRows: Int
    let loader: ChartLoader

    /// The data file on disk.
    public var dataURL: URL {
        var relative = Substring(dataPath)
        if let slash = relative.firstIndex(of: "/") { relative = relative[relative.index(after: slash)...] }
        return loader.siteDirectory.appendingPathComponent(String(relative))
    }

    /// The source of a live chart: its spec must read exactly one data file, CSV or JSON, and
    /// plot each row as one point.
    public static func find(chart: Chart, loader: ChartLoader) throws(ChartProblem) -> LiveSource {
        let path = chart.sourcePath
        guard let live = chart.options.live, path.lowercased().hasSuffix(".json") else {
            throw ChartProblem(file: path, message: "only a Vega-Lite spec with usermeta.pitchline.live can be live")
        }
        let read = Mutex<[String]>([])
        let spec: Data
        do { spec = try loader.readFile(path) } catch { throw ChartProblem(file: path, message: "cannot read: \(ChartProblem.reason(error))") }
        _ = try ChartLoader.loadSpec(data: spec, path: path, audioDefaults: loader.audioDefaults) { file in
            read.withLock { $0.append(file) }
            return try loader.readFile(file)
        }
        let files = read.withLock { $0 }
        guard files.count == 1, let data = files.first else {
            throw ChartProblem(file: path, jsonPath: "$.data", message: "a live chart reads its rows from one data file (data.url); this spec reads \(files.count)")
        }
        let lower = data.lowercased()
        let format: Format = lower.hasSuffix(".csv") ? .csv : .json
        guard lower.hasSuffix(".csv") || lower.hasSuffix(".json") else {
            throw ChartProblem(file: path, jsonPath: "$.data.url", message: "a live chart's data file is CSV or JSON")
        }
        return LiveSource(
            chartID: chart.id, specPath: path, dataPath: data, format: format, window: live.window, pageRows: chart.pointCount, loader: loader)
    }

    /// The chart as it is with `rows` as its data file's rows (the loader `check` uses).
    func chart(rows: [String], header: String?) throws(ChartProblem) -> Chart {
        let bytes: Data
        switch format {
        case .csv: bytes = Data(([header ?? ""] + rows).joined(separator: "\n").utf8 + [0x0A])
        case .json: bytes = Data(("[\n" + rows.joined(separator: ",\n") + "\n]\n").utf8)  // row k on line k + 2
        }
        // A CSV's cells as `check` reads a CSV: a word in a column of numbers is a typo, not a gap.
        if format == .csv { _ = try ChartLoader.loadCSV(data: bytes, path: dataPath) }
        let spec: Data
        do { spec = try loader.readFile(specPath) } catch { throw ChartProblem(file: specPath, message: "cannot read: \(ChartProblem.reason(error))") }
        var chart = try ChartLoader.loadSpec(data: spec, path: specPath, audioDefaults: loader.audioDefaults) { file in
            file == dataPath ? bytes : try loader.readFile(file)
        }
        chart.options.language = chart.options.language ?? loader.languageDefault
        return chart
    }
}

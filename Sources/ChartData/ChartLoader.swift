import ChartModel
import Foundation
import D3Format
import SpecReading

/// Every chart of a site, and every problem that kept a chart from loading.
public struct SiteCharts: Sendable {
    /// Charts sorted by id.
    public var charts: [Chart]
    /// Small multiples (facet, repeat, concat specs), sorted by id; their panels are not in `charts`.
    public var figures: [ChartFigure] = []
    public var problems: [ChartProblem]
    /// Files in `charts/` that are not charts (README, dotfiles, editor backups), by display path.
    public var skipped: [String] = []

    public init(charts: [Chart], problems: [ChartProblem], skipped: [String] = []) {
        self.charts = charts
        self.problems = problems
        self.skipped = skipped
    }

    /// One informational line naming the skipped files, or nil when there are none:
    /// `skipped 2 files in site/charts that are not charts: README.md, x.vl.json~ (…)`.
    public var skippedNote: String? {
        guard let first = skipped.first else { return nil }
        let folder = (first as NSString).deletingLastPathComponent
        let names = skipped.map { ($0 as NSString).lastPathComponent }
        let files = names.count == 1 ? "1 file" : "\(names.count) files"
        return "skipped \(files) in \(folder) that \(names.count == 1 ? "is not a chart" : "are not charts"): \(names.joined(separator: ", ")) (charts are .vl.json specs and .csv files)"
    }
}

/// Loads charts from a site folder: `charts/*.vl.json` (Vega-Lite subset specs) and
/// `charts/*.csv` (bare CSV, chart inferred). The pure entry points take bytes; file-system code
/// is in `ChartLoader+FileSystem.swift`.
public struct ChartLoader: Sendable {
    public let siteDirectory: URL
    /// Audio settings for charts that do not give their own (`SiteSettings.audio`).
    public var audioDefaults = AudioOptions()
    /// Language of charts that do not name their own (`SiteSettings.language`).
    public var languageDefault = "en"

    public init(siteDirectory: URL) {
        self.siteDirectory = siteDirectory
    }

    /// Loads a spec. `path` is the spec's path for messages and for resolving `data.url`
    /// (e.g. `site/charts/x.vl.json`); `readFile` reads another file by such a path
    /// (`site/data/x.csv`) and throws if it cannot.
    public static func loadSpec(
        data: Data, path: String, audioDefaults: AudioOptions = AudioOptions(), readFile: (String) throws -> Data
    ) throws(ChartProblem) -> Chart {
        try loadSpec(root: try parseSpec(data, path: path), path: path, audioDefaults: audioDefaults, readFile: readFile)
    }

    /// A spec file's JSON, refused when larger than `InputLimit.specBytes`.
    static func parseSpec(_ data: Data, path: String) throws(ChartProblem) -> JSONValue {
        guard data.count <= InputLimit.specBytes.maximum else {
            throw ChartProblem(file: path, message: "spec is larger than \(InputLimit.specBytes.maximum >> 20) MiB; put large data in a CSV file under data/")
        }
        return try JSONValue.parse(data, file: path)
    }

    /// `loadSpec(data:…)` from the spec's parsed JSON.
    static func loadSpec(
        root: JSONValue, path: String, audioDefaults: AudioOptions, readFile: (String) throws -> Data
    ) throws(ChartProblem) -> Chart {
        var chart: Chart
        if root["layer"] != nil {
            chart = try loadLayered(root, path: path, readFile: readFile)  // ChartLoader+Layers.swift
        } else {
            let spec = try ChartSpec.parse(root, file: path)
            let frame = try SpecData.load(spec, specPath: path, readFile: readFile)
            chart = try ChartBuilder(spec: spec, frame: frame, specFile: path, id: chartID(path)).build(readFile: readFile)
            LayerMerge.readRangeIdiom(&chart)  // a waterfall or Gantt chart in one view
        }
        if chart.options.live != nil && chart.livePitchDomain == nil {
            throw ChartProblem(
                file: path, jsonPath: "$.usermeta.pitchline.live",
                message: "a live chart's pitch scale is fixed: give \"domain\": [low, high] here or the y encoding's scale.domain")
        }
        if audioDefaults != AudioOptions() {
            // The site's defaults, overridden key by key by the spec's own audio settings.
            let own = root["usermeta"]?["pitchline"]?["audio"]
            chart.options.audio = try own.map { a throws(ChartProblem) in
                try SpecReader(file: path).audioOptions(a, "$.usermeta.pitchline.audio", base: audioDefaults)
            } ?? audioDefaults
        }
        return chart
    }

    /// Loads a bare CSV file as a chart: the first date (or text) column is x, every numeric
    /// column is a series, the title comes from the file name (`seattle-weather.csv` → "Seattle weather")
    /// unless its sidecar (`seattle-weather.csv.json`, bytes in `sidecar`) says otherwise.
    public static func loadCSV(
        data: Data, path: String, sidecar: Data? = nil, audioDefaults: AudioOptions = AudioOptions()
    ) throws(ChartProblem) -> Chart {
        let csv = try CSVReader.parse(data, path: path)
        let table = DataTable(csv: csv, file: path)
        let meta = try sidecar.map { bytes throws(ChartProblem) in try CSVSidecar(data: bytes, file: path + ".json") }
        return try inferredChart(table, path: path, sidecar: meta, audioDefaults: audioDefaults)
    }

    /// `general`: always through `ChartBuilder`'s whole data flow (tests compare it with the fast path).
    static func inferredChart(
        _ table: DataTable, path: String, sidecar: CSVSidecar? = nil, audioDefaults: AudioOptions = AudioOptions(), general: Bool = false
    ) throws(ChartProblem) -> Chart {
        var table = table
        // A leading whole-number column named like "year" (1000–2999) is a time axis, not a series.
        if !table.columns.contains(where: { $0.kind == .date }), let first = table.columns.first, first.kind == .number,
           first.name.lowercased().contains("year"),
           first.numbers.allSatisfy({ $0.map { $0 == $0.rounded() && $0 >= 1000 && $0 < 3000 } ?? true }) {
            table.columns[0].kind = .date
            table.columns[0].granularity = .year
            table.columns[0].numbers = first.numbers.map { $0.map { Double(UTCCalendar.daysFromCivil(Int($0), 1, 1) * 86_400) } }
        }
        let xColumn = table.columns.first { $0.kind == .date } ?? table.columns.first { $0.kind == .text && $0.numericCount == 0 }
        // A column that is mostly numbers with a few stray words is a typo, not a category.
        for column in table.columns where column.kind == .text && column.name != xColumn?.name {
            let nonMissing = table.rowCount - column.missingCount
            if column.numericCount * 2 > nonMissing, let row = column.firstNonNumericRow {
                throw table.problem(row: row, column: column.name, "expected a number in column \"\(column.name)\", found \"\(table.cellText(row: row, column: column.name))\"")
            }
        }
        let x = xColumn ?? table.columns.first!
        let numeric = table.columns.filter { $0.kind == .number && $0.name != x.name }
        guard !numeric.isEmpty else {
            throw ChartProblem(file: path, line: 1, message: "no numeric column to chart; columns: \(table.columns.map { "\($0.name) (\($0.kind))" }.joined(separator: ", "))")
        }
        var spec = ChartSpec(data: .values(JSONValue(value: .null, line: 1), .init()))
        spec.markName = x.kind == .text ? "bar" : "line"
        spec.channels = [
            .init(field: x.name, type: x.kind == .date ? .temporal : x.kind == .number ? .quantitative : .ordinal, path: "x", line: 1, channel: "x"),
            .init(field: numeric.count == 1 ? numeric[0].name : "value", type: .quantitative, path: "y", line: 1, channel: "y"),
        ]
        if numeric.count > 1 {
            let names = JSONValue(value: .array(numeric.map { JSONValue(value: .string($0.name), line: 1) }), line: 1)
            let fold = JSONValue(value: .object([("fold", names)]), line: 1)
            spec.transforms = [.init(json: fold, path: "fold")]
            spec.channels.append(.init(field: "key", type: .nominal, path: "color", line: 1, channel: "color"))
            spec.seriesTitles = Dictionary(uniqueKeysWithValues: numeric.map { ($0.name, ChartBuilder.humanize($0.name)) })
        }
        spec.audio = audioDefaults
        try sidecar?.apply(to: &spec, columns: numeric.map(\.name), audioDefaults: audioDefaults)
        if !general, let chart = try wideLineChart(table, spec: spec, x: x, columns: numeric.map(\.name), path: path) { return chart }
        return try ChartBuilder(spec: spec, frame: table.frame, specFile: path, id: chartID(path)).build()
    }

    /// The chart's id from its file name (`ChartID`, the one rule).
    static func chartID(_ path: String) -> String { ChartID.fromFileName(path) }
}

import ChartModel
import Foundation

/// `charts/<name>.csv.json`: what a bare CSV cannot say about itself (title, description, units,
/// series names), without rewriting it as a spec. Keys mirror a spec's `title`/`description` and
/// `usermeta.pitchline`; every key is optional, unknown keys are located problems.
///
/// ```json
/// {"title": "US employment", "description": "Jobs by sector, 2006–2015.", "yTitle": "Employees",
///  "unit": "thousand", "seriesTitles": {"nonfarm": "All non-farm jobs"}, "mark": "line"}
/// ```
package struct CSVSidecar {
    package static let keys = ["title", "subtitle", "description", "xTitle", "yTitle", "unit", "xUnit", "format",
                       "mark", "seriesTitles", "seriesNames", "seriesOrder", "audio", "language"]
    package let reader: SpecReader
    package let root: JSONValue

    package init(data: Data, file: String) throws(ChartProblem) {
        reader = SpecReader(file: file)
        root = try JSONValue.parse(data, file: file)
        _ = try reader.object(root, "$", allowed: Self.keys, ignored: ["$schema"])
    }

    /// Applies the sidecar to the spec inferred from the CSV; `columns` are its series' columns.
    package func apply(to spec: inout ChartSpec, columns: [String], audioDefaults: AudioOptions) throws(ChartProblem) {
        let r = reader
        if let t = try r.lines(root["title"], "$.title") { spec.title = t }
        if let s = try r.lines(root["subtitle"], "$.subtitle") { spec.subtitle = s }
        if let d = try r.string(root["description"], "$.description") { spec.description = d }
        if let x = try r.string(root["xTitle"], "$.xTitle") { spec.x.title = x }
        if let y = try r.string(root["yTitle"], "$.yTitle") { spec.y.title = y }
        spec.unit = try r.string(root["unit"], "$.unit")
        spec.xUnit = try r.string(root["xUnit"], "$.xUnit")
        if let f = try r.string(root["format"], "$.format") {
            guard NumberFormat.isSupported(f) else {
                throw r.problem(root["format"]!, "$.format", "\"\(f)\" is not a supported number format; use d3 formats like \",.1f\", \".0%\", \"d\", \",\"")
            }
            spec.format = f
        }
        if let m = root["mark"] {
            let name = try r.string(m, "$.mark")!
            // A bare CSV's columns are series over rows: the four plain marks fit it.
            let plain: [Mark] = [.line, .bar, .point, .area]
            guard let mark = Mark(rawValue: name), plain.contains(mark) else {
                throw r.problem(m, "$.mark", "\"\(name)\" is not supported; use one of \(plain.map(\.rawValue).joined(separator: ", "))")
            }
            spec.mark = mark
        }
        for key in ["seriesTitles", "seriesNames"] {
            guard let value = root[key] else { continue }
            let names = try r.stringMap(value, "$.\(key)")
            for column in names.keys where !columns.contains(column) {
                throw r.problem(value[column] ?? value, "$.\(key).\(column)", "no numeric column \"\(column)\" in the CSV; series columns: \(columns.joined(separator: ", "))")
            }
            if key == "seriesTitles" { spec.seriesTitles.merge(names) { _, new in new } } else { spec.seriesNames = names }
        }
        if let order = root["seriesOrder"] { spec.seriesOrder = try r.strings(order, "$.seriesOrder") }
        if let tag = try r.string(root["language"], "$.language") {
            if let message = Language.problem(with: tag) { throw r.problem(root["language"]!, "$.language", message) }
            spec.language = tag
        }
        spec.audio = try root["audio"].map { a throws(ChartProblem) in try r.audioOptions(a, "$.audio", base: audioDefaults) } ?? audioDefaults
    }
}

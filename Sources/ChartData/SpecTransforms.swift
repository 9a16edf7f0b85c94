import Foundation
import VegaLite

/// Runs a spec's `transform` array in order over the frame, mapping every failure to a located
/// `ChartProblem` (`$.transform[2].groupby[1]`).
enum SpecTransforms {
    static func apply(_ steps: [ChartSpec.TransformStep], to frame: DataFrame, file: String) throws(ChartProblem) -> DataFrame {
        var frame = frame
        for step in steps {
            guard case .object(let members) = step.json.value, let first = members.first else { continue }
            let r = SpecReader(file: file)
            if members.contains(where: { $0.key == "fold" }) {
                frame = try fold(step, frame, r)
                continue
            }
            throw r.problem(step.json, "\(step.path).\(first.key)", "the \"\(first.key)\" transform is not supported yet")
        }
        return frame
    }

    /// `{"fold": [fields], "as": [key, value]}`: one row per input row and folded field.
    static func fold(_ step: ChartSpec.TransformStep, _ frame: DataFrame, _ r: SpecReader) throws(ChartProblem) -> DataFrame {
        let o = try r.object(step.json, step.path, allowed: ["fold", "as"], ignoredAny: false)
        let fields = try r.strings(o["fold"]!, "\(step.path).fold")
        var key = "key", value = "value"
        if let a = o["as"] {
            let names = try r.strings(a, "\(step.path).as")
            guard names.count == 2 else { throw r.problem(a, "\(step.path).as", "expected two names, e.g. [\"key\", \"value\"]") }
            key = names[0]
            value = names[1]
        }
        var columns = frame.fields.map { _ in [DataValue]() }
        var keys: [DataValue] = [], values: [DataValue] = []
        for row in 0..<frame.rowCount {
            for f in fields {
                for (c, column) in frame.columns.enumerated() { columns[c].append(column[row]) }
                keys.append(.string(f))
                values.append(frame[row, f])
            }
        }
        var out = DataFrame(fields: frame.fields, columns: columns)
        if frame.fields.isEmpty { out = DataFrame(rowCount: keys.count) }
        out.setColumn(key, keys)
        out.setColumn(value, values)
        return out
    }
}

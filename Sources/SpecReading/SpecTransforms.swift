import ChartModel
import Foundation
import VegaLite

/// Runs a spec's `transform` array in order with the `VegaLite` transforms, mapping every
/// `TransformError` (and the `ExpressionError`s inside it) to a located `ChartProblem`:
/// file, the line of the offending value, and its JSON path (`$.transform[2].groupby[1]`).
package enum SpecTransforms {
    package static func apply(_ steps: [ChartSpec.TransformStep], to frame: DataFrame, spec: ChartSpec, file: String,
                      readFile: (String) throws -> Data) throws(ChartProblem) -> DataFrame {
        var transforms: [Transform] = []
        let variables = spec.variables
        for step in steps {
            do {
                transforms.append(try Transform.parse(normalized(SpecData.dataValue(step.json)), variables: variables))
            } catch {
                throw located(error, step, file)
            }
        }
        // The parses Vega-Lite adds on its own for the transforms (a field compared with a number
        // or date in a predicate, a timeUnit's field), unless `format.parse` named the field.
        var parsed = Set<String>()
        switch spec.data {
        case .url(_, let format, _), .values(_, let format): parsed = Set(format.parse.map(\.field))
        default: break
        }
        var frame = frame
        for (field, type) in TransformPipeline(transforms).implicitParse(parsed: parsed) {
            if let column = frame.column(field) { frame.setColumn(field, type.apply(column)) }
        }
        var context: TransformContext?
        for (step, transform) in zip(steps, transforms) {
            if case .lookup = transform, context == nil {
                context = try lookupData(steps, spec: spec, file: file, readFile: readFile)
            }
            do {
                frame = try transform.apply(frame, context: context ?? TransformContext())
            } catch {
                throw located(error, step, file)
            }
        }
        return frame
    }

    /// Vega-Lite's shorthands resolved before the transform is read: `"field": "*"` in an
    /// aggregate, joinaggregate or window op means "all rows" (Vega-Lite's count of records).
    package static func normalized(_ t: DataValue) -> DataValue {
        guard case .object(var o) = t else { return t }
        for key in ["aggregate", "joinaggregate", "window"] {
            guard case .array(let ops)? = o[key] else { continue }
            o[key] = .array(ops.map { op in
                guard case .object(var m) = op, m["field"] == .string("*") else { return op }
                m["field"] = nil
                return .object(m)
            })
        }
        return .object(o)
    }

    /// A transform error at `$.transform[k].<relative path>`, on the line where that value starts.
    package static func located(_ error: TransformError, _ step: ChartSpec.TransformStep, _ file: String) -> ChartProblem {
        let relative = error.path
        let path = relative.isEmpty ? step.path : relative.hasPrefix("[") ? step.path + relative : "\(step.path).\(relative)"
        return ChartProblem(file: file, line: step.json.descendant(relative)?.line ?? step.json.line, jsonPath: path, message: error.message)
    }

    /// The secondary tables `lookup` transforms name: top-level datasets by name, files by url.
    static func lookupData(_ steps: [ChartSpec.TransformStep], spec: ChartSpec, file: String,
                           readFile: (String) throws -> Data) throws(ChartProblem) -> TransformContext {
        var tables: [String: DataFrame] = [:]
        for (name, rows) in spec.datasets {
            tables[name] = try SpecData.rows(rows, format: .init(), file: file, path: "$.datasets.\(name)")
        }
        for step in steps {
            guard let data = step.json["from"]?["data"], let url = data["url"]?.string, tables[url] == nil else { continue }
            var format = ChartSpec.DataFormat()
            format.type = data["format"]?["type"]?.string
            format.property = data["format"]?["property"]?.string
            var secondary = spec
            secondary.data = .url(url, format, line: data.line)
            tables[url] = try SpecData.load(secondary, specPath: file, readFile: readFile)
        }
        return TransformContext(datasets: tables)
    }
}

extension JSONValue {
    /// The value at a relative path such as `groupby[1]`, `window[0].op` or `from.data`; nil when
    /// the path leads nowhere.
    func descendant(_ path: String) -> JSONValue? {
        var node: JSONValue? = self
        var key = ""
        var chars = Array(path)[...]
        func step() {
            if !key.isEmpty { node = node?[key]; key = "" }
        }
        while let c = chars.popFirst() {
            switch c {
            case ".": step()
            case "[":
                step()
                var digits = ""
                while let d = chars.popFirst(), d != "]" { digits.append(d) }
                if let i = Int(digits), case .array(let items)? = node?.value, items.indices.contains(i) { node = items[i] } else { return nil }
            default: key.append(c)
            }
        }
        step()
        return node
    }
}

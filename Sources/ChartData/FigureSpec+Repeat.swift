import ChartModel
import Foundation
import SpecReading
import VegaLite

/// `repeat`: a view per field (`repeat: [...]`, or a grid of `row` × `column` fields), and a
/// repeated layer (`repeat: {"layer": [...]}`: one layered chart, a layer per field, in each panel).
extension FigureSpec {
    /// The fields one panel of a repeat fills in (`{"repeat": "row"}` and so on).
    struct Repeated {
        var row: String?
        var column: String?
        var item: String?
        /// Every field of a repeated layer: the panel is a layer per field.
        var layers: [String]?
    }

    /// One panel (or several, for a nested composition) per repeated field; with `layer`, each
    /// panel a layered chart of one layer per field (as Vega-Lite's repeat normalizes to `layer`).
    func `repeat`(_ def: JSONValue, path: String, inner: JSONValue, innerPath: String, view: JSONValue,
                  inherited: Inherited?, resolve: Resolve) throws(ChartProblem) -> Layout {
        var rows: [String?] = [nil], columns: [String?] = [nil], list: [String]? = nil, layers: [String]? = nil
        switch def.value {
        case .array: list = try r.strings(def, path)
        case .object(let members):
            for (key, value) in members {
                switch key {
                case "row": rows = try r.strings(value, "\(path).row")
                case "column": columns = try r.strings(value, "\(path).column")
                case "layer": layers = try r.strings(value, "\(path).layer")
                default: throw r.problem(value, "\(path).\(key)", "\"\(key)\" is not supported here; use row, column, layer, or an array of fields")
                }
            }
        default: throw r.problem(def, path, "expected an array of fields or {\"row\": […], \"column\": […], \"layer\": […]}, found \(def.kindName)")
        }
        if let layers, layers.isEmpty { throw r.problem(def["layer"]!, "\(path).layer", "names no field to repeat") }
        var drafts: [Draft] = []
        var combos: [Repeated] = []
        if let list { combos = list.map { Repeated(item: $0) } } else {
            for row in rows { for column in columns { combos.append(Repeated(row: row, column: column, layers: layers)) } }
        }
        guard !combos.isEmpty, combos.first.map({ $0.row != nil || $0.column != nil || $0.item != nil || $0.layers != nil }) == true else {
            throw r.problem(def, path, "names no field to repeat")
        }
        for combo in combos {
            let filled = try fill(inner, path: innerPath, combo)
            let header = [combo.item, combo.row, combo.column].compactMap { $0 }.joined(separator: ", ")
            let made: [Draft]
            do {
                made = try panels(filled, path: innerPath, inherited: inherited, defaultHeader: header)
            } catch {
                throw combo.layers == nil ? error : Self.unlayered(error, innerPath)
            }
            for var d in made {
                // Named by the repeated field as the panel shows it (its axis title).
                d.header = combo.item != nil || combo.row == nil && combo.column == nil ? d.chart.y.title : "\(d.chart.y.title) by \(d.chart.x.title)"
                drafts.append(d)
            }
        }
        let columnCount = list != nil ? (try columnsValue(view, path: String(path.dropLast(".repeat".count))) ?? drafts.count) : max(1, columns.count)
        return Layout(drafts: drafts, columns: columnCount, composition: .repeat, panelField: "field",
                      sharedValue: resolve.value ?? false, sharedRows: resolve.rows ?? false)
    }

    /// The view with the panel's fields filled in; for a repeated layer, `{"layer": [...]}` with a
    /// copy of the view per layer field.
    func fill(_ inner: JSONValue, path: String, _ combo: Repeated) throws(ChartProblem) -> JSONValue {
        guard let layers = combo.layers else { return try substitute(inner, path: path, combo) }
        var copies: [JSONValue] = []
        for field in layers {
            var one = combo
            one.layers = [field]
            copies.append(try substitute(inner, path: path, one))
        }
        return JSONValue(value: .object([("layer", JSONValue(value: .array(copies), line: inner.line))]), line: inner.line)
    }

    /// A problem in a repeated layer's copy (`$.spec.layer[1].encoding.y`) at the path written (`$.spec.encoding.y`).
    static func unlayered(_ problem: ChartProblem, _ innerPath: String) -> ChartProblem {
        guard let p = problem.jsonPath, p.hasPrefix(innerPath + ".layer[") else { return problem }
        var out = problem
        let rest = p.dropFirst(innerPath.count + ".layer[".count).drop { $0 != "]" }.dropFirst()
        out.jsonPath = innerPath + rest
        return out
    }

    /// The view with every `{"repeat": "row" | "column" | "repeat" | "layer"}` field reference filled in.
    func substitute(_ v: JSONValue, path: String, _ combo: Repeated) throws(ChartProblem) -> JSONValue {
        switch v.value {
        case .object(let members):
            if members.count == 1, members[0].key == "repeat", let which = members[0].value.string {
                let field: String?
                switch which {
                case "row": field = combo.row
                case "column": field = combo.column
                case "repeat": field = combo.item
                case "layer": field = combo.layers?.first
                default: field = nil
                }
                guard let field else {
                    let given = [combo.item == nil ? nil : "repeat", combo.row == nil ? nil : "row", combo.column == nil ? nil : "column",
                                 combo.layers == nil ? nil : "layer"].compactMap { $0 }
                    throw r.problem(v, "\(path).repeat", "\"\(which)\" is not repeated here; the repeat gives \(given.joined(separator: ", "))")
                }
                return JSONValue(value: .string(field), line: v.line)
            }
            var out: [(key: String, value: JSONValue)] = []
            for (key, value) in members { out.append((key, try substitute(value, path: "\(path).\(key)", combo))) }
            return JSONValue(value: .object(out), line: v.line)
        case .array(let items):
            var out: [JSONValue] = []
            for (k, element) in items.enumerated() { out.append(try substitute(element, path: "\(path)[\(k)]", combo)) }
            return JSONValue(value: .array(out), line: v.line)
        default:
            return v
        }
    }
}

extension FigureSpec {
    /// A spec whose only repeat is `layer` (`{"repeat": {"layer": [...]}, "spec": …}`) as the
    /// layered spec Vega-Lite reads it as: one chart, not a figure. Nil for any other spec.
    static func layerOfRepeat(_ root: JSONValue, file: String) throws(ChartProblem) -> JSONValue? {
        guard case .object(let members) = root.value, case .object(let repeats)? = root["repeat"]?.value,
              repeats.count == 1, repeats[0].key == "layer", let inner = root["spec"] else { return nil }
        let reader = FigureSpec(file: file, id: "", datasets: nil, readFile: { _ in Data() })
        let layers = try reader.r.strings(repeats[0].value, "$.repeat.layer")
        guard !layers.isEmpty else { throw reader.r.problem(repeats[0].value, "$.repeat.layer", "names no field to repeat") }
        let layered = try reader.fill(inner, path: "$.spec", Repeated(layers: layers))
        return JSONValue(value: .object(members.filter { $0.key != "repeat" && $0.key != "spec" } + [("layer", layered["layer"]!)]), line: root.line)
    }

    /// A problem in the layered form of `layerOfRepeat` (`$.layer[1].encoding.y`) where it was written (`$.spec.encoding.y`).
    static func repeatedLayerProblem(_ problem: ChartProblem) -> ChartProblem {
        guard let p = problem.jsonPath, p.hasPrefix("$.layer[") else { return problem }
        var out = problem
        out.jsonPath = "$.spec" + p.dropFirst("$.layer[".count).drop { $0 != "]" }.dropFirst()
        return out
    }
}

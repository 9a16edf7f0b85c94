import ChartModel
import VegaLite

/// A Vega-Lite parameter (`params`, or a v4 `selection`) as Pitchline reads it: a variable has a
/// value (its `value`, else its `expr` evaluated), which every expression reads by name; a
/// selection is empty (no pointer selects here), so an expression naming it reads `{}` as
/// Vega-Lite's `vlSelectionResolve` gives for an empty store, and a filter by it keeps every row
/// (`empty` true, Vega-Lite's default). `bind` is kept for the bound controls to come.
package struct SpecParam: Sendable {
    package enum Kind: String, Sendable, Equatable {
        case variable, point, interval
    }

    package var name: String
    package var kind: Kind
    /// The value expressions read: a variable's initial value, `{}` for a selection.
    package var value: DataValue
    /// `bind` as written (an input: range, select, radio, checkbox; or "legend", "scales").
    package var bind: JSONValue?
    /// The selection's initial `value` as written (nil for a variable or an empty selection).
    package var initialSelection: JSONValue?
    package var line: Int
    /// `select.on` as written ("pointerover": a hover selection), `select.encodings`.
    package var on: String? = nil
    package var encodings: [String]? = nil
    /// The opacity the spec gives marks this selection does not hold (an opacity, fillOpacity or
    /// strokeOpacity condition on it, `unselectedOpacity(_:encoding:)`); nil without one.
    package var unselectedOpacity: Double? = nil

    /// The control the page makes of this selection (`ChartSelection`), nil for a variable, a
    /// hover selection, one bound to an input or the scales, and an interval not along x.
    package var chartSelection: ChartSelection? {
        let hover = on.map { $0.contains("over") || $0.contains("move") } ?? false
        switch kind {
        case .variable: return nil
        case .interval:
            guard bind == nil, encodings.map({ $0.contains("x") }) ?? true else { return nil }
            return ChartSelection(name: name, kind: .interval, unselectedOpacity: unselectedOpacity)
        case .point:
            if bind?.string == "legend" { return ChartSelection(name: name, kind: .legend, unselectedOpacity: unselectedOpacity) }
            guard bind == nil, !hover else { return nil }
            return ChartSelection(name: name, kind: .point, unselectedOpacity: unselectedOpacity)
        }
    }

    /// What `check` says of it: "yr (a range input, at 2013)", "brush (an interval selection)".
    package var noteText: String {
        switch kind {
        case .variable:
            let input = bind?["input"]?.string.map { "a \($0) input" } ?? (bind == nil ? "a variable" : "a bound variable")
            return "\(name) (\(input), at \(value.text))"
        case .point, .interval:
            let bound = bind?.string.map { ", bound to the \($0)" } ?? (bind?["input"]?.string).map { ", bound to a \($0) input" } ?? ""
            return "\(name) (\(kind == .point ? "a point" : "an interval") selection\(bound))"
        }
    }
}

extension ChartSpec {
    /// The parameters' values by name, as every expression of the spec reads them.
    package var variables: [String: DataValue] {
        Dictionary(params.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads `params` (an array) and `selection` (v4: an object by name). Names are global in
    /// Vega-Lite; a variable's `expr` may read the others, so they are evaluated until all are.
    static func readParams(_ root: JSONValue, _ r: SpecReader) throws(ChartProblem) -> [SpecParam] {
        var out: [SpecParam] = []
        var pending: [(index: Int, expr: String, path: String, line: Int)] = []
        if let p = root["params"] {
            guard case .array(let items) = p.value else { throw r.problem(p, "$.params", "expected an array of parameters, found \(p.kindName)") }
            for (k, item) in items.enumerated() {
                let path = "$.params[\(k)]"
                _ = try r.object(item, path, allowed: ["name", "value", "expr", "bind", "select", "views", "react"], ignoredAny: false)
                let name = try r.string(item["name"], "\(path).name", required: true)!
                guard !out.contains(where: { $0.name == name }) else { continue }  // the same param written in two views
                var param = SpecParam(name: name, kind: .variable, value: .null, bind: item["bind"], line: item.line)
                if let select = item["select"] {
                    let type = select.string ?? select["type"]?.string
                    guard let type, type == "point" || type == "interval" else {
                        throw r.problem(select, "\(path).select", "expected \"point\", \"interval\" or {\"type\": …}")
                    }
                    param.kind = type == "point" ? .point : .interval
                    param.on = select["on"]?.string
                    if case .array(let e)? = select["encodings"]?.value { param.encodings = e.compactMap(\.string) }
                    param.unselectedOpacity = unselectedOpacity(name, encoding: root["encoding"])
                    let value = fieldKeyed(item, encoding: root["encoding"])["value"]
                    param.initialSelection = value
                    param.value = type == "point" ? heldTuples(value) : .object([:])
                } else if let e = item["expr"] {
                    guard let source = e.string else { throw r.problem(e, "\(path).expr", "expected an expression string, found \(e.kindName)") }
                    pending.append((out.count, source, "\(path).expr", e.line))
                } else if let v = item["value"] {
                    param.value = SpecData.dataValue(v)
                }
                out.append(param)
            }
        }
        if let s = root["selection"] {
            guard case .object(let items) = s.value else { throw r.problem(s, "$.selection", "expected an object of selections, found \(s.kindName)") }
            for (name, item) in items where !out.contains(where: { $0.name == name }) {
                let type = item["type"]?.string
                var param = SpecParam(name: name, kind: type == "interval" ? .interval : .point, value: .object([:]),
                                      bind: item["bind"], initialSelection: item["init"], line: item.line)
                param.on = item["on"]?.string
                if case .array(let e)? = item["encodings"]?.value { param.encodings = e.compactMap(\.string) }
                param.unselectedOpacity = unselectedOpacity(name, encoding: root["encoding"])
                out.append(param)
            }
        }
        try evaluate(&pending, into: &out, r)
        return out
    }

    /// The opacity an opacity-like channel's condition on selection `name` gives the marks it does
    /// not hold: `{"condition": {"param": name, "value": 1}, "value": 0.2}` → 0.2 (a v4
    /// `"selection": name` test too).
    static func unselectedOpacity(_ name: String, encoding: JSONValue?) -> Double? {
        for channel in ["opacity", "fillOpacity", "strokeOpacity"] {
            guard let def = encoding?[channel], let outer = def["value"]?.number else { continue }
            let conditions: [JSONValue]
            switch def["condition"]?.value {
            case .array(let list)?: conditions = list
            case .object?: conditions = [def["condition"]!]
            default: continue
            }
            if conditions.contains(where: { ($0["param"]?.string ?? $0["selection"]?.string) == name && $0["value"]?.number != nil }) { return outer }
        }
        return nil
    }

    /// A point selection's initial `value` (a tuple or an array of tuples) as Vega's
    /// `vlSelectionResolve` gives it, `{field: [values]}`; `{}` when nothing is selected.
    private static func heldTuples(_ value: JSONValue?) -> DataValue {
        let tuples: [DataValue]
        switch value.map(SpecData.dataValue) {
        case .array(let items)?: tuples = items
        case .object(let o)?: tuples = [.object(o)]
        default: return .object([:])
        }
        var held: [String: [DataValue]] = [:]
        for case .object(let t) in tuples {
            for (field, v) in t { held[field, default: []].append(v) }
        }
        return .object(held.mapValues { .array($0) })
    }

    /// Evaluates the `expr` variables, each once the variables it reads have values.
    private static func evaluate(_ pending: inout [(index: Int, expr: String, path: String, line: Int)],
                                 into params: inout [SpecParam], _ r: SpecReader) throws(ChartProblem) {
        while !pending.isEmpty {
            let known = Dictionary(params.enumerated().filter { i, _ in !pending.contains { $0.index == i } }.map { ($1.name, $1.value) },
                                   uniquingKeysWith: { a, _ in a })
            var progressed = false
            var failure: (path: String, line: Int, message: String)?
            for item in pending {
                do {
                    params[item.index].value = try VegaExpression.parse(item.expr, variables: known).evaluate(datum: [:])
                    pending.removeAll { $0.index == item.index }
                    progressed = true
                } catch {
                    failure = failure ?? (item.path, item.line, "in expression \"\(item.expr)\": \(error.description)")
                }
            }
            if !progressed, let failure {
                throw ChartProblem(file: r.file, line: failure.line, jsonPath: failure.path, message: failure.message)
            }
        }
    }

    /// A point selection's initial `value` keyed by channel (`{"x": …}` with `"encodings": ["x"]`)
    /// keyed instead by the field that channel shows in the selecting view, as Vega-Lite stores it.
    static func fieldKeyed(_ param: JSONValue, encoding: JSONValue?) -> JSONValue {
        guard case .object(var members) = param.value, let encodings = param["select"]?["encodings"],
              case .array(let channels) = encodings.value, let at = members.firstIndex(where: { $0.key == "value" }) else { return param }
        func rekey(_ tuple: JSONValue) -> JSONValue {
            guard case .object(let entries) = tuple.value else { return tuple }
            let keyed = entries.map { e -> (key: String, value: JSONValue) in
                guard channels.contains(where: { $0.string == e.key }), let field = encoding?[e.key]?["field"]?.string else { return e }
                return (field, e.value)
            }
            return JSONValue(value: .object(keyed), line: tuple.line)
        }
        let value = members[at].value
        if case .array(let tuples) = value.value {
            members[at].value = JSONValue(value: .array(tuples.map(rekey)), line: value.line)
        } else {
            members[at].value = rekey(value)
        }
        return JSONValue(value: .object(members), line: param.line)
    }

    /// Every `params` entry (and v4 `selection`) of a spec tree as one `params` array: Vega-Lite's
    /// parameter names are global, so a layer or panel reads those its siblings define. Nil when
    /// the tree has none.
    package static func gatheredParams(_ root: JSONValue) -> JSONValue? {
        var items: [JSONValue] = []
        func walk(_ node: JSONValue) {
            guard case .object(let members) = node.value else { return }
            if case .array(let ps)? = node["params"]?.value { items += ps.map { fieldKeyed($0, encoding: node["encoding"]) } }
            if case .object(let sels)? = node["selection"]?.value {
                for (name, sel) in sels {
                    let type = sel["type"]?.string == "interval" ? "interval" : "point"
                    var m: [(key: String, value: JSONValue)] = [("name", JSONValue(value: .string(name), line: sel.line)),
                                                               ("select", JSONValue(value: .string(type), line: sel.line))]
                    if let b = sel["bind"] { m.append(("bind", b)) }
                    items.append(JSONValue(value: .object(m), line: sel.line))
                }
            }
            for (key, child) in members where ["layer", "concat", "hconcat", "vconcat", "spec"].contains(key) {
                if case .array(let views) = child.value { views.forEach(walk) } else { walk(child) }
            }
        }
        walk(root)
        return items.isEmpty ? nil : JSONValue(value: .array(items), line: root.line)
    }
}

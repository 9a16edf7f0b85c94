import ChartModel
import VegaLite
import Foundation

/// Reading `encoding`: every channel Pitchline reads, with shorthands resolved and Vega-Lite's
/// default types.
extension ChartSpec {
    /// Channels read. Positional: x, y, x2, y2, xOffset, yOffset; the rest carry data into a
    /// point's speech and the table (or, for `order` and `key`, its order and identity).
    static let readChannels: [String] = [
        "x", "y", "x2", "y2", "xOffset", "yOffset", "color", "fill", "stroke", "opacity", "fillOpacity",
        "strokeOpacity", "strokeWidth", "strokeDash", "size", "angle", "shape", "text", "tooltip", "detail",
        "order", "key", "href", "url", "description", "xError", "xError2", "yError", "yError2", "theta",
        "theta2", "radius", "radius2",
    ]
    package static let refusedChannels: [String: String] = [
        "row": "small multiples (row, column, facet) are not supported yet",
        "column": "small multiples (row, column, facet) are not supported yet",
        "facet": "small multiples (row, column, facet) are not supported yet",
        "latitude": "maps are not supported", "longitude": "maps are not supported",
        "latitude2": "maps are not supported", "longitude2": "maps are not supported",
    ]
    /// Channel keys that only change drawing.
    static let drawingChannelKeys: Set<String> = ["axis", "legend", "header", "condition", "band", "bandPosition", "labelAngle", "spacing"]
    static let aggregateOps: Set<String> = [
        "count", "valid", "missing", "distinct", "sum", "product", "mean", "average", "median", "q1", "q3", "min", "max",
        "stdev", "stdevp", "variance", "variancep", "stderr", "ci0", "ci1", "argmin", "argmax",
    ]

    static func readEncoding(_ value: JSONValue, _ r: SpecReader) throws(ChartProblem) -> [ChannelDef] {
        guard case .object(let members) = value.value else { throw r.problem(value, "$.encoding", "expected an object, found \(value.kindName)") }
        var out: [ChannelDef] = []
        for (name, def) in members {
            let path = "$.encoding.\(name)"
            if let reason = refusedChannels[name] { throw r.problem(def, path, "\"\(name)\": \(reason)") }
            guard readChannels.contains(name) else {
                throw r.problem(def, path, "\"\(name)\" is not a channel Pitchline reads; channels: \(readChannels.joined(separator: ", "))")
            }
            switch def.value {
            case .null: continue  // "tooltip": null switches tooltips off
            case .array(let items):
                guard ["tooltip", "detail", "order"].contains(name) else { throw r.problem(def, path, "expected an object, found an array") }
                for (k, item) in items.enumerated() {
                    var c = try channelDef(item, name, "\(path)[\(k)]", r)
                    if name == "order" { c.channel = k == 0 ? "order" : "order[\(k)]" } else { c.channel = "\(name)[\(k)]" }
                    out.append(c)
                }
            case .object:
                if name == "tooltip", def["content"] != nil, def["field"] == nil { continue }  // {"content": "data"}: drawing
                if carriesNothing(def) { continue }
                out.append(try channelDef(def, name, path, r))
            default: throw r.problem(def, path, "expected an object, found \(def.kindName)")
            }
        }
        return out
    }

    /// A channel with no field, aggregate, datum, value or condition (`{"type": "quantitative",
    /// "axis": …}` a layer inherits where it draws no such channel): Vega-Lite drops it with a warning.
    static func carriesNothing(_ def: JSONValue) -> Bool {
        guard case .object(let members) = def.value else { return false }
        return !members.contains { ["field", "aggregate", "datum", "value", "condition", "param", "test", "repeat"].contains($0.key) }
    }

    package static func channelDef(_ value: JSONValue, _ channel: String, _ path: String, _ r: SpecReader) throws(ChartProblem) -> ChannelDef {
        guard case .object(let members) = value.value else { throw r.problem(value, path, "expected an object, found \(value.kindName)") }
        let used: Set<String> = ["field", "type", "aggregate", "bin", "timeUnit", "title", "scale", "sort", "stack", "format", "formatType", "value", "datum", "axis", "impute", "param", "test", "empty"]
        for (key, member) in members where !used.contains(key) && !drawingChannelKeys.contains(key) {
            throw r.problem(member, "\(path).\(key)", "\"\(key)\" is not supported here; supported: \(used.sorted().joined(separator: ", ")) (and axis, legend, condition)")
        }
        var def = ChannelDef(channel: channel, path: path, line: value.line)
        // A condition on a selection that carries a field (`{"condition": {"param": …, "field": …},
        // "value": "grey"}`) shows that field while the selection is empty, as Pitchline's always is.
        if value["field"] == nil, let c = value["condition"], case .object = c.value, c["field"] != nil {
            var inner = try channelDef(c, channel, "\(path).condition", r)
            inner.path = path
            return inner
        }
        if let f = value["field"] {
            switch f.value {
            case .string(let s):
                def.field = s.replacingOccurrences(of: "\\.", with: ".")
                let ref = FieldRef(s)
                if ref.isNested { def.nestedField = ref }
            case .object: throw r.problem(f, "\(path).field", "a field given as {\"repeat\": …} needs a repeat view, which is not supported yet")
            default: throw r.problem(f, "\(path).field", "expected a string, found \(f.kindName)")
            }
        }
        if let t = value["type"] {
            let name = try r.string(t, "\(path).type")!
            guard let type = FieldType(rawValue: name) else {
                throw r.problem(t, "\(path).type", "\"\(name)\" is not supported; use one of quantitative, temporal, ordinal, nominal")
            }
            def.type = type
        }
        if let a = value["aggregate"] { try readAggregate(a, path, r, into: &def) }
        if let i = value["impute"], !i.value.isNull {
            _ = try r.object(i, "\(path).impute", allowed: ["method", "value", "frame", "keyvals"], ignoredAny: false)
            def.impute = i
        }
        if let b = value["bin"] {
            switch b.value {
            case .null, .bool(false): break
            case .bool(true), .string("binned"), .object: def.bin = b
            default: throw r.problem(b, "\(path).bin", "expected true, \"binned\" or an object of bin parameters, found \(b.kindName)")
            }
        }
        if let u = value["timeUnit"] { try readTimeUnit(u, path, r, into: &def) }
        def.title = try r.lines(value["title"].flatMap { $0.value.isNull ? nil : $0 }, "\(path).title")
        if let axis = value["axis"], case .object = axis.value {
            def.axisTitle = try r.lines(axis["title"].flatMap { $0.value.isNull ? nil : $0 }, "\(path).axis.title")
            if def.format == nil, let f = axis["format"], f.string != nil { def.format = f.string }
            if let ft = axis["formatType"]?.string { def.formatType = ft }
        }
        if let legend = value["legend"], case .object = legend.value, def.title == nil {
            def.axisTitle = try r.lines(legend["title"].flatMap { $0.value.isNull ? nil : $0 }, "\(path).legend.title")
        }
        if let f = value["format"] {
            guard let s = f.string else { throw r.problem(f, "\(path).format", "expected a format string, found \(f.kindName)") }
            def.format = s
        }
        if let ft = value["formatType"] { def.formatType = try r.string(ft, "\(path).formatType") }
        if let s = value["stack"] {
            switch s.value {
            case .null, .bool(false): def.stack = .none
            case .bool(true): def.stack = .offset(.zero)
            case .string(let name):
                guard let offset = StackOffset(rawValue: name) else { throw r.problem(s, "\(path).stack", "\"\(name)\" is not a stack offset; use zero, normalize, center, true or null") }
                def.stack = .offset(offset)
            default: throw r.problem(s, "\(path).stack", "expected zero, normalize, center, true, false or null, found \(s.kindName)")
            }
        }
        if let sort = value["sort"] { try readSort(sort, path, r, into: &def) }
        if let scale = value["scale"], case .object = scale.value { try readScale(scale, path, r, into: &def) }
        // `datum` is a data constant; `value` is a drawing constant (a colour, a size, pixels): no data.
        if let v = value["datum"] { def.constant = v }
        // Vega-Lite's default types.
        if def.type == nil, def.field != nil || def.aggregate != nil || def.constant != nil { def.type = defaultType(def, channel, value) }
        return def
    }

    /// `aggregate`: an op name, or `{"argmin": field}` / `{"argmax": field}`.
    static func readAggregate(_ a: JSONValue, _ path: String, _ r: SpecReader, into def: inout ChannelDef) throws(ChartProblem) {
        if let name = a.string {
            guard aggregateOps.contains(name) else {
                throw r.problem(a, "\(path).aggregate", "\"\(name)\" is not supported; use one of \(aggregateOps.sorted().joined(separator: ", "))")
            }
            def.aggregate = name == "average" ? "mean" : name
        } else {
            let o = try r.object(a, "\(path).aggregate", allowed: ["argmin", "argmax"], ignoredAny: false)
            if let f = o["argmin"] { def.aggregate = "argmin"; def.aggregateArgument = try r.string(f, "\(path).aggregate.argmin") }
            if let f = o["argmax"] { def.aggregate = "argmax"; def.aggregateArgument = try r.string(f, "\(path).aggregate.argmax") }
        }
    }

    /// `sort`: ascending, descending, null (data order), a channel ("-y"), a list, or a field and op.
    static func readSort(_ sort: JSONValue, _ path: String, _ r: SpecReader, into def: inout ChannelDef) throws(ChartProblem) {
        switch sort.value {
        case .null: def.sort = .dataOrder
        case .string("ascending"): def.sort = .ascending
        case .string("descending"): def.sort = .descending
        case .string(let s):
            let descending = s.hasPrefix("-")
            let channel = descending ? String(s.dropFirst()) : s
            guard readChannels.contains(channel) else {
                throw r.problem(sort, "\(path).sort", "\"\(s)\" is not a sort; use ascending, descending, a channel such as \"-y\", an array of values, or {\"field\", \"op\", \"order\"}")
            }
            def.sort = .byChannel(channel, descending: descending)
        case .array:
            guard case .array(let items) = sort.value else { break }
            def.sort = .custom(items.map { item in item.string ?? item.number.map(TextFormat.plainNumber) ?? (item.value.isNull ? "null" : "") })
        case .object:
            let o = try r.object(sort, "\(path).sort", allowed: ["field", "op", "order", "encoding"], ignoredAny: false)
            let descending = try r.string(o["order"], "\(path).sort.order") == "descending"
            if let channel = try r.string(o["encoding"], "\(path).sort.encoding") {
                def.sort = .byChannel(channel, descending: descending)
            } else if o["field"] == nil && o["op"] == nil {
                def.sort = descending ? .descending : .ascending
            } else {
                let op = try r.string(o["op"], "\(path).sort.op") ?? "sum"
                guard aggregateOps.contains(op) else { throw r.problem(o["op"]!, "\(path).sort.op", "\"\(op)\" is not an aggregate; use one of \(aggregateOps.sorted().joined(separator: ", "))") }
                def.sort = .byField(field: try r.string(o["field"], "\(path).sort.field"), op: op == "average" ? "mean" : op, descending: descending)
            }
        default: throw r.problem(sort, "\(path).sort", "expected ascending, descending, null, an array or an object, found \(sort.kindName)")
        }
    }

    /// `scale`: its type, a domain of two numbers (or categories), exponent, constant and base.
    static func readScale(_ scale: JSONValue, _ path: String, _ r: SpecReader, into def: inout ChannelDef) throws(ChartProblem) {
        if let t = try r.string(scale["type"], "\(path).scale.type") {
            guard let type = ScaleType(rawValue: t) else { throw r.problem(scale["type"]!, "\(path).scale.type", "\"\(t)\" is not a Vega-Lite scale type") }
            def.scale.type = type
        }
        if let d = scale["domain"], case .array(let items) = d.value {
            if items.count == 2, let a = items[0].number, let b = items[1].number { def.scale.domain = [a, b] }
            if items.allSatisfy({ $0.string != nil }) { def.domainCategories = items.compactMap(\.string) }
        }
        def.scale.exponent = try r.number(scale["exponent"], "\(path).scale.exponent")
        def.scale.constant = try r.number(scale["constant"], "\(path).scale.constant")
        def.scale.base = try r.number(scale["base"], "\(path).scale.base")
        if case .bool(let zero)? = scale["zero"]?.value { def.scale.zero = zero }
    }

    /// `timeUnit`: a name, or an object with `unit` and `utc`; refused unless Pitchline reads it.
    static func readTimeUnit(_ u: JSONValue, _ path: String, _ r: SpecReader, into def: inout ChannelDef) throws(ChartProblem) {
        def.timeUnitJSON = u
        if let name = u.string {
            def.timeUnit = name
        } else {
            let o = try r.object(u, "\(path).timeUnit", allowed: ["unit", "utc", "step", "binned", "maxbins"], ignoredAny: false)
            var name = try r.string(o["unit"], "\(path).timeUnit.unit") ?? "yearmonthdate"
            if case .bool(true)? = o["utc"]?.value, !name.hasPrefix("utc") { name = "utc" + name }
            def.timeUnit = name
        }
        guard TimeUnitReading(def.timeUnit!) != nil else {
            throw r.problem(u, "\(path).timeUnit", "\"\(def.timeUnit!)\" is not a time unit; use combinations of year, quarter, month, week, day, dayofyear, date, hours, minutes, seconds, milliseconds (optionally with a utc prefix)")
        }
    }

    /// Vega-Lite's default type of a channel that names none.
    package static func defaultType(_ def: ChannelDef, _ channel: String, _ value: JSONValue) -> FieldType {
        if def.bin != nil || (def.aggregate != nil && def.aggregate != "argmin" && def.aggregate != "argmax") { return .quantitative }
        else if def.timeUnit != nil { return .temporal }
        // A continuous scale type says the type (vega-lite channeldef.ts defaultType).
        else if let t = value["scale"]?["type"]?.string, ScaleType(rawValue: t).map({ [.linear, .log, .pow, .sqrt, .symlog, .quantile, .quantize, .threshold].contains($0) }) == true { return .quantitative }
        else if let t = value["scale"]?["type"]?.string, ScaleType(rawValue: t).map({ [.time, .utc].contains($0) }) == true { return .temporal }
        else if def.constant?.number != nil { return .quantitative }
        else if channel == "order" || channel.hasPrefix("order[") || channel == "size" || channel == "opacity" { return .quantitative }
        else if ["theta", "theta2", "radius", "radius2"].contains(channel) { return .quantitative }  // polar positions: continuous
        else { return .nominal }
    }
}

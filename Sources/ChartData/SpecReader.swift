import Foundation

/// Reads JSON values with their paths, turning every unexpected shape into a located problem.
struct SpecReader {
    let file: String

    func problem(_ value: JSONValue, _ path: String, _ message: String) -> ChartProblem {
        ChartProblem(file: file, line: value.line, jsonPath: path, message: message)
    }

    func object(_ value: JSONValue, _ path: String, allowed: [String], ignored: Set<String>) throws(ChartProblem) -> JSONValue {
        guard case .object(let members) = value.value else {
            throw problem(value, path, "expected an object, found \(value.kindName)")
        }
        for (key, member) in members where !allowed.contains(key) && !ignored.contains(key) {
            throw problem(member, "\(path).\(key)", "\"\(key)\" is not supported here; supported: \(allowed.joined(separator: ", "))")
        }
        return value
    }

    func string(_ value: JSONValue?, _ path: String, required: Bool = false) throws(ChartProblem) -> String? {
        guard let value else {
            if required { throw ChartProblem(file: file, jsonPath: path, message: "missing (expected a string)") }
            return nil
        }
        guard let s = value.string else { throw problem(value, path, "expected a string, found \(value.kindName)") }
        return s
    }

    /// A string, or an array of lines (Vega-Lite's multi-line text) joined with spaces.
    func lines(_ value: JSONValue?, _ path: String, required: Bool = false) throws(ChartProblem) -> String? {
        if let value, case .array = value.value { return try strings(value, path).joined(separator: " ") }
        return try string(value, path, required: required)
    }

    func strings(_ value: JSONValue, _ path: String) throws(ChartProblem) -> [String] {
        guard case .array(let items) = value.value else { throw problem(value, path, "expected an array of strings, found \(value.kindName)") }
        var out: [String] = []
        for (k, item) in items.enumerated() {
            guard let s = item.string else { throw problem(item, "\(path)[\(k)]", "expected a string, found \(item.kindName)") }
            out.append(s)
        }
        return out
    }

    func stringMap(_ value: JSONValue, _ path: String) throws(ChartProblem) -> [String: String] {
        guard case .object(let members) = value.value else { throw problem(value, path, "expected an object of names, found \(value.kindName)") }
        var out: [String: String] = [:]
        for (key, member) in members {
            guard let s = member.string else { throw problem(member, "\(path).\(key)", "expected a string, found \(member.kindName)") }
            out[key] = s
        }
        return out
    }

    func fieldDef(_ value: JSONValue, _ path: String, allowAggregate: Bool) throws(ChartProblem) -> ChartSpec.FieldDef {
        var allowed = ["field", "type", "title", "axis", "timeUnit", "scale"]
        if allowAggregate { allowed.append("aggregate") }
        if path == "$.encoding.x" { allowed.append("sort") }
        let o = try object(value, path, allowed: allowed, ignored: ChartSpec.ignoredChannel)
        var def = ChartSpec.FieldDef(path: path, line: value.line)
        def.field = try string(o["field"], "\(path).field")
        def.title = try string(o["title"], "\(path).title")
        if let t = o["type"] {
            let name = try string(t, "\(path).type")!
            guard let type = FieldType(rawValue: name) else {
                throw problem(t, "\(path).type", "\"\(name)\" is not supported; use one of quantitative, temporal, ordinal, nominal")
            }
            def.type = type
        }
        if let a = o["aggregate"] {
            let name = try string(a, "\(path).aggregate")!
            guard let agg = ChartSpec.Aggregate(rawValue: name) else {
                throw problem(a, "\(path).aggregate", "\"\(name)\" is not supported; use one of sum, mean, min, max, count")
            }
            def.aggregate = agg
            if def.type == nil { def.type = .quantitative }
        }
        if let u = o["timeUnit"] {
            let name = try string(u, "\(path).timeUnit")!
            guard let unit = ChartSpec.TimeUnit(rawValue: name) else {
                throw problem(u, "\(path).timeUnit", "\"\(name)\" is not supported; use one of year, yearmonth, month")
            }
            def.timeUnit = unit
            if def.type == nil { def.type = .temporal }
        }
        if let scale = o["scale"], scale.value.isNull == false {
            let sc = try object(scale, "\(path).scale", allowed: ["type"], ignored: ChartSpec.ignoredScale)
            if let t = try string(sc["type"], "\(path).scale.type"), !ChartSpec.acceptedScaleTypes.contains(t) {
                throw problem(sc["type"]!, "\(path).scale.type", "\"\(t)\" is not supported; Pitchline draws linear scales (linear, time, utc, band, point)")
            }
        }
        if let sort = o["sort"] {
            switch sort.value {
            case .null: def.sort = .dataOrder
            case .string("ascending"): def.sort = .ascending
            case .string("descending"): def.sort = .descending
            case .array: def.sort = .custom(try strings(sort, "\(path).sort"))
            default:
                throw problem(sort, "\(path).sort", "expected \"ascending\", \"descending\", null or an array of values; sorting by another field is not supported")
            }
        }
        if let axis = o["axis"], axis.value.isNull == false {
            let a = try object(axis, "\(path).axis", allowed: ["title", "format"], ignored: ChartSpec.ignoredAxis)
            def.axisTitle = try string(a["title"], "\(path).axis.title")
            def.axisFormat = try string(a["format"], "\(path).axis.format")
        }
        return def
    }
}

extension JSONValue.Value {
    var isNull: Bool { if case .null = self { true } else { false } }
}

import Foundation

/// Validation of a Vega-Lite spec against the subset: every key is either used, or known to be
/// presentational and harmless to ignore (listed in `ignoredKeys`), or rejected with its JSON path.
extension ChartSpec {
    /// Keys Vega-Lite uses only for drawing details Pitchline takes from its own theme; accepted so
    /// that a spec made in the Vega-Lite editor loads, and documented in docs/architecture.md.
    static let ignoredTopLevel: Set<String> = ["$schema", "width", "height", "config", "autosize", "padding", "background", "name"]
    static let ignoredChannel: Set<String> = ["legend"]
    /// `scale` keys that only change drawing; a scale `type` other than these is refused.
    static let ignoredScale: Set<String> = ["zero", "nice", "padding", "domain", "paddingInner", "paddingOuter", "scheme", "range"]
    static let acceptedScaleTypes: Set<String> = ["linear", "time", "utc", "band", "point", "ordinal"]
    static let ignoredAxis: Set<String> = ["grid", "labelAngle", "tickCount", "labelOverlap", "orient", "domain", "ticks", "labels", "labelFlush"]
    static let ignoredMark: Set<String> = ["tooltip", "color", "opacity", "strokeWidth", "point", "filled", "size", "interpolate", "cornerRadiusEnd"]

    static func parse(_ root: JSONValue, file: String) throws(ChartProblem) -> ChartSpec {
        let r = SpecReader(file: file)
        let top = try r.object(root, "$", allowed: ["title", "description", "data", "mark", "encoding", "transform", "usermeta"],
                               ignored: ignoredTopLevel)

        // title
        var title: String?, subtitle: String?
        if let t = top["title"] {
            if t.string != nil || { if case .array = t.value { true } else { false } }() {
                title = try r.lines(t, "$.title")
            } else {
                let o = try r.object(t, "$.title", allowed: ["text", "subtitle"], ignored: ["anchor", "fontSize", "color", "orient"])
                title = try r.lines(o["text"], "$.title.text", required: true)
                subtitle = try r.lines(o["subtitle"], "$.title.subtitle")
            }
        }
        let description = try r.string(top["description"], "$.description")

        // data
        guard let dataValue = top["data"] else { throw r.problem(root, "$", "missing \"data\"; give {\"url\": \"../data/file.csv\"} or {\"values\": [...]}") }
        let dataObject = try r.object(dataValue, "$.data", allowed: ["url", "values", "format"], ignored: [])
        if let format = dataObject["format"] {
            let f = try r.object(format, "$.data.format", allowed: ["type"], ignored: ["parse"])
            if let type = try r.string(f["type"], "$.data.format.type"), !["csv", "json"].contains(type) {
                throw r.problem(f["type"]!, "$.data.format.type", "\"\(type)\" is not supported; use csv or json")
            }
        }
        let data: DataSource
        switch (dataObject["url"], dataObject["values"]) {
        case (let u?, nil): data = .url(try r.string(u, "$.data.url", required: true)!, line: u.line)
        case (nil, let v?): data = .values(v)
        case (.some, .some): throw r.problem(dataValue, "$.data", "give either \"url\" or \"values\", not both")
        case (nil, nil): throw r.problem(dataValue, "$.data", "needs \"url\" (a CSV or JSON file relative to the spec) or \"values\" (an array of objects)")
        }

        // mark
        guard let markValue = top["mark"] else { throw r.problem(root, "$", "missing \"mark\"; use one of line, bar, point, area") }
        let markName: String
        let markPath: String
        if markValue.string != nil {
            markName = markValue.string!
            markPath = "$.mark"
        } else {
            let m = try r.object(markValue, "$.mark", allowed: ["type"], ignored: ignoredMark)
            markName = try r.string(m["type"], "$.mark.type", required: true)!
            markPath = "$.mark.type"
        }
        guard let mark = Mark(rawValue: markName) else {
            throw r.problem(markValue, markPath, "\"\(markName)\" is not supported; use one of line, bar, point, area")
        }

        // encoding
        guard let encodingValue = top["encoding"] else { throw r.problem(root, "$", "missing \"encoding\" with x and y") }
        let encoding = try r.object(encodingValue, "$.encoding", allowed: ["x", "y", "color"], ignored: ["tooltip"])
        guard let xValue = encoding["x"] else { throw r.problem(encodingValue, "$.encoding", "missing \"x\"") }
        guard let yValue = encoding["y"] else { throw r.problem(encodingValue, "$.encoding", "missing \"y\"") }
        let x = try r.fieldDef(xValue, "$.encoding.x", allowAggregate: false)
        let y = try r.fieldDef(yValue, "$.encoding.y", allowAggregate: true)
        var color: FieldDef?
        if let c = encoding["color"] {
            color = try r.fieldDef(c, "$.encoding.color", allowAggregate: false)
            if color?.field == nil { throw r.problem(c, "$.encoding.color", "needs \"field\" (the column whose values name the series)") }
        }
        if x.field == nil { throw r.problem(xValue, "$.encoding.x", "needs \"field\"") }
        if y.field == nil && y.aggregate != .count { throw r.problem(yValue, "$.encoding.y", "needs \"field\" (or \"aggregate\": \"count\")") }
        if x.type == nil { throw r.problem(xValue, "$.encoding.x", "needs \"type\": one of quantitative, temporal, ordinal, nominal") }
        if y.type != nil && y.type != .quantitative {
            throw r.problem(yValue["type"]!, "$.encoding.y.type", "\"\(y.type!.rawValue)\" is not supported for y; y must be quantitative")
        }
        if x.timeUnit != nil && x.type != .temporal && x.type != .ordinal {
            throw r.problem(xValue, "$.encoding.x.timeUnit", "timeUnit needs \"type\": \"temporal\" or \"ordinal\"")
        }

        var spec = ChartSpec(title: title, subtitle: subtitle, description: description, data: data, mark: mark, x: x, y: y, color: color)

        // transform
        if let t = top["transform"] {
            guard case .array(let steps) = t.value else { throw r.problem(t, "$.transform", "expected an array of transforms") }
            for (k, step) in steps.enumerated() {
                let path = "$.transform[\(k)]"
                guard case .object(let members) = step.value, let first = members.first else {
                    throw r.problem(step, path, "expected an object such as {\"fold\": [\"a\", \"b\"]}")
                }
                guard first.key == "fold" || members.contains(where: { $0.key == "fold" }) else {
                    throw r.problem(step, "\(path).\(first.key)", "the \"\(first.key)\" transform is not supported; only fold (with as) is")
                }
                if spec.fold != nil { throw r.problem(step, path, "only one fold transform is supported") }
                let o = try r.object(step, path, allowed: ["fold", "as"], ignored: [])
                let fields = try r.strings(o["fold"]!, "\(path).fold")
                if fields.isEmpty { throw r.problem(o["fold"]!, "\(path).fold", "name at least one field to fold") }
                var key = "key", value = "value"
                if let a = o["as"] {
                    let names = try r.strings(a, "\(path).as")
                    guard names.count == 2 else { throw r.problem(a, "\(path).as", "expected two names, e.g. [\"key\", \"value\"]") }
                    key = names[0]
                    value = names[1]
                }
                spec.fold = (fields, key, value)
                spec.foldLine = step.line
            }
        }

        if let meta = top["usermeta"] {
            let m = try r.object(meta, "$.usermeta", allowed: ["pitchline"], ignored: [])
            if let p = m["pitchline"] { try spec.readPitchline(p, r) }
        }
        return spec
    }

    private mutating func readPitchline(_ value: JSONValue, _ r: SpecReader) throws(ChartProblem) {
        let base = "$.usermeta.pitchline"
        let p = try r.object(value, base, allowed: ["unit", "xUnit", "format", "audio", "seriesOrder", "firstSeries", "seriesTitles", "seriesNames"], ignored: [])
        unit = try r.string(p["unit"], "\(base).unit")
        xUnit = try r.string(p["xUnit"], "\(base).xUnit")
        format = try r.string(p["format"], "\(base).format")
        if let f = format, !NumberFormat.isSupported(f) {
            throw r.problem(p["format"]!, "\(base).format", "\"\(f)\" is not a supported number format; use d3 formats like \",.1f\", \".0%\", \"d\", \",\"")
        }
        if let o = p["seriesOrder"] { seriesOrder = try r.strings(o, "\(base).seriesOrder") }
        if let first = try r.string(p["firstSeries"], "\(base).firstSeries") { seriesOrder.insert(first, at: 0) }
        if let t = p["seriesTitles"] { seriesTitles = try r.stringMap(t, "\(base).seriesTitles") }
        if let n = p["seriesNames"] { seriesNames = try r.stringMap(n, "\(base).seriesNames") }
        if let a = p["audio"] {
            let path = "\(base).audio"
            let o = try r.object(a, path, allowed: AudioOptions.Setting.allCases.map(\.rawValue), ignored: [])
            // Bounds from the one table generation also reads (AudioOptions+Limits.swift).
            for setting in AudioOptions.Setting.allCases {
                guard let v = o[setting.rawValue] else { continue }
                let key = "\(path).\(setting.rawValue)"
                guard let n = v.number else { throw r.problem(v, key, "expected a number, found \(v.kindName)") }
                if let message = setting.problem(with: n) { throw r.problem(v, key, message) }
                audio[setting] = n
            }
            if let (_, message) = audio.problem { throw r.problem(a, path, message) }
        }
    }
}

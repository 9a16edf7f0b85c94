import ChartModel
import Foundation

/// Reading a single-view Vega-Lite spec. Every key is used, accepted because it only changes
/// drawing (taken from Pitchline's theme), or refused with its JSON path; nothing that carries
/// data is skipped. The tables below are the documented lists (docs/architecture.md).
extension ChartSpec {
    /// Top-level keys that only change drawing or tooling.
    package static let drawingTopLevel: Set<String> = [
        "$schema", "width", "height", "config", "autosize", "padding", "background", "name", "view", "resolve",
        "projection", "align", "bounds", "center", "spacing",
    ]
    /// Views Pitchline does not read yet (issue 14), refused with this reason.
    static let compositeKeys: Set<String> = ["layer", "facet", "repeat", "concat", "hconcat", "vconcat", "spec"]
    /// Mark names and the kind Pitchline draws them as.
    package static let markKinds: [String: Mark] = [
        "line": .line, "trail": .line, "area": .area, "bar": .bar, "rule": .bar,
        "point": .point, "circle": .point, "square": .point, "tick": .point,
        // Issue 14 (box): text evaluates as a point; composite marks are compiled on their own
        // (`ChartBuilder+Composite.swift`); tick, rule and text are drawn as themselves.
        "text": .point, "boxplot": .boxplot, "errorbar": .errorbar, "errorband": .errorband,
        "arc": .arc, "rect": .rect,
    ]
    package static let markList = "line, area, bar, point, tick, circle, square, rule, trail, text, boxplot, errorbar, errorband, arc, rect"

    package static func parse(_ root: JSONValue, file: String) throws(ChartProblem) -> ChartSpec {
        let r = SpecReader(file: file)
        guard case .object(let members) = root.value else { throw r.problem(root, "$", "expected an object (a Vega-Lite spec), found \(root.kindName)") }
        try checkTopLevelKeys(members, r)

        // title
        let (title, subtitle) = try r.title(root)
        let description = try r.string(root["description"], "$.description")

        // data and datasets
        guard let dataValue = root["data"] else {
            throw r.problem(root, "$", "missing \"data\"; give {\"url\": \"../data/file.csv\"}, {\"values\": [...]}, {\"name\": …} with datasets, or {\"sequence\": …}")
        }
        var spec = ChartSpec(title: title, subtitle: subtitle, description: description, data: try readData(dataValue, r))
        spec.dataLine = dataValue.line
        try spec.readDatasets(root, r)

        // params / selections: variables read by every expression; selections empty (not interactive here)
        spec.params = try readParams(root, r)

        try spec.readMark(root, r)

        // encoding
        guard let encodingValue = root["encoding"] else { throw r.problem(root, "$", "missing \"encoding\" (at least x or y)") }
        spec.channels = try readEncoding(encodingValue, r)

        // transforms: kept as JSON, evaluated in order by the VegaLite module
        try spec.readTransforms(root, r)
        let colour = colourStep(encodingValue)
        if let step = colour.step {  // after the author's steps: its tests read their fields
            spec.transforms.append(step)
            spec.colourField = colourColumn
        }
        spec.undrawnColour = colour.undrawn

        if let meta = root["usermeta"], case .object = meta.value, let p = meta["pitchline"] {
            try spec.readPitchline(p, r)
        }
        return spec
    }

    /// Every top-level key is read, only changes drawing, or is refused with what is supported.
    private static func checkTopLevelKeys(_ members: [(key: String, value: JSONValue)], _ r: SpecReader) throws(ChartProblem) {
        let used: Set<String> = ["title", "description", "data", "datasets", "mark", "encoding", "transform", "usermeta", "params", "selection"]
        for (key, member) in members where !used.contains(key) && !drawingTopLevel.contains(key) {
            if compositeKeys.contains(key) {
                throw r.problem(member, "$.\(key)", "\"\(key)\" (layered and multi-view charts) is not supported yet; Pitchline reads single-view specs (one mark and its encoding)")
            }
            throw r.problem(member, "$.\(key)", "\"\(key)\" is not supported here; supported: \(used.sorted().joined(separator: ", ")) (and drawing settings such as width, height, config)")
        }
    }

    /// Named data arrays (`datasets`), and the one `data.name` must name.
    private mutating func readDatasets(_ root: JSONValue, _ r: SpecReader) throws(ChartProblem) {
        if let d = root["datasets"] {
            guard case .object(let sets) = d.value else { throw r.problem(d, "$.datasets", "expected an object of named data arrays, found \(d.kindName)") }
            for (name, rows) in sets { datasets[name] = rows }
        }
        if case .named(let name, let line) = data, datasets[name] == nil {
            let names = datasets.keys.sorted()
            throw ChartProblem(file: r.file, line: line, jsonPath: "$.data.name",
                               message: "no dataset named \"\(name)\"; " + (names.isEmpty ? "the spec has no top-level \"datasets\"" : "datasets: \(names.joined(separator: ", "))"))
        }
    }

    /// The mark (a name or an object with its composite and arc properties), its `invalid` mode.
    private mutating func readMark(_ root: JSONValue, _ r: SpecReader) throws(ChartProblem) {
        guard let markValue = root["mark"] else {
            throw r.problem(root, "$", "missing \"mark\"; use one of \(Self.markList)")
        }
        let markPath: String
        if let name = markValue.string {
            markName = name
            markPath = "$.mark"
        } else {
            let m = try r.object(markValue, "$.mark", allowed: ["type"], ignoredAny: true)
            markName = try r.string(m["type"], "$.mark.type", required: true)!
            markOrient = try r.string(m["orient"], "$.mark.orient")
            switch m["point"]?.value {  // "transparent" and false draw no visible points
            case .bool(true), .object: markPoints = true
            default: break
            }
            try readCompositeMarkProperties(m, r)
            innerRadius = m["innerRadius"]?.number  // drawing only (an expression is drawn as a pie)
            markPath = "$.mark.type"
        }
        // `invalid` (the mark's own, else config.mark's), as Vega-Lite 5–6 read it (`InvalidMode`).
        let invalidValue = markValue["invalid"] ?? root["config"]?["mark"]?["invalid"]
        guard let mode = InvalidMode(json: invalidValue) else {
            throw r.problem(invalidValue!, markValue["invalid"] != nil ? "$.mark.invalid" : "$.config.mark.invalid",
                            "\"invalid\" must be null, \"filter\", \"show\", \"break-paths-filter-domains\", \"break-paths-show-domains\" or \"break-paths-show-path-domains\"")
        }
        invalidMode = mode
        markLine = markValue.line
        guard Self.markKinds[markName] != nil else {
            throw r.problem(markValue, markPath, "\"\(markName)\" is not supported; use one of \(Self.markList)")
        }
    }

    /// The transforms, kept as JSON: evaluated in order by the VegaLite module.
    private mutating func readTransforms(_ root: JSONValue, _ r: SpecReader) throws(ChartProblem) {
        if let t = root["transform"] {
            guard case .array(let steps) = t.value else { throw r.problem(t, "$.transform", "expected an array of transforms") }
            for (k, step) in steps.enumerated() {
                guard case .object = step.value else {
                    throw r.problem(step, "$.transform[\(k)]", "expected an object such as {\"filter\": \"datum.x > 0\"}, found \(step.kindName)")
                }
                transforms.append(TransformStep(json: step, path: "$.transform[\(k)]"))
            }
        }
    }

    private static func readData(_ value: JSONValue, _ r: SpecReader) throws(ChartProblem) -> DataSource {
        let o = try r.object(value, "$.data", allowed: ["url", "values", "format", "name", "sequence"], ignoredAny: false)
        var format = DataFormat()
        if let f = o["format"] {
            let fo = try r.object(f, "$.data.format", allowed: ["type", "property", "parse"], ignoredAny: true)
            format.type = try r.string(fo["type"], "$.data.format.type")
            if let type = format.type, !["csv", "tsv", "json"].contains(type) {
                throw r.problem(fo["type"]!, "$.data.format.type", "\"\(type)\" is not supported; use csv, tsv or json")
            }
            format.property = try r.string(fo["property"], "$.data.format.property")
            if let p = fo["parse"] {
                switch p.value {
                case .null: format.parseDisabled = true
                case .object(let fields):
                    for (field, t) in fields {
                        switch t.value {
                        case .null: format.parse.append((field, nil))
                        case .string(let s):
                            let base = s.split(separator: ":", maxSplits: 1).first.map(String.init) ?? s
                            guard ["number", "boolean", "date", "utc", "string", "flatten"].contains(base) else {
                                throw r.problem(t, "$.data.format.parse.\(field)", "\"\(s)\" is not a parse type; use number, boolean, date, date:'%d/%m/%Y', utc:'…' or null")
                            }
                            format.parse.append((field, s))
                        default: throw r.problem(t, "$.data.format.parse.\(field)", "expected a parse type string or null, found \(t.kindName)")
                        }
                    }
                default: throw r.problem(p, "$.data.format.parse", "expected an object of field → type, or null, found \(p.kindName)")
                }
            }
        }
        let given = ["url", "values", "name", "sequence"].filter { o[$0] != nil }
        guard given.count == 1 else {
            if given.isEmpty { throw r.problem(value, "$.data", "needs \"url\" (a CSV, TSV or JSON file relative to the spec), \"values\", \"name\" (of a dataset) or \"sequence\"") }
            throw r.problem(value, "$.data", "give one of \(given.map { "\"\($0)\"" }.joined(separator: ", ")), not several")
        }
        switch given[0] {
        case "url": return .url(try r.string(o["url"], "$.data.url", required: true)!, format, line: o["url"]!.line)
        case "values": return .values(o["values"]!, format)
        case "name": return .named(try r.string(o["name"], "$.data.name", required: true)!, line: o["name"]!.line)
        default:
            let s = try r.object(o["sequence"]!, "$.data.sequence", allowed: ["start", "stop", "step", "as"], ignoredAny: false)
            func number(_ key: String, _ fallback: Double?) throws(ChartProblem) -> Double {
                guard let v = s[key] else {
                    if let fallback { return fallback }
                    throw r.problem(o["sequence"]!, "$.data.sequence", "needs \"\(key)\"")
                }
                guard let n = v.number else { throw r.problem(v, "$.data.sequence.\(key)", "expected a number, found \(v.kindName)") }
                return n
            }
            let (start, stop, step) = (try number("start", nil), try number("stop", nil), try number("step", 1))
            if case .failure(let problem) = InputLimit.sequenceCount(start: start, stop: stop, step: step) {
                if problem == .zeroStep { throw r.problem(s["step"]!, "$.data.sequence.step", "\(problem)") }
                throw r.problem(o["sequence"]!, "$.data.sequence", "\(problem)")
            }
            return .sequence(start: start, stop: stop, step: step, as: try r.string(s["as"], "$.data.sequence.as") ?? "data")
        }
    }

    mutating func readPitchline(_ value: JSONValue, _ r: SpecReader) throws(ChartProblem) {
        let base = "$.usermeta.pitchline"
        let p = try r.object(value, base, allowed: ["unit", "spokenUnit", "xUnit", "format", "audio", "seriesOrder", "firstSeries", "seriesTitles", "seriesNames", "language", "live"], ignored: [])
        unit = try r.string(p["unit"], "\(base).unit")
        if let tag = try r.string(p["language"], "\(base).language") {
            if let message = Language.problem(with: tag) { throw r.problem(p["language"]!, "\(base).language", message) }
            language = tag
        }
        spokenUnit = try r.string(p["spokenUnit"], "\(base).spokenUnit")
        xUnit = try r.string(p["xUnit"], "\(base).xUnit")
        format = try r.string(p["format"], "\(base).format")
        if let f = format, !NumberFormat.isSupported(f) {
            throw r.problem(p["format"]!, "\(base).format", "\"\(f)\" is not a supported number format; use d3 formats like \",.1f\", \".0%\", \"d\", \",\"")
        }
        if let o = p["seriesOrder"] { seriesOrder = try r.strings(o, "\(base).seriesOrder") }
        if let first = try r.string(p["firstSeries"], "\(base).firstSeries") { seriesOrder.insert(first, at: 0) }
        if let t = p["seriesTitles"] { seriesTitles = try r.stringMap(t, "\(base).seriesTitles") }
        if let n = p["seriesNames"] { seriesNames = try r.stringMap(n, "\(base).seriesNames") }
        // Bounds from the one table generation also reads (AudioOptions+Limits.swift).
        if let a = p["audio"] { audio = try r.audioOptions(a, "\(base).audio", base: audio) }
        if let l = p["live"] { live = try r.liveOptions(l, "\(base).live") }
    }
}

extension SpecReader {
    /// A view's `title` (the spec's, or a view's at `view`'s path): a string, lines, or `{text, subtitle}`.
    package func title(_ root: JSONValue, view: String = "$") throws(ChartProblem) -> (title: String?, subtitle: String?) {
        guard let t = root["title"], !t.value.isNull else { return (nil, nil) }
        let path = "\(view).title"
        switch t.value {
        case .string, .array: return (try lines(t, path), nil)
        default:
            let o = try object(t, path, allowed: ["text", "subtitle"], ignoredAny: true)
            return (try lines(o["text"], "\(path).text", required: true), try lines(o["subtitle"], "\(path).subtitle"))
        }
    }
}

extension ChartSpec {
    /// `extent` and `center` of a composite mark definition (other mark properties are drawing).
    mutating func readCompositeMarkProperties(_ m: JSONValue, _ r: SpecReader) throws(ChartProblem) {
        guard ["boxplot", "errorbar", "errorband"].contains(markName) else { return }
        if let e = m["extent"] {
            if markName == "boxplot" {
                guard e.number != nil || e.string == "min-max" else { throw r.problem(e, "$.mark.extent", "expected a number (times the interquartile range) or \"min-max\"") }
            } else {
                guard let s = e.string, ["stderr", "stdev", "ci", "iqr"].contains(s) else {
                    throw r.problem(e, "$.mark.extent", "expected one of \"stderr\", \"stdev\", \"ci\", \"iqr\"")
                }
            }
            markExtent = e
        }
        if let c = m["center"], markName != "boxplot" {
            guard let s = c.string, s == "mean" || s == "median" else { throw r.problem(c, "$.mark.center", "expected \"mean\" or \"median\"") }
            markCenter = s
        }
    }
}

import ChartModel
import Foundation
import SpecReading
import VegaLite

/// Compiles a read spec and its data into a `Chart`: transforms in order, then the encoding's own
/// data flow (implicit date parsing, timeUnit, bin, aggregate, invalid values, stack), then rows
/// (the row axis, whichever way the chart is oriented) and series (colour and other grouping
/// channels), with every value taken from the evaluated data.
struct ChartBuilder {
    /// The refusal of a view whose transforms leave no rows (a layer may be empty: `ChartLoader+Layers`).
    static let noRowsLeft = "no data rows are left after the transforms"
    /// Ends the note on a variable bound to an input, read at its initial value; a site chart's
    /// loader replaces it with its pages (`ChartLoader.withInputVariants`).
    static let pagedNoteEnd = ": read at its initial value (a site's chart page offers a page per value)"
    let spec: ChartSpec
    let frame: DataFrame
    let specFile: String
    let id: String

    /// The end of the problem for data where every mark would be invalid (a facet cell with no
    /// values is drawn empty by Vega-Lite: `FigureSpec` leaves it out and says so).
    static let noMarks = "every mark would be left out"

    func specProblem(_ path: String, line: Int, _ message: String) -> ChartProblem {
        ChartProblem(file: specFile, line: line, jsonPath: path, message: message)
    }

    /// The channel roles after orientation is resolved.
    struct Roles {
        var key: ChartSpec.ChannelDef?
        var value: ChartSpec.ChannelDef
        var key2: ChartSpec.ChannelDef?
        var value2: ChartSpec.ChannelDef?
        var orientation: Orientation
        /// A positional channel that splits the rows into series: y of a grid of circles whose
        /// value is their `size` (a punch card: hours along x, one series per day on y).
        var seriesPosition: ChartSpec.ChannelDef? = nil
    }

    func roles() throws(ChartProblem) -> Roles {
        if let kind = try kindRoles() { return kind }  // arc and rect (ChartBuilder+Kinds.swift)
        let x = spec.channel("x"), y = spec.channel("y")
        func isValueLike(_ c: ChartSpec.ChannelDef?) -> Bool {
            guard let c else { return false }
            return (c.type == .quantitative && c.bin == nil) || c.aggregate != nil && c.aggregate != "argmin" && c.aggregate != "argmax"
        }
        var horizontal: Bool
        switch (x, y) {
        case (nil, nil):
            throw specProblem("$.encoding", line: spec.channels.first?.line ?? 1, "needs x or y: Pitchline reads one positional channel as rows and the other as values")
        case (let x?, nil):
            guard isValueLike(x) || x.type == .temporal else { throw specProblem(x.path, line: x.line, "with only x, x must be quantitative (the values); add y for the rows") }
            horizontal = true
        case (nil, let y?):
            guard isValueLike(y) || y.type == .temporal else { throw specProblem(y.path, line: y.line, "with only y, y must be quantitative (the values); add x for the rows") }
            horizontal = false
        case (let x?, let y?):
            let xv = isValueLike(x), yv = isValueLike(y)
            if xv && !yv { horizontal = true }
            else if yv && !xv { horizontal = false }
            else if xv && yv {
                // Both quantitative: the aggregated one is the value; else x is the rows.
                horizontal = x.aggregate != nil && y.aggregate == nil
            } else if let size = spec.channel("size"), size.type == .quantitative || size.aggregate != nil {
                // A grid of circles sized by a number (punch card, binned scatter, bubbles per
                // year and kind): the size is the value, x the rows, each y a series.
                return Roles(key: x, value: size, key2: nil, value2: nil, orientation: .vertical, seriesPosition: y)
            } else if y.type == .ordinal && y.bin == nil && y.timeUnit == nil && x.type != .quantitative && spec.channel("x2") == nil {
                horizontal = false  // a bump chart: the rank on an ordinal y is the value (with x2, x is the range)
            } else if y.type == .temporal && x.bin == nil && x.type != .quantitative {
                horizontal = false  // dates as the values (a date per year or per category)
            } else if x.type == .temporal && (y.type == .nominal || y.type == .ordinal || y.type == nil) && y.bin == nil {
                horizontal = true  // dates per category (a Gantt chart of dates, events by kind)
            } else {
                throw specProblem(y.path, line: y.line, "neither x nor y is quantitative; Pitchline needs one quantitative channel for the values (aggregate, e.g. \"aggregate\": \"count\", makes one, or size)")
            }
        }
        if let orient = spec.markOrient, ["bar", "area", "tick", "rule"].contains(spec.markName) {
            let h = orient == "horizontal"
            if h != horizontal, let x, let y, isValueLike(h ? x : y) { horizontal = h }
        }
        let keyName = horizontal ? "y" : "x", valueName = horizontal ? "x" : "y"
        let value = spec.channel(valueName)!
        return Roles(key: spec.channel(keyName), value: value, key2: spec.channel(keyName + "2"), value2: spec.channel(valueName + "2"),
                     orientation: horizontal ? .horizontal : .vertical)
    }

    private func requireField(_ field: String, _ def: ChartSpec.ChannelDef, in frame: DataFrame) throws(ChartProblem) {
        guard frame.index(of: field) != nil else {
            throw specProblem("\(def.path).field", line: def.line, "no field \"\(field)\" in the data; fields: \(frame.fields.joined(separator: ", "))")
        }
    }

    /// `readFile` reads secondary data files (`lookup`) by site path.
    func build(readFile: (String) throws -> Data = { _ in throw CocoaError(.fileReadNoSuchFile) }) throws(ChartProblem) -> Chart {
        // Vega-Lite parses as dates, at the source, every source field a temporal channel or a
        // timeUnit names (its implicit `format.parse`), so transforms see dates; the transforms'
        // own implicit parses are `TransformPipeline`'s (in `SpecTransforms`).
        var source = self.frame
        for f in spec.implicitDateFields {
            if let column = source.column(f) { source.setColumn(f, column.map(SpecData.toDate)) }
        }
        var frame = try SpecTransforms.apply(spec.transforms, to: source, spec: spec, file: specFile, readFile: readFile)
        guard let markKind = ChartSpec.markKinds[spec.markName] else { throw specProblem("$.mark", line: spec.markLine, "unsupported mark") }
        guard frame.rowCount > 0 else {
            throw specProblem(spec.transforms.isEmpty ? "$.data" : "$.transform", line: spec.transforms.last?.json.line ?? spec.dataLine, spec.transforms.isEmpty ? "no data rows (the data is empty)" : Self.noRowsLeft)
        }

        // A field read inside another (`record.low`, `ranges[2]`) becomes a column of that name.
        for c in spec.channels {
            if let ref = c.nestedField, let f = c.field, frame.index(of: f) == nil, ref.exists(in: frame) {
                frame.setColumn(f, ref.values(in: frame))
            }
        }
        // Every field named by a channel must exist (after the transforms).
        for c in spec.channels {
            if let f = c.field { try requireField(f, c, in: frame) }
            if let a = c.aggregateArgument { try requireField(a, c, in: frame) }
        }

        // The encoding's own data flow, compiled to VegaLite transforms as Vega-Lite does:
        // implicit date parsing, timeUnit and bin per channel, then one aggregate grouped by every
        // other data-carrying field. `fieldOf` is where each channel's data now lives.
        let flow = try encodingFlow(&frame)
        var fieldOf = flow.fieldOf
        let binEnd = flow.binEnd
        // Composite marks (boxplot, errorbar, errorband) compute their own statistics.
        if [.boxplot, .errorbar, .errorband].contains(markKind) { return try buildComposite(frame: frame, fieldOf: fieldOf, binEnd: binEnd) }
        let roles = try roles()

        let preAggregate = try aggregateEncoding(&frame, fieldOf: &fieldOf, binEnd: binEnd)
        try imputeValues(&frame, roles: roles, fieldOf: fieldOf)
        return try assemble(frame: frame, roles: roles, markKind: markKind, fieldOf: fieldOf, binEnd: binEnd, preAggregate: preAggregate)
    }

    /// The JSON path of a transform error found under `base` (a channel's `timeUnit`, `bin`,
    /// `impute`): the error's own path inside that object, when it has one, is kept.
    static func path(_ base: String, inner error: TransformError) -> String {
        error.path.isEmpty ? base : base + "." + error.path
    }

    /// The encoding's own data flow, compiled to VegaLite transforms as Vega-Lite does:
    /// implicit date parsing, timeUnit and bin per channel. `fieldOf` is where each channel's
    /// data now lives, `binEnd` where a binned channel's bin ends.
    func encodingFlow(_ frame: inout DataFrame) throws(ChartProblem) -> (fieldOf: [String: String], binEnd: [String: String]) {
        var fieldOf: [String: String] = [:]
        var binEnd: [String: String] = [:]
        for c in spec.channels {
            guard var f = c.field else { continue }
            func run(_ t: Transform, _ key: String) throws(ChartProblem) {
                do { frame = try t.apply(frame) } catch {
                    throw specProblem(Self.path(c.path + "." + key, inner: error), line: c.line, error.message)
                }
            }
            if c.type == .temporal || c.timeUnit != nil || isTemporalPartner(c), c.aggregate == nil || c.aggregate == "min" || c.aggregate == "max" {
                frame.setColumn(f, frame.column(f)!.map(SpecData.toDate))
            }
            if let u = c.timeUnitJSON {
                do {
                    let unit = try VegaLite.TimeUnitSpec.parse(SpecData.dataValue(u), path: "")
                    let name = "\(unit.name)_\(f)"
                    try run(.timeUnit(TimeUnitTransform(timeUnit: unit, field: f, as: name)), "timeUnit")
                    f = name
                } catch let error as TransformError {
                    throw specProblem(Self.path(c.path + ".timeUnit", inner: error), line: c.line, error.message)
                } catch let error as ChartProblem { throw error } catch { throw specProblem("\(c.path).timeUnit", line: c.line, "\(error)") }
            }
            if let b = c.bin, c.aggregate == nil {
                let params: BinParams
                do {
                    params = try BinParams.parse(SpecData.dataValue(b), path: "", defaultMaxbins: ["x", "y"].contains(c.channel) ? 10 : 6)
                } catch {
                    throw specProblem(Self.path(c.path + ".bin", inner: error), line: c.line, error.message)
                }
                if !params.binned {
                    let name = "\(params.fieldName(f))"
                    try run(.bin(BinTransform(params: params, field: f, as: [name, name + "_end"])), "bin")
                    f = name
                    binEnd[c.channel] = name + "_end"
                }
            }
            fieldOf[c.channel] = f
        }
        return (fieldOf, binEnd)
    }

    /// One aggregate grouped by every other data-carrying field; the frame before it (for sorts
    /// by the data rows), nil without an aggregate.
    func aggregateEncoding(_ frame: inout DataFrame, fieldOf: inout [String: String], binEnd: [String: String]) throws(ChartProblem) -> DataFrame? {
        let aggregated = spec.channels.filter { $0.aggregate != nil }
        guard !aggregated.isEmpty else { return nil }
        let preAggregate = frame
        var groupby: [String] = []
        for c in spec.channels where c.aggregate == nil {
            guard let f = fieldOf[c.channel] else { continue }
            if !groupby.contains(f) { groupby.append(f) }
            if let e = binEnd[c.channel], !groupby.contains(e) { groupby.append(e) }
        }
        var measures: [AggregateMeasure] = []
        var argFields: [(channel: String, column: String, field: String)] = []
        for c in aggregated {
            guard let op = AggregateOp(rawValue: c.aggregate!) else {
                throw specProblem("\(c.path).aggregate", line: c.line, "\"\(c.aggregate!)\" is not supported")
            }
            let source = op == .argmin || op == .argmax ? c.aggregateArgument : c.field
            let output = op == .count ? "__count" : "\(op.rawValue)_\(source ?? "")"
            if !measures.contains(where: { $0.as == output }) { measures.append(AggregateMeasure(op: op, field: source, as: output)) }
            fieldOf[c.channel] = output
            if op == .argmin || op == .argmax, let f = c.field { argFields.append((c.channel, output, f)) }
        }
        do {
            frame = try Transform.aggregate(AggregateTransform(measures: measures, groupby: groupby)).apply(frame)
        } catch {
            throw specProblem(aggregated[0].path + ".aggregate", line: aggregated[0].line, error.message)
        }
        // argmin/argmax give the whole row; the channel reads its own field from it.
        for a in argFields {
            let name = "\(a.column).\(a.field)"
            frame.setColumn(name, frame.column(a.column)!.map { v in if case .object(let o) = v { o[a.field] ?? .null } else { .null } })
            fieldOf[a.channel] = name
        }
        return preAggregate
    }

    /// Channel-level impute: the value filled in for each missing row key, per series (Vega-Lite
    /// keys it by the other position channel and groups it by the series channels).
    func imputeValues(_ frame: inout DataFrame, roles: Roles, fieldOf: [String: String]) throws(ChartProblem) {
        guard let i = roles.value.impute, let v = fieldOf[roles.value.channel], let k = roles.key.flatMap({ fieldOf[$0.channel] }),
              case .object(let params) = SpecData.dataValue(i) else { return }
        var o = params
        o["impute"] = .string(v)
        o["key"] = .string(k)
        o["groupby"] = .array(spec.channels.filter { Self.seriesChannels.contains($0.channel) && $0.aggregate == nil && ($0.type == .nominal || $0.type == .ordinal) }
            .compactMap { fieldOf[$0.channel] }.map(DataValue.string))
        do {
            frame = try Transform.parse(.object(o)).apply(frame)
        } catch {
            throw specProblem(Self.path(roles.value.path + ".impute", inner: error), line: roles.value.line, error.message)
        }
    }

    func isTemporalPartner(_ c: ChartSpec.ChannelDef) -> Bool { spec.isTemporalPartner(c) }

    /// `temp_max` → "Temp max", `netGeneration` → "Net generation".
    static func humanize(_ field: String) -> String {
        var words: [String] = []
        var current = ""
        var previous: Character = " "
        for ch in field {
            if ch == "_" || ch == "-" || ch == " " || ch == "." {
                if !current.isEmpty { words.append(current); current = "" }
            } else if ch.isUppercase && previous.isLowercase {
                words.append(current)
                current = String(ch)
            } else {
                current.append(ch)
            }
            previous = ch
        }
        if !current.isEmpty { words.append(current) }
        let allUpper = { (w: String) in w.count > 1 && w == w.uppercased() }
        let joined = words.map { allUpper($0) ? $0 : $0.lowercased() }.joined(separator: " ")
        return joined.prefix(1).uppercased() + joined.dropFirst()
    }

    /// `seattle-weather` → "Seattle weather".
    static func titleFromID(_ id: String) -> String { humanize(id) }
}

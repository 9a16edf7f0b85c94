import Foundation
import VegaLite

/// Compiles a read spec and its data into a `Chart`: transforms in order, then the encoding's own
/// data flow (implicit date parsing, timeUnit, bin, aggregate, invalid values, stack), then rows
/// (the row axis, whichever way the chart is oriented) and series (colour and other grouping
/// channels), with every value taken from the evaluated data.
struct ChartBuilder {
    let spec: ChartSpec
    let frame: DataFrame
    let specFile: String
    let id: String

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
    }

    func roles() throws(ChartProblem) -> Roles {
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
            } else if y.type == .temporal && x.type != .temporal && x.bin == nil && x.type != .quantitative {
                horizontal = false  // a nominal x with temporal y: y holds the values
                throw specProblem(y.path, line: y.line, "temporal values on y with a \(x.type?.rawValue ?? "nominal") x are not supported yet; Pitchline needs a quantitative value channel")
            } else {
                throw specProblem(y.path, line: y.line, "neither x nor y is quantitative; Pitchline needs one quantitative channel for the values (aggregate, e.g. \"aggregate\": \"count\", makes one)")
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

    func build() throws(ChartProblem) -> Chart {
        var frame = try SpecTransforms.apply(spec.transforms, to: self.frame, file: specFile)
        guard let markKind = ChartSpec.markKinds[spec.markName] else { throw specProblem("$.mark", line: spec.markLine, "unsupported mark") }

        guard frame.rowCount > 0 else {
            throw specProblem(spec.transforms.isEmpty ? "$.data" : "$.transform", line: spec.transforms.last?.json.line ?? spec.dataLine, spec.transforms.isEmpty ? "no data rows (the data is empty)" : "no data rows are left after the transforms")
        }

        // Every field named by a channel must exist (after the transforms).
        for c in spec.channels {
            if let f = c.field { try requireField(f, c, in: frame) }
            if let a = c.aggregateArgument { try requireField(a, c, in: frame) }
            if c.aggregate == "ci0" || c.aggregate == "ci1" {
                throw specProblem("\(c.path).aggregate", line: c.line, "\"\(c.aggregate!)\" (a bootstrap confidence interval) is not supported yet")
            }
        }

        let roles = try roles()
        // Implicit parsing, timeUnit and bin, channel by channel: `fieldOf` is where each channel's
        // data now lives.
        var fieldOf: [String: String] = [:]
        var binEnd: [String: String] = [:]
        var binsOf: [String: EncodingFlow.Bins] = [:]
        for c in spec.channels {
            guard var f = c.field else { continue }
            if c.type == .temporal || c.timeUnit != nil, c.aggregate == nil || c.aggregate == "min" || c.aggregate == "max" {
                frame.setColumn(f, frame.column(f)!.map(SpecData.toDate))
            }
            if let u = c.timeUnit, let unit = TimeUnitSpec(u) { f = EncodingFlow.timeUnit(&frame, field: f, unit: unit) }
            if let b = c.bin, !b.binned, c.aggregate == nil {
                let maxbins: Double = ["x", "y"].contains(c.channel) ? 10 : 6
                if let made = EncodingFlow.bin(&frame, field: f, setting: b, maxbins: maxbins) {
                    f = made.start
                    binEnd[c.channel] = made.end
                    binsOf[c.channel] = made.bins
                }
            }
            fieldOf[c.channel] = f
        }

        // Aggregate: group by every other data-carrying field.
        let aggregated = spec.channels.filter { $0.aggregate != nil }
        if !aggregated.isEmpty {
            var groupby: [String] = []
            for c in spec.channels where c.aggregate == nil {
                guard let f = fieldOf[c.channel] else { continue }
                if !groupby.contains(f) { groupby.append(f) }
                if let e = binEnd[c.channel], !groupby.contains(e) { groupby.append(e) }
            }
            var measures: [EncodingFlow.Measure] = []
            for c in aggregated {
                let output = c.aggregate == "count" ? "__count" : "\(c.aggregate!)_\(c.field ?? "")"
                if !measures.contains(where: { $0.output == output }) {
                    measures.append(.init(op: c.aggregate!, field: c.field, argument: c.aggregateArgument, output: output))
                }
                fieldOf[c.channel] = output
            }
            // A sort by another field's aggregate needs that measure too.
            if let key = roles.key, case .byField(let field?, let op, _) = key.sort {
                try requireField(field, key, in: frame)
                let output = "sort_\(op)_\(field)"
                measures.append(.init(op: op, field: field, argument: nil, output: output))
            }
            frame = EncodingFlow.aggregate(frame, groupby: groupby, measures: measures)
        }
        return try assemble(frame: frame, roles: roles, markKind: markKind, fieldOf: fieldOf, binEnd: binEnd, binsOf: binsOf)
    }

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

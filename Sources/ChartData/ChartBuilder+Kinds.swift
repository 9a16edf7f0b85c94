import ChartModel
import Foundation
import SpecReading
import VegaLite

/// Arc (pie, donut) and rect (heatmap) marks read into the one chart model:
/// - a pie is one series over its slices: `theta` is the value, the `color` categories are the
///   rows, in Vega-Lite's stack order (the `order` channel, else the colour field ascending or
///   its custom sort), each with its share of the total (`PointDetail.share`);
/// - a heatmap's rows are series: `x` categories are the rows of the model (Left/Right), the
///   `y` categories the series (Up/Down), the quantitative `color` the value.
extension ChartBuilder {
    /// The channel roles of an arc or rect mark; nil for the other marks.
    func kindRoles() throws(ChartProblem) -> Roles? {
        switch spec.markName {
        case "arc":
            guard let theta = spec.channel("theta") else {
                throw specProblem("$.encoding", line: spec.channels.first?.line ?? spec.markLine, "an arc mark needs \"theta\" (the slice sizes), e.g. {\"field\": \"count\", \"type\": \"quantitative\"}")
            }
            for name in ["x", "y"] { if let c = spec.channel(name) { throw specProblem(c.path, line: c.line, "an arc mark is read as a pie: x and y would only move it; use theta and color") } }
            guard theta.type == .quantitative || theta.aggregate != nil else {
                throw specProblem(theta.path, line: theta.line, "theta must be quantitative (the slice sizes) or aggregated, e.g. \"aggregate\": \"count\"")
            }
            for name in ["theta2", "radius", "radius2"] {
                guard let c = spec.channel(name), c.field != nil || c.aggregate != nil else { continue }
                guard c.type == .quantitative || c.aggregate != nil else {
                    throw specProblem(c.path, line: c.line, "\(name) must be quantitative (a slice's \(name.hasPrefix("theta") ? "end angle" : "length from the centre")), e.g. {\"field\": \"count\", \"type\": \"quantitative\"}")
                }
            }
            if let r = spec.channel("radius"), case .offset = r.stack {
                throw specProblem(r.path, line: r.line, "a stacked radius (rings of segments) is not supported; stack theta (the angles) instead")
            }
            let slices = Self.kindColourChannel(spec).flatMap { $0.field != nil ? $0 : nil }
            return Roles(key: slices, value: theta, value2: spec.channel("theta2"), orientation: .vertical)
        case "rect":
            let x = spec.channel("x"), y = spec.channel("y")
            guard let x, let y else {
                throw specProblem("$.encoding", line: spec.channels.first?.line ?? spec.markLine, "a rect mark is read as a heatmap: it needs x and y (the columns and rows) and a quantitative color")
            }
            for c in [x, y] where c.type == .quantitative && c.bin == nil && c.timeUnit == nil {
                throw specProblem(c.path, line: c.line, "a rect mark is read as a heatmap: \(c.channel) must be nominal, ordinal, binned or a time unit")
            }
            guard let colour = Self.kindColourChannel(spec), colour.type == .quantitative || colour.aggregate != nil else {
                let c = Self.kindColourChannel(spec)
                throw specProblem(c?.path ?? "$.encoding", line: c?.line ?? x.line, "a heatmap needs a quantitative color (the value of each cell), e.g. {\"aggregate\": \"mean\", \"field\": \"temp_max\"}")
            }
            return Roles(key: x, value: colour, orientation: .vertical)
        default:
            return nil
        }
    }

    /// The kind the evaluated marks make (box plots and error ranges become theirs in
    /// `ChartBuilder+Composite.swift`); a pie's series get their shares here.
    func chartKind(markKind: Mark, heatmapY: ChartSpec.ChannelDef?, series: inout [Series], datums: [Int], rowOfDatum: [Int], rowCount: Int,
                   frame: DataFrame, fieldOf: [String: String], ranged: Bool) -> ChartKind {
        switch markKind {
        case .arc:
            var arc = ArcInfo(innerRadius: spec.innerRadius)
            let stacked = arcThetaStacked()
            let radii = arcRadii(datums: datums, rowOfDatum: rowOfDatum, frame: frame, fieldOf: fieldOf, rowCount: rowCount)
            // Vega-Lite stacks theta per radius value when radius reads another field.
            let groups = fieldOf["radius"] != fieldOf["theta"] ? radii : nil
            arc.thetaStacked = stacked && Set((groups ?? []).compactMap { $0 }).count <= 1
            if arc.thetaStacked { series = series.map(Self.withShares) }
            arc.radii = radii
            arc.radiusScale = spec.channel("radius")?.scale
            if let s = series.first {
                arc.arcSpans = Self.arcSpans(values: s.values, details: s.details, groups: groups, stacked: stacked, ranged: ranged)
            }
            return .arc(arc)
        case .rect:
            return .heatmap(HeatmapInfo(rowTitle: heatmapY.map { title(of: $0, fallback: "Rows") }))
        case .line, .bar, .point, .area, .tick, .rule, .text, .boxplot, .errorbar, .errorband:
            return .series
        }
    }

    /// Does Vega-Lite stack theta (a pie: each slice starts where the one before ends)? Its rule
    /// (vega-lite stack.ts): an explicit `stack` on theta or radius decides; with a `radius`
    /// field as well, theta stacks when it alone is aggregated, or when radius alone has a
    /// non-linear scale; never with `theta2` (each slice is drawn from theta to theta2).
    func arcThetaStacked() -> Bool {
        guard let theta = spec.channel("theta"), spec.channel("theta2") == nil else { return false }
        switch theta.stack {
        case .none: return false
        case .offset: return true
        case .unset: break
        }
        guard let radius = spec.channel("radius"), radius.field != nil || radius.aggregate != nil, radius.type == .quantitative else { return true }
        if case .offset = radius.stack { return false }
        let thetaAggregated = theta.aggregate != nil, radiusAggregated = radius.aggregate != nil
        if thetaAggregated != radiusAggregated { return thetaAggregated }
        let linear = { (s: ScaleInfo) in s.type == .linear }
        if !linear(theta.scale) { return false }
        return !linear(radius.scale)
    }

    /// A radial chart's radius value per row (the radius channel's evaluated data); nil when the
    /// arc has no radius field.
    func arcRadii(datums: [Int], rowOfDatum: [Int], frame: DataFrame, fieldOf: [String: String], rowCount: Int) -> [Double?]? {
        guard let f = fieldOf["radius"], let column = frame.column(f) else { return nil }
        var radii = [Double?](repeating: nil, count: rowCount)
        for r in datums where radii[rowOfDatum[r]] == nil { radii[rowOfDatum[r]] = column[r].validNumber }
        return radii
    }

    /// The colour channel of an arc or rect: color, else fill.
    static func kindColourChannel(_ spec: ChartSpec) -> ChartSpec.ChannelDef? {
        spec.channel("color") ?? spec.channel("fill")
    }

    /// A heatmap row's name from its y value: "2014" for a year, "March" for a month, numbers and
    /// text as they are.
    func heatmapRowName(_ v: DataValue, _ y: ChartSpec.ChannelDef) -> String {
        extraText(v, y) ?? "null"
    }

    /// Heatmap rows (series keys) in the y axis' order, top to bottom: a discrete y ascending
    /// (numbers, dates, then text by code point), descending, data order or a custom list; a
    /// continuous y (binned, temporal) runs upwards as Vega-Lite draws it, so the top row is the
    /// highest (`"sort": "descending"` turns it over).
    func heatmapRowOrder(_ keys: [String], raw: [String: DataValue], y: ChartSpec.ChannelDef) -> [String] {
        func less(_ a: String, _ b: String) -> Bool {
            switch (raw[a] ?? .null, raw[b] ?? .null) {
            case (.number(let x), .number(let y)), (.date(let x), .date(let y)): return x < y
            default: return a < b
            }
        }
        if y.bin != nil || y.type == .temporal || y.type == .quantitative {
            return y.sort == .descending ? keys.sorted(by: less) : keys.sorted { less($1, $0) }
        }
        switch y.sort {
        case .dataOrder: return keys
        case .descending: return keys.sorted { less($1, $0) }
        case .custom(let wanted):
            let position = Dictionary(wanted.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            let original = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            return keys.sorted { (position[$0] ?? wanted.count + original[$0]!) < (position[$1] ?? wanted.count + original[$1]!) }
        default: return keys.sorted(by: less)
        }
    }

    /// A pie's slices in Vega-Lite's stack order: by the `order` channel when it has a field,
    /// else the colour field ascending (Vega-Lite stacks an arc so whatever the colour's `sort`).
    /// Arcs with `theta2` (each from its own start to its own end) read clockwise, by start.
    func arcSliceOrder(_ keys: [DataValue], datums: [Int], keyColumn: [DataValue], frame: DataFrame, fieldOf: [String: String]) -> [DataValue] {
        if spec.channel("theta2") != nil, let f = fieldOf["theta"], let column = frame.column(f) {
            var start: [DataValue: Double] = [:]
            for r in datums where start[keyColumn[r]] == nil { start[keyColumn[r]] = column[r].validNumber }
            let original = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            return keys.sorted { a, b in
                let x = start[a] ?? .infinity, y = start[b] ?? .infinity
                return x != y ? x < y : original[a]! < original[b]!
            }
        }
        guard let o = spec.channel("order"), let f = fieldOf["order"], let column = frame.column(f) else {
            return keys.sorted { a, b in
                if let x = a.validNumber, let y = b.validNumber, case .number = a, case .number = b { return x < y }
                return Self.text(a) < Self.text(b)
            }
        }
        var score: [DataValue: DataValue] = [:]
        for r in datums where score[keyColumn[r]] == nil { score[keyColumn[r]] = column[r] }
        let original = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        func less(_ a: DataValue, _ b: DataValue) -> Bool {
            let x = score[a] ?? .null, y = score[b] ?? .null
            if let p = x.validNumber, let q = y.validNumber, p != q { return o.sort == .descending ? p > q : p < q }
            if x.validNumber == nil, y.validNumber == nil, Self.text(x) != Self.text(y) {
                return o.sort == .descending ? Self.text(x) > Self.text(y) : Self.text(x) < Self.text(y)
            }
            return original[a]! < original[b]!
        }
        return keys.sorted(by: less)
    }
}

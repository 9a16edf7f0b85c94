import ChartModel
import Foundation
import SpecReading

/// The merge itself (rules in `ChartLoader+Layers.swift`).
extension LayerMerge {
    func merged() throws(ChartProblem) -> Chart {
        let primary = try primaryPart()
        if let candle = candlestick() { return candle }  // LayerMerge+Candlestick.swift
        let repeated = repeatedLayers()
        let dropped = repeated.dropped, idiom = repeated.idiom
        var notes = repeated.notes  // how each layer was read, for `pitchline check`
        let kept = parts.filter { !dropped.contains($0.index) }
        let main = kept.first { !$0.isBand && !$0.isTrend } ?? primary
        let messages = Messages(tag: main.chart.options.language ?? "en")  // series names in the chart's language
        let continuous = main.chart.xValues.first.map { Self.keyKind($0) != "categories" } ?? false

        let independent = independentScales.contains(main.chart.semantics.orientation == .horizontal ? "x" : "y")
        let bandTargets = independent ? [:] : Dictionary(uniqueKeysWithValues: kept.filter(\.isBand).compactMap { p in bandTarget(p, in: kept).map { (p.index, $0) } })
        let united = kept.filter { $0.index == main.index || !($0.isTrend && continuous) && bandTargets[$0.index] == nil }
        let rows = MergedRows(main: main, united: united, continuous: continuous)
        // Extra channels of every layer, side by side.
        var extraFields: [ExtraField] = []
        for p in united { for f in p.chart.semantics.extraFields where !extraFields.contains(f) { extraFields.append(f) } }

        var (series, layers, mergedIndex) = unitedSeries(united, rows: rows, extraFields: extraFields, messages)
        notes += addBands(kept: kept, main: main, targets: bandTargets, mergedIndex: mergedIndex, rows: rows, extraCount: extraFields.count, to: &series)
        for p in kept where p.isTrend && continuous { addTrend(p, rows: rows, messages, series: &series, layers: &layers) }
        uniqueNames(&series, layers: layers, messages)
        if independent { notes += ownMeasures(&series, layers: layers, kept: kept) }  // a dual-axis chart
        if idiom == .dumbbell, series.count == 2 { Self.addDumbbellChanges(&series, xValues: rows.xValues, extraCount: extraFields.count) }

        var chart = main.chart
        // Layers whose titles give different units (a dual-axis chart's °F and inches,
        // `ChartBuilder.titleUnit`): no one unit is the chart's, each series has its own
        // (`Series.unit`: said after its values, in its table heading).
        if Set(kept.map { $0.chart.y.unit ?? "" }).count > 1 {
            chart.y.unit = nil
            for s in series.indices {
                guard let part = kept.first(where: { $0.index == layers[s].layer }), let unit = part.chart.y.unit, !series[s].name.contains(unit) else { continue }
                series[s].unit = unit
            }
        }
        chart.xValues = rows.xValues
        chart.series = series
        // The source's decimals are every data layer's (a bullet chart's 4.25 beside whole ranges).
        chart.y.decimals = united.filter { !$0.isTrend }.compactMap(\.chart.y.decimals).max() ?? chart.y.decimals
        // The rows' own dates decide how finely they are said (a fit's samples are not rows).
        chart.x.granularity = united.compactMap(\.chart.x.granularity).min() ?? chart.x.granularity
        var semantics = chart.semantics
        if rows.xValues != main.chart.xValues { semantics.bins = nil }
        semantics.extraFields = extraFields
        semantics.pointPerDatum = rows.repeats || main.chart.semantics.pointPerDatum
        semantics.invalidRows = kept.reduce(0) { $0 + $1.chart.semantics.invalidRows }
        semantics.seriesLayers = layers
        semantics.idiom = idiom
        semantics.independentValueScales = independent && series.count > 1
        // A dual-axis chart's left axis is its first series' layer's (its `scale.domain`, `zero`).
        if semantics.independentValueScales, let first = layers.first, let part = kept.first(where: { $0.index == first.layer }) {
            semantics.valueScale = part.chart.semantics.valueScale
            if let other = layers.first(where: { $0.layer != first.layer }), let second = kept.first(where: { $0.index == other.layer }) {
                semantics.secondValueScale = second.chart.semantics.valueScale
            }
        }
        for p in kept where p.isTrend { notes.append(Self.note(p, "a fitted trend line, read at every row of the chart")) }
        semantics.notes += notes + labelNotes
        let rowsOn = main.chart.semantics.orientation == .horizontal ? "y" : "x"
        semantics.annotations = placedAnnotations(annotations, rowsOn: rowsOn, xValues: rows.xValues)
        semantics.valueLabels = placedAnnotations(valueLabels, rowsOn: rowsOn, xValues: rows.xValues)
        chart.semantics = semantics
        if idiom == nil { Self.readRangeIdiom(&chart) }  // a waterfall, a Gantt chart
        var spoken = chart.options.spokenSeriesNames
        for p in kept { spoken.merge(p.chart.options.spokenSeriesNames) { a, _ in a } }
        chart.options.spokenSeriesNames = spoken
        return chart
    }

    /// The first layer that carries data rows; every layer's rows run along the same axis and
    /// hold the same kind of key.
    func primaryPart() throws(ChartProblem) -> Part {
        guard let primary = parts.first(where: { !$0.isBand && !$0.isTrend }) ?? parts.first else {
            throw ChartProblem(file: file, line: 1, jsonPath: "$.layer", message: "no layer carries data rows; a layered chart needs at least one layer with a mark over its data (line, bar, point, area)")
        }
        for p in parts where p.index != primary.index {
            if p.chart.semantics.orientation != primary.chart.semantics.orientation {
                throw ChartProblem(file: file, line: p.spec.markLine, jsonPath: p.leaf.markPath,
                                   message: "this layer's rows run along \(p.chart.semantics.orientation == .horizontal ? "y" : "x") but layer \(primary.index)'s along \(primary.chart.semantics.orientation == .horizontal ? "y" : "x"); Pitchline reads layers that share their row axis")
            }
            if let a = p.chart.xValues.first, let b = primary.chart.xValues.first, Self.keyKind(a) != Self.keyKind(b) {
                throw ChartProblem(file: file, line: p.spec.markLine, jsonPath: p.leaf.markPath,
                                   message: "this layer's rows are \(Self.keyKind(a)) but layer \(primary.index)'s are \(Self.keyKind(b)); Pitchline reads layers that share their row axis")
            }
        }
        return primary
    }

    /// How `pitchline check` tells a layer was read.
    static func note(_ p: Part, _ text: String) -> String { "\(p.leaf.path) (\(p.spec.markName)): \(text)" }

    /// Layers that repeat another's data (a lollipop's rule, a dumbbell's or waterfall's
    /// connectors), with how each was read and the idiom they make.
    func repeatedLayers() -> (dropped: Set<Int>, notes: [String], idiom: LayerIdiom?) {
        var dropped = Set<Int>()
        var notes: [String] = []
        var idiom: LayerIdiom?
        let data = parts.filter { !$0.isBand && !$0.isTrend }
        for a in data {
            for b in data where a.index < b.index && !dropped.contains(a.index) && !dropped.contains(b.index) {
                guard Self.pairs(a, named: true) == Self.pairs(b, named: true) || Self.pairs(a, named: false) == Self.pairs(b, named: false) && a.chart.series.count == b.chart.series.count else { continue }
                let (ma, mb) = (a.spec.markName, b.spec.markName)
                let (gone, kept): (Part, Part)
                if ma == "rule" && b.chart.mark == .point { (gone, kept) = (a, b); idiom = .lollipop }
                else if mb == "rule" && a.chart.mark == .point { (gone, kept) = (b, a); idiom = .lollipop }
                else if a.chart.mark == .point && b.chart.mark != .point { (gone, kept) = (a, b) }
                else { (gone, kept) = (b, a) }
                dropped.insert(gone.index)
                notes.append(Self.note(gone, "the same points as \(kept.leaf.path), read as one series"))
            }
        }
        // A rule or line along another layer's range ends (a waterfall's connectors).
        for a in data where !dropped.contains(a.index) && (a.chart.mark == .line || a.spec.markName == "rule") {
            let mine = Self.pairs(a, named: false)
            for b in data where b.index != a.index && !dropped.contains(b.index) {
                let ends = Self.pairs(b, named: false, ranges: true)
                if b.chart.series.contains(where: { !$0.details.isEmpty }), mine.allSatisfy({ (ends[$0.key] ?? 0) >= $0.value }) {
                    dropped.insert(a.index)
                    notes.append(Self.note(a, "runs along the range ends of \(b.leaf.path) (connectors), not a series of its own"))
                    break
                }
            }
        }
        // A line or rule joining the points of the other layers, row by row (a dumbbell).
        for a in data where !dropped.contains(a.index) && (a.chart.mark == .line || a.spec.markName == "rule") {
            let others = data.filter { $0.index != a.index && !dropped.contains($0.index) }
            guard !others.isEmpty else { continue }
            var union: [String: Int] = [:]
            for o in others { union.merge(Self.pairs(o, named: false, ranges: true)) { $0 + $1 } }
            if Self.pairs(a, named: false, ranges: true) == union, others.reduce(0, { $0 + $1.chart.series.count }) >= 2 {
                dropped.insert(a.index)
                notes.append(Self.note(a, "joins the points of the other layers row by row (a connector), not a series of its own"))
                if others.allSatisfy({ $0.chart.mark == .point }) { idiom = .dumbbell }
            }
        }
        return (dropped, notes, idiom)
    }

    /// Band series → the series it surrounds (layer index, series index in that layer): by
    /// name, else one band around the one series of the only other data layer.
    func bandTarget(_ band: Part, in kept: [Part]) -> [(Int, (layer: Int, series: Int))]? {
        var candidates: [(name: String, layer: Int, series: Int)] = []
        for p in kept where !p.isBand && !p.isTrend {
            for (i, s) in p.chart.series.enumerated() { candidates.append((s.name, p.index, i)) }
        }
        let byName = band.chart.series.enumerated().compactMap { bs, s in candidates.first { $0.name == s.name }.map { (bs, ($0.layer, $0.series)) } }
        if byName.count == band.chart.series.count, !byName.isEmpty { return byName }
        if band.chart.series.count == 1, candidates.count == 1 { return [(0, (candidates[0].layer, candidates[0].series))] }
        return nil
    }

    /// Annotations placed on the merged chart: on the value axis, or at the nearest row.
    func placedAnnotations(_ pendings: [PendingAnnotation], rowsOn rowChannel: String, xValues: [XValue]) -> [ChartAnnotation] {
        var out: [ChartAnnotation] = []
        for pending in pendings {
            var a = pending.annotation
            if pending.channel == rowChannel || pending.channel == "point" {
                guard let key = pending.key else { continue }
                a.row = Self.nearestRow(key, in: xValues)
                if a.row == nil { continue }
                if pending.channel == rowChannel { a.value = key.numeric }  // a mark across the rows
                a.atPoint = pending.channel == "point"
            }
            // A label at the same place as a rule names that rule.
            if a.kind == .text, let i = out.firstIndex(where: { $0.kind == .rule && $0.row == a.row && $0.group == a.group && Self.same($0.value, a.value) && $0.label == nil }) {
                out[i].label = a.label
                out[i].placement = a.placement
                continue
            }
            out.append(a)
        }
        return out
    }

    /// Range bars read as what they are (layered or single view): vertical floating bars each
    /// starting where the one before ended are a waterfall (each middle step's change);
    /// horizontal range bars over categories are a Gantt chart (each bar's length).
    static func readRangeIdiom(_ chart: inout Chart) {
        // Lines or points over whole ranks (1, 2, …) on an ordinal y, several series: a bump chart.
        if chart.semantics.idiom == nil, chart.mark == .line || chart.mark == .point, chart.semantics.orientation == .vertical,
           chart.y.type == .ordinal, chart.series.count >= 2,
           chart.series.allSatisfy({ $0.values.allSatisfy { v in v.map { $0 >= 1 && $0 == $0.rounded() && $0 < 10_000 } ?? true } }),
           chart.series.contains(where: { $0.values.contains { $0 != nil } }) {
            chart.semantics.idiom = .bump
            return
        }
        // Stacked bars whose series each keep to one side of zero, both sides used: diverging bars
        // (a population pyramid); their total says nothing and is left out. (Series that change
        // sign, such as profits and losses, keep their net total.)
        let sides = chart.series.map { s in (s.values.contains { ($0 ?? 0) > 0 }, s.values.contains { ($0 ?? 0) < 0 }) }
        if chart.semantics.idiom == nil, chart.semantics.stack == .zero, chart.mark == .bar, chart.series.count >= 2,
           !sides.contains(where: { $0.0 && $0.1 }), sides.contains(where: { $0.0 }), sides.contains(where: { $0.1 }) {
            chart.semantics.idiom = .diverging
            return
        }
        guard chart.semantics.idiom == nil, chart.semantics.stack == nil, chart.series.count == 1,
              chart.mark == .bar, chart.semantics.specMark == nil else { return }  // dates too: lengths said as durations
        let s = chart.series[0]
        if chart.semantics.orientation == .vertical, isWaterfall(s) {
            chart.semantics.idiom = .waterfall
            for r in 1..<(s.details.count - 1) { chart.series[0].details[r].change = s.details[r].upper! - s.details[r].lower! }
        } else if chart.semantics.orientation == .horizontal, chart.x.type == .nominal || chart.x.type == .ordinal, s.pointRows == nil,
                  !s.details.isEmpty, s.values.indices.allSatisfy({ s.values[$0] == nil || s.details[$0].lower != nil && s.details[$0].upper != nil }) {
            chart.semantics.idiom = .gantt
            for r in s.details.indices where s.values[r] != nil { chart.series[0].details[r].change = abs(s.details[r].upper! - s.details[r].lower!) }
        }
    }

    /// At least three ranges, every middle one starting where the one before ended.
    static func isWaterfall(_ s: Series) -> Bool {
        let d = s.details
        guard d.count >= 3, s.pointRows == nil, d.allSatisfy({ $0.lower != nil && $0.upper != nil }) else { return false }
        return (1..<(d.count - 1)).allSatisfy { same(d[$0].lower, d[$0 - 1].upper) }
    }

    static func same(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    static func nearestRow(_ key: XValue, in xValues: [XValue]) -> Int? {
        if let exact = xValues.firstIndex(of: key) { return exact }
        guard let n = key.numeric else { return nil }
        var best: (Int, Double)?
        for (i, x) in xValues.enumerated() {
            guard let v = x.numeric else { continue }
            if best == nil || abs(v - n) < best!.1 { best = (i, abs(v - n)) }
        }
        return best?.0
    }

    static func keyKind(_ x: XValue) -> String {
        switch x {
        case .number: "numbers"
        case .date: "dates"
        case .category: "categories"
        }
    }

    /// The layer's points as a multiset of "series|key|value" (or without the series; with a
    /// range's two ends instead of its value when `ranges`).
    static func pairs(_ p: Part, named: Bool, ranges: Bool = false) -> [String: Int] {
        var out: [String: Int] = [:]
        for s in p.chart.series {
            for r in s.pointRows ?? Array(s.values.indices) {
                guard let v = s.values[r] else { continue }
                let key = (named ? s.name + "|" : "") + "\(p.chart.xValues[r])|"
                if ranges, s.details.indices.contains(r), let lo = s.details[r].lower, let hi = s.details[r].upper, p.chart.semantics.stack == nil {
                    out[key + String(format: "%.9g", lo), default: 0] += 1
                    out[key + String(format: "%.9g", hi), default: 0] += 1
                } else {
                    out[key + String(format: "%.9g", v), default: 0] += 1
                }
            }
        }
        return out
    }

    /// The fit's value at `x`, straight between its samples; nil outside them.
    static func interpolate(_ samples: [(Double, Double)], at x: Double) -> Double? {
        guard let first = samples.first, let last = samples.last, x >= first.0 - 1e-9 * abs(first.0), x <= last.0 + 1e-9 * abs(last.0) else { return nil }
        var lo = 0, hi = samples.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if samples[mid].0 <= x { lo = mid } else { hi = mid }
        }
        let (x0, y0) = samples[lo], (x1, y1) = samples[hi]
        if x1 == x0 { return y0 }
        let t = min(1, max(0, (x - x0) / (x1 - x0)))
        return y0 + (y1 - y0) * t
    }

    /// "Trend line", "Quadratic trend line", "Loess trend line"; with a group, "Trend line, Seattle".
    static func trendName(_ spec: ChartSpec, group: String?, _ m: Messages) -> String {
        var key: MessageKey = .layerTrend
        for step in spec.transforms {
            if step.json["loess"] != nil { key = .layerTrendLoess }
            if step.json["regression"] != nil {
                let method = step.json["method"]?.string ?? "linear"
                key = method == "linear" ? .layerTrend : .family(.layerTrend, method)
            }
        }
        let name = m.text(key) != nil ? m[key] : m[.layerTrend]
        return group.map { m[.layerTrendGroup, ["name": name, "group": $0]] } ?? name
    }
}

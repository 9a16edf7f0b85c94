import ChartModel
import Foundation

/// The merged chart's rows and series (`LayerMerge.merged`): every layer's series on the united
/// rows, bands as their line's range, trend lines read at every row.
extension LayerMerge {
    /// Rows: every key of the united layers, as often as one layer repeats it.
    struct MergedRows {
        var keys: [XValue] = []
        var slots: [XValue: Int] = [:]
        var xValues: [XValue] = []
        var firstRow: [XValue: Int] = [:]
        var repeats: Bool { xValues.count > keys.count }

        init(main: Part, united: [Part], continuous: Bool) {
            for p in [main] + united.filter({ $0.index != main.index }) {
                var seen: [XValue: Int] = [:]
                for k in p.chart.xValues {
                    seen[k, default: 0] += 1
                    if slots[k] == nil { keys.append(k) }
                    slots[k] = max(slots[k] ?? 0, seen[k]!)
                }
            }
            if continuous {
                let descending = (main.chart.xValues.first?.numeric ?? 0) > (main.chart.xValues.last?.numeric ?? 0)
                keys.sort { descending ? $0.numeric! > $1.numeric! : $0.numeric! < $1.numeric! }
            }
            for k in keys {
                firstRow[k] = xValues.count
                xValues += Array(repeating: k, count: slots[k]!)
            }
        }

        /// Each row of `p` in the merged rows (nil: a key the merged rows do not have, only for bands).
        func rowMap(_ p: Part) -> [Int?] {
            var seen: [XValue: Int] = [:]
            return p.chart.xValues.map { k in
                defer { seen[k, default: 0] += 1 }
                guard let first = firstRow[k], (seen[k] ?? 0) < slots[k]! else { return nil }
                return first + (seen[k] ?? 0)
            }
        }
    }

    /// Every united layer's series on the merged rows, their extra channels in the merged
    /// order; with each series' layer and where "layer/series" went.
    func unitedSeries(_ united: [Part], rows: MergedRows, extraFields: [ExtraField], _ messages: Messages)
        -> (series: [Series], layers: [SeriesLayer], mergedIndex: [String: Int]) {
        var series: [Series] = []
        var layers: [SeriesLayer] = []
        var mergedIndex: [String: Int] = [:]  // "layer/series" → index in `series`
        for p in united {
            let map = rows.rowMap(p).map { $0! }  // united layers' keys are all in the rows
            let extraPlace = p.chart.semantics.extraFields.map { f in extraFields.firstIndex(of: f)! }
            for (si, s) in p.chart.series.enumerated() {
                mergedIndex["\(p.index)/\(si)"] = series.count
                var values = [Double?](repeating: nil, count: rows.xValues.count)
                var details = s.details.isEmpty ? [] : [PointDetail](repeating: PointDetail(), count: rows.xValues.count)
                for (r, v) in s.values.enumerated() {
                    values[map[r]] = v
                    if !s.details.isEmpty {
                        var d = s.details[r]
                        if !extraFields.isEmpty {
                            var extras = [String?](repeating: nil, count: extraFields.count)
                            for (j, e) in d.extras.enumerated() where j < extraPlace.count { extras[extraPlace[j]] = e }
                            d.extras = extras
                        }
                        details[map[r]] = d
                    }
                }
                let pointRows = rows.repeats ? (s.pointRows ?? Array(s.values.indices)).map { map[$0] }.sorted() : nil
                let name = p.isTrend ? Self.trendName(p.spec, group: p.chart.series.count > 1 ? s.name : nil, messages) : s.name
                series.append(Series(name: name, values: values, details: details, pointRows: pointRows, sourceKey: s.sourceKey, sourceIndex: s.sourceIndex))
                layers.append(SeriesLayer(layer: p.index, mark: p.chart.mark, trend: p.isTrend))
            }
        }
        return (series, layers, mergedIndex)
    }

    /// Bands become their line's range; returns how each band was read.
    func addBands(kept: [Part], main: Part, targets bandTargets: [Int: [(Int, (layer: Int, series: Int))]], mergedIndex: [String: Int],
                  rows: MergedRows, extraCount: Int, to series: inout [Series]) -> [String] {
        var notes: [String] = []
        for p in kept where p.isBand && p.index != main.index {
            guard let target = bandTargets[p.index] else { continue }
            notes.append(Self.note(p, "a band, read as the range of \(target.map { t in kept.first { $0.index == t.1.layer }!.chart.series[t.1.series].name }.joined(separator: ", "))"))
            let map = rows.rowMap(p)
            for (bs, t) in target {
                guard let ts = mergedIndex["\(t.layer)/\(t.series)"] else { continue }
                if series[ts].details.isEmpty { series[ts].details = [PointDetail](repeating: PointDetail(extras: [String?](repeating: nil, count: extraCount)), count: rows.xValues.count) }
                let band = p.chart.series[bs]
                for r in band.values.indices where band.details.indices.contains(r) {
                    guard let lo = band.details[r].lower, let hi = band.details[r].upper else { continue }
                    guard let row = map[r] else { continue }  // a band row beyond the chart's rows
                    series[ts].details[row].bandLower = min(lo, hi)
                    series[ts].details[row].bandUpper = max(lo, hi)
                }
            }
        }
        return notes
    }

    /// A trend layer's lines, read along the rows as drawn (straight between the fit's samples).
    func addTrend(_ p: Part, rows: MergedRows, _ messages: Messages, series: inout [Series], layers: inout [SeriesLayer]) {
        for s in p.chart.series {
            var samples: [(Double, Double)] = []
            for (r, v) in s.values.enumerated() { if let v, let x = p.chart.xValues[r].numeric { samples.append((x, v)) } }
            samples.sort { $0.0 < $1.0 }
            let values = rows.xValues.map { k in k.numeric.flatMap { Self.interpolate(samples, at: $0) } }
            let name = Self.trendName(p.spec, group: p.chart.series.count > 1 ? s.name : nil, messages)
            // One point per distinct key (the first of a repeated key's rows).
            let firstRows = rows.repeats ? rows.keys.map { rows.firstRow[$0]! } : nil
            var along = values
            if let firstRows { let keep = Set(firstRows); for r in along.indices where !keep.contains(r) { along[r] = nil } }
            series.append(Series(name: name, values: along, pointRows: firstRows, sourceKey: name, sourceIndex: series.count))
            layers.append(SeriesLayer(layer: p.index, mark: .line, trend: true))
        }
    }

    /// Names stay unique (two layers over the same field): the second says its mark.
    func uniqueNames(_ series: inout [Series], layers: [SeriesLayer], _ messages: Messages) {
        let aggregates = Dictionary(parts.map { ($0.index, $0.chart.y.aggregate) }, uniquingKeysWith: { a, _ in a })
        for i in series.indices where series[..<i].contains(where: { $0.name == series[i].name }) {
            let op = aggregates[layers[i].layer] ?? nil
            let what = op.map { messages.text(.family(.layerOp, $0)) != nil ? messages[.family(.layerOp, $0)] : $0 } ?? layers[i].mark.rawValue
            series[i].name = messages[.layerSeriesOp, ["name": series[i].name, "op": what]]
        }
    }

    /// Dumbbells: the change from the previous series at each row.
    static func addDumbbellChanges(_ series: inout [Series], xValues: [XValue], extraCount: Int) {
        if series[1].details.isEmpty { series[1].details = [PointDetail](repeating: PointDetail(extras: [String?](repeating: nil, count: extraCount)), count: xValues.count) }
        var rowOf: [XValue: (Int?, Int?)] = [:]
        for r in xValues.indices {
            if series[0].values[r] != nil { rowOf[xValues[r], default: (nil, nil)].0 = r }
            if series[1].values[r] != nil { rowOf[xValues[r], default: (nil, nil)].1 = r }
        }
        for (_, rows) in rowOf {
            guard let a = rows.0, let b = rows.1, let va = series[0].values[a], let vb = series[1].values[b] else { continue }
            series[1].details[b].change = vb - va
        }
    }

    /// A dual-axis chart (`resolve.scale.y` independent): a band layer is a series of its own
    /// (its range low to high, on its own scale), never the range of another layer's series.
    func ownMeasures(_ series: inout [Series], layers: [SeriesLayer], kept: [Part]) -> [String] {
        let bands = Set(kept.filter(\.isBand).map(\.index))
        for i in series.indices where bands.contains(layers[i].layer) {
            for r in series[i].details.indices {
                guard let a = series[i].details[r].lower, let b = series[i].details[r].upper else { continue }
                (series[i].details[r].lower, series[i].details[r].upper) = (min(a, b), max(a, b))
            }
        }
        return ["resolve.scale: each layer has its own value scale (a dual-axis chart): \(series.map(\.name).joined(separator: ", ")), each its own measure and pitch scale"]
    }
}

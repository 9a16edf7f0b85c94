/// The aggregate ops of one `window` transform over a sliding frame, reproducing Vega's
/// `WindowState` cell exactly: measures updated as rows enter and leave the frame, one tuple
/// store shared by all fields whose extent/quartile/CI results are memoized until the store's
/// accessor changes. (Vega's memo can hand back a min/max from an earlier frame when a median
/// or CI op on the same field runs first in a step; Vega-Lite shows those values, so do we.)
struct WindowCell {
    struct Item {
        var op: AggregateOp
        var field: Int?  // index into `fields`; nil for count
        var output: Int  // index into the window's outputs
    }

    /// Vega's per-field measure state (`min`/`max` may be undefined (nil) or NaN).
    struct Measure {
        var acc = Accumulator()
        var min: Bound = .undefined
        var max: Bound = .undefined
        var argmin: Int? = nil
        var argmax: Int? = nil
    }

    enum Bound { case undefined, nan, value(DataValue) }

    let fields: [[DataValue]]
    /// Per field, its items in Vega's output order (op index, then spec order).
    let itemsByField: [[Item]]
    let counts: [Item]
    var measures: [Measure]
    var num = 0
    // The shared tuple store's memo (vega-transforms TupleStore).
    var storeGet: Int? = nil
    var ext: (Int?, Int?)? = nil
    var quartiles: [Double?]? = nil
    var ci: (Double, Double)?? = nil

    init(items: [Item], fields: [[DataValue]]) {
        self.fields = fields
        counts = items.filter { $0.field == nil }
        var by: [[Item]] = fields.map { _ in [] }
        for item in items { if let f = item.field { by[f].append(item) } }
        itemsByField = by.map { list in
            list.enumerated().sorted { ($0.element.op.vegaOutputRank, $0.offset) < ($1.element.op.vegaOutputRank, $1.offset) }.map(\.element)
        }
        measures = fields.map { _ in Measure() }
    }

    /// Starts a partition (Vega's `cell.init`: the CI memo survives, as in Vega).
    mutating func reset() {
        num = 0
        measures = fields.map { _ in Measure() }
        storeGet = nil
        ext = nil
        quartiles = nil
    }

    private static func isValid(_ v: DataValue) -> Bool {
        if v.isMissing { return false }
        if case .number(let n) = v, n.isNaN { return false }
        return true
    }

    mutating func add(row: Int) {
        num += 1
        for f in fields.indices where !itemsByField[f].isEmpty {
            let v = fields[f][row]
            var m = measures[f]
            m.acc.add(v)
            if WindowCell.isValid(v) {
                if case .value(let lo) = m.min, DataValue.jsLess(v, lo) { m.argmin = row }
                if case .value(let hi) = m.max, DataValue.jsLess(hi, v) { m.argmax = row }
                switch m.min {
                case .undefined: m.min = .value(v)
                case .value(let lo) where DataValue.jsLess(v, lo): m.min = .value(v)
                default: break
                }
                switch m.max {
                case .undefined: m.max = .value(v)
                case .value(let hi) where DataValue.jsLess(hi, v): m.max = .value(v)
                default: break
                }
            }
            measures[f] = m
        }
    }

    mutating func remove(row: Int) {
        num -= 1
        for f in fields.indices where !itemsByField[f].isEmpty {
            let v = fields[f][row]
            var m = measures[f]
            m.acc.remove(v)
            if WindowCell.isValid(v) {
                if case .value(let lo) = m.min, DataValue.jsLessOrEqual(v, lo) { m.argmin = nil; m.min = .nan }
                if case .value(let hi) = m.max, DataValue.jsLessOrEqual(hi, v) { m.argmax = nil; m.max = .nan }
            }
            measures[f] = m
        }
    }

    /// vega-util `extentIndex` over the frame's rows.
    private func extentIndex(_ f: Int, _ rows: ArraySlice<Int>) -> (Int?, Int?) {
        let vals = fields[f]
        var lo: Int? = nil, hi: Int? = nil
        for r in rows {
            let b = vals[r]
            if b == .null { continue }
            guard let l = lo, let h = hi else {
                if case .number(let n) = b, n.isNaN { continue }
                lo = r; hi = r
                continue
            }
            if DataValue.jsLess(b, vals[l]) { lo = r }
            if DataValue.jsLess(vals[h], b) { hi = r }
        }
        return (lo, hi)
    }

    private mutating func extent(_ f: Int, _ rows: ArraySlice<Int>) -> (Int?, Int?) {
        if storeGet != f || ext == nil {
            ext = extentIndex(f, rows)
            storeGet = f
        }
        return ext!
    }

    /// Writes every aggregate output for the row whose frame is `rows`.
    mutating func set(rows: ArraySlice<Int>, into outputs: inout [[DataValue]], at row: Int, frame: DataFrame) {
        storeGet = nil  // the store's `values()` runs before any op
        for c in counts { outputs[c.output][row] = .number(Double(num)) }
        for f in fields.indices {
            for item in itemsByField[f] {
                outputs[item.output][row] = value(item.op, f, rows, frame)
            }
        }
    }

    private mutating func value(_ op: AggregateOp, _ f: Int, _ rows: ArraySlice<Int>, _ frame: DataFrame) -> DataValue {
        let vals = fields[f]
        switch op {
        case .min, .max:
            let bound = op == .min ? measures[f].min : measures[f].max
            switch bound {
            case .undefined: return .null
            case .value(let v): return v
            case .nan:
                let e = extent(f, rows)
                let v = (op == .min ? e.0 : e.1).map { vals[$0] } ?? .null
                if op == .min { measures[f].min = v == .null ? .undefined : .value(v) } else { measures[f].max = v == .null ? .undefined : .value(v) }
                return v
            }
        case .argmin, .argmax:
            if let r = op == .argmin ? measures[f].argmin : measures[f].argmax { return .object(frame.object(row: r)) }
            let e = extent(f, rows)
            return .object((op == .argmin ? e.0 : e.1).map { frame.object(row: $0) } ?? [:])
        case .median, .q1, .q3:
            if storeGet != f || quartiles == nil {
                let s = Statistics.numbers(rows.map { vals[$0] }).sorted()
                quartiles = [AggregateOp.q1, .median, .q3].map { Statistics.quantileSorted(s, $0.quantile!) }
                storeGet = f
            }
            let q = quartiles![op == .q1 ? 0 : op == .median ? 1 : 2]
            return q.map(DataValue.number) ?? .null
        case .ci0, .ci1:
            if storeGet != f || ci == nil {
                ci = .some(Statistics.bootstrapCI(Statistics.numbers(rows.map { vals[$0] })))
                storeGet = f
            }
            guard let bounds = ci! else { return .null }
            return .number(op == .ci0 ? bounds.0 : bounds.1)
        case .values:
            storeGet = nil
            return measures[f].acc.value(op, rows: rows, values: vals, frame: frame)
        default:
            return measures[f].acc.value(op, rows: rows, values: vals, frame: frame)
        }
    }
}

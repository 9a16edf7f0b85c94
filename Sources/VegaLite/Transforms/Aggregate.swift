/// Vega's aggregate operations (vega-transforms `AggregateOps`) with its validity rules: null,
/// undefined and "" count as missing, NaN is skipped, every other value is valid.
public enum AggregateOp: String, Sendable, CaseIterable {
    case count, valid, missing, distinct, sum, product, mean, average, median, q1, q3, min, max,
         argmin, argmax, stdev, stdevp, variance, variancep, stderr, ci0, ci1, values

    /// Whether the op needs the group's rows kept (Vega's tuple store).
    var needsRows: Bool {
        switch self {
        case .values, .distinct, .median, .q1, .q3, .ci0, .ci1, .argmin, .argmax: true
        default: false
        }
    }

    /// The probability of a quantile op (d3's R-7 over the group's sorted numbers), nil for the others.
    var quantile: Double? {
        switch self {
        case .q1: 0.25
        case .median: 0.5
        case .q3: 0.75
        default: nil
        }
    }

    static func parse(_ o: SpecObject, _ key: String) throws(TransformError) -> AggregateOp {
        let name = try o.string(key)
        guard let op = AggregateOp(rawValue: name) else {
            throw TransformError(
                "unknown aggregate op \"\(name)\"; supported: \(allCases.map(\.rawValue).joined(separator: ", "))",
                path: o.at(key))
        }
        return op
    }
}

/// One `{op, field, as}` of `aggregate`/`joinaggregate`.
public struct AggregateMeasure: Sendable {
    public var op: AggregateOp
    public var field: FieldRef?
    public var `as`: String

    public init(op: AggregateOp, field: String?, as name: String? = nil) {
        self.op = op
        self.field = field.map(FieldRef.init)
        self.as = name ?? (op.rawValue + (field.map { "_" + $0 } ?? ""))
    }

    static func parseList(_ o: SpecObject, _ key: String) throws(TransformError) -> [AggregateMeasure] {
        guard let list = try o.array(key) else { throw TransformError("\"\(key)\" is required", path: o.at(key)) }
        var out: [AggregateMeasure] = []
        for (i, item) in list.enumerated() {
            let m = try SpecObject(item, path: o.at(key, i))
            try m.allowOnly(["op", "field", "as"], in: "an aggregate field")
            let op = try AggregateOp.parse(m, "op")
            let field = try m.optionalString("field")
            if field == nil && op != .count {
                throw TransformError("\"field\" is required for op \"\(op.rawValue)\"", path: m.at("field"))
            }
            out.append(AggregateMeasure(op: op, field: field, as: try m.optionalString("as")))
        }
        return out
    }
}

/// The running state of Vega's measures for one field over one group (or window frame).
struct Accumulator {
    var num = 0
    var valid = 0
    var missing = 0
    var sum = 0.0
    var product = 1.0
    var mean = 0.0
    var dev = 0.0
    var min: DataValue? = nil
    var max: DataValue? = nil

    /// Vega's `add(v)`.
    mutating func add(_ v: DataValue) {
        num += 1
        let x: Double
        switch v {
        case .number(let n):
            // The common case, without JavaScript's mixed-type comparison.
            if n.isNaN { return }
            x = n
            if case .number(let lo)? = min { if n < lo { min = v } } else if min == nil || DataValue.jsLess(v, min!) { min = v }
            if case .number(let hi)? = max { if n > hi { max = v } } else if max == nil || DataValue.jsLess(max!, v) { max = v }
        case .null:
            missing += 1
            return
        default:
            if v.isMissing { missing += 1; return }
            x = v.number
            if min == nil || DataValue.jsLess(v, min!) { min = v }
            if max == nil || DataValue.jsLess(max!, v) { max = v }
        }
        valid += 1
        sum += x
        product *= x
        let d = x - mean
        mean += d / Double(valid)
        dev += d * (x - mean)
    }

    /// Vega's `rem(v)` (min/max are recomputed by the caller from the frame when needed).
    mutating func remove(_ v: DataValue) {
        num -= 1
        if v.isMissing { missing -= 1; return }
        if case .number(let n) = v, n.isNaN { return }
        valid -= 1
        let x = v.number
        sum -= x
        product /= x
        let d = x - mean
        mean -= valid > 0 ? d / Double(valid) : mean
        dev -= d * (x - mean)
    }

    /// The op's value; `rows`/`values` give the group's stored rows for ops that need them.
    func value(_ op: AggregateOp, rows: ArraySlice<Int>, values: [DataValue], frame: DataFrame) -> DataValue {
        let v = Double(valid)
        // JavaScript's Math.max(0, NaN) is NaN (a non-numeric string makes the deviation NaN).
        let d = dev.isNaN ? Double.nan : Swift.max(0, dev)
        switch op {
        case .count: return .number(Double(num))
        case .valid: return .number(v)
        case .missing: return .number(Double(missing))
        case .sum: return valid > 0 ? .number(sum) : .null
        case .product: return valid > 0 ? .number(product) : .null
        case .mean, .average: return valid > 0 ? .number(mean) : .null
        case .variance: return valid > 1 ? .number(d / (v - 1)) : .null
        case .variancep: return valid > 1 ? .number(d / v) : .null
        case .stdev: return valid > 1 ? .number((d / (v - 1)).squareRoot()) : .null
        case .stdevp: return valid > 1 ? .number((d / v).squareRoot()) : .null
        case .stderr: return valid > 1 ? .number((d / (v * (v - 1))).squareRoot()) : .null
        case .min: return min ?? .null
        case .max: return max ?? .null
        case .distinct:
            var seen = Set<DataValue>()
            for r in rows { seen.insert(values[r].groupKey) }
            return .number(Double(seen.count))
        case .values:
            return .array(rows.map { .object(frame.object(row: $0)) })
        case .median, .q1, .q3:
            let sorted = Statistics.numbers(rows.map { values[$0] }).sorted()
            return Statistics.quantileSorted(sorted, op.quantile!).map(DataValue.number) ?? .null
        case .ci0, .ci1:
            guard let ci = Statistics.bootstrapCI(Statistics.numbers(rows.map { values[$0] })) else { return .null }
            return .number(op == .ci0 ? ci.0 : ci.1)
        case .argmin, .argmax:
            var best: Int? = nil
            for r in rows {
                let x = values[r]
                guard x != .null, !x.number.isNaN else { continue }
                if let b = best {
                    if op == .argmin ? DataValue.jsLess(x, values[b]) : DataValue.jsLess(values[b], x) { best = r }
                } else {
                    best = r
                }
            }
            return .object(best.map { frame.object(row: $0) } ?? [:])
        }
    }
}

/// Computes measures over row groups of a frame (shared by aggregate, joinaggregate, pivot).
struct MeasureEngine {
    let measures: [AggregateMeasure]

    /// One value per measure per group, `[measure][group]`. The measures of one field share one
    /// pass over each group: one accumulator, the group's numbers sorted once for all its
    /// quantiles (median, q1, q3) and one bootstrap for ci0 and ci1, as Vega's tuple store memoizes them.
    func compute(_ frame: DataFrame, groups: [[Int]]) -> [[DataValue]] {
        var results = measures.map { _ in [DataValue](repeating: .null, count: groups.count) }
        var fieldOrder: [String] = [], byField: [String: [Int]] = [:]
        for (i, m) in measures.enumerated() {
            guard let f = m.field?.name else {
                results[i] = groups.map { .number(Double($0.count)) }
                continue
            }
            if byField[f] == nil { fieldOrder.append(f) }
            byField[f, default: []].append(i)
        }
        for f in fieldOrder {
            let indices = byField[f]!
            let values = measures[indices[0]].field!.values(in: frame)
            for (g, rows) in groups.enumerated() {
                var acc = Accumulator()
                for r in rows { acc.add(values[r]) }
                var sorted: [Double]? = nil
                var ci: (Double, Double)?? = nil
                for i in indices {
                    let op = measures[i].op
                    switch op {
                    case .median, .q1, .q3:
                        if sorted == nil { sorted = Statistics.numbers(rows.map { values[$0] }).sorted() }
                        results[i][g] = Statistics.quantileSorted(sorted!, op.quantile!).map(DataValue.number) ?? .null
                    case .ci0, .ci1:
                        if ci == nil { ci = .some(Statistics.bootstrapCI(Statistics.numbers(rows.map { values[$0] }))) }
                        results[i][g] = ci!.map { .number(op == .ci0 ? $0.0 : $0.1) } ?? .null
                    default:
                        results[i][g] = acc.value(op, rows: rows[...], values: values, frame: frame)
                    }
                }
            }
        }
        return results
    }

    /// Vega's output order: counts, then per field (first seen) its ops by Vega's op index.
    var outputOrder: [Int] {
        var order = measures.indices.filter { measures[$0].field == nil }
        var fieldOrder: [String] = []
        for m in measures { if let f = m.field?.name, !fieldOrder.contains(f) { fieldOrder.append(f) } }
        for f in fieldOrder {
            let idx = measures.indices.filter { measures[$0].field?.name == f }
            order += idx.sorted { (measures[$0].op.vegaOutputRank, $0) < (measures[$1].op.vegaOutputRank, $1) }
        }
        return order
    }
}

/// `{"aggregate": [{op, field, as}], "groupby": [...]}`: one row per group, groups in
/// first-seen order, columns groupby then measures (Vega's order).
public struct AggregateTransform: Sendable {
    public var measures: [AggregateMeasure]
    public var groupby: [FieldRef]

    public init(measures: [AggregateMeasure], groupby: [String]) {
        self.measures = measures
        self.groupby = groupby.map(FieldRef.init)
    }

    /// Read from `key` (a joinaggregate reads its measures as an aggregate's, under its own key).
    init(_ o: SpecObject, key: String = "aggregate", in what: String = "an aggregate transform") throws(TransformError) {
        (measures, groupby) = try o.groupedMeasures(key, in: what)
    }

    func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkGroupedFields(measures, groupby: groupby, key: "aggregate", in: frame)
        let grouping = Grouping(frame, by: groupby)
        // With no rows there are no groups (Vega emits nothing).
        let groups = frame.rowCount == 0 ? [] : grouping.groups
        let engine = MeasureEngine(measures: measures)
        let results = engine.compute(frame, groups: groups)
        var out = DataFrame(rowCount: groups.count)
        for g in groupby {
            let col = g.values(in: frame)
            out.setColumn(g.name, groups.map { col[$0[0]] })
        }
        for i in engine.outputOrder { out.setColumn(measures[i].as, results[i]) }
        return out
    }
}

/// `{"joinaggregate": [...], "groupby": [...]}`: each row gets its group's measures.
public struct JoinAggregateTransform: Sendable {
    /// The measures and groupby, read as an aggregate's; the results join back onto the rows.
    public var grouped: AggregateTransform
    public var measures: [AggregateMeasure] { grouped.measures }
    public var groupby: [FieldRef] { grouped.groupby }

    init(_ o: SpecObject) throws(TransformError) {
        grouped = try AggregateTransform(o, key: "joinaggregate", in: "a joinaggregate transform")
    }

    func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkGroupedFields(measures, groupby: groupby, key: "joinaggregate", in: frame)
        guard frame.rowCount > 0 else {
            var out = frame
            for m in measures { out.setColumn(m.as, []) }
            return out
        }
        let grouping = Grouping(frame, by: groupby)
        let results = MeasureEngine(measures: measures).compute(frame, groups: grouping.groups)
        var out = frame
        for (i, m) in measures.enumerated() {
            out.setColumn(m.as, grouping.groupOfRow.map { results[i][$0] })
        }
        return out
    }
}

/// Spec readers two or more transforms share (one rule each).
extension SpecObject {
    /// `"frame": [start, end]` (window, impute): whole numbers or null (unbounded); `absent` when
    /// the key is missing (the transforms' defaults differ).
    func windowFrame(absent: (Int?, Int?)) throws(TransformError) -> (Int?, Int?) {
        guard let f = try array("frame") else { return absent }
        guard f.count == 2 else { throw TransformError("expected [start, end]", path: at("frame")) }
        var ends: [Int?] = []
        for (i, v) in f.enumerated() {
            switch v {
            case .null: ends.append(nil)
            case .number(let n): ends.append(try wholeNumber(n, -1_000_000_000...1_000_000_000, path: at("frame", i)))
            default: throw TransformError("expected a number or null, found \(describe(v))", path: at("frame", i))
            }
        }
        return (ends[0], ends[1])
    }

    /// `"as"` of a transform that writes a start and an end (bin, stack): one name (`x` →
    /// `x`, `x_end`) or a pair; required.
    func startEndNames(_ key: String = "as") throws(TransformError) -> [String] {
        if let s = try? string(key) { return [s, s + "_end"] }
        if let p = try pair(key) { return p }
        throw TransformError("\"\(key)\" is required", path: at(key))
    }

    /// The measures under `key` and the `groupby` of an aggregate or joinaggregate transform.
    func groupedMeasures(_ key: String, in what: String) throws(TransformError) -> ([AggregateMeasure], [FieldRef]) {
        try allowOnly([key, "groupby"], in: what)
        return (try AggregateMeasure.parseList(self, key), try fields("groupby"))
    }
}

extension AggregateOp {
    /// Vega's op index class: the order its aggregate and window write a field's measures in.
    var vegaOutputRank: Int {
        switch self {
        case .values: -1
        case .count, .valid, .missing, .sum, .product, .mean: 0
        case .average, .variance: 1
        case .variancep, .stdev, .stdevp, .stderr: 2
        case .distinct, .ci0, .ci1, .median, .q1, .q3, .argmin, .argmax: 3
        case .min, .max: 4
        }
    }
}

/// Every field an aggregate or joinaggregate reads exists (`key` names the measures' array).
func checkGroupedFields(_ measures: [AggregateMeasure], groupby: [FieldRef], key: String, in frame: DataFrame) throws(TransformError) {
    for (i, g) in groupby.enumerated() { try checkField(g, in: frame, path: "groupby[\(i)]") }
    for (i, m) in measures.enumerated() { if let f = m.field { try checkField(f, in: frame, path: "\(key)[\(i)].field") } }
}

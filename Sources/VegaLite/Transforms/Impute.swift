/// `{"impute": "y", "key": "x", "keyvals": [...] | {"start", "stop", "step"}, "groupby": [...],
/// "method": "value" | "mean" | "median" | "max" | "min", "value": 0, "frame": [null, null]}`.
///
/// As Vega-Lite compiles it: Vega's impute adds, for every group, a row for each key value the
/// group lacks (appended after the input rows, holding only the groupby, key and imputed
/// fields); with a method other than "value" the new rows hold null, then a window over
/// `frame` computes `imputed_<field>_value` and fills the nulls from it.
public struct ImputeTransform: Sendable {
    public var impute: FieldRef
    public var key: FieldRef
    public var keyvals: [DataValue]?
    public var groupby: [FieldRef]
    public var method: String
    public var value: DataValue
    public var frame: (Int?, Int?)

    static let methods = ["value", "mean", "median", "max", "min"]

    /// An encoding's `impute` (`{"impute": {"value": 0}}` on y, keyed by x, grouped by color).
    public init(impute: String, key: String, keyvals: [DataValue]? = nil, groupby: [String] = [],
                method: String = "value", value: DataValue = .number(0), frame: (Int?, Int?) = (nil, nil)) {
        self.impute = FieldRef(impute)
        self.key = FieldRef(key)
        self.keyvals = keyvals
        self.groupby = groupby.map(FieldRef.init)
        self.method = ImputeTransform.methods.contains(method) ? method : "value"
        self.value = value
        self.frame = frame
    }

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["impute", "key", "keyvals", "groupby", "method", "value", "frame"], in: "an impute transform")
        impute = try o.field("impute")
        key = try o.field("key")
        groupby = try o.fields("groupby")
        method = try o.oneOf("method", ImputeTransform.methods) ?? "value"
        value = o.values["value"] ?? .number(0)
        switch o.values["keyvals"] {
        case nil, .null?: keyvals = nil
        case .array(let a)?: keyvals = a
        case .object?:
            let s = try o.object("keyvals")!
            try s.allowOnly(["start", "stop", "step"], in: "a keyvals sequence")
            guard let start = try s.number("start"), let stop = try s.number("stop") else {
                throw TransformError("a sequence needs start and stop", path: s.path)
            }
            let step = try s.number("step") ?? (start < stop ? 1 : -1)
            // vega `sequence(start, stop, step)`.
            let count = ((stop - start) / step).rounded(.up)
            guard step != 0, count.isFinite, count <= 1_000_000 else {
                throw TransformError("the sequence would have \(DataValue.jsNumberText(count)) values; at most 1,000,000", path: s.path)
            }
            let n = Swift.max(0, Int(count))
            keyvals = (0..<n).map { .number(start + Double($0) * step) }
        case let v?: throw TransformError("expected an array or a sequence, found \(describe(v))", path: o.at("keyvals"))
        }
        frame = try o.windowFrame(absent: (nil, nil))
    }

    func apply(_ input: DataFrame) throws(TransformError) -> DataFrame {
        try checkField(impute, in: input, path: "impute")
        try checkField(key, in: input, path: "key")
        for (i, g) in groupby.enumerated() { try checkField(g, in: input, path: "groupby[\(i)]") }
        let keyCol = key.values(in: input)
        // The key domain: keyvals first, then keys in first-seen order (deduplicated by text).
        var domain: [DataValue] = keyvals ?? []
        var index: [String: Int] = [:]
        for (i, k) in domain.enumerated() where index[k.text] == nil { index[k.text] = i }
        var keyOfRow = [Int](repeating: 0, count: input.rowCount)
        for (r, k) in keyCol.enumerated() {
            if let i = index[k.text] { keyOfRow[r] = i } else {
                index[k.text] = domain.count; keyOfRow[r] = domain.count; domain.append(k)
            }
        }
        let grouping = Grouping(input, by: groupby)
        let groups = input.rowCount == 0 ? [] : grouping.groups
        let fillValue: DataValue = method == "value" ? value : .null
        var newGroupVals: [[DataValue]] = groupby.map { _ in [] }
        var newKeys: [DataValue] = [], newValues: [DataValue] = []
        let groupCols = groupby.map { $0.values(in: input) }
        for rows in groups {
            var has = [Bool](repeating: false, count: domain.count)
            for r in rows { has[keyOfRow[r]] = true }
            for (j, k) in domain.enumerated() where !has[j] {
                for (g, col) in groupCols.enumerated() { newGroupVals[g].append(col[rows[0]]) }
                newKeys.append(k)
                newValues.append(fillValue)
            }
        }
        var out = input
        if !newKeys.isEmpty {
            let n = input.rowCount, m = newKeys.count
            var fields = input.fields
            var columns = input.columns
            for i in columns.indices { columns[i] += [DataValue](repeating: .null, count: m) }
            func put(_ name: String, _ vals: [DataValue]) {
                if let i = fields.firstIndex(of: name) {
                    columns[i].replaceSubrange(n..<(n + m), with: vals)
                } else {
                    fields.append(name)
                    columns.append([DataValue](repeating: .null, count: n) + vals)
                }
            }
            for (g, f) in groupby.enumerated() { put(f.name, newGroupVals[g]) }
            put(key.name, newKeys)
            put(impute.name, newValues)
            out = DataFrame(fields: fields, columns: columns)
        }
        guard method != "value" else { return out }
        let name = "imputed_\(impute.name)_value"
        var window = WindowTransform(
            ops: [.init(op: .aggregate(AggregateOp(rawValue: method)!), field: impute, as: name)],
            frame: frame, ignorePeers: false, sort: [], groupby: groupby)
        window.ignorePeers = false
        out = try window.apply(out)
        let original = impute.values(in: out), imputed = out.column(name)!
        out.setColumn(impute.name, original.indices.map { original[$0] == .null ? imputed[$0] : original[$0] })
        return out
    }
}

extension WindowTransform {
    init(ops: [Item], frame: (Int?, Int?), ignorePeers: Bool, sort: [SortField], groupby: [FieldRef]) {
        self.ops = ops
        self.frame = frame
        self.ignorePeers = ignorePeers
        self.sort = sort
        self.groupby = groupby
    }
}

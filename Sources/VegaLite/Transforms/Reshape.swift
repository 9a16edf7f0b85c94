/// `{"fold": ["a", "b"], "as": ["key", "value"]}`: each row becomes one row per folded field,
/// with every original field plus the field's name and value.
public struct FoldTransform: Sendable {
    public var fields: [FieldRef]
    public var `as`: [String]

    init(_ o: SpecObject) throws(TransformError) {
        fields = try o.listedFields("fold")
        self.as = try o.pair("as") ?? ["key", "value"]
    }

    func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkListedFields(fields, in: frame, key: "fold")
        let k = fields.count
        var rows: [Int] = []
        rows.reserveCapacity(frame.rowCount * k)
        for r in 0..<frame.rowCount { for _ in 0..<k { rows.append(r) } }
        var out = frame.selecting(rows: rows)
        let values = fields.map { $0.values(in: frame) }
        var keyCol: [DataValue] = [], valueCol: [DataValue] = []
        keyCol.reserveCapacity(rows.count); valueCol.reserveCapacity(rows.count)
        for r in 0..<frame.rowCount {
            for (j, f) in fields.enumerated() {
                keyCol.append(.string(f.name))
                valueCol.append(values[j][r])
            }
        }
        out.setColumn(self.as[0], keyCol)
        out.setColumn(self.as[1], valueCol)
        return out
    }
}

/// `{"flatten": ["a", "b"], "as": [...]}`: a row whose fields hold arrays becomes one row per
/// element (the longest array decides; shorter ones give null). A value that is not an array
/// (or string) is an error: Vega's dataflow fails on it.
public struct FlattenTransform: Sendable {
    public var fields: [FieldRef]
    public var `as`: [String]

    init(_ o: SpecObject) throws(TransformError) {
        fields = try o.listedFields("flatten")
        let given = try o.strings("as") ?? []
        self.as = fields.enumerated().map { i, f in i < given.count ? given[i] : f.name }
    }

    func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkListedFields(fields, in: frame, key: "flatten")
        let values = fields.map { $0.values(in: frame) }
        var rows: [Int] = []
        var outCols = fields.map { _ in [DataValue]() }
        for r in 0..<frame.rowCount {
            // Vega reads `.length` of each value: arrays, and strings as arrays of characters;
            // anything else stops Vega's whole dataflow, so it is an error here.
            var m = 0
            for (j, v) in values.enumerated() {
                switch v[r] {
                case .array(let a): m = Swift.max(m, a.count)
                case .string(let s): m = Swift.max(m, s.utf16.count)
                default:
                    throw TransformError(
                        "row \(r + 1): \"\(fields[j].name)\" is \(describe(v[r])), not an array to flatten", path: "flatten[\(j)]")
                }
            }
            for i in 0..<m {
                rows.append(r)
                for (j, v) in values.enumerated() {
                    switch v[r] {
                    case .array(let a): outCols[j].append(i < a.count ? a[i] : .null)
                    case .string(let s):
                        let u = Array(s.utf16)
                        outCols[j].append(i < u.count ? .string(String(utf16CodeUnits: [u[i]], count: 1)) : .null)
                    default: outCols[j].append(.null)
                    }
                }
            }
        }
        var out = frame.selecting(rows: rows)
        for (j, name) in self.as.enumerated() { out.setColumn(name, outCols[j]) }
        return out
    }
}

/// `{"pivot": "key", "value": "v", "groupby": [...], "op": "sum", "limit": 0}`: one row per
/// group, one column per distinct key (keys sorted ascending, as Vega).
public struct PivotTransform: Sendable {
    public var pivot: FieldRef
    public var value: FieldRef
    public var groupby: [FieldRef]
    public var op: AggregateOp
    public var limit: Int

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["pivot", "value", "groupby", "op", "limit"], in: "a pivot transform")
        pivot = try o.field("pivot")
        value = try o.field("value")
        groupby = try o.fields("groupby")
        op = o.has("op") ? try AggregateOp.parse(o, "op") : .sum
        limit = try o.int("limit", 0...1_000_000_000) ?? 0
    }

    func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkField(pivot, in: frame, path: "pivot")
        try checkField(value, in: frame, path: "value")
        for (i, g) in groupby.enumerated() { try checkField(g, in: frame, path: "groupby[\(i)]") }
        let keysCol = pivot.values(in: frame)
        let valueCol = value.values(in: frame)
        // Distinct keys by their text (Vega keys an object by `String(k)`), sorted ascending.
        var seen = Set<String>()
        var keys: [DataValue] = []
        for k in keysCol where seen.insert(k.text).inserted { keys.append(k) }
        keys = keys.enumerated().sorted { a, b in
            let c = DataValue.ascending(a.element, b.element)
            return c != 0 ? c < 0 : a.offset < b.offset
        }.map(\.element)
        if limit > 0 { keys = Array(keys.prefix(limit)) }
        let grouping = Grouping(frame, by: groupby)
        let groups = frame.rowCount == 0 ? [] : grouping.groups
        var out = DataFrame(rowCount: groups.count)
        for g in groupby {
            let col = g.values(in: frame)
            out.setColumn(g.name, groups.map { col[$0[0]] })
        }
        let keyText = keysCol.map(\.text)
        for k in keys {
            let kt = k.text
            // Vega's accessor: the value where the key matches, NaN elsewhere (skipped).
            let masked = valueCol.indices.map { keyText[$0] == kt ? valueCol[$0] : DataValue.number(.nan) }
            let column = groups.map { rows -> DataValue in
                var acc = Accumulator()
                for r in rows { acc.add(masked[r]) }
                // Vega turns "count" into valid + missing, so only rows with this key count.
                if op == .count { return .number(Double(acc.valid + acc.missing)) }
                return acc.value(op, rows: rows[...], values: masked, frame: frame)
            }
            out.setColumn(kt, column)
        }
        // A JavaScript object lists integer-like keys first, ascending: Vega's pivoted rows
        // read `2000, 2001, group` when the keys are years.
        let order = out.fields.enumerated().sorted { a, b in
            switch (PivotTransform.arrayIndex(a.element), PivotTransform.arrayIndex(b.element)) {
            case let (x?, y?): return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element)
        return DataFrame(fields: order, columns: order.map { out.column($0)! })
    }

    /// The number of a JavaScript array-index property name ("0", "2001"; not "01" or "-1").
    static func arrayIndex(_ key: String) -> UInt32? {
        guard let n = UInt32(key), n != UInt32.max, String(n) == key else { return nil }
        return n
    }
}

/// `{"sample": 500}`: at most that many rows. Vega samples at random (reservoir sampling), so
/// its rows change on every run; Pitchline keeps evenly spaced rows in their order (row
/// ⌊i·n/size⌋ for i < size), so a chart is the same on every build. With `sample` ≥ the row
/// count, both are the identity.
public struct SampleTransform: Sendable {
    public var size: Int

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["sample"], in: "a sample transform")
        guard let n = try o.number("sample"), n >= 0, !n.isNaN else { throw TransformError("expected a row count", path: o.at("sample")) }
        size = n >= 1e15 ? Int(1e15) : Int(n)
    }

    func apply(_ frame: DataFrame) -> DataFrame {
        let n = frame.rowCount
        guard size < n else { return frame }
        return frame.selecting(rows: (0..<size).map { Int(Double($0) * Double(n) / Double(size)) })
    }
}

/// `{"extent": "x", "param": "x_extent"}`: defines a parameter holding `[min, max]` of the
/// field; the data passes through unchanged.
public struct ExtentTransform: Sendable {
    public var field: FieldRef
    public var param: String

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["extent", "param"], in: "an extent transform")
        field = try o.field("extent")
        param = try o.string("param")
    }

    /// `[min, max]` of the valid numbers (Vega's extent transform), `[null, null]` when none.
    public func extent(of frame: DataFrame) throws(TransformError) -> DataValue {
        try checkField(field, in: frame, path: "extent")
        var lo = Double.infinity, hi = -Double.infinity
        for v in field.values(in: frame) { if let x = v.toNumber, !x.isNaN { lo = Swift.min(lo, x); hi = Swift.max(hi, x) } }
        guard lo.isFinite, hi.isFinite else { return .array([.null, .null]) }
        return .array([.number(lo), .number(hi)])
    }
}

extension SpecObject {
    /// The required field list of `fold` or `flatten` (named by `key`), with `as` the only other property.
    func listedFields(_ key: String) throws(TransformError) -> [FieldRef] {
        try allowOnly([key, "as"], in: "a \(key) transform")
        guard let names = try strings(key) else { throw TransformError("\"\(key)\" is required", path: at(key)) }
        return names.map(FieldRef.init)
    }
}

/// Refuses a field of the list under `key` that the frame does not have (path `key[i]`).
func checkListedFields(_ fields: [FieldRef], in frame: DataFrame, key: String) throws(TransformError) {
    for (i, f) in fields.enumerated() { try checkField(f, in: frame, path: "\(key)[\(i)]") }
}

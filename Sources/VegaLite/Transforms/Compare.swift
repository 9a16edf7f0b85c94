/// JavaScript comparison and Vega's sort comparator (vega-util `ascending`), over mixed types.
extension DataValue {
    /// The primitive JavaScript compares (`ToPrimitive` with hint number): dates become their
    /// milliseconds, arrays and objects their string form.
    fileprivate enum Primitive { case string(String), number(Double) }

    fileprivate var primitive: Primitive {
        switch self {
        case .string(let s): .string(s)
        case .array, .object: .string(text)
        default: .number(number)
        }
    }

    /// JavaScript `a < b`.
    static func jsLess(_ a: DataValue, _ b: DataValue) -> Bool {
        switch (a.primitive, b.primitive) {
        case (.string(let x), .string(let y)): return x.utf16.lexicographicallyPrecedes(y.utf16)
        case (.string(let x), .number(let y)): return jsNumber(x) < y
        case (.number(let x), .string(let y)): return x < jsNumber(y)
        case (.number(let x), .number(let y)): return x < y
        }
    }

    /// JavaScript `a <= b` (`!(b < a)` unless either side is NaN).
    static func jsLessOrEqual(_ a: DataValue, _ b: DataValue) -> Bool {
        switch (a.primitive, b.primitive) {
        case (.string(let x), .string(let y)): return !y.utf16.lexicographicallyPrecedes(x.utf16)
        case (.string(let x), .number(let y)): return jsNumber(x) <= y
        case (.number(let x), .string(let y)): return x <= jsNumber(y)
        case (.number(let x), .number(let y)): return x <= y
        }
    }

    /// JavaScript `a === b` (a date is an object: equal only to itself, never to a number).
    static func jsStrictEqual(_ a: DataValue, _ b: DataValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        default: false
        }
    }

    /// vega-util `ascending(u, v)`: nulls first, then by `<`, NaN before numbers.
    static func ascending(_ u: DataValue, _ v: DataValue) -> Int {
        let uNull = u == .null, vNull = v == .null
        if (uNull || jsLess(u, v)) && !vNull { return -1 }
        if (vNull || jsLess(v, u)) && !uNull { return 1 }
        let un = u.isNaNLike, vn = v.isNaNLike
        if un && !vn { return -1 }
        if vn && !un { return 1 }
        return 0
    }

    /// `x !== x` after dates become numbers.
    private var isNaNLike: Bool {
        switch self {
        case .number(let n), .date(let n): n.isNaN
        default: false
        }
    }
}

/// One sort key of `window`, `stack` and `impute`: a field and its order.
public struct SortField: Sendable, Hashable {
    public var field: FieldRef
    public var descending: Bool

    public init(field: FieldRef, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }

    /// Reads `[{field, order}]`.
    static func parseList(_ o: SpecObject, _ key: String) throws(TransformError) -> [SortField] {
        guard let list = try o.array(key) else { return [] }
        var out: [SortField] = []
        for (i, item) in list.enumerated() {
            let s = try SpecObject(item, path: o.at(key, i))
            try s.allowOnly(["field", "order"], in: "a sort field")
            let order = try s.oneOf("order", ["ascending", "descending"])
            out.append(SortField(field: try s.field("field"), descending: order == "descending"))
        }
        return out
    }
}

/// A row comparator over sort fields (Vega's `compare` + stable tie-break on input order).
struct RowComparator {
    let columns: [[DataValue]]
    let signs: [Int]

    init(_ sort: [SortField], frame: DataFrame) {
        columns = sort.map { $0.field.values(in: frame) }
        signs = sort.map { $0.descending ? -1 : 1 }
    }

    var isEmpty: Bool { columns.isEmpty }

    /// -1, 0, 1 comparing rows a and b (0 = peers).
    func compare(_ a: Int, _ b: Int) -> Int {
        for (c, s) in zip(columns, signs) {
            let r = DataValue.ascending(c[a], c[b])
            if r != 0 { return r * s }
        }
        return 0
    }

    /// `rows` sorted, ties in input order.
    func sorted(_ rows: [Int]) -> [Int] {
        if isEmpty { return rows }
        return rows.sorted { a, b in
            let c = compare(a, b)
            return c != 0 ? c < 0 : a < b
        }
    }
}

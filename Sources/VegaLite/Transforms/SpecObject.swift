/// A transform object being read, with the JSON path of each key for errors.
struct SpecObject {
    let values: [String: DataValue]
    let path: String
    /// The spec's parameters by name, read by the object's expressions.
    var variables: [String: DataValue] = [:]

    init(_ value: DataValue, path: String) throws(TransformError) {
        guard case .object(let o) = value else {
            throw TransformError("expected an object, found \(describe(value))", path: path)
        }
        values = o
        self.path = path
    }

    var keys: Dictionary<String, DataValue>.Keys { values.keys }
    func has(_ key: String) -> Bool { values[key] != nil }
    func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    func at(_ key: String, _ index: Int) -> String { "\(at(key))[\(index)]" }

    /// Refuses keys outside `allowed` (nothing carrying data is ignored).
    func allowOnly(_ allowed: Set<String>, in what: String) throws(TransformError) {
        for key in values.keys.sorted() where !allowed.contains(key) {
            throw TransformError(
                "unknown property \"\(key)\" in \(what); supported: \(allowed.sorted().joined(separator: ", "))",
                path: at(key))
        }
    }

    func string(_ key: String) throws(TransformError) -> String {
        guard let s = try optionalString(key) else { throw TransformError("\"\(key)\" is required", path: at(key)) }
        return s
    }

    /// The value under `key` as `read` takes it; nil when absent or null, an error naming what
    /// was `expected` when `read` refuses it.
    func optional<T>(_ key: String, _ expected: String, _ read: (DataValue) -> T?) throws(TransformError) -> T? {
        guard let v = values[key], v != .null else { return nil }
        guard let t = read(v) else { throw TransformError("expected \(expected), found \(describe(v))", path: at(key)) }
        return t
    }

    func optionalString(_ key: String) throws(TransformError) -> String? {
        try optional(key, "a string") { if case .string(let s) = $0 { s } else { nil } }
    }

    func field(_ key: String) throws(TransformError) -> FieldRef { FieldRef(try string(key)) }
    func optionalField(_ key: String) throws(TransformError) -> FieldRef? { try optionalString(key).map(FieldRef.init) }

    /// An array of strings (a single string is accepted as a one-element array where Vega-Lite does).
    func strings(_ key: String, single: Bool = false) throws(TransformError) -> [String]? {
        if single, case .string(let s)? = values[key] { return [s] }
        return try list(key, of: ("strings", "a string")) { if case .string(let s) = $0 { s } else { nil } }
    }

    /// An array under `key` whose every item `read` takes (nil when absent or null); `kind` names
    /// the items for errors ("strings", "a string").
    func list<T>(_ key: String, of kind: (items: String, item: String), _ read: (DataValue) -> T?) throws(TransformError) -> [T]? {
        guard let items = try array(key, of: kind.items) else { return nil }
        var out: [T] = []
        for (i, v) in items.enumerated() {
            guard let t = read(v) else { throw TransformError("expected \(kind.item), found \(describe(v))", path: at(key, i)) }
            out.append(t)
        }
        return out
    }

    func fields(_ key: String) throws(TransformError) -> [FieldRef] {
        (try strings(key) ?? []).map(FieldRef.init)
    }

    func number(_ key: String) throws(TransformError) -> Double? {
        try optional(key, "a number") { if case .number(let n) = $0 { n } else { nil } }
    }

    func numbers(_ key: String) throws(TransformError) -> [Double]? {
        try list(key, of: ("numbers", "a number")) { if case .number(let n) = $0 { n } else { nil } }
    }

    /// A whole number within `range` (bad input is an error, never a trap or a runaway loop).
    func int(_ key: String, _ range: ClosedRange<Int>) throws(TransformError) -> Int? {
        guard let d = try number(key) else { return nil }
        return try wholeNumber(d, range, path: at(key))
    }

    func bool(_ key: String) throws(TransformError) -> Bool? {
        try optional(key, "true or false") { if case .bool(let b) = $0 { b } else { nil } }
    }

    /// The array under `key`; `items` names what it should hold for the error ("an array of numbers").
    func array(_ key: String, of items: String? = nil) throws(TransformError) -> [DataValue]? {
        try optional(key, items.map { "an array of \($0)" } ?? "an array") { if case .array(let a) = $0 { a } else { nil } }
    }

    func object(_ key: String) throws(TransformError) -> SpecObject? {
        guard let v = values[key], v != .null else { return nil }
        return try SpecObject(v, path: at(key))
    }

    /// A `[start, end]` pair of two field names (`as` of bin, timeUnit, stack, …).
    func pair(_ key: String) throws(TransformError) -> [String]? {
        guard let a = try strings(key) else { return nil }
        guard a.count == 2 else { throw TransformError("expected two field names, found \(a.count)", path: at(key)) }
        return a
    }

    func expression(_ key: String) throws(TransformError) -> VegaExpression {
        let source = try string(key)
        do {
            return try VegaExpression.parse(source, variables: variables)
        } catch {
            throw TransformError("in expression \"\(source)\": \(error.description)", path: at(key))
        }
    }

    /// One of `allowed`, or an error listing them.
    func oneOf(_ key: String, _ allowed: [String]) throws(TransformError) -> String? {
        guard let s = try optionalString(key) else { return nil }
        guard allowed.contains(s) else {
            throw TransformError("unknown \(key) \"\(s)\"; supported: \(allowed.joined(separator: ", "))", path: at(key))
        }
        return s
    }
}

/// A short description of a JSON value for messages.
func describe(_ v: DataValue) -> String {
    switch v {
    case .null: "null"
    case .bool(let b): b ? "true" : "false"
    case .number(let n): DataValue.jsNumberText(n)
    case .string(let s): "\"\(s)\""
    case .date: "a date"
    case .array: "an array"
    case .object: "an object"
    }
}

/// A field reference as Vega reads it: `"a"`, nested `"a.b"` / `"a[0]"`, and `"a\\.b"` for a
/// field whose name contains a dot. `name` is the text as written (Vega's output name).
public struct FieldRef: Sendable, Hashable {
    public let name: String
    /// Path segments after unescaping (one segment for a plain field).
    public let path: [String]

    public init(_ name: String) {
        self.name = name
        self.path = FieldRef.split(name)
    }

    /// The flat name Vega-Lite gives an output derived from this field (dots kept, escapes removed).
    public var flatName: String { path.joined(separator: ".") }

    /// Whether the name reads inside a field (`"a.b"`, `"a[0]"`), as Vega-Lite reads an unescaped dot or bracket.
    public var isNested: Bool { path.count > 1 }

    /// The field's values in `frame` (`.null` where absent).
    public func values(in frame: DataFrame) -> [DataValue] {
        guard let head = path.first, let c = frame.column(head) else {
            return Array(repeating: .null, count: frame.rowCount)
        }
        if path.count == 1 { return c }
        let rest = path.dropFirst()
        return c.map { v in
            var cur = v
            for key in rest {
                switch cur {
                case .object(let o): cur = o[key] ?? .null
                case .array(let a): cur = Int(key).flatMap { $0 >= 0 && $0 < a.count ? a[$0] : nil } ?? .null
                default: return .null
                }
            }
            return cur
        }
    }

    /// Whether the frame has this field (or the head of its path).
    public func exists(in frame: DataFrame) -> Bool {
        path.first.map { frame.index(of: $0) != nil } ?? false
    }

    static func split(_ s: String) -> [String] {
        var parts: [String] = []
        var cur = ""
        var it = Array(s)
        var i = 0
        var quote: Character? = nil
        while i < it.count {
            let c = it[i]
            if c == "\\", i + 1 < it.count {
                cur.append(it[i + 1]); i += 2; continue
            }
            if let q = quote {
                if c == q { quote = nil } else { cur.append(c) }
            } else if c == "." {
                parts.append(cur); cur = ""
            } else if c == "[" {
                if !cur.isEmpty { parts.append(cur) }
                cur = ""
                if i + 1 < it.count, it[i + 1] == "\"" || it[i + 1] == "'" { quote = it[i + 1]; i += 1 }
            } else if c == "]" {
                parts.append(cur); cur = ""
                if i + 1 < it.count, it[i + 1] == "." { i += 1 }
            } else {
                cur.append(c)
            }
            i += 1
        }
        if !cur.isEmpty || parts.isEmpty { parts.append(cur) }
        it = []
        return parts
    }
}

/// Refuses fields the frame does not have (when it has any fields at all), naming those it has.
func checkFields(_ names: [String], in frame: DataFrame, path: String) throws(TransformError) {
    guard !frame.fields.isEmpty else { return }
    for name in names where !FieldRef(name).exists(in: frame) {
        if FieldRef(name).path.count > 1, frame.index(of: name) != nil {
            // Vega reads "a.b" as field b inside field a; a column named "a.b" needs "a\\.b".
            throw TransformError(
                "\"\(name)\" reads a nested field; for the column named \"\(name)\" write \"\(name.replacingOccurrences(of: ".", with: "\\\\."))\" in the spec", path: path)
        }
        throw TransformError(
            "no field \"\(name)\" in the data; fields are \(frame.fields.joined(separator: ", "))", path: path)
    }
}

func checkField(_ field: FieldRef, in frame: DataFrame, path: String) throws(TransformError) {
    try checkFields([field.name], in: frame, path: path)
}

extension DataValue {
    /// Vega's "missing" for aggregates: null, undefined or the empty string.
    var isMissing: Bool {
        switch self {
        case .null: true
        case .string(let s): s.isEmpty
        default: false
        }
    }

    /// The value as a group key: Vega keys groups by text, so every NaN is one group.
    var groupKey: DataValue {
        if case .number(let n) = self, n.isNaN { return .string("NaN\u{1}") }
        return self
    }

    /// vega-util `toNumber`: null and "" → nil, else `+v`.
    var toNumber: Double? { isMissing ? nil : number }
}

/// Groups rows by the values of `fields`, in first-seen order.
struct Grouping {
    /// Row indexes per group, groups in first-seen order.
    var groups: [[Int]] = []
    /// The group of each row.
    var groupOfRow: [Int] = []

    init(_ frame: DataFrame, by fields: [FieldRef]) {
        let n = frame.rowCount
        if fields.isEmpty {
            groups = [Array(0..<n)]
            groupOfRow = [Int](repeating: 0, count: n)
            return
        }
        let cols = fields.map { $0.values(in: frame) }
        var count = 1
        var overflow = false
        var combined = [Int](repeating: 0, count: n)
        for col in cols {
            let (codes, width) = Grouping.codes(col)
            let (next, o) = count.multipliedReportingOverflow(by: Swift.max(1, width))
            overflow = overflow || o
            count = next
            for r in 0..<n { combined[r] = combined[r] &* Swift.max(1, width) &+ codes[r] }
        }
        if cols.count == 1 {
            // One field: its codes are already group numbers in first-seen order.
            groupOfRow = combined
            groups = [[Int]](repeating: [], count: count)
        } else if !overflow {
            var index: [Int: Int] = [:]
            groupOfRow = combined
            for r in 0..<n {
                if let g = index[combined[r]] { groupOfRow[r] = g } else {
                    groupOfRow[r] = index.count
                    index[combined[r]] = index.count
                }
            }
            groups = [[Int]](repeating: [], count: index.count)
        } else {
            var index: [[DataValue]: Int] = [:]
            groupOfRow = [Int](repeating: 0, count: n)
            for r in 0..<n {
                let k = cols.map { $0[r].groupKey }
                if let g = index[k] { groupOfRow[r] = g } else {
                    groupOfRow[r] = index.count
                    index[k] = index.count
                }
            }
            groups = [[Int]](repeating: [], count: index.count)
        }
        for r in 0..<n { groups[groupOfRow[r]].append(r) }
    }

    /// Each value's code, numbered in first-seen order, and how many distinct values there are.
    /// Columns of one kind (all numbers or dates, all strings) hash their payload only.
    static func codes(_ col: [DataValue]) -> ([Int], Int) {
        var out = [Int](repeating: 0, count: col.count)
        if col.allSatisfy({ if case .string = $0 { true } else { false } }) {
            var index: [String: Int] = [:]
            for (r, v) in col.enumerated() {
                guard case .string(let s) = v else { continue }
                if let c = index[s] { out[r] = c } else { out[r] = index.count; index[s] = index.count }
            }
            return (out, index.count)
        }
        if col.allSatisfy({ if case .number = $0 { true } else { false } }) || col.allSatisfy({ if case .date = $0 { true } else { false } }) {
            var index: [UInt64: Int] = [:]
            for (r, v) in col.enumerated() {
                var x: Double
                switch v { case .number(let d), .date(let d): x = d; default: x = 0 }
                if x == 0 { x = 0 } else if x.isNaN { x = .nan }  // -0 and every NaN as one key
                let k = x.bitPattern
                if let c = index[k] { out[r] = c } else { out[r] = index.count; index[k] = index.count }
            }
            return (out, index.count)
        }
        var index: [DataValue: Int] = [:]
        for (r, v) in col.enumerated() {
            let k = v.groupKey
            if let c = index[k] { out[r] = c } else { out[r] = index.count; index[k] = index.count }
        }
        return (out, index.count)
    }
}

/// `d` as an Int when it is a whole number within `range`.
func wholeNumber(_ d: Double, _ range: ClosedRange<Int>, path: String) throws(TransformError) -> Int {
    guard d.isFinite, d == d.rounded(), d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
        throw TransformError("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(DataValue.jsNumberText(d))", path: path)
    }
    return Int(d)
}

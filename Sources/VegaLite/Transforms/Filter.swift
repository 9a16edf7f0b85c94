import D3Format

/// A `filter` predicate: an expression string, a field predicate, a parameter (selection)
/// predicate, or an `and`/`or`/`not` composition of them.
public indirect enum Predicate: Sendable {
    case expression(VegaExpression)
    case field(FieldPredicate)
    /// `{"param": "brush"}`: a selection. Pitchline draws no selection, and an empty selection
    /// keeps every row (Vega-Lite's default `empty: true`), so every row passes; with
    /// `"empty": false` none does.
    case param(name: String, empty: Bool)
    case and([Predicate])
    case or([Predicate])
    case not(Predicate)
    case constant(Bool)

    static func parseFilter(_ o: SpecObject) throws(TransformError) -> Predicate {
        try o.allowOnly(["filter"], in: "a filter transform")
        return try parse(o.values["filter"]!, path: o.at("filter"), variables: o.variables)
    }

    /// Parses a predicate (a logical composition, field predicate, param, expression or boolean);
    /// expressions read the spec's parameters (`variables`) by name.
    public static func parse(_ value: DataValue, path: String, variables: [String: DataValue] = [:]) throws(TransformError) -> Predicate {
        switch value {
        case .string(let s):
            do {
                return .expression(try VegaExpression.parse(s, variables: variables))
            } catch {
                throw TransformError("in expression \"\(s)\": \(error.description)", path: path)
            }
        case .bool(let b): return .constant(b)
        case .object(let dict):
            let o = try SpecObject(value, path: path)
            for op in ["and", "or"] where dict[op] != nil {
                try o.allowOnly([op], in: "an \(op) predicate")
                guard let list = try o.array(op) else { throw TransformError("expected an array", path: o.at(op)) }
                var parts: [Predicate] = []
                for (i, p) in list.enumerated() { parts.append(try parse(p, path: o.at(op, i), variables: variables)) }
                return op == "and" ? .and(parts) : .or(parts)
            }
            if let inner = dict["not"] {
                try o.allowOnly(["not"], in: "a not predicate")
                return .not(try parse(inner, path: o.at("not"), variables: variables))
            }
            if dict["param"] != nil || dict["selection"] != nil {
                try o.allowOnly(["param", "selection", "empty"], in: "a param predicate")
                var name = try o.optionalString("param")
                if name == nil { name = try o.optionalString("selection") }
                if case .object(let held)? = variables[name ?? ""], !held.isEmpty {
                    return try selected(held, path: path)
                }
                return .param(name: name ?? "", empty: try o.bool("empty") ?? true)
            }
            return .field(try FieldPredicate(o))
        default:
            throw TransformError("expected a predicate (expression string or object), found \(describe(value))", path: path)
        }
    }

    /// A point selection holding its initial value (`vlSelectionResolve`'s `{field: [values]}`):
    /// a row passes when its fields equal one of the selected tuples.
    private static func selected(_ held: [String: DataValue], path: String) throws(TransformError) -> Predicate {
        let fields = held.keys.sorted()
        var columns: [[DataValue]] = []
        for f in fields {
            guard case .array(let values) = held[f]! else { return .constant(true) }
            columns.append(values)
        }
        let count = columns.map(\.count).min() ?? 0
        var tuples: [Predicate] = []
        for i in 0..<count {
            var parts: [Predicate] = []
            for (k, f) in fields.enumerated() {
                let o = try SpecObject(.object(["field": .string(f), "equal": columns[k][i]]), path: path)
                var test = try FieldPredicate(o)
                test.datesAsTimes = true
                parts.append(.field(test))
            }
            tuples.append(.and(parts))
        }
        return .or(tuples)
    }

    /// Fields the predicate reads.
    public var fieldsRead: [String] {
        switch self {
        case .expression(let e): Array(e.fieldsRead).sorted()
        case .field(let f): [f.field.name]
        case .param, .constant: []
        case .and(let ps), .or(let ps): ps.flatMap(\.fieldsRead)
        case .not(let p): p.fieldsRead
        }
    }

    /// The rows of `frame` for which the predicate holds, in order.
    func filter(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        let keep = try evaluate(frame, path: "filter")
        var rows: [Int] = []
        rows.reserveCapacity(frame.rowCount)
        for (i, k) in keep.enumerated() where k { rows.append(i) }
        return rows.count == frame.rowCount ? frame : frame.selecting(rows: rows)
    }

    /// The predicate's truth for every row of `frame`.
    public func evaluate(_ frame: DataFrame, path: String = "filter") throws(TransformError) -> [Bool] {
        let n = frame.rowCount
        switch self {
        case .constant(let b): return [Bool](repeating: b, count: n)
        case .param(_, let empty): return [Bool](repeating: empty, count: n)
        case .expression(let e):
            try checkFields(e.fieldsRead.sorted(), in: frame, path: path)
            do {
                return try e.evaluateColumn(of: frame).map(\.isTruthy)
            } catch {
                throw TransformError("in expression \"\(e.source)\": \(error.description)", path: path)
            }
        case .field(let f):
            try checkField(f.field, in: frame, path: path + ".field")
            return f.test(f.field.values(in: frame))
        case .and(let ps):
            var out = [Bool](repeating: true, count: n)
            for (i, p) in ps.enumerated() {
                let v = try p.evaluate(frame, path: "\(path).and[\(i)]")
                for r in 0..<n where !v[r] { out[r] = false }
            }
            return out
        case .or(let ps):
            var out = [Bool](repeating: false, count: n)
            for (i, p) in ps.enumerated() {
                let v = try p.evaluate(frame, path: "\(path).or[\(i)]")
                for r in 0..<n where v[r] { out[r] = true }
            }
            return out
        case .not(let p):
            return try p.evaluate(frame, path: path + ".not").map { !$0 }
        }
    }
}

/// A Vega-Lite field predicate (`{"field": "a", "range": [0, 5], "timeUnit": "year"}`), tested
/// as the expression Vega-Lite compiles it to (`===`, `<`, `inrange`, `indexof`, `isValid`).
public struct FieldPredicate: Sendable {
    public enum Test: Sendable {
        case equal(DataValue), lt(DataValue), lte(DataValue), gt(DataValue), gte(DataValue)
        /// Either end may be nil (unbounded).
        case range(DataValue?, DataValue?)
        case oneOf([DataValue])
        case valid(Bool)
    }

    public var field: FieldRef
    public var timeUnit: TimeUnitSpec?
    public var test: Test
    /// The first value compared, as written (Vega-Lite infers the field's parse from it).
    var firstCompared: DataValue?
    /// A selection's test (vega-selections' `testPoint`): dates are compared as their times.
    var datesAsTimes = false

    init(_ o: SpecObject) throws(TransformError) {
        let tests = ["equal", "lt", "lte", "gt", "gte", "range", "oneOf", "valid"]
        try o.allowOnly(Set(tests + ["field", "timeUnit"]), in: "a field predicate")
        field = try o.field("field")
        timeUnit = try o.values["timeUnit"].map { v throws(TransformError) in try TimeUnitSpec.parse(v, path: o.at("timeUnit")) }
        let present = tests.filter { o.has($0) }
        guard present.count == 1, let key = present.first else {
            throw TransformError(
                present.isEmpty ? "a field predicate needs one of \(tests.joined(separator: ", "))"
                    : "a field predicate takes one test, found \(present.joined(separator: ", "))", path: o.path)
        }
        let raw = o.values[key]!
        if case .array(let a) = raw { firstCompared = a.first } else if key != "valid" { firstCompared = raw }
        let tu = timeUnit
        func value(_ v: DataValue, _ path: String) throws(TransformError) -> DataValue {
            try FieldPredicate.predicateValue(v, timeUnit: tu, path: path)
        }
        switch key {
        case "equal": test = .equal(try value(raw, o.at(key)))
        case "lt": test = .lt(try value(raw, o.at(key)))
        case "lte": test = .lte(try value(raw, o.at(key)))
        case "gt": test = .gt(try value(raw, o.at(key)))
        case "gte": test = .gte(try value(raw, o.at(key)))
        case "valid":
            guard case .bool(let b) = raw else { throw TransformError("expected true or false", path: o.at(key)) }
            test = .valid(b)
        case "oneOf":
            guard case .array(let a) = raw else { throw TransformError("expected an array", path: o.at(key)) }
            var vals: [DataValue] = []
            for (i, v) in a.enumerated() { vals.append(try value(v, o.at(key, i))) }
            test = .oneOf(vals)
        default:
            guard case .array(let a) = raw, a.count == 2 else {
                throw TransformError("expected [min, max] (either may be null)", path: o.at(key))
            }
            let lo = a[0] == .null ? nil : try value(a[0], o.at(key, 0))
            let hi = a[1] == .null ? nil : try value(a[1], o.at(key, 1))
            test = .range(lo, hi)
        }
    }

    /// Vega-Lite's `valueExpr(v, {timeUnit, wrapTime: true})`: a DateTime object, or with a time
    /// unit a number/string, becomes a time in ms; otherwise the literal.
    static func predicateValue(_ v: DataValue, timeUnit: TimeUnitSpec?, path: String) throws(TransformError) -> DataValue {
        switch v {
        case .object:
            if case .object(let o) = v, o["expr"] != nil || o["signal"] != nil {
                throw TransformError("expression references in field predicates are not supported; write the filter as an expression string", path: path)
            }
            return .number(try DateTimeObject.time(v, path: path))
        case .number(let n) where timeUnit != nil:
            if let tu = timeUnit, tu.units.count == 1, n < 10000 {
                return .number(try DateTimeObject.time(.object([tu.units[0].rawValue: v]), path: path))
            }
            return .number(n)
        case .string(let s) where timeUnit != nil:
            let t = CivilTime.parse(s)
            if t.isNaN, let tu = timeUnit, tu.units.count == 1 {
                return .number(try DateTimeObject.time(.object([tu.units[0].rawValue: v]), path: path))
            }
            return .number(t)
        default:
            return v
        }
    }

    /// Whether each value passes.
    func test(_ values: [DataValue]) -> [Bool] {
        var input = values
        if datesAsTimes { input = values.map { v in if case .date(let t) = v { .number(t) } else { v } } }
        if let tu = timeUnit {
            // `time(timeUnit(field))`, or `time(field)` for a binned unit (already floored).
            input = values.map { v in
                let t = CivilTime.instant(v == .null ? .number(0) : v) ?? .nan
                return .number(tu.binned ? t : tu.floor(t))
            }
        }
        switch test {
        case .equal(let x): return input.map { DataValue.jsStrictEqual($0, x) }
        case .lt(let x): return input.map { DataValue.jsLess($0, x) }
        case .lte(let x): return input.map { DataValue.jsLessOrEqual($0, x) }
        case .gt(let x): return input.map { DataValue.jsLess(x, $0) }
        case .gte(let x): return input.map { DataValue.jsLessOrEqual(x, $0) }
        case .oneOf(let xs): return input.map { v in xs.contains { DataValue.jsStrictEqual(v, $0) } }
        case .valid(let want): return input.map { v in (v.isValid && v.number.isFinite) == want }
        case .range(let lo?, let hi?):
            // `inrange` orders the ends first.
            let (a, b) = DataValue.jsLess(hi, lo) ? (hi, lo) : (lo, hi)
            return input.map { DataValue.jsLessOrEqual(a, $0) && DataValue.jsLessOrEqual($0, b) }
        case .range(let lo?, nil): return input.map { DataValue.jsLessOrEqual(lo, $0) }
        case .range(nil, let hi?): return input.map { DataValue.jsLessOrEqual($0, hi) }
        case .range(nil, nil): return input.map { _ in true }
        }
    }
}

/// Vega-Lite's DateTime object (`{"year": 2012, "month": "Jan", "date": 3}`) as a time in ms
/// (`dateTimeToExpr`: year 2012 when absent, months 1-based or named, `day` alone).
enum DateTimeObject {
    /// English names in lower case (d3's en-US, `TimeLocale.enUS`), matched whole or by their
    /// first three letters, as Vega-Lite's `normalizeMonth`/`normalizeDay`.
    static let months = TimeLocale.enUS.months.map { $0.lowercased() }
    static let days = TimeLocale.enUS.days.map { $0.lowercased() }

    static func time(_ v: DataValue, path: String) throws(TransformError) -> Double {
        let o = try SpecObject(v, path: path)
        try o.allowOnly(["year", "quarter", "month", "date", "day", "hours", "minutes", "seconds", "milliseconds", "utc"],
                        in: "a date-time object")
        func part(_ key: String) throws(TransformError) -> Double? {
            switch o.values[key] {
            case nil: return nil
            case .number(let n)?: return n
            case .string(let s)? where Double(s) != nil: return Double(s)!
            case .string(let s)?:
                let lower = s.lowercased()
                let names = key == "month" ? months : key == "day" ? days : []
                if let i = names.firstIndex(where: { $0 == lower || $0.prefix(3) == lower }) {
                    return Double(key == "month" ? i + 1 : i)
                }
                throw TransformError("invalid \(key) \"\(s)\"", path: o.at(key))
            case let x?: throw TransformError("expected a number, found \(describe(x))", path: o.at(key))
            }
        }
        let hasDay = o.has("day")
        let onlyDay = hasDay && o.keys.count == 1
        let year = try part("year") ?? 2012
        var month = 0.0
        if let m = try part("month") { month = m - 1 } else if let q = try part("quarter") { month = (q - 1) * 3 }
        var date = 1.0
        if let d = try part("date") { date = d } else if onlyDay, let d = try part("day") {
            date = d.truncatingRemainder(dividingBy: 7) + 1
        }
        var y = year
        if y >= 0 && y <= 99 { y += 1900 }  // JavaScript's Date constructor
        return CivilTime.utc(y, month, date, try part("hours") ?? 0, try part("minutes") ?? 0,
                             try part("seconds") ?? 0, try part("milliseconds") ?? 0)
    }
}

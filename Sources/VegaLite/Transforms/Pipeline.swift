/// A spec's whole `transform` array, run in order with the parsing Vega-Lite adds on its own:
/// a field compared with a number, string or date in a field predicate is parsed as that type
/// first (only when the first compared value is truthy, as Vega-Lite checks), and a `timeUnit`
/// transform's field is parsed as a date, unless an earlier transform derived the field or the
/// spec's `format.parse` already parsed it.
public struct TransformPipeline: Sendable {
    public var transforms: [Transform]

    public init(_ transforms: [Transform]) {
        self.transforms = transforms
    }

    /// Parses the `transform` array; error paths start with the index (`[3].groupby[1]`).
    public static func parse(_ array: DataValue) throws(TransformError) -> TransformPipeline {
        guard case .array(let items) = array else {
            throw TransformError("expected an array of transforms, found \(describe(array))", path: "")
        }
        var out: [Transform] = []
        for (i, item) in items.enumerated() {
            do {
                out.append(try Transform.parse(item))
            } catch {
                throw TransformError(error.message, path: "[\(i)]" + (error.path.isEmpty ? "" : "." + error.path))
            }
        }
        return TransformPipeline(out)
    }

    /// Fields Vega-Lite parses implicitly before the transforms, with their type ("number",
    /// "string", "date"); `parsed` are the fields `format.parse` already parsed.
    public func implicitParse(parsed: Set<String> = []) -> [String: FieldParse] {
        var out: [String: FieldParse] = [:]
        var derived = Set<String>()
        var done = parsed
        for t in transforms {
            var implicit: [(String, FieldParse)] = []
            switch t {
            case .filter(let p): implicit = p.implicitParse
            case .timeUnit(let u): implicit = [(u.field.name, .date)]
            default: break
            }
            for (field, type) in implicit where !derived.contains(field) && !done.contains(field) {
                out[field] = type
                done.insert(field)
            }
            derived.formUnion(t.fieldsProduced)
        }
        return out
    }

    /// Runs every transform in order (after the implicit parses). Errors carry `[i].path`.
    public func apply(_ frame: DataFrame, context: TransformContext = TransformContext(),
                      parsed: Set<String> = []) throws(TransformError) -> DataFrame {
        var f = frame
        for (field, type) in implicitParse(parsed: parsed) where f.index(of: field) != nil {
            f.setColumn(field, type.apply(f.column(field)!))
        }
        for (i, t) in transforms.enumerated() {
            do {
                f = try t.apply(f, context: context)
            } catch {
                throw TransformError(error.message, path: "[\(i)]" + (error.path.isEmpty ? "" : "." + error.path))
            }
        }
        return f
    }

    /// The parameters the transforms define (`extent`), evaluated over the data each one sees.
    public func parameters(_ frame: DataFrame, context: TransformContext = TransformContext(),
                           parsed: Set<String> = []) throws(TransformError) -> [String: DataValue] {
        var params: [String: DataValue] = [:]
        var f = frame
        for (field, type) in implicitParse(parsed: parsed) where f.index(of: field) != nil {
            f.setColumn(field, type.apply(f.column(field)!))
        }
        for t in transforms {
            params.merge(try t.parameters(over: f)) { _, b in b }
            f = try t.apply(f, context: context)
        }
        return params
    }
}

/// A `format.parse` type as Vega-Lite applies it (the `toNumber`, `toString`, `toBoolean`,
/// `toDate` expression functions: null and "" become null).
public enum FieldParse: String, Sendable {
    case number, string, boolean, date

    public func apply(_ values: [DataValue]) -> [DataValue] {
        values.map { v in
            if v.isMissing { return .null }
            switch self {
            case .number: return .number(v.number)
            case .string:
                if case .string = v { return v }
                return .string(v.text)
            case .boolean:
                if case .string(let s) = v, s == "false" || s == "0" { return .bool(false) }
                return .bool(v.isTruthy)
            case .date:
                switch v {
                case .date: return v
                case .number(let n): return .date(n)
                case .string(let s): return .date(CivilTime.parse(s))
                default: return .date(.nan)
                }
            }
        }
    }
}

extension Predicate {
    /// Vega-Lite's `getImplicitFromFilterTransform`.
    var implicitParse: [(String, FieldParse)] {
        switch self {
        case .field(let f):
            var out: [(String, FieldParse)] = []
            if let first = f.firstCompared {
                switch first {
                case .object: out.append((f.field.name, .date))
                case .number(let n) where n != 0 && !n.isNaN: out.append((f.field.name, .number))
                case .string(let s) where !s.isEmpty: out.append((f.field.name, .string))
                default: break
                }
            }
            if f.timeUnit != nil { out.append((f.field.name, .date)) }
            return out
        case .and(let ps), .or(let ps): return ps.flatMap(\.implicitParse)
        case .not(let p): return p.implicitParse
        default: return []
        }
    }
}

extension Transform {
    /// Fields this transform creates (Vega-Lite's `producedFields`), which implicit parsing skips.
    var fieldsProduced: Set<String> {
        switch self {
        case .filter, .sample: []
        case .calculate(_, let name): [name]
        case .aggregate(let t): Set(t.measures.map(\.as))
        case .joinaggregate(let t): Set(t.measures.map(\.as))
        case .window(let t): Set(t.ops.map(\.as))
        case .bin(let t): Set(t.as)
        case .timeUnit(let t): [t.as, t.as + "_end"]
        case .fold(let t): Set(t.as)
        case .pivot: []
        case .impute(let t): [t.impute.name]
        case .lookup(let t): Set(t.as)
        case .density(let t): Set(t.as)
        case .regression(let t): Set(t.as)
        case .loess(let t): Set(t.as)
        case .flatten(let t): Set(t.as)
        case .extent: []
        case .stack(let t): Set(t.as)
        case .quantile(let t): Set(t.as)
        }
    }
}

/// `{"quantile": "x", "probs": [...], "step": 0.01, "groupby": [...], "as": ["prob", "value"]}`:
/// per group, one row per probability with the quantile of the field (d3 R-7).
public struct QuantileTransform: Sendable {
    public var quantile: FieldRef
    public var groupby: [FieldRef]
    public var probs: [Double]
    public var `as`: [String]

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["quantile", "groupby", "probs", "step", "as"], in: "a quantile transform")
        quantile = try o.field("quantile")
        groupby = try o.fields("groupby")
        if let p = try o.numbers("probs") {
            probs = p
        } else {
            let step = try o.number("step") ?? 0.01
            guard step > 0 else { throw TransformError("step must be positive", path: o.at("step")) }
            let start = step / 2, stop = 1 - 1e-14
            let count = ((stop - start) / step).rounded(.up)
            guard count <= 100_000 else { throw TransformError("step gives more than 100,000 probabilities", path: o.at("step")) }
            let n = Swift.max(0, Int(count))
            probs = (0..<n).map { start + Double($0) * step }
        }
        self.as = try o.asPair(defaults: ("prob", "value"))
    }

    func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkFieldsAndGroupby(["quantile": quantile], groupby: groupby, in: frame)
        let values = quantile.values(in: frame)
        return pairsPerGroup(frame, groupby: groupby, as: self.as) { rows in
            let sorted = Statistics.numbers(rows.map { values[$0] }).sorted()
            return probs.map { p in (.number(p), Statistics.quantileSorted(sorted, p).map(DataValue.number) ?? .null) }
        }
    }
}

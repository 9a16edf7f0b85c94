import D3Format
import Foundation

/// Vega's expression function library, as far as Pitchline evaluates it. Each is resolved when
/// the expression is parsed; an unknown name is a parse error listing these.
enum Builtin: String, CaseIterable, Sendable {
    // Control and types
    case `if`, isArray, isBoolean, isDate, isNumber, isObject, isRegExp, isString, isValid
    case toBoolean, toDate, toNumber, toString
    // Math
    case isNaN, isFinite, abs, acos, asin, atan, atan2, ceil, clamp, cos, exp, floor, hypot, log, max, min
    case pow, random, round, sin, sqrt, tan
    // Dates
    case now, datetime, date, day, dayofyear, year, quarter, month, week, hours, minutes, seconds, milliseconds
    case time, timezoneoffset, utc, utcdate, utcday, utcdayofyear, utcyear, utcquarter, utcmonth, utcweek
    case utchours, utcminutes, utcseconds, utcmilliseconds
    // Arrays and strings
    case extent, clampRange, indexof, inrange, join, lastindexof, length, lerp, peek, reverse, sequence
    case slice, span, merge, parseFloat, parseInt, pad, replace, split, substring, lower, upper, trim
    case truncate, regexp, test
    // Formatting
    case format, utcFormat, utcParse, timeFormat, timeParse, monthFormat, monthAbbrevFormat, dayFormat
    case dayAbbrevFormat
}

enum ExpressionFunctions {
    static let names = Set(Builtin.allCases.map(\.rawValue))

    static let constants: [String: Double] = [
        "NaN": .nan, "E": M_E, "LN2": M_LN2, "LN10": M_LN10, "LOG2E": M_LOG2E, "LOG10E": M_LOG10E, "PI": .pi,
        "SQRT1_2": 0.5.squareRoot(), "SQRT2": 2.0.squareRoot(), "MIN_VALUE": 5e-324,
        "MAX_VALUE": Double.greatestFiniteMagnitude,
    ]

    /// Vega functions Pitchline knowingly does not evaluate, and why.
    static let unavailable: [String: String] = {
        var out: [String: String] = [:]
        let interactive = "it reads the rendered view or its interaction state, which a data flow does not have"
        for name in [
            "scale", "invert", "bandwidth", "bandspace", "copy", "domain", "range", "gradient", "data", "indata",
            "modify", "encode", "vlSelectionTest", "vlSelectionResolve", "vlSelectionIdTest", "vlSelectionTuples",
            "containerSize", "screen", "windowSize", "pinchDistance", "pinchAngle", "inScope", "panLinear",
            "panLog", "panPow", "panSymlog", "zoomLinear", "zoomLog", "zoomPow", "zoomSymlog", "geoArea",
            "geoBounds", "geoCentroid", "geoShape", "geoScale", "treePath", "treeAncestors", "intersect",
            "x", "y", "xy", "group", "warn", "info", "debug", "timeUnitSpecifier",
        ] { out[name] = interactive }
        let colour = "colour values are not data Pitchline reads"
        for name in ["rgb", "hsl", "lab", "hcl", "luminance", "contrast"] { out[name] = colour }
        let random = "random samples differ from run to run; compute them in the data instead"
        for name in [
            "sampleNormal", "sampleLogNormal", "sampleUniform", "cumulativeNormal", "cumulativeLogNormal",
            "cumulativeUniform", "densityNormal", "densityLogNormal", "densityUniform", "quantileNormal",
            "quantileLogNormal", "quantileUniform",
        ] { out[name] = random }
        out["isDefined"] = "Pitchline's rows do not tell undefined from null; use isValid"
        out["utcOffset"] = "not built yet"
        out["timeOffset"] = "not built yet"
        out["utcSequence"] = "not built yet"
        out["timeSequence"] = "not built yet"
        out["sort"] = "not built yet"
        out["btoa"] = "not built yet"
        out["atob"] = "not built yet"
        return out
    }()

    static func call(
        _ f: Builtin, _ nodes: [ExpressionNode], offset: Int, _ scope: inout ExpressionScope
    ) throws(ExpressionError) -> DataValue {
        if f == .if {
            let test = nodes.count > 0 ? try ExpressionEvaluator.evaluate(nodes[0], &scope) : .null
            let branch = test.isTruthy ? 1 : 2
            return nodes.count > branch ? try ExpressionEvaluator.evaluate(nodes[branch], &scope) : .null
        }
        if f == .replace || f == .split || f == .test || f == .regexp {
            return try ExpressionText.regexCall(f, nodes, offset: offset, &scope)
        }
        var args: [DataValue] = []
        args.reserveCapacity(nodes.count)
        for n in nodes { args.append(try ExpressionEvaluator.evaluate(n, &scope)) }
        func arg(_ i: Int) -> DataValue { i < args.count ? args[i] : .null }
        func num(_ i: Int) -> Double { i < args.count ? JS.number(args[i]) : .nan }
        func math(_ op: (Double) -> Double) -> DataValue { .number(op(num(0))) }

        switch f {
        case .if, .replace, .split, .test, .regexp: return .null  // handled above
        case .isArray: if case .array = arg(0) { return .bool(true) }; return .bool(false)
        case .isBoolean: if case .bool = arg(0) { return .bool(true) }; return .bool(false)
        case .isDate: if case .date = arg(0) { return .bool(true) }; return .bool(false)
        case .isNumber: if case .number = arg(0) { return .bool(true) }; return .bool(false)
        case .isString: if case .string = arg(0) { return .bool(true) }; return .bool(false)
        case .isObject:
            switch arg(0) {
            case .array, .object, .date: return .bool(true)
            default: return .bool(false)
            }
        case .isRegExp: return .bool(false)
        case .isValid:
            switch arg(0) {
            case .null: return .bool(false)
            case .number(let n): return .bool(!n.isNaN)
            default: return .bool(true)
            }
        case .toBoolean:
            let v = arg(0)
            if v == .null || v == .string("") { return .null }
            if !v.isTruthy || v == .string("false") || v == .string("0") { return .bool(false) }
            return .bool(true)
        case .toDate:
            let v = arg(0)
            switch v {
            case .null, .string(""): return .null
            case .number, .date: return v
            default: return .number(JSDate.parse(JS.string(v)))
            }
        case .toNumber:
            let v = arg(0)
            if v == .null || v == .string("") { return .null }
            return .number(JS.number(v))
        case .toString:
            let v = arg(0)
            if v == .null || v == .string("") { return .null }
            return .string(JS.string(JS.primitive(v, preferNumber: false)))

        // Vega's isNaN and isFinite are Number.isNaN / Number.isFinite: no coercion.
        case .isNaN: if case .number(let n) = arg(0) { return .bool(n.isNaN) }; return .bool(false)
        case .isFinite: if case .number(let n) = arg(0) { return .bool(n.isFinite) }; return .bool(false)
        case .abs: return math { Swift.abs($0) }
        case .acos: return math(Foundation.acos)
        case .asin: return math(Foundation.asin)
        case .atan: return math(Foundation.atan)
        case .atan2: return .number(Foundation.atan2(num(0), num(1)))
        case .ceil: return math { $0.rounded(.up) }
        case .floor: return math { $0.rounded(.down) }
        case .cos: return math(Foundation.cos)
        case .sin: return math(Foundation.sin)
        case .tan: return math(Foundation.tan)
        case .exp: return math(Foundation.exp)
        case .log: return math(Foundation.log)
        case .sqrt: return math { $0.squareRoot() }
        case .round: return math(jsRound)
        case .pow: return .number(jsPow(num(0), num(1)))
        case .hypot:
            let values = args.map(JS.number)
            if values.contains(where: { $0.isInfinite }) { return .number(.infinity) }
            if values.contains(where: { $0.isNaN }) { return .number(.nan) }
            return .number(values.reduce(0) { $0 + $1 * $1 }.squareRoot())
        case .max, .min:
            var result: Double = f == .max ? -.infinity : .infinity
            for v in args.map(JS.number) {
                if v.isNaN { return .number(.nan) }
                result = f == .max ? Swift.max(result, v) : Swift.min(result, v)
            }
            return .number(result)
        case .clamp:
            // Math.max(lo, Math.min(hi, v)), as Vega (lo wins when the bounds are reversed).
            let lo = num(1), hi = num(2), v = num(0)
            if v.isNaN || lo.isNaN || hi.isNaN { return .number(.nan) }
            return .number(Swift.max(lo, Swift.min(hi, v)))
        case .random:
            scope.randomState &+= 0x9E37_79B9_7F4A_7C15
            var z = scope.randomState
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return .number(Double(z >> 11) / Double(1 << 53))

        case .now: return .number((Date().timeIntervalSince1970 * 1000).rounded(.down))
        case .datetime:
            // new Date(…): one argument is a time value or a date string; more are local (= UTC)
            // calendar fields, a missing day being 1 and the rest 0.
            if args.count == 1 {
                if case .date(let t) = args[0] { return .date(t) }
                return .date(JSDate.time(JS.primitive(args[0], preferNumber: false)))
            }
            return .date(makeDate(args))
        case .utc: return .number(makeDate(args))
        case .time: return .number(JSDate.time(arg(0)))
        case .timezoneoffset: return .number(JSDate.time(arg(0)).isNaN ? .nan : 0)
        case .date, .utcdate: return field(arg(0)) { $0.date }
        case .day, .utcday: return field(arg(0)) { $0.weekday }
        case .year, .utcyear: return field(arg(0)) { $0.year }
        case .quarter, .utcquarter: return field(arg(0)) { $0.month / 3 + 1 }
        case .month, .utcmonth: return field(arg(0)) { $0.month }
        case .hours, .utchours: return field(arg(0)) { $0.hours }
        case .minutes, .utcminutes: return field(arg(0)) { $0.minutes }
        case .seconds, .utcseconds: return field(arg(0)) { $0.seconds }
        case .milliseconds, .utcmilliseconds: return field(arg(0)) { $0.milliseconds }
        case .dayofyear, .utcdayofyear: return field(arg(0)) { $0.dayOfYear }
        case .week, .utcweek:
            let t = JSDate.time(arg(0))
            guard UTCCalendar.fields(t) != nil else { return .number(.nan) }
            return .number(Double(Int(TimeFormat("%U")(t)) ?? 0))

        case .extent, .clampRange, .indexof, .inrange, .join, .lastindexof, .length, .lerp, .peek, .reverse,
            .sequence, .slice, .span, .merge, .parseFloat, .parseInt, .pad, .substring, .lower, .upper, .trim,
            .truncate:
            return try ExpressionText.call(f, args, offset: offset)
        case .format, .utcFormat, .utcParse, .timeFormat, .timeParse, .monthFormat, .monthAbbrevFormat,
            .dayFormat, .dayAbbrevFormat:
            return try ExpressionText.formatCall(f, args, offset: offset)
        }
    }

    /// JavaScript's `Math.round`: halves go towards +∞.
    static func jsRound(_ x: Double) -> Double {
        guard x.isFinite, Swift.abs(x) < 4_503_599_627_370_496 else { return x }
        let f = x.rounded(.down)
        let r = x - f >= 0.5 ? f + 1 : f
        return r == 0 && (x < 0 || x.sign == .minus) ? -0.0 : r
    }

    /// `Math.pow`, which differs from C's pow for a base of ±1 and an infinite or NaN exponent.
    static func jsPow(_ a: Double, _ b: Double) -> Double {
        if b.isNaN { return .nan }
        if Swift.abs(a) == 1 && b.isInfinite { return .nan }
        return Foundation.pow(a, b)
    }

    /// `new Date(y, m, d, h, mi, s, ms)` / `Date.UTC(…)`: fields not given are 0 (day 1);
    /// years 0–99 mean 1900–1999.
    static func makeDate(_ args: [DataValue]) -> Double {
        func part(_ i: Int, _ fallback: Double) -> Double { i < args.count ? JS.number(args[i]) : fallback }
        guard !args.isEmpty else { return .nan }
        var year = JS.number(args[0])
        if year.isFinite, (0...99).contains(year.rounded(.towardZero)) { year = 1900 + year.rounded(.towardZero) }
        return UTCCalendar.time(
            year: year, month: part(1, 0), date: part(2, 1), hours: part(3, 0), minutes: part(4, 0),
            seconds: part(5, 0), milliseconds: part(6, 0))
    }

    private static func field(_ v: DataValue, _ get: (UTCCalendar.Fields) -> Int) -> DataValue {
        guard let f = UTCCalendar.fields(JSDate.time(v)) else { return .number(.nan) }
        return .number(Double(get(f)))
    }
}

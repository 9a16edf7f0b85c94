import D3Format
import Foundation

/// Vega's expression functions by group (`ExpressionFunctions.call` dispatches): types, math,
/// the deterministic distributions and dates.
extension ExpressionFunctions {
    /// Type tests and conversions (isArray, toNumber, …).
    static func typeCall(_ f: Builtin, _ args: [DataValue]) -> DataValue {
        func arg(_ i: Int) -> DataValue { i < args.count ? args[i] : .null }
        switch f {
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

        default: return .null  // not in this group: `call` sends it elsewhere
        }
    }

    /// Math (Vega's isNaN and isFinite, Math.*, clamp, a seeded random).
    static func mathCall(_ f: Builtin, _ args: [DataValue], _ scope: inout ExpressionScope) -> DataValue {
        func arg(_ i: Int) -> DataValue { i < args.count ? args[i] : .null }
        func num(_ i: Int) -> Double { i < args.count ? JS.number(args[i]) : .nan }
        func math(_ op: (Double) -> Double) -> DataValue { .number(op(num(0))) }
        switch f {
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

        default: return .null  // not in this group: `call` sends it elsewhere
        }
    }

    /// vega-statistics' normal, log-normal and uniform density, cumulative and quantile functions.
    static func distributionCall(_ f: Builtin, _ args: [DataValue]) -> DataValue {
        func arg(_ i: Int) -> DataValue { i < args.count ? args[i] : .null }
        func num(_ i: Int) -> Double { i < args.count ? JS.number(args[i]) : .nan }
        switch f {
        case .quantileNormal, .quantileLogNormal:
            let p = num(0)
            let mean = arg(1).isTruthy ? num(1) : 0
            let stdev = args.count > 2 && arg(2) != .null ? num(2) : 1
            let q = p < 0 || p > 1 ? .nan : mean + stdev * 2.0.squareRoot() * Distributions.erfinv(2 * p - 1)
            return .number(f == .quantileNormal ? q : Foundation.exp(q))
        case .densityNormal, .cumulativeNormal, .densityLogNormal, .cumulativeLogNormal:
            let mean = arg(1).isTruthy ? num(1) : 0
            let stdev = args.count > 2 && arg(2) != .null ? num(2) : 1
            let sqrt2pi = (2 * Double.pi).squareRoot()
            switch f {
            case .densityNormal:
                let z = (num(0) - mean) / stdev
                return .number(Foundation.exp(-0.5 * z * z) / (stdev * sqrt2pi))
            case .cumulativeNormal: return .number(Distributions.cumulativeNormal(num(0), mean, stdev))
            case .densityLogNormal:
                let v = num(0)
                if v <= 0 { return .number(0) }
                let z = (Foundation.log(v) - mean) / stdev
                return .number(Foundation.exp(-0.5 * z * z) / (stdev * sqrt2pi * v))
            default: return .number(Distributions.cumulativeNormal(Foundation.log(num(0)), mean, stdev))
            }
        case .densityUniform, .cumulativeUniform, .quantileUniform:
            var lo = num(1), hi = num(2)
            if args.count < 3 || arg(2) == .null {
                hi = args.count < 2 || arg(1) == .null ? 1 : num(1)
                lo = 0
            }
            let v = num(0)
            switch f {
            case .densityUniform: return .number(v >= lo && v <= hi ? 1 / (hi - lo) : 0)
            case .cumulativeUniform: return .number(v < lo ? 0 : v > hi ? 1 : (v - lo) / (hi - lo))
            default: return .number(v >= 0 && v <= 1 ? lo + v * (hi - lo) : .nan)
            }
        default: return .null  // not in this group: `call` sends it elsewhere
        }
    }

    /// Dates: now, datetime, their fields (local = UTC), offsets and sequences.
    static func dateCall(_ f: Builtin, _ args: [DataValue], offset: Int) throws(ExpressionError) -> DataValue {
        func arg(_ i: Int) -> DataValue { i < args.count ? args[i] : .null }
        func num(_ i: Int) -> Double { i < args.count ? JS.number(args[i]) : .nan }
        switch f {
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
        case .timeOffset, .utcOffset:
            let step = args.count > 2 && arg(2) != .null ? num(2) : 1
            return Self.offset(unit: JS.string(arg(0)), arg(1), step: step).map { .date($0) } ?? .null  // unknown unit: undefined, as Vega
        case .timeSequence, .utcSequence:
            let step = args.count > 3 && arg(3) != .null ? num(3) : 1
            guard let dates = try Self.timeSequence(unit: JS.string(arg(0)), arg(1), arg(2), step: step, offset: offset) else {
                return .null  // unknown unit: undefined, as Vega
            }
            return .array(dates.map { .date($0) })
        case .week, .utcweek:
            let t = JSDate.time(arg(0))
            guard UTCCalendar.fields(t) != nil else { return .number(.nan) }
            return .number(Double(Int(TimeFormat("%U")(t)) ?? 0))

        default: return .null  // not in this group: `call` sends it elsewhere
        }
    }
}

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
    // Distributions (vega-statistics; the deterministic ones)
    case densityNormal, cumulativeNormal, quantileNormal, densityLogNormal, cumulativeLogNormal, quantileLogNormal
    case densityUniform
    case cumulativeUniform, quantileUniform
    // Dates
    case now, datetime, date, day, dayofyear, year, quarter, month, week, hours, minutes, seconds, milliseconds
    case time, timezoneoffset, utc, utcdate, utcday, utcdayofyear, utcyear, utcquarter, utcmonth, utcweek
    case utchours, utcminutes, utcseconds, utcmilliseconds, timeOffset, utcOffset, timeSequence, utcSequence
    // Arrays and strings
    case extent, clampRange, indexof, inrange, join, lastindexof, length, lerp, peek, reverse, sequence
    case slice, sort, span, merge, parseFloat, parseInt, pad, replace, split, substring, lower, upper, trim
    case truncate, regexp, test, btoa, atob
    // Formatting
    case format, utcFormat, utcParse, timeFormat, timeParse, monthFormat, monthAbbrevFormat, dayFormat
    case dayAbbrevFormat
}

enum ExpressionFunctions {
    static let names = Set(Builtin.allCases.map(\.rawValue))

    static let constants: [String: Double] = [
        "NaN": .nan, "E": M_E, "LN2": M_LN2, "LN10": M_LN10, "LOG2E": M_LOG2E, "LOG10E": M_LOG10E, "PI": .pi,
        "SQRT1_2": 0.5.squareRoot(), "SQRT2": 2.0.squareRoot(), "MIN_VALUE": Double.leastNonzeroMagnitude,
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
        for name in ["sampleNormal", "sampleLogNormal", "sampleUniform"] { out[name] = random }
        out["isDefined"] = "Pitchline's rows do not tell undefined from null; use isValid"
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

        switch f {
        case .if, .replace, .split, .test, .regexp: return .null  // handled above
        case .isArray, .isBoolean, .isDate, .isNumber, .isString, .isObject, .isRegExp, .isValid, .toBoolean, .toDate, .toNumber, .toString:
            return typeCall(f, args)
        case .isNaN, .isFinite, .abs, .acos, .asin, .atan, .atan2, .ceil, .floor, .cos, .sin, .tan, .exp, .log, .sqrt, .round, .pow,
            .hypot, .max, .min, .clamp, .random:
            return mathCall(f, args, &scope)
        case .quantileNormal, .quantileLogNormal, .densityNormal, .cumulativeNormal, .densityLogNormal, .cumulativeLogNormal,
            .densityUniform, .cumulativeUniform, .quantileUniform:
            return distributionCall(f, args)
        case .now, .datetime, .utc, .time, .timezoneoffset, .date, .utcdate, .day, .utcday, .year, .utcyear, .quarter, .utcquarter,
            .month, .utcmonth, .hours, .utchours, .minutes, .utcminutes, .seconds, .utcseconds, .milliseconds, .utcmilliseconds,
            .dayofyear, .utcdayofyear, .timeOffset, .utcOffset, .timeSequence, .utcSequence, .week, .utcweek:
            return try dateCall(f, args, offset: offset)

        case .extent, .clampRange, .indexof, .inrange, .join, .lastindexof, .length, .lerp, .peek, .reverse,
            .sequence, .slice, .sort, .span, .merge, .parseFloat, .parseInt, .pad, .substring, .lower, .upper, .trim,
            .truncate, .btoa, .atob:
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

    /// Vega's timeOffset/utcOffset: d3's `interval.offset(date, floor(step))` for a Vega time
    /// unit (months overflow as `setUTCMonth` does: 31 January + 1 month is 2 or 3 March);
    /// nil (NaN) for an unknown unit. The date is taken as `new Date(+date)` (no string parsing).
    static func offset(unit: String, _ date: DataValue, step rawStep: Double) -> Double? {
        let t: Double = if case .date(let d) = date { d } else { UTCCalendar.clip(JS.number(date)) }
        let step = rawStep.rounded(.down)
        let fixed: [String: Double] = [
            "milliseconds": 1, "seconds": 1000, "minutes": 60_000, "hours": 3_600_000, "date": 86_400_000,
            "day": 86_400_000, "dayofyear": 86_400_000, "week": 604_800_000,
        ]
        if let ms = fixed[unit] { return UTCCalendar.clip(t + ms * step) }
        let months: Double
        switch unit {
        case "month": months = step
        case "quarter": months = 3 * step
        case "year": months = 12 * step
        default: return nil
        }
        guard let f = UTCCalendar.fields(t) else { return .nan }
        return UTCCalendar.time(
            year: Double(f.year), month: Double(f.month) + months, date: Double(f.date), hours: Double(f.hours),
            minutes: Double(f.minutes), seconds: Double(f.seconds), milliseconds: Double(f.milliseconds))
    }

    /// The start of the `unit` containing `t` (d3's `interval.floor` in UTC), nil for an unknown unit.
    static func floor(unit: String, _ t: Double) -> Double? {
        let fixed: [String: Double] = [
            "milliseconds": 1, "seconds": 1000, "minutes": 60_000, "hours": 3_600_000, "date": 86_400_000,
            "day": 86_400_000, "dayofyear": 86_400_000,
        ]
        if let ms = fixed[unit] { return (t / ms).rounded(.down) * ms }
        guard let f = UTCCalendar.fields(t) else { return ["week", "month", "quarter", "year"].contains(unit) ? .nan : nil }
        switch unit {
        case "week": return (t / 86_400_000).rounded(.down) * 86_400_000 - Double(f.weekday) * 86_400_000
        case "month": return UTCCalendar.time(year: Double(f.year), month: Double(f.month))
        case "quarter": return UTCCalendar.time(year: Double(f.year), month: Double(f.month - f.month % 3))
        case "year": return UTCCalendar.time(year: Double(f.year), month: 0)
        default: return nil
        }
    }

    /// Vega's timeSequence/utcSequence: d3's `interval.range(start, stop, step)`: from the first
    /// unit boundary at or after `start`, every `step` units, before `stop`.
    static func timeSequence(
        unit: String, _ start: DataValue, _ stop: DataValue, step rawStep: Double, offset at: Int
    ) throws(ExpressionError) -> [Double]? {
        func time(_ v: DataValue) -> Double { if case .date(let d) = v { d } else { UTCCalendar.clip(JS.number(v)) } }
        guard floor(unit: unit, 0) != nil else { return nil }
        let step = rawStep.rounded(.down)
        var t = time(start)
        let end = time(stop)
        guard t < end, step > 0 else { return [] }
        // ceil: floor(t − 1), one unit on, floor again
        guard let f = floor(unit: unit, t - 1), let next = offset(unit: unit, .date(f), step: 1),
            let ceiled = floor(unit: unit, next)
        else { return [] }
        t = ceiled
        var out: [Double] = []
        while t < end {
            out.append(t)
            if out.count > 1_000_000 {
                throw ExpressionError(message: "\(unit) sequence: more than 1,000,000 dates", offset: at)
            }
            guard let moved = offset(unit: unit, .date(t), step: step), let aligned = floor(unit: unit, moved),
                aligned > t
            else { break }
            t = aligned
        }
        return out
    }

    static func field(_ v: DataValue, _ get: (UTCCalendar.Fields) -> Int) -> DataValue {
        guard let f = UTCCalendar.fields(JSDate.time(v)) else { return .number(.nan) }
        return .number(Double(get(f)))
    }
}

/// vega-statistics' distribution functions, with its approximations.
enum Distributions {
    /// West (2009), "Better approximations to cumulative normal functions", as Vega computes it.
    static func cumulativeNormal(_ value: Double, _ mean: Double, _ stdev: Double) -> Double {
        Statistics.normalCDF((value - mean) / stdev)
    }

    /// The inverse error function by M. Giles' approximation ("Approximating the erfinv
    /// function", GPU Computing Gems 2, 2010), the coefficients Vega uses.
    static func erfinv(_ x: Double) -> Double {
        var w = -Foundation.log((1 - x) * (1 + x))
        let coefficients: [Double]
        if w < 6.25 {
            w -= 3.125
            coefficients = [
                -3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,
                1.115787767802518096e-17, -1.333171662854620906e-16, 2.0972767875968561637e-17,
                6.6376381343583238325e-15, -4.0545662729752068639e-14, -8.1519341976054721522e-14,
                2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
                1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08,
                4.2347877827932403518e-07, -1.3654692000834678645e-06, -1.3882523362786468719e-05,
                0.0001867342080340571352, -0.00074070253416626697512, -0.0060336708714301490533,
                0.24015818242558961693, 1.6536545626831027356,
            ]
        } else if w < 16 {
            w = w.squareRoot() - 3.25
            coefficients = [
                2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07,
                1.8239629214389227755e-08, 1.5027403968909827627e-06, -4.013867526981545969e-06,
                2.9234449089955446044e-06, 1.2475304481671778723e-05, -4.7318229009055733981e-05,
                6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
                0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066,
                -0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334,
                3.0838856104922207635,
            ]
        } else if w.isFinite {
            w = w.squareRoot() - 5
            coefficients = [
                -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
                -3.7894654401267369937e-09, 7.6157012080783393804e-09, -1.4960026627149240478e-08,
                2.9147953450901080826e-08, -6.7711997758452339498e-08, 2.2900482228026654717e-07,
                -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
                7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026,
                1.0103004648645343977, 4.8499064014085844221,
            ]
        } else {
            return .infinity * x
        }
        var p = coefficients[0]
        for c in coefficients.dropFirst() { p = c + p * w }
        return p * x
    }
}

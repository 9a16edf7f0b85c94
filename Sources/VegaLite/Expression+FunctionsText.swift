import D3Format
import Foundation
import Synchronization

/// Vega's string, array, regular expression and formatting functions.
enum ExpressionText {
    static func call(_ f: Builtin, _ args: [DataValue], offset: Int) throws(ExpressionError) -> DataValue {
        let call = TextCall(f: f, args: args, offset: offset)
        switch f {
        case .length, .indexof, .lastindexof, .slice: return try call.stringOrArray()
        case .join, .reverse, .sort, .peek, .sequence, .merge: return try call.array()
        case .span, .extent, .clampRange, .inrange, .lerp: return try call.range()
        case .btoa, .atob, .substring, .parseFloat, .parseInt, .upper, .lower, .trim, .pad, .truncate: return try call.string()
        default: throw call.fail("not a text function")
        }
    }

    /// `Array.prototype.slice` / `String.prototype.slice` bounds.
    fileprivate static func sliceRange(_ count: Int, _ start: DataValue, _ end: DataValue?) -> (Int, Int) {
        func resolve(_ v: DataValue) -> Int {
            let n = JS.integer(v)
            if n < 0 { return Int(Swift.max(0, Double(count) + n)) }
            return Int(Swift.min(Double(count), n))
        }
        let lo = resolve(start)
        let hi = end.map { $0 == .null ? count : resolve($0) } ?? count
        return (lo, hi)
    }

    // MARK: Formatting

    static func formatCall(_ f: Builtin, _ args: [DataValue], offset: Int) throws(ExpressionError) -> DataValue {
        func arg(_ i: Int) -> DataValue { i < args.count ? args[i] : .null }
        switch f {
        case .format:
            if arg(0) == .null { return .string("null") }  // as Vega: null is not formatted
            let spec = JS.string(arg(1) == .null ? .string("") : arg(1))
            do {
                let formatter = try FormatterCache.shared.number(spec)
                if formatter.specifier.type == "c" { return .string(formatter.format(text: JS.string(arg(0)))) }
                return .string(formatter(JS.number(arg(0))))
            } catch {
                throw ExpressionError(message: "format: \(error.message)", offset: offset)
            }
        case .timeFormat, .utcFormat:
            if arg(0) == .null { return .string("null") }
            let t: Double = if case .date(let d) = arg(0) { d } else { UTCCalendar.clip(JS.number(arg(0))) }
            return .string(FormatterCache.shared.time(JS.string(arg(1)))(t))
        case .timeParse, .utcParse:
            guard let t = FormatterCache.shared.parse(JS.string(arg(1)))(JS.string(arg(0))) else { return .null }
            return .date(t)
        case .monthFormat, .monthAbbrevFormat, .dayFormat, .dayAbbrevFormat:
            // As Vega: an integer (not a numeric string) names the month of 2000-(m+1)-01 or the
            // weekday of 2000-01-(2+d), so 12 is January again; anything else is "".
            guard case .number(let n) = arg(0), n.isFinite, n == n.rounded(), abs(n) < 1e9 else { return .string("") }
            let month = f == .monthFormat || f == .monthAbbrevFormat
            let t = UTCCalendar.time(year: 2000, month: month ? n : 0, date: month ? 1 : 2 + n)
            guard let fields = UTCCalendar.fields(t) else { return .string("") }
            let locale = TimeLocale.enUS
            switch f {
            case .monthFormat: return .string(locale.months[fields.month])
            case .monthAbbrevFormat: return .string(locale.shortMonths[fields.month])
            case .dayFormat: return .string(locale.days[fields.weekday])
            default: return .string(locale.shortDays[fields.weekday])
            }
        default:
            throw ExpressionError(message: "\(f.rawValue): not a format function", offset: offset)
        }
    }

    // MARK: Regular expressions

    /// `replace`, `split`, `test`, `regexp`: their pattern argument may be a regex literal.
    static func regexCall(
        _ f: Builtin, _ nodes: [ExpressionNode], offset: Int, _ scope: inout ExpressionScope
    ) throws(ExpressionError) -> DataValue {
        func value(_ i: Int) throws(ExpressionError) -> DataValue {
            i < nodes.count ? try ExpressionEvaluator.evaluate(nodes[i], &scope) : .null
        }
        func pattern(_ i: Int) throws(ExpressionError) -> JSRegex? {
            guard i < nodes.count else { return nil }
            switch nodes[i] {
            case .regex(let p, let flags): return try JSRegex(p, flags: flags, offset: offset)
            case .call(.regexp, let inner, _):
                let p = inner.count > 0 ? JS.string(try ExpressionEvaluator.evaluate(inner[0], &scope)) : "(?:)"
                let flags = inner.count > 1 ? JS.string(try ExpressionEvaluator.evaluate(inner[1], &scope)) : ""
                return try JSRegex(p, flags: flags, offset: offset)
            default: return nil
            }
        }
        switch f {
        case .regexp:
            throw ExpressionError(message: "regexp(…) can only be used as the pattern of replace, split or test", offset: offset)
        case .test:
            guard let re = try pattern(0) else {
                throw ExpressionError(message: "test: the first argument must be a regular expression", offset: offset)
            }
            return .bool(re.firstMatch(in: JS.string(try value(1))) != nil)
        case .replace:
            let s = JS.string(try value(0))
            let replacement = JS.string(try value(2))
            if let re = try pattern(1) { return .string(re.replace(in: s, with: replacement)) }
            let needle = JS.string(try value(1))
            return .string(JSRegex.replaceFirst(literal: needle, in: s, with: replacement))
        case .split:
            let s = JS.string(try value(0))
            let limitValue = try value(2)
            let limit = limitValue == .null ? Int.max : Int(UInt32(bitPattern: JS.int32(limitValue)))
            var parts: [String]
            if let re = try pattern(1) {
                parts = re.split(s)
            } else {
                let sepValue = try value(1)
                if sepValue == .null {
                    parts = [s]
                } else {
                    let sep = JS.string(sepValue)
                    parts = sep.isEmpty ? s.utf16.map { String(decoding: [$0], as: UTF16.self) }
                        : s.components(separatedBy: sep)
                }
            }
            return .array(parts.prefix(limit).map { .string($0) })
        default:
            return .null
        }
    }
}

/// Formatters by specifier: an expression formats every row with the same few specifiers,
/// and making a formatter costs more than using it.
final class FormatterCache: Sendable {
    static let shared = FormatterCache()
    private let numbers = Mutex<[String: NumberFormat]>([:])
    private let times = Mutex<[String: TimeFormat]>([:])
    private let parses = Mutex<[String: TimeParse]>([:])

    func number(_ spec: String) throws(FormatError) -> NumberFormat {
        if let f = numbers.withLock({ $0[spec] }) { return f }
        let f = try NumberFormat(spec)
        numbers.withLock { if $0.count > 512 { $0.removeAll() }; $0[spec] = f }
        return f
    }

    func time(_ spec: String) -> TimeFormat {
        if let f = times.withLock({ $0[spec] }) { return f }
        let f = TimeFormat(spec)
        times.withLock { if $0.count > 512 { $0.removeAll() }; $0[spec] = f }
        return f
    }

    func parse(_ spec: String) -> TimeParse {
        if let f = parses.withLock({ $0[spec] }) { return f }
        let f = TimeParse(spec)
        parses.withLock { if $0.count > 512 { $0.removeAll() }; $0[spec] = f }
        return f
    }
}

/// One call of a text function: its arguments as Vega reads them (a missing one is null) and its
/// errors, which name the function.
private struct TextCall {
    let f: Builtin
    let args: [DataValue]
    let offset: Int

    func arg(_ i: Int) -> DataValue { i < args.count ? args[i] : .null }
    func has(_ i: Int) -> Bool { i < args.count }
    func str(_ i: Int) -> String { JS.string(arg(i)) }
    func fail(_ message: String) -> ExpressionError { ExpressionError(message: "\(f.rawValue): \(message)", offset: offset) }

    /// Functions of a string or an array: its length, where a value is, a slice of it.
    func stringOrArray() throws(ExpressionError) -> DataValue {
        switch f {
        case .length:
            switch arg(0) {
            case .string(let s): return .number(Double(s.utf16.count))
            case .array(let a): return .number(Double(a.count))
            case .null: throw fail("cannot read the length of null")
            default: return .null
            }
        case .indexof, .lastindexof:
            let last = f == .lastindexof
            switch arg(0) {
            case .array(let a):
                let target = arg(1)
                let index = last ? a.lastIndex(where: { JS.strictEquals($0, target) }) : a.firstIndex(where: { JS.strictEquals($0, target) })
                return .number(Double(index ?? -1))
            case .string(let s):
                let h = Array(s.utf16), n = Array(str(1).utf16)
                let range = last ? Array(stride(from: h.count - n.count, through: 0, by: -1)) : Array(0...Swift.max(-1, h.count - n.count))
                for i in range where i >= 0 && Array(h[i..<(i + n.count)]) == n { return .number(Double(i)) }
                return .number(-1)
            default: throw fail("expects a string or an array, got \(str(0))")
            }
        case .slice:
            switch arg(0) {
            case .array(let a):
                let (lo, hi) = ExpressionText.sliceRange(a.count, arg(1), has(2) ? arg(2) : nil)
                return .array(lo < hi ? Array(a[lo..<hi]) : [])
            case .string(let s):
                let u = Array(s.utf16)
                let (lo, hi) = ExpressionText.sliceRange(u.count, arg(1), has(2) ? arg(2) : nil)
                return .string(lo < hi ? String(decoding: u[lo..<hi], as: UTF16.self) : "")
            default: throw fail("expects a string or an array")
            }
        default:
            throw fail("not a text function")
        }
    }

    /// Array functions: joined, reversed, sorted, the last value, a sequence, objects merged.
    func array() throws(ExpressionError) -> DataValue {
        switch f {
        case .join:
            guard case .array(let a) = arg(0) else { throw fail("expects an array") }
            let sep = has(1) && arg(1) != .null ? str(1) : ","
            return .string(a.map { $0 == .null ? "" : JS.string($0) }.joined(separator: sep))
        case .reverse:
            switch arg(0) {
            case .array(let a): return .array(a.reversed())
            default: throw fail("expects an array")
            }
        case .sort:
            // Vega sorts with d3's `ascending`, which has no order for null, NaN or mixed kinds
            // (the result then depends on V8's sorting algorithm): those are refused.
            guard case .array(let a) = arg(0) else { throw fail("expects an array") }
            if a.allSatisfy({ if case .string = $0 { true } else { false } }) {
                return .array(a.enumerated().sorted { x, y in
                    let sx = Array(JS.string(x.element).utf16), sy = Array(JS.string(y.element).utf16)
                    return sx == sy ? x.offset < y.offset : sx.lexicographicallyPrecedes(sy)
                }.map(\.element))
            }
            let numbers = a.map { v -> Double? in
                switch v {
                case .number(let n), .date(let n): n.isNaN ? nil : n
                case .bool(let b): b ? 1 : 0
                default: nil
                }
            }
            guard numbers.allSatisfy({ $0 != nil }) else {
                throw fail("sorts only arrays of numbers, dates or strings without null or NaN")
            }
            return .array(zip(a, numbers).enumerated().sorted { x, y in
                x.element.1! == y.element.1! ? x.offset < y.offset : x.element.1! < y.element.1!
            }.map(\.element.0))
        case .peek:
            guard case .array(let a) = arg(0) else { throw fail("expects an array") }
            return a.last ?? .null
        case .sequence:
            var start = JS.number(arg(0)), stop = JS.number(arg(1)), step = has(2) ? JS.number(arg(2)) : 1
            if args.count < 2 { stop = start; start = 0 }
            if !has(2) || arg(2) == .null { step = 1 }
            let n = Swift.max(0, ((stop - start) / step).rounded(.up))
            guard n.isFinite else { return .array([]) }
            guard n <= 1_000_000 else { throw fail("would make \(JSNumber.string(n)) values (at most 1,000,000)") }
            return .array((0..<Int(n)).map { .number(start + Double($0) * step) })
        case .merge:
            var out: [String: DataValue] = [:]
            for a in args {
                if case .object(let o) = a { out.merge(o) { _, new in new } }
            }
            return .object(out)
        default:
            throw fail("not a text function")
        }
    }

    /// Functions of a [min, max] range: its span, extent, clamping, containment, interpolation.
    func range() throws(ExpressionError) -> DataValue {
        switch f {
        case .span:
            guard case .array(let a) = arg(0), let first = a.first, let last = a.last else { return .number(0) }
            let s = JS.number(last) - JS.number(first)
            return .number(s.isNaN || s == 0 ? 0 : s)
        case .extent:
            guard case .array(let a) = arg(0) else { throw fail("expects an array") }
            var lo: DataValue = .null, hi: DataValue = .null
            var loN = Double.nan, hiN = Double.nan
            for v in a where v != .null {
                let n = JS.number(v)
                if n.isNaN { continue }
                if lo == .null || n < loN { lo = v; loN = n }
                if hi == .null || n > hiN { hi = v; hiN = n }
            }
            return .array([lo, hi])
        case .clampRange:
            guard case .array(let r) = arg(0), r.count >= 2 else { throw fail("expects a [min, max] array") }
            var lo = JS.number(r[0]), hi = JS.number(r[1])
            let min = JS.number(arg(1)), max = JS.number(arg(2))
            if hi < lo { swap(&lo, &hi) }
            let span = hi - lo
            if span >= max - min { return .array([.number(min), .number(max)]) }
            if lo < min { lo = min; hi = min + span }
            if hi > max { hi = max; lo = max - span }
            return .array([.number(lo), .number(hi)])
        case .inrange:
            guard case .array(let r) = arg(1), let first = r.first, let last = r.last else { throw fail("expects a range array") }
            var r0 = JS.number(first), r1 = JS.number(last)
            if r0 > r1 { swap(&r0, &r1) }
            let v = JS.number(arg(0))
            let left = !has(2) || arg(2).isTruthy, right = !has(3) || arg(3).isTruthy
            return .bool((left ? r0 <= v : r0 < v) && (right ? v <= r1 : v < r1))
        case .lerp:
            guard case .array(let a) = arg(0), let first = a.first, let last = a.last else { throw fail("expects an array") }
            let lo = JS.number(first), hi = JS.number(last)
            return .number(lo + JS.number(arg(1)) * (hi - lo))
        default:
            throw fail("not a text function")
        }
    }

    /// String functions: base64, substrings, numbers read, case, trimming, padding, truncation.
    func string() throws(ExpressionError) -> DataValue {
        switch f {
        case .btoa:
            let units = Array(str(0).utf16)
            guard units.allSatisfy({ $0 <= 0xFF }) else { throw fail("characters outside Latin-1 cannot be encoded") }
            return .string(Data(units.map { UInt8($0) }).base64EncodedString())
        case .atob:
            let text = str(0).filter { !$0.isWhitespace }
            let padded = text + String(repeating: "=", count: (4 - text.count % 4) % 4)
            guard text.count % 4 != 1, let data = Data(base64Encoded: padded) else { throw fail("not valid base64") }
            return .string(String(decoding: data.map { UInt16($0) }, as: UTF16.self))
        case .substring:
            let u = Array(str(0).utf16)
            func clampIndex(_ v: DataValue) -> Int { Int(Swift.max(0, Swift.min(Double(u.count), JS.integer(v)))) }
            var lo = clampIndex(arg(1))
            var hi = has(2) && arg(2) != .null ? clampIndex(arg(2)) : u.count
            if lo > hi { swap(&lo, &hi) }
            return .string(String(decoding: u[lo..<hi], as: UTF16.self))
        case .parseFloat: return .number(JS.parseFloat(str(0)))
        case .parseInt: return .number(JS.parseInt(str(0), radix: has(1) && arg(1) != .null ? JS.number(arg(1)) : nil))
        case .upper: return .string(str(0).uppercased())
        case .lower: return .string(str(0).lowercased())
        case .trim: return .string(JS.trim(str(0)))
        case .pad:
            let s = Array(str(0).utf16)
            let c = has(2) && arg(2).isTruthy ? str(2) : " "
            let missing = JS.number(arg(1)) - Double(s.count)
            guard !missing.isNaN else { return .string(String(decoding: s, as: UTF16.self)) }  // JS repeats NaN times: none
            let n = Int(Swift.max(-1, Swift.min(1_000_000, missing)).rounded(.down))
            let text = String(decoding: s, as: UTF16.self)
            guard n > 0 else { return .string(text) }
            func rep(_ k: Int) -> String { String(repeating: c, count: k) }
            switch str(3) {
            case "left": return .string(rep(n) + text)
            case "center": return .string(rep(n / 2) + text + rep(n - n / 2))
            default: return .string(text + rep(n))
            }
        case .truncate:
            let s = Array(str(0).utf16)
            let e = Array((has(3) && arg(3) != .null ? str(3) : "\u{2026}").utf16)
            let length = JS.number(arg(1))
            if Double(s.count) <= length { return .string(String(decoding: s, as: UTF16.self)) }
            let l = Int(Swift.max(0, length - Double(e.count)))
            let n = s.count
            switch str(2) {
            case "left": return .string(String(decoding: e + s[Swift.max(0, n - l)...], as: UTF16.self))
            case "center":
                let head = Int((Double(l) / 2).rounded(.up)), tail = l / 2
                return .string(String(decoding: Array(s[..<Swift.min(n, head)]) + e + s[(n - tail)...], as: UTF16.self))
            default: return .string(String(decoding: Array(s[..<Swift.min(n, l)]) + e, as: UTF16.self))
            }
        default:
            throw fail("not a text function")
        }
    }
}

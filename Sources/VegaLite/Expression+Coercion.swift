import D3Format

/// JavaScript's operators on `DataValue`s, as Vega's generated code runs them. Two objects,
/// arrays or dates are never `==` (JavaScript compares their identity, which rows do not keep).
enum JS {
    /// `String(v)`, with dates as JavaScript prints them in UTC
    /// ("Tue Jan 03 2012 00:00:00 GMT+0000 (Coordinated Universal Time)").
    static func string(_ v: DataValue) -> String {
        switch v {
        case .number(let n): JSNumber.string(n)
        case .date(let t): dateString(t)
        case .array(let a): a.map { $0 == .null ? "" : string($0) }.joined(separator: ",")
        default: v.text
        }
    }

    static func dateString(_ t: Double) -> String {
        guard let f = UTCCalendar.fields(t) else { return "Invalid Date" }
        let days = TimeLocale.enUS.shortDays, months = TimeLocale.enUS.shortMonths  // JavaScript's are d3's en-US
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = f.year < 0 ? "-" + String(repeating: "0", count: max(0, 6 - String(-f.year).count)) + String(-f.year)
            : String(repeating: "0", count: max(0, 4 - String(f.year).count)) + String(f.year)
        return "\(days[f.weekday]) \(months[f.month]) \(two(f.date)) \(year) \(two(f.hours)):\(two(f.minutes)):\(two(f.seconds)) GMT+0000 (Coordinated Universal Time)"
    }

    /// ToPrimitive: dates become strings with the default hint, numbers with the number hint.
    static func primitive(_ v: DataValue, preferNumber: Bool) -> DataValue {
        switch v {
        case .date(let t): preferNumber ? .number(t) : .string(dateString(t))
        case .array, .object: .string(string(v))
        default: v
        }
    }

    static func number(_ v: DataValue) -> Double { primitive(v, preferNumber: true).number }

    static func int32(_ v: DataValue) -> Int32 { int32(number(v)) }
    static func int32(_ n: Double) -> Int32 {
        guard n.isFinite else { return 0 }
        let m = n.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
        return Int32(truncatingIfNeeded: Int64(m))
    }

    static func add(_ a: DataValue, _ b: DataValue) -> DataValue {
        if case .number(let x) = a, case .number(let y) = b { return .number(x + y) }
        let pa = primitive(a, preferNumber: false), pb = primitive(b, preferNumber: false)
        if case .string = pa { return .string(string(pa) + string(pb)) }
        if case .string = pb { return .string(string(pa) + string(pb)) }
        return .number(pa.number + pb.number)
    }

    /// `a == b`.
    static func looseEquals(_ a: DataValue, _ b: DataValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.bool, _): return looseEquals(.number(a.number), b)
        case (_, .bool): return looseEquals(a, .number(b.number))
        case (.number(let x), .string): return x == b.number
        case (.string, .number(let y)): return a.number == y
        case (.date, .date), (.date, .array), (.date, .object), (.array, .date), (.array, .array), (.array, .object),
            (.object, .date), (.object, .array), (.object, .object):
            return false
        case (.date, _), (.array, _), (.object, _): return looseEquals(primitive(a, preferNumber: false), b)
        case (_, .date), (_, .array), (_, .object): return looseEquals(a, primitive(b, preferNumber: false))
        }
    }

    /// `a === b` (the one rule, `DataValue.jsStrictEqual`, that filters use too).
    static func strictEquals(_ a: DataValue, _ b: DataValue) -> Bool { DataValue.jsStrictEqual(a, b) }

    /// `a < b` (and the others by swapping / negating as ECMAScript does); nil is "undefined" (a NaN).
    static func less(_ a: DataValue, _ b: DataValue) -> Bool? {
        let pa = primitive(a, preferNumber: true), pb = primitive(b, preferNumber: true)
        if case .string(let x) = pa, case .string(let y) = pb {
            return x.utf16.lexicographicallyPrecedes(y.utf16)
        }
        let x = pa.number, y = pb.number
        if x.isNaN || y.isNaN { return nil }
        return x < y
    }

    /// JavaScript's `parseFloat`.
    static func parseFloat(_ s: String) -> Double {
        let chars = Array(s.utf16)
        var i = 0
        while i < chars.count, isSpace(chars[i]) { i += 1 }
        let start = i
        if i < chars.count, chars[i] == 43 || chars[i] == 45 { i += 1 }
        let rest = String(decoding: chars[i...], as: UTF16.self)
        if rest.hasPrefix("Infinity") { return chars.count > start && chars[start] == 45 ? -.infinity : .infinity }
        var j = i
        var digits = 0
        while j < chars.count, chars[j] >= 48, chars[j] <= 57 { j += 1; digits += 1 }
        if j < chars.count, chars[j] == 46 {
            j += 1
            while j < chars.count, chars[j] >= 48, chars[j] <= 57 { j += 1; digits += 1 }
        }
        guard digits > 0 else { return .nan }
        if j < chars.count, chars[j] == 101 || chars[j] == 69 {
            var k = j + 1
            if k < chars.count, chars[k] == 43 || chars[k] == 45 { k += 1 }
            let e0 = k
            while k < chars.count, chars[k] >= 48, chars[k] <= 57 { k += 1 }
            if k > e0 { j = k }
        }
        return Double(String(decoding: chars[start..<j], as: UTF16.self)) ?? .nan
    }

    /// JavaScript's `parseInt(s, radix)`.
    static func parseInt(_ s: String, radix r: Double?) -> Double {
        let chars = Array(s.utf16)
        var i = 0
        while i < chars.count, isSpace(chars[i]) { i += 1 }
        var sign = 1.0
        if i < chars.count, chars[i] == 43 || chars[i] == 45 {
            if chars[i] == 45 { sign = -1 }
            i += 1
        }
        var radix = Int(int32(r ?? 0))
        var stripPrefix = true
        if radix != 0 {
            if radix < 2 || radix > 36 { return .nan }
            if radix != 16 { stripPrefix = false }
        } else {
            radix = 10
        }
        if stripPrefix, i + 1 < chars.count, chars[i] == 48, chars[i + 1] == 120 || chars[i + 1] == 88 {
            i += 2
            radix = 16
        }
        var value = 0.0
        var any = false
        while i < chars.count {
            let c = chars[i]
            let d: Int
            switch c {
            case 48...57: d = Int(c) - 48
            case 97...122: d = Int(c) - 87
            case 65...90: d = Int(c) - 55
            default: d = 99
            }
            if d >= radix { break }
            value = value * Double(radix) + Double(d)
            any = true
            i += 1
        }
        return any ? sign * value : .nan
    }

    static func isSpace(_ c: UInt16) -> Bool {
        c == 32 || (c >= 9 && c <= 13) || c == 0xA0 || c == 0xFEFF || c == 0x2028 || c == 0x2029 || c == 0x1680
            || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F || c == 0x3000
    }

    /// `String.prototype.trim`.
    static func trim(_ s: String) -> String {
        let u = Array(s.utf16)
        var a = 0, b = u.count
        while a < b, isSpace(u[a]) { a += 1 }
        while b > a, isSpace(u[b - 1]) { b -= 1 }
        return String(decoding: u[a..<b], as: UTF16.self)
    }

    /// ToIntegerOrInfinity.
    static func integer(_ v: DataValue) -> Double {
        let n = number(v)
        return n.isNaN ? 0 : n.rounded(.towardZero)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed d3-format specifier `[[fill]align][sign][symbol][0][width][,][.precision][~][type]`.
public struct FormatSpecifier: Sendable, Equatable {
    public var fill: Character = " "
    public var align: Character = ">"
    public var sign: Character = "-"
    public var symbol: Character?
    public var zero = false
    public var width: Int?
    public var comma = false
    public var precision: Int?
    public var trim = false
    public var type: Character?

    /// Parses `text` as d3's `formatSpecifier` does; nil for an invalid specifier.
    public init?(_ text: String) {
        var s = Array(text)[...]
        func take(_ set: String) -> Character? {
            guard let c = s.first, set.contains(c) else { return nil }
            s = s.dropFirst()
            return c
        }
        func digits() -> Int? {
            let d = s.prefix(while: { $0.isASCII && $0.isNumber })
            guard !d.isEmpty else { return nil }
            s = s.dropFirst(d.count)
            return Int(String(d.prefix(9))) ?? Int.max
        }
        if s.count >= 2, "<>=^".contains(s[s.startIndex + 1]) {
            fill = s[s.startIndex]
            align = s[s.startIndex + 1]
            s = s.dropFirst(2)
        } else if let a = take("<>=^") {
            align = a
        }
        if let c = take("+-( ") { sign = c }
        symbol = take("$#")
        if take("0") != nil { zero = true }
        width = digits()
        if take(",") != nil { comma = true }
        if s.first == "." {
            s = s.dropFirst()
            guard let p = digits() else { return nil }
            precision = p
        }
        if take("~") != nil { trim = true }
        if let c = s.first, c.isASCII, c.isLetter || c == "%" {
            type = c
            s = s.dropFirst()
        }
        guard s.isEmpty else { return nil }
    }
}

/// A problem with a format specifier, in d3's words ("invalid format: …").
public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// d3-format's `locale.format(specifier)`: a number formatter made once, applied per value.
public struct NumberFormat: Sendable {
    public let specifier: FormatSpecifier
    public let locale: NumberLocale
    /// The type, sign and alignment as ASCII codes: comparing `Character`s costs a string
    /// comparison each, and these are compared for every value formatted.
    private let type: UInt8
    private let sign: UInt8
    private let align: UInt8
    private let precision: Int
    private let trim: Bool
    private let comma: Bool
    private let fill: Character
    private let zero: Bool
    private let prefix: String
    private let suffix: String
    private let maybeSuffix: Bool
    /// For `formatPrefix`: a fixed SI exponent (multiple of 3) instead of one chosen per value.
    private let fixedPrefixExponent: Int?

    /// `d3.format(specifier)` in `locale`; throws "invalid format: …" as d3 does.
    public init(_ specifier: String, locale: NumberLocale = .enUS) throws(FormatError) {
        guard let spec = FormatSpecifier(specifier) else { throw FormatError(message: "invalid format: \(specifier)") }
        self.init(spec, locale: locale, prefixExponent: nil)
    }

    /// d3's `formatPrefix(specifier, value)`: every value scaled to the SI prefix of `value`
    /// (e.g. ",.0" with 1e6 writes 2,500,000 as "3M").
    public static func prefix(_ specifier: String, value: Double, locale: NumberLocale = .enUS) throws(FormatError) -> NumberFormat {
        guard var spec = FormatSpecifier(specifier) else { throw FormatError(message: "invalid format: \(specifier)") }
        spec.type = "f"
        let e = max(-8, min(8, Int((Double(decimalExponent(value) ?? 0) / 3).rounded(.down)))) * 3
        return NumberFormat(spec, locale: locale, prefixExponent: e)
    }

    init(_ spec: FormatSpecifier, locale: NumberLocale, prefixExponent: Int?) {
        self.specifier = spec
        self.locale = locale
        self.fixedPrefixExponent = prefixExponent
        var type = spec.type ?? " "
        var comma = spec.comma
        var trim = spec.trim
        var precision = spec.precision
        if type == "n" {
            comma = true
            type = "g"
        } else if !"%bcdefgoprsXx".contains(type) {
            if precision == nil { precision = 12 }
            trim = true
            type = "g"
        }
        var fill = spec.fill
        var align = spec.align
        var zero = spec.zero
        if zero || (fill == "0" && align == "=") {
            zero = true
            fill = "0"
            align = "="
        }
        prefix = spec.symbol == "$" ? locale.currencyPrefix
            : spec.symbol == "#" && "boxX".contains(type) ? "0" + type.lowercased() : ""
        suffix = spec.symbol == "$" ? locale.currencySuffix : "%p".contains(type) ? locale.percent : ""
        maybeSuffix = "defgprs%".contains(type)
        if let p = precision {
            self.precision = "gprs".contains(type) ? max(1, min(21, p)) : max(0, min(20, p))
        } else {
            self.precision = 6
        }
        self.type = type.asciiValue ?? 0
        self.sign = spec.sign.asciiValue ?? 0
        self.trim = trim
        self.comma = comma
        self.fill = fill
        self.align = align.asciiValue ?? 0
        self.zero = zero
    }

    /// Formats a number (d3 coerces with `+value` first; coerce before calling).
    public func callAsFunction(_ number: Double) -> String {
        if let e = fixedPrefixExponent { return plain(number * pow(10, Double(-e))) + Self.siPrefixes[8 + e / 3] }
        return plain(number)
    }

    private func plain(_ number: Double) -> String {
        if type == A.c { return finish(prefix: prefix, value: "", suffix: JSNumber.string(number) + suffix) }
        var valueNegative = number < 0 || (number == 0 && number.sign == .minus)
        var siExponent = 0
        var value = number.isNaN ? locale.nan : body(abs(number), &siExponent)
        if trim { value = Self.trimZeros(value) }
        if valueNegative && (Double(value) ?? 1) == 0 && sign != A.plus { valueNegative = false }
        let valuePrefix = (valueNegative ? (sign == A.paren ? "(" : locale.minus) : sign == A.minus || sign == A.paren ? "" : String(specifier.sign)) + prefix
        var valueSuffix = (type == A.s ? Self.siPrefixes[8 + siExponent / 3] : "") + suffix
            + (valueNegative && sign == A.paren ? ")" : "")
        if maybeSuffix, let i = value.utf8.firstIndex(where: { $0 < 48 || $0 > 57 }) {
            let rest = value[i...]
            valueSuffix = (rest.first == "." ? locale.decimal + rest.dropFirst() : String(rest)) + valueSuffix
            value = String(value[..<i])
        }
        return finish(prefix: valuePrefix, value: value, suffix: valueSuffix)
    }

    /// Formats a value with `c` semantics (`String(value)`); other types take its number.
    public func format(text: String) -> String {
        finish(prefix: prefix, value: "", suffix: text + suffix)
    }

    private func body(_ x: Double, _ siExponent: inout Int) -> String {
        switch type {
        case UInt8(ascii: "%"): return JSNumber.fixed(x * 100, precision)
        case UInt8(ascii: "b"): return JSNumber.integer(jsRound(x), radix: 2)
        case UInt8(ascii: "o"): return JSNumber.integer(jsRound(x), radix: 8)
        case UInt8(ascii: "x"): return JSNumber.integer(jsRound(x), radix: 16)
        case UInt8(ascii: "X"): return JSNumber.integer(jsRound(x), radix: 16).uppercased()
        case UInt8(ascii: "d"):
            let r = jsRound(x)
            if abs(r) >= 1e21 {
                let (digits, n) = JSNumber.shortest(abs(r))
                return digits + String(repeating: "0", count: max(0, n - digits.count))
            }
            return JSNumber.string(r)
        case UInt8(ascii: "e"): return JSNumber.exponential(x, precision)
        case UInt8(ascii: "f"): return JSNumber.fixed(x, precision)
        case UInt8(ascii: "g"): return JSNumber.precision(x, precision)
        case UInt8(ascii: "p"): return Self.rounded(x * 100, precision)
        case UInt8(ascii: "r"): return Self.rounded(x, precision)
        case UInt8(ascii: "s"): return Self.prefixAuto(x, precision, &siExponent)
        default: return JSNumber.string(x)
        }
    }

    private func finish(prefix valuePrefix: String, value: String, suffix valueSuffix: String) -> String {
        var value = value
        let width = specifier.width ?? 0
        if comma && !zero { value = group(value, width: .max) }
        let length = valuePrefix.utf16.count + value.utf16.count + valueSuffix.utf16.count
        var padding = length < width ? String(repeating: fill, count: width - length) : ""
        if comma && zero {
            value = group(padding + value, width: padding.isEmpty ? .max : width - valueSuffix.utf16.count)
            padding = ""
        }
        let out: String
        switch align {
        case UInt8(ascii: "<"): out = valuePrefix + value + valueSuffix + padding
        case UInt8(ascii: "="): out = valuePrefix + padding + value + valueSuffix
        case UInt8(ascii: "^"):
            let half = padding.count / 2
            out = padding.prefix(half) + valuePrefix + value + valueSuffix + padding.dropFirst(half)
        default: out = padding + valuePrefix + value + valueSuffix
        }
        guard let numerals = locale.numerals else { return out }
        return String(out.map { c in c.isASCII && c.isNumber ? numerals[Int(c.asciiValue! - 48)] : String(c) }.joined())
    }

    /// d3's formatGroup: thousands separators from the right, not wider than `width`.
    private func group(_ value: String, width: Int) -> String {
        let chars = Array(value.utf8)  // digits only (ASCII), so these are JavaScript's indexes too
        let grouping = locale.grouping
        var i = chars.count
        var groups: [Range<Int>] = []
        var j = 0
        var g = grouping.first ?? 0
        var length = 0
        while i > 0 && g > 0 {
            if length + g + 1 > width { g = max(1, width - length) }
            groups.append(max(0, i - g)..<i)
            i -= g
            length += g + 1
            if length > width { break }
            j = (j + 1) % grouping.count
            g = grouping[j]
        }
        let separator = Array(locale.thousands.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(chars.count + groups.count * separator.count)
        for (k, range) in groups.reversed().enumerated() {
            if k > 0 { out += separator }
            out += chars[range]
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let siPrefixes = ["y", "z", "a", "f", "p", "n", "\u{b5}", "m", "", "k", "M", "G", "T", "P", "E", "Z", "Y"]

    /// d3's formatTrim: "1.2000k" → "1.2k", "1.000" → "1".
    static func trimZeros(_ s: String) -> String {
        let c = Array(s.utf8)
        var i0 = -1
        var i1 = -1
        var i = 1
        out: while i < c.count {
            switch c[i] {
            case UInt8(ascii: "."): i0 = i; i1 = i
            case UInt8(ascii: "0"): if i0 == 0 { i0 = i }; i1 = i
            default:
                if !(c[i] >= 49 && c[i] <= 57) { break out }
                if i0 > 0 { i0 = 0 }
            }
            i += 1
        }
        return i0 > 0 ? String(decoding: c[..<i0] + c[(i1 + 1)...], as: UTF8.self) : s
    }

    /// d3's formatDecimalParts: significant digits without the point, and the exponent.
    static func decimalParts(_ x: Double, _ p: Int?) -> (String, Int)? {
        guard x.isFinite else { return nil }
        let e = JSNumber.exponential(x, (p ?? 0) > 0 ? p! - 1 : nil)
        guard let i = e.firstIndex(of: "e") else { return nil }
        let coefficient = e[..<i].filter { $0 != "." }
        return (String(coefficient), Int(e[e.index(after: i)...]) ?? 0)
    }

    /// The decimal exponent of |x| (d3's `exponent`).
    static func decimalExponent(_ x: Double) -> Int? { decimalParts(abs(x), nil)?.1 }

    /// d3's formatRounded (`r`).
    static func rounded(_ x: Double, _ p: Int) -> String {
        guard let (coefficient, exponent) = decimalParts(x, p) else { return JSNumber.string(x) }
        if exponent < 0 { return "0." + String(repeating: "0", count: -exponent - 1) + coefficient }
        if coefficient.count > exponent + 1 {
            return coefficient.prefix(exponent + 1) + "." + coefficient.dropFirst(exponent + 1)
        }
        return coefficient + String(repeating: "0", count: exponent - coefficient.count + 1)
    }

    /// d3's formatPrefixAuto (`s`), setting the chosen SI exponent.
    static func prefixAuto(_ x: Double, _ p: Int, _ siExponent: inout Int) -> String {
        guard let (coefficient, exponent) = decimalParts(x, p) else { return JSNumber.string(x) }
        siExponent = max(-8, min(8, Int((Double(exponent) / 3).rounded(.down)))) * 3
        let i = exponent - siExponent + 1
        let n = coefficient.count
        if i == n { return coefficient }
        if i > n { return coefficient + String(repeating: "0", count: i - n) }
        if i > 0 { return coefficient.prefix(i) + "." + coefficient.dropFirst(i) }
        let more = decimalParts(x, max(0, p + i - 1))?.0 ?? ""
        return "0." + String(repeating: "0", count: -i) + more
    }
}

/// ASCII codes compared per value.
private enum A {
    static let c = UInt8(ascii: "c"), s = UInt8(ascii: "s"), plus = UInt8(ascii: "+"), minus = UInt8(ascii: "-")
    static let paren = UInt8(ascii: "(")
}

/// JavaScript's `Math.round` for x ≥ 0 and below: halves go up.
func jsRound(_ x: Double) -> Double {
    let f = x.rounded(.down)
    return x - f >= 0.5 ? f + 1 : f
}


/// d3-format's precision helpers, for choosing a precision from a step or a maximum.
public enum FormatPrecision {
    /// `precisionFixed(step)`.
    public static func fixed(step: Double) -> Int { max(0, -(NumberFormat.decimalExponent(abs(step)) ?? 0)) }
    /// `precisionRound(step, max)`.
    public static func round(step: Double, max m: Double) -> Int {
        let s = abs(step)
        let mx = abs(m) - s
        return max(0, (NumberFormat.decimalExponent(mx) ?? 0) - (NumberFormat.decimalExponent(s) ?? 0)) + 1
    }
    /// `precisionPrefix(step, value)`.
    public static func prefix(step: Double, value: Double) -> Int {
        let ev = max(-8, min(8, Int((Double(NumberFormat.decimalExponent(value) ?? 0) / 3).rounded(.down)))) * 3
        return max(0, ev - (NumberFormat.decimalExponent(abs(step)) ?? 0))
    }
}

import D3Format
import Foundation

/// Formats numbers for reading and listening: thousands separators, a true minus sign (U+2212),
/// never an exponent. Speech and tables mirror the style of a d3-format specifier from this subset:
/// `[$][,][.precision][~][f|d|%|s]`, e.g. `",.1f"`, `".0%"`, `"d"`, `","`, `"$,.2f"`, `"~s"`; any
/// other valid d3 format (checked by D3Format, which also writes the axis ticks) is spoken with
/// numbers that fit the data.
public struct NumberFormat: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Fixed decimals (`f`, and `d` with 0 decimals).
        case fixed
        /// Multiply by 100 and append `%`.
        case percent
        /// SI-style words for large numbers: 1.2 million, 35 thousand (`s`).
        case short
    }

    public var kind: Kind
    public var decimals: Int
    public var grouping: Bool
    /// Drop trailing zeros after the decimal point (`~`).
    public var trim: Bool
    /// `$`: the currency symbol before the digits (after the sign).
    public var currency = false
    /// False when the specifier gave no precision (`","`, `"%"`, `"~s"`): `fitted(to:)` picks decimals to fit the data.
    public var hasPrecision = true

    public init(kind: Kind = .fixed, decimals: Int, grouping: Bool = true, trim: Bool = false) {
        self.kind = kind
        self.decimals = decimals
        self.grouping = grouping
        self.trim = trim
    }

    /// Parses a d3-format specifier; nil if it is outside the supported subset.
    public init?(d3 spec: String) {
        var s = Substring(spec)
        grouping = false
        trim = false
        decimals = -1
        kind = .fixed
        if s.first == "$" { currency = true; s = s.dropFirst() }
        if s.first == "," { grouping = true; s = s.dropFirst() }
        if s.first == "." {
            s = s.dropFirst()
            let digits = s.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let d = Int(digits), d <= 12 else { return nil }
            decimals = d
            s = s.dropFirst(digits.count)
        }
        if s.first == "~" { trim = true; s = s.dropFirst() }
        switch s {
        case "": kind = .fixed; if decimals < 0 { decimals = 6; trim = true; hasPrecision = false }
        case "f": kind = .fixed; if decimals < 0 { decimals = 6; hasPrecision = false }
        case "d": kind = .fixed; decimals = 0
        case "%": kind = .percent; if decimals < 0 { decimals = 6; hasPrecision = false }
        case "s": kind = .short; if decimals < 0 { decimals = 6; trim = true; hasPrecision = false }
        default: return nil
        }
    }

    /// True for any valid d3-format specifier (D3Format decides, as d3 would).
    public static func isSupported(_ spec: String) -> Bool { (try? D3Format.NumberFormat(spec)) != nil }

    /// A format that shows as many decimals as the values need (at most 3).
    public static func automatic(for values: [Double?]) -> NumberFormat {
        var decimals = 0
        var seen = 0
        var largest = 0.0
        for case let v? in values where v.isFinite {
            largest = max(largest, abs(v))
            while decimals < 3 {
                let scaled = v * pow(10, Double(decimals))
                if abs(scaled - scaled.rounded()) < 1e-6 * max(1, abs(scaled)) { break }
                decimals += 1
            }
            seen += 1
            if seen >= 20_000 { break }
        }
        if largest >= 1000 { decimals = min(decimals, 1) }
        return NumberFormat(kind: .fixed, decimals: decimals, grouping: true, trim: false)
    }

    public func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "not a number" : (value < 0 ? "−infinity" : "infinity") }
        guard currency else { return plainFormat(value) }
        var copy = self
        copy.currency = false
        let text = copy.plainFormat(value)
        return text.hasPrefix("\u{2212}") ? "\u{2212}$" + text.dropFirst() : "$" + text
    }

    private func plainFormat(_ value: Double) -> String {
        switch kind {
        case .fixed:
            return Self.fixed(value, decimals: decimals, grouping: grouping, trim: trim)
        case .percent:
            return Self.fixed(value * 100, decimals: decimals, grouping: grouping, trim: trim) + "%"
        case .short:
            let magnitude = abs(value)
            let (scale, word): (Double, String) =
                magnitude >= 1e12 ? (1e12, " trillion") : magnitude >= 1e9 ? (1e9, " billion")
                : magnitude >= 1e6 ? (1e6, " million") : magnitude >= 1e3 ? (1e3, " thousand") : (1, "")
            // d3's precision for `s` is significant digits.
            let scaled = value / scale
            let integerDigits = max(1, Int(log10(max(abs(scaled), 1))) + 1)
            return Self.fixed(scaled, decimals: max(0, decimals - integerDigits), grouping: grouping, trim: true) + word
        }
    }

    /// `value` with `decimals` places, optional thousands separators and a U+2212 minus sign.
    private static let powers: [Double] = (0...15).map { pow(10, Double($0)) }

    package static func fixed(_ value: Double, decimals: Int, grouping: Bool, trim: Bool) -> String {
        let magnitude = abs(value)
        if decimals <= 15, magnitude * powers[decimals] < 9e15 {
            return fastFixed(magnitude, negative: value < 0, decimals: decimals, grouping: grouping, trim: trim)
        }
        var text = String(format: "%.\(decimals)f", magnitude)
        if trim, text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        var integer = Substring(text)
        var fraction = Substring("")
        if let dot = text.firstIndex(of: ".") {
            integer = text[..<dot]
            fraction = text[dot...]
        }
        var out = ""
        if grouping && integer.count > 3 {
            for (k, ch) in integer.enumerated() {
                if k > 0 && (integer.count - k) % 3 == 0 { out.append(",") }
                out.append(ch)
            }
        } else {
            out = String(integer)
        }
        out += fraction
        let isZero = !out.contains(where: { $0 >= "1" && $0 <= "9" })
        return value < 0 && !isZero ? "\u{2212}" + out : out
    }

    /// Digits by integer arithmetic (about 20× faster than `String(format:)` on Linux); used when
    /// the scaled value fits exactly in a Double's integer range.
    private static func fastFixed(_ magnitude: Double, negative: Bool, decimals: Int, grouping: Bool, trim: Bool) -> String {
        var scaled = UInt64((magnitude * powers[decimals]).rounded())
        var bytes = [UInt8]()
        bytes.reserveCapacity(32)
        var fractionDigits = decimals
        var trimming = trim
        // Fraction digits, least significant first.
        for _ in 0..<decimals {
            let digit = UInt8(scaled % 10)
            scaled /= 10
            if trimming && digit == 0 { fractionDigits -= 1; continue }
            trimming = false
            bytes.append(0x30 + digit)
        }
        if fractionDigits > 0 { bytes.append(UInt8(ascii: ".")) }
        var count = 0
        repeat {
            if grouping && count > 0 && count % 3 == 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(0x30 + UInt8(scaled % 10))
            scaled /= 10
            count += 1
        } while scaled > 0
        let isZero = !bytes.contains { $0 >= 0x31 && $0 <= 0x39 }
        if negative && !isZero { bytes.append(contentsOf: [0x92, 0x88, 0xE2]) }  // U+2212, reversed
        bytes.reverse()
        return String(decoding: bytes, as: UTF8.self)
    }
}

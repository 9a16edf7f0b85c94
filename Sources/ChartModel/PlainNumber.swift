import Foundation

/// A number as an author writes it in a spec or a CSV download: no grouping, no exponent, no
/// trailing zeros (`20`, `0.15`, `8000`). `TextFormat.plainNumber` (SpecReading) and the audio
/// settings table (`AudioOptions.Setting`) write with this one rule.
public enum PlainNumber {
    /// The shortest decimal text that round-trips `value` after rounding away accumulated binary
    /// error: 173.29999999999998 (a sum of tenths) → "173.3"; whole numbers without ".0"; no exponent.
    public static func text(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let decimals = Self.decimals(value)
        // Fast path (the CSV download of a 1,000,000-point chart spent most of its time in the
        // `String(format:)` below): Swift's shortest round-trip text, when it has no exponent and
        // no more decimals than the rounding below keeps, is exactly what that rounding writes
        // (the value lies within half a unit of its last place; `TextFormatTests` compares both).
        let shortest = value.description
        if let places = fixedDecimalPlaces(shortest), places <= decimals { return shortest }
        return rounded(value, decimals: decimals)
    }

    /// Decimals that `text` rounds `value` to: 15 significant digits is what a double
    /// holds exactly; accumulated error sits beyond.
    package static func decimals(_ value: Double) -> Int {
        let magnitude = abs(value)
        let integerDigits = magnitude >= 1 ? Int(log10(magnitude).rounded(.down)) + 1 : 0
        let leadingZeros = magnitude < 1 ? Int((-log10(magnitude)).rounded(.down)) : 0
        return max(0, min(20, 15 - integerDigits + leadingZeros))
    }

    /// The digits after the point of `text` ("-12.375" → 3), or nil when it is not plain
    /// fixed-point text (an exponent, "inf", "nan").
    package static func fixedDecimalPlaces(_ text: String) -> Int? {
        var places = 0, afterPoint = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): if afterPoint { places += 1 }
            case UInt8(ascii: "."): afterPoint = true
            case UInt8(ascii: "-") where places == 0 && !afterPoint: continue
            default: return nil
            }
        }
        return places
    }

    /// `text`'s general path: `value` rounded to `decimals` by `printf`, trailing zeros
    /// dropped.
    static func rounded(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return text
    }
}

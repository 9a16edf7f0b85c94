import Foundation

/// Numbers for eyes and ears: fixed digits, thousands separators, U+2212 minus, never exponents.
public enum NumberText {
    /// Formats `value` with exactly `fractionDigits` decimals, e.g. `-1234.5` → "−1,234.5".
    public static func format(_ value: Double, fractionDigits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "no data" : (value > 0 ? "infinity" : "minus infinity") }
        let digits = min(max(fractionDigits, 0), 12)
        var rounded = value
        let factor = pow(10, Double(digits))
        rounded = (value * factor).rounded() / factor
        if rounded == 0 { rounded = 0 }  // no "−0"
        let negative = rounded < 0
        let plain = String(format: "%.\(digits)f", abs(rounded))
        let parts = plain.split(separator: ".", maxSplits: 1)
        let integer = Array(parts[0])
        var grouped = ""
        for (i, c) in integer.enumerated() {
            if i > 0, (integer.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(c)
        }
        if parts.count == 2 { grouped += "." + parts[1] }
        return (negative ? "\u{2212}" : "") + grouped
    }

    /// A tick label: as many decimals as the tick step needs (step 0.5 → one decimal).
    public static func tick(_ value: Double, step: Double) -> String {
        let digits = step > 0 && step.isFinite ? max(0, Int(-floor(log10(step) + 1e-9))) : 0
        return format(value, fractionDigits: digits)
    }
}

/// d3-scale's `tickFormat(start, stop, count, specifier)` for a linear scale: a specifier without
/// a precision gets one from the tick step, so "%" over ticks 0, 0.2 … 1 writes "0%", "20%" …
/// "100%", not "0.000000%" (Vega's axis labels on a continuous scale are made this way).
extension NumberFormat {
    /// The tick formatter for ticks `step` apart over `start…stop` (d3's precisionFixed,
    /// precisionPrefix and precisionRound fill in a missing precision; an explicit one is kept).
    public static func ticks(_ specifier: String?, start: Double, stop: Double, step: Double,
                             locale: NumberLocale = .enUS) throws(FormatError) -> NumberFormat {
        let text = specifier ?? ",f"
        guard var spec = FormatSpecifier(text) else { throw FormatError(message: "invalid format: \(text)") }
        let largest = max(abs(start), abs(stop))
        let stepExponent = step.isFinite && step != 0 ? decimalExponent(step) : nil
        switch spec.type {
        case "s":
            // formatPrefix(specifier, largest): every tick in the SI prefix of the largest.
            let e = max(-8, min(8, Int((Double(decimalExponent(largest) ?? 0) / 3).rounded(.down)))) * 3
            if spec.precision == nil, let s = stepExponent { spec.precision = max(0, e - s) }
            spec.type = "f"
            return NumberFormat(spec, locale: locale, prefixExponent: e)
        case nil, "e", "g", "p", "r":
            if spec.precision == nil, let s = stepExponent {
                let rest = abs(largest) - abs(step)
                let p = max(0, (decimalExponent(rest) ?? 0) - s) + 1
                spec.precision = p - (spec.type == "e" ? 1 : 0)
            }
        case "f", "%":
            if spec.precision == nil, let s = stepExponent {
                spec.precision = max(0, -s) - (spec.type == "%" ? 2 : 0)
            }
        default: break
        }
        return NumberFormat(spec, locale: locale, prefixExponent: nil)
    }
}

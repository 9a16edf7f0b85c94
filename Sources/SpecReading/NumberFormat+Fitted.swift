/// An author's d3 format without a precision ("%", ",", "$", "f"): d3 itself would write six
/// decimals ("14.000000%"). Axis ticks take a precision from the tick step (d3-scale's
/// `tickFormat`, `D3Format.NumberFormat.ticks`); a value a reader hears or reads in the table takes
/// the data's own precision instead, in the specifier's kind: 0.14 under "%" is "14%", 0.145 "14.5%".
/// This is the one place that rule lives (speech, table, bins and channel values call it).
extension NumberFormat {
    /// The format with a missing precision filled from `values` (as many decimals as they need,
    /// at most 3 in the data's own unit, trailing zeros dropped); unchanged when the author gave one.
    public func fitted(to values: [Double?]) -> NumberFormat {
        guard !hasPrecision else { return self }
        var f = self
        let decimals = NumberFormat.automatic(for: values).decimals
        f.decimals = kind == .percent ? max(0, decimals - 2) : decimals
        f.trim = true
        return f
    }
}

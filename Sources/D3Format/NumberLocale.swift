/// The locale data d3-format's `formatLocale` takes. Other locales (de-DE, fr-FR, es-ES, …)
/// are more values of this type; nothing else changes.
public struct NumberLocale: Sendable, Equatable {
    public var decimal: String
    public var thousands: String
    /// Group sizes from the right, the last one repeating ([3] for "1,234,567").
    public var grouping: [Int]
    public var currencyPrefix: String
    public var currencySuffix: String
    /// Ten digit glyphs replacing 0–9, or nil for ASCII digits.
    public var numerals: [String]?
    public var percent: String
    public var minus: String
    public var nan: String

    public init(
        decimal: String = ".", thousands: String = ",", grouping: [Int] = [3],
        currencyPrefix: String = "$", currencySuffix: String = "", numerals: [String]? = nil,
        percent: String = "%", minus: String = "\u{2212}", nan: String = "NaN"
    ) {
        self.decimal = decimal
        self.thousands = thousands
        self.grouping = grouping
        self.currencyPrefix = currencyPrefix
        self.currencySuffix = currencySuffix
        self.numerals = numerals
        self.percent = percent
        self.minus = minus
        self.nan = nan
    }

    /// d3-format's en-US (its default locale): minus is U+2212 as in d3-format ≥ 2.
    public static let enUS = NumberLocale()
    /// de-DE as d3-format ships it.
    public static let deDE = NumberLocale(decimal: ",", thousands: ".", currencyPrefix: "", currencySuffix: "\u{a0}€")
    /// fr-FR as d3-format ships it.
    public static let frFR = NumberLocale(
        decimal: ",", thousands: "\u{a0}", currencyPrefix: "", currencySuffix: "\u{a0}€", percent: "\u{202f}%")
    /// es-ES as d3-format ships it.
    public static let esES = NumberLocale(decimal: ",", thousands: ".", currencyPrefix: "", currencySuffix: "\u{a0}€")
}

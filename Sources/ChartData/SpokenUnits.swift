import Foundation

/// Units for ears: screen readers spell abbreviations letter by letter ("MWh" → "em double-u
/// aitch", measured with Orca 43 and espeak-ng), so speech says the unit in words. Visible text
/// keeps the symbol. Authors override with `usermeta.pitchline.spokenUnit`.
public enum SpokenUnits {
    /// Symbol → (plural, singular). The singular is used after "per" ("metres per second").
    static let table: [String: (plural: String, singular: String)] = [
        "°C": ("degrees Celsius", "degree Celsius"), "℃": ("degrees Celsius", "degree Celsius"),
        "°F": ("degrees Fahrenheit", "degree Fahrenheit"), "K": ("kelvin", "kelvin"), "°": ("degrees", "degree"),
        "mm": ("millimetres", "millimetre"), "cm": ("centimetres", "centimetre"), "m": ("metres", "metre"),
        "km": ("kilometres", "kilometre"), "in": ("inches", "inch"), "ft": ("feet", "foot"),
        "mi": ("miles", "mile"), "m²": ("square metres", "square metre"), "km²": ("square kilometres", "square kilometre"),
        "ha": ("hectares", "hectare"), "m³": ("cubic metres", "cubic metre"),
        "m/s": ("metres per second", "metre per second"), "km/h": ("kilometres per hour", "kilometre per hour"),
        "mph": ("miles per hour", "mile per hour"), "kn": ("knots", "knot"), "kt": ("knots", "knot"),
        "mg": ("milligrams", "milligram"), "g": ("grams", "gram"), "kg": ("kilograms", "kilogram"),
        "t": ("tonnes", "tonne"), "lb": ("pounds", "pound"), "lbs": ("pounds", "pound"), "oz": ("ounces", "ounce"),
        "ml": ("millilitres", "millilitre"), "mL": ("millilitres", "millilitre"), "l": ("litres", "litre"), "L": ("litres", "litre"),
        "s": ("seconds", "second"), "ms": ("milliseconds", "millisecond"), "min": ("minutes", "minute"),
        "h": ("hours", "hour"), "hr": ("hours", "hour"), "d": ("days", "day"), "yr": ("years", "year"),
        "W": ("watts", "watt"), "kW": ("kilowatts", "kilowatt"), "MW": ("megawatts", "megawatt"),
        "GW": ("gigawatts", "gigawatt"), "Wh": ("watt hours", "watt hour"), "kWh": ("kilowatt hours", "kilowatt hour"),
        "MWh": ("megawatt hours", "megawatt hour"), "GWh": ("gigawatt hours", "gigawatt hour"),
        "TWh": ("terawatt hours", "terawatt hour"), "J": ("joules", "joule"), "kJ": ("kilojoules", "kilojoule"),
        "kcal": ("kilocalories", "kilocalorie"), "V": ("volts", "volt"), "A": ("amperes", "ampere"),
        "Hz": ("hertz", "hertz"), "kHz": ("kilohertz", "kilohertz"), "dB": ("decibels", "decibel"),
        "Pa": ("pascals", "pascal"), "hPa": ("hectopascals", "hectopascal"), "kPa": ("kilopascals", "kilopascal"),
        "mbar": ("millibars", "millibar"), "%": ("percent", "percent"), "‰": ("per mille", "per mille"),
        "ppm": ("parts per million", "part per million"), "ppb": ("parts per billion", "part per billion"),
        "µg": ("micrograms", "microgram"), "μg": ("micrograms", "microgram"),
        "µg/m³": ("micrograms per cubic metre", "microgram per cubic metre"),
        "$": ("dollars", "dollar"), "USD": ("US dollars", "US dollar"), "US$": ("US dollars", "US dollar"),
        "€": ("euros", "euro"), "EUR": ("euros", "euro"), "£": ("pounds", "pound"), "GBP": ("pounds sterling", "pound sterling"),
        "¥": ("yen", "yen"), "JPY": ("yen", "yen"), "CHF": ("Swiss francs", "Swiss franc"),
        "km/l": ("kilometres per litre", "kilometre per litre"), "mpg": ("miles per gallon", "mile per gallon"),
        "bpm": ("beats per minute", "beat per minute"), "rpm": ("revolutions per minute", "revolution per minute"),
    ]

    /// The unit in words: the table's entry, else word by word ("thousand MWh" → "thousand
    /// megawatt hours"), "a/b" as "a per b"; words the table does not know stay as written.
    public static func words(for unit: String) -> String {
        if let entry = table[unit] { return entry.plural }
        if let slash = unit.firstIndex(of: "/"), !unit.contains(" ") {
            let top = String(unit[..<slash]), bottom = String(unit[unit.index(after: slash)...])
            if let t = table[top], let b = table[bottom] { return "\(t.plural) per \(b.singular)" }
            return unit
        }
        return unit.split(separator: " ", omittingEmptySubsequences: false)
            .map { word in table[String(word)]?.plural ?? words(forPart: String(word)) }
            .joined(separator: " ")
    }

    private static func words(forPart word: String) -> String {
        guard word.contains("/"), let slash = word.firstIndex(of: "/") else { return word }
        let top = String(word[..<slash]), bottom = String(word[word.index(after: slash)...])
        guard let t = table[top], let b = table[bottom] else { return word }
        return "\(t.plural) per \(b.singular)"
    }

    /// `text` with every "NUMBER UNIT" (or "NUMBERUNIT" for % and ‰) said as "NUMBER WORDS":
    /// for sentences made for the page (statistics, trend) that the scrubber also speaks.
    public static func speak(_ text: String, unit: String, as spoken: String) -> String {
        guard !unit.isEmpty, spoken != unit, text.contains(unit) else { return text }
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: unit) {
            let before = rest[..<range.lowerBound]
            let after = rest[range.upperBound...]
            let endsWord = after.first.map { !($0.isLetter || $0.isNumber) } ?? true
            var digitBefore = false
            if before.last == " ", let c = before.dropLast().last { digitBefore = c.isNumber }
            else if let c = before.last, unit == "%" || unit == "‰" { digitBefore = c.isNumber }
            out += before
            out += digitBefore && endsWord ? (before.last == " " ? spoken : " " + spoken) : String(rest[range])
            rest = after
        }
        return out + rest
    }
}

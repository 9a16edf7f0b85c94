import Foundation
import SpecReading

/// Units for ears: screen readers spell abbreviations letter by letter ("MWh" → "em double-u
/// aitch", measured with Orca 43 and espeak-ng), so speech says the unit in words. Visible text
/// keeps the symbol. Authors override with `usermeta.pitchline.spokenUnit`.
///
/// The words are catalogue texts (`Messages/<code>.units.strings`): `unit.<symbol>.other` after a
/// number, `.one` after "per", `unit.per` for "a/b" and `unit.thousand` etc. before a unit. Every
/// language has every unit (`MessagesTests`); a symbol no catalogue knows is said as written.
public enum SpokenUnits {
    /// Symbols written more than one way, said as the one the catalogues name.
    static let aliases: [String: String] = [
        "℃": "°C", "mL": "ml", "L": "l", "kt": "kn", "lbs": "lb", "hr": "h", "μg": "µg",
        "US$": "USD", "EUR": "€", "JPY": "¥", "inches": "in", "inch": "in",
    ]

    /// Multiplier words written before a unit ("thousand MWh", as the example site writes it).
    static let multipliers = ["thousand", "million", "billion"]

    /// The unit in words in `language`: "°C" → "degrees Celsius", "m/s" → "Meter pro Sekunde",
    /// "thousand MWh" → "milliers de mégawattheures"; otherwise word by word, and a word the
    /// catalogue does not know stays as written.
    public static func words(for unit: String, language: Language = .en) -> String {
        let catalogue = Messages.catalogue(language)
        if let multiplier = multipliers.first(where: { unit.hasPrefix($0 + " ") }), let template = catalogue["unit." + multiplier] {
            let rest = words(for: String(unit.dropFirst(multiplier.count + 1)), language: language)
            return Messages.fill(template, ["unit": rest], language: language)
        }
        if let whole = word(unit, .other, catalogue) { return whole }
        if !unit.contains(" ") { return ratio(unit, catalogue, language) ?? unit }
        return unit.split(separator: " ", omittingEmptySubsequences: false)
            .map { word(String($0), .other, catalogue) ?? ratio(String($0), catalogue, language) ?? String($0) }
            .joined(separator: " ")
    }

    /// True when `unit` is one the catalogue says in words: a symbol ("°F", "USD"), a ratio of two
    /// ("m/s"), one after a multiplier ("thousand MWh") or a multiplier alone ("thousands"). How a
    /// title's last parenthesis is told to be a unit, not a note ("(totals)": `ChartBuilder.titleUnit`).
    public static func isKnown(_ unit: String) -> Bool {
        let catalogue = Messages.catalogue(.en)
        if multipliers.contains(where: { unit == $0 || unit == $0 + "s" }) { return true }
        if let m = multipliers.first(where: { unit.hasPrefix($0 + " ") }) { return isKnown(String(unit.dropFirst(m.count + 1))) }
        return word(unit, .other, catalogue) != nil || ratio(unit, catalogue, .en) != nil
    }

    private enum Form: String { case one, other }

    private static func word(_ symbol: String, _ form: Form, _ catalogue: [String: String]) -> String? {
        catalogue["unit.\(aliases[symbol] ?? symbol).\(form.rawValue)"]
    }

    /// "a/b" as "a per b" when the catalogue knows both.
    private static func ratio(_ unit: String, _ catalogue: [String: String], _ language: Language) -> String? {
        guard let slash = unit.firstIndex(of: "/"), let per = catalogue["unit.per"],
              let top = word(String(unit[..<slash]), .other, catalogue),
              let bottom = word(String(unit[unit.index(after: slash)...]), .one, catalogue) else { return nil }
        return Messages.fill(per, ["top": top, "bottom": bottom], language: language)
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

import Foundation

/// Units in words in German, French and Spanish (`SpokenUnits.table` is English). A unit a
/// language's table does not know is said as written (the symbol, which the screen reader reads
/// in the page's language), never in English words inside a German sentence.
extension SpokenUnits {
    /// The unit in words in `language`: "m/s" → "Meter pro Sekunde", "thousand MWh" → "milliers de mégawattheures".
    public static func words(for unit: String, language: Language) -> String {
        guard language != .en, let table = tables[language], let words = localWords else { return words(for: unit) }
        // A multiplier word before the unit: "thousand MWh" (as the example site writes it).
        for (english, template) in words.multipliers[language] ?? [] where unit.hasPrefix(english + " ") {
            let rest = String(unit.dropFirst(english.count + 1))
            return template.replacingOccurrences(of: "{unit}", with: self.words(for: rest, language: language))
        }
        if let entry = table[unit] { return entry.plural }
        if let slash = unit.firstIndex(of: "/"), !unit.contains(" ") {
            let top = String(unit[..<slash]), bottom = String(unit[unit.index(after: slash)...])
            if let t = table[top], let b = table[bottom], let per = words.per[language] { return "\(t.plural) \(per) \(b.singular)" }
        }
        return unit
    }

    private struct LocalWords: Sendable {
        var multipliers: [Language: [(String, String)]]
        var per: [Language: String]
    }

    private static let localWords: LocalWords? = LocalWords(
        multipliers: [
            .de: [("thousand", "Tausend {unit}"), ("million", "Millionen {unit}"), ("billion", "Milliarden {unit}")],
            .fr: [("thousand", "milliers de {unit}"), ("million", "millions de {unit}"), ("billion", "milliards de {unit}")],
            .es: [("thousand", "miles de {unit}"), ("million", "millones de {unit}"), ("billion", "miles de millones de {unit}")],
        ],
        per: [.de: "pro", .fr: "par", .es: "por"])

    /// Symbol → (plural, singular after "per") per language; the units charts use most.
    static let tables: [Language: [String: (plural: String, singular: String)]] = [
        .de: [
            "°C": ("Grad Celsius", "Grad Celsius"), "℃": ("Grad Celsius", "Grad Celsius"), "°F": ("Grad Fahrenheit", "Grad Fahrenheit"),
            "K": ("Kelvin", "Kelvin"), "°": ("Grad", "Grad"), "mm": ("Millimeter", "Millimeter"), "cm": ("Zentimeter", "Zentimeter"),
            "m": ("Meter", "Meter"), "km": ("Kilometer", "Kilometer"), "m²": ("Quadratmeter", "Quadratmeter"),
            "km²": ("Quadratkilometer", "Quadratkilometer"), "ha": ("Hektar", "Hektar"), "m³": ("Kubikmeter", "Kubikmeter"),
            "m/s": ("Meter pro Sekunde", "Meter pro Sekunde"), "km/h": ("Kilometer pro Stunde", "Kilometer pro Stunde"),
            "mg": ("Milligramm", "Milligramm"), "g": ("Gramm", "Gramm"), "kg": ("Kilogramm", "Kilogramm"), "t": ("Tonnen", "Tonne"),
            "ml": ("Milliliter", "Milliliter"), "l": ("Liter", "Liter"), "L": ("Liter", "Liter"),
            "s": ("Sekunden", "Sekunde"), "ms": ("Millisekunden", "Millisekunde"), "min": ("Minuten", "Minute"),
            "h": ("Stunden", "Stunde"), "d": ("Tage", "Tag"), "W": ("Watt", "Watt"), "kW": ("Kilowatt", "Kilowatt"),
            "MW": ("Megawatt", "Megawatt"), "GW": ("Gigawatt", "Gigawatt"), "Wh": ("Wattstunden", "Wattstunde"),
            "kWh": ("Kilowattstunden", "Kilowattstunde"), "MWh": ("Megawattstunden", "Megawattstunde"),
            "GWh": ("Gigawattstunden", "Gigawattstunde"), "TWh": ("Terawattstunden", "Terawattstunde"),
            "hPa": ("Hektopascal", "Hektopascal"), "%": ("Prozent", "Prozent"), "€": ("Euro", "Euro"), "EUR": ("Euro", "Euro"),
            "$": ("Dollar", "Dollar"), "USD": ("US-Dollar", "US-Dollar"), "£": ("Pfund", "Pfund"), "µg/m³": ("Mikrogramm pro Kubikmeter", "Mikrogramm pro Kubikmeter"),
        ],
        .fr: [
            "°C": ("degrés Celsius", "degré Celsius"), "℃": ("degrés Celsius", "degré Celsius"), "°F": ("degrés Fahrenheit", "degré Fahrenheit"),
            "K": ("kelvins", "kelvin"), "°": ("degrés", "degré"), "mm": ("millimètres", "millimètre"), "cm": ("centimètres", "centimètre"),
            "m": ("mètres", "mètre"), "km": ("kilomètres", "kilomètre"), "m²": ("mètres carrés", "mètre carré"),
            "km²": ("kilomètres carrés", "kilomètre carré"), "ha": ("hectares", "hectare"), "m³": ("mètres cubes", "mètre cube"),
            "m/s": ("mètres par seconde", "mètre par seconde"), "km/h": ("kilomètres par heure", "kilomètre par heure"),
            "mg": ("milligrammes", "milligramme"), "g": ("grammes", "gramme"), "kg": ("kilogrammes", "kilogramme"), "t": ("tonnes", "tonne"),
            "ml": ("millilitres", "millilitre"), "l": ("litres", "litre"), "L": ("litres", "litre"),
            "s": ("secondes", "seconde"), "ms": ("millisecondes", "milliseconde"), "min": ("minutes", "minute"),
            "h": ("heures", "heure"), "d": ("jours", "jour"), "W": ("watts", "watt"), "kW": ("kilowatts", "kilowatt"),
            "MW": ("mégawatts", "mégawatt"), "GW": ("gigawatts", "gigawatt"), "Wh": ("wattheures", "wattheure"),
            "kWh": ("kilowattheures", "kilowattheure"), "MWh": ("mégawattheures", "mégawattheure"),
            "GWh": ("gigawattheures", "gigawattheure"), "TWh": ("térawattheures", "térawattheure"),
            "hPa": ("hectopascals", "hectopascal"), "%": ("pour cent", "pour cent"), "€": ("euros", "euro"), "EUR": ("euros", "euro"),
            "$": ("dollars", "dollar"), "USD": ("dollars américains", "dollar américain"), "£": ("livres sterling", "livre sterling"),
            "µg/m³": ("microgrammes par mètre cube", "microgramme par mètre cube"),
        ],
        .es: [
            "°C": ("grados Celsius", "grado Celsius"), "℃": ("grados Celsius", "grado Celsius"), "°F": ("grados Fahrenheit", "grado Fahrenheit"),
            "K": ("kelvin", "kelvin"), "°": ("grados", "grado"), "mm": ("milímetros", "milímetro"), "cm": ("centímetros", "centímetro"),
            "m": ("metros", "metro"), "km": ("kilómetros", "kilómetro"), "m²": ("metros cuadrados", "metro cuadrado"),
            "km²": ("kilómetros cuadrados", "kilómetro cuadrado"), "ha": ("hectáreas", "hectárea"), "m³": ("metros cúbicos", "metro cúbico"),
            "m/s": ("metros por segundo", "metro por segundo"), "km/h": ("kilómetros por hora", "kilómetro por hora"),
            "mg": ("miligramos", "miligramo"), "g": ("gramos", "gramo"), "kg": ("kilogramos", "kilogramo"), "t": ("toneladas", "tonelada"),
            "ml": ("mililitros", "mililitro"), "l": ("litros", "litro"), "L": ("litros", "litro"),
            "s": ("segundos", "segundo"), "ms": ("milisegundos", "milisegundo"), "min": ("minutos", "minuto"),
            "h": ("horas", "hora"), "d": ("días", "día"), "W": ("vatios", "vatio"), "kW": ("kilovatios", "kilovatio"),
            "MW": ("megavatios", "megavatio"), "GW": ("gigavatios", "gigavatio"), "Wh": ("vatios hora", "vatio hora"),
            "kWh": ("kilovatios hora", "kilovatio hora"), "MWh": ("megavatios hora", "megavatio hora"),
            "GWh": ("gigavatios hora", "gigavatio hora"), "TWh": ("teravatios hora", "teravatio hora"),
            "hPa": ("hectopascales", "hectopascal"), "%": ("por ciento", "por ciento"), "€": ("euros", "euro"), "EUR": ("euros", "euro"),
            "$": ("dólares", "dólar"), "USD": ("dólares estadounidenses", "dólar estadounidense"), "£": ("libras esterlinas", "libra esterlina"),
            "µg/m³": ("microgramos por metro cúbico", "microgramo por metro cúbico"),
        ],
    ]
}

/// The locale data d3-time-format's `timeFormatLocale` takes. Other locales are more values
/// of this type.
public struct TimeLocale: Sendable, Equatable {
    public var dateTime: String
    public var date: String
    public var time: String
    public var periods: [String]
    public var days: [String]
    public var shortDays: [String]
    public var months: [String]
    public var shortMonths: [String]

    public init(
        dateTime: String, date: String, time: String, periods: [String], days: [String],
        shortDays: [String], months: [String], shortMonths: [String]
    ) {
        self.dateTime = dateTime
        self.date = date
        self.time = time
        self.periods = periods
        self.days = days
        self.shortDays = shortDays
        self.months = months
        self.shortMonths = shortMonths
    }

    /// d3-time-format's en-US (its default locale).
    public static let enUS = d3("en-US")
    /// d3-time-format's de-DE.
    public static let deDE = d3("de-DE")
    /// d3-time-format's fr-FR.
    public static let frFR = d3("fr-FR")
    /// d3-time-format's es-ES.
    public static let esES = d3("es-ES")

    /// A locale from d3-time-format's files (`locale/<tag>.json`), exactly as d3 ships them
    /// (de-DE's "Mrz", es-ES's lower-case "ene"): Vega-Lite formats with these, not with CLDR.
    private static func d3(_ tag: String) -> TimeLocale {
        let (dateTime, date, time) = patterns[tag]!
        func list(_ words: String) -> [String] { words.split(separator: " ").map(String.init) }
        return TimeLocale(
            dateTime: dateTime, date: date, time: time, periods: ["AM", "PM"],
            days: list(days[tag]!.full), shortDays: list(days[tag]!.short),
            months: list(months[tag]!.full), shortMonths: list(months[tag]!.short))
    }

    // d3's tables, one per field and one line per locale. A list of names is written as one
    // string, the names separated by spaces (no d3 day or month name contains one).

    /// `dateTime` (%c), `date` (%x) and `time` (%X) patterns.
    private static let patterns: [String: (dateTime: String, date: String, time: String)] = [
        "en-US": ("%x, %X", "%-m/%-d/%Y", "%-I:%M:%S %p"),
        "de-DE": ("%A, der %e. %B %Y, %X", "%d.%m.%Y", "%H:%M:%S"),
        "fr-FR": ("%A %e %B %Y à %X", "%d/%m/%Y", "%H:%M:%S"),
        "es-ES": ("%A, %e de %B de %Y, %X", "%d/%m/%Y", "%H:%M:%S"),
    ]

    /// Day names from Sunday, full (%A) and short (%a).
    private static let days: [String: (full: String, short: String)] = [
        "en-US": ("Sunday Monday Tuesday Wednesday Thursday Friday Saturday", "Sun Mon Tue Wed Thu Fri Sat"),
        "de-DE": ("Sonntag Montag Dienstag Mittwoch Donnerstag Freitag Samstag", "So Mo Di Mi Do Fr Sa"),
        "fr-FR": ("dimanche lundi mardi mercredi jeudi vendredi samedi", "dim. lun. mar. mer. jeu. ven. sam."),
        "es-ES": ("domingo lunes martes miércoles jueves viernes sábado", "dom lun mar mié jue vie sáb"),
    ]

    /// Month names from January, full (%B) and short (%b).
    private static let months: [String: (full: String, short: String)] = [
        "en-US": ("January February March April May June July August September October November December",
                  "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec"),
        "de-DE": ("Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
                  "Jan Feb Mrz Apr Mai Jun Jul Aug Sep Okt Nov Dez"),
        "fr-FR": ("janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
                  "janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc."),
        "es-ES": ("enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
                  "ene feb mar abr may jun jul ago sep oct nov dic"),
    ]
}

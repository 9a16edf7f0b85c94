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
    public static let enUS = TimeLocale(
        dateTime: "%x, %X", date: "%-m/%-d/%Y", time: "%-I:%M:%S %p", periods: ["AM", "PM"],
        days: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        shortDays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        months: [
            "January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December",
        ],
        shortMonths: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])

    /// d3-time-format's de-DE.
    public static let deDE = TimeLocale(
        dateTime: "%A, der %e. %B %Y, %X", date: "%d.%m.%Y", time: "%H:%M:%S", periods: ["AM", "PM"],
        days: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
        shortDays: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"],
        months: [
            "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
            "November", "Dezember",
        ],
        shortMonths: ["Jan", "Feb", "Mrz", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"])
}

import Foundation

/// The language-dependent pieces of number and date text, taken from Foundation's formatters
/// for the locale (so another language needs no table of ours): month names, separators.
/// English is the default everywhere; the languages issue passes others through.
public struct TextLocale: Sendable, Equatable {
    public let identifier: String
    /// "January" … "December" (as used inside a date: "3 January 2012").
    public let monthNames: [String]
    /// "Jan" … "Dec", for axis ticks.
    public let shortMonthNames: [String]
    /// "Sunday" … "Saturday", and "Sun" … "Sat".
    public let weekdayNames: [String]
    public let shortWeekdayNames: [String]
    /// "," and "." in English; "." and "," in German.
    public let groupingSeparator: String
    public let decimalSeparator: String

    public init(identifier: String) {
        let locale = Locale(identifier: identifier)
        let dates = DateFormatter()
        dates.locale = locale
        let numbers = NumberFormatter()
        numbers.locale = locale
        numbers.numberStyle = .decimal
        self.identifier = identifier
        monthNames = dates.monthSymbols
        shortMonthNames = dates.shortMonthSymbols
        weekdayNames = dates.weekdaySymbols
        shortWeekdayNames = dates.shortWeekdaySymbols
        groupingSeparator = numbers.groupingSeparator ?? ","
        decimalSeparator = numbers.decimalSeparator ?? "."
    }

    public static let english = TextLocale(identifier: "en")

    /// Swaps the English separators in `text` (made by `NumberFormat`) for this locale's.
    public func localized(_ number: String) -> String {
        guard groupingSeparator != "," || decimalSeparator != "." else { return number }
        return String(number.map { $0 == "," ? "\u{0}" : $0 })
            .replacingOccurrences(of: ".", with: decimalSeparator)
            .replacingOccurrences(of: "\u{0}", with: groupingSeparator)
    }
}

/// Every number-to-text and date-to-text rule of Pitchline that is not a chart's own format:
/// counts, calendar dates, ISO timestamps, and the shortest text that round-trips a value.
/// (Parsing dates stays in `CellParsing`; the d3 subset in `NumberFormat`.)
public enum TextFormat {
    /// A whole count with thousands separators: 1461 → "1,461".
    public static func count(_ n: Int, locale: TextLocale = .english) -> String {
        locale.localized(NumberFormat.fixed(Double(n), decimals: 0, grouping: true, trim: false))
    }

    /// Civil date and time of day (UTC) of seconds since 1970.
    public static func civil(_ seconds: Double) -> (year: Int, month: Int, day: Int, secondsOfDay: Double) {
        let days = Int((seconds / 86_400).rounded(.down))
        let (y, m, d) = CellParsing.civilFromDays(days)
        return (y, m, d, seconds - Double(days) * 86_400)
    }

    /// Day of the year, 1 for 1 January.
    public static func dayOfYear(year: Int, month: Int, day: Int) -> Int {
        CellParsing.daysFromCivil(year: year, month: month, day: day) - CellParsing.daysFromCivil(year: year, month: 1, day: 1) + 1
    }

    /// "3 January 2012", "January 2012", "2012", "3 January 2012, 14:00" (seconds at `.second`).
    public static func date(_ date: Date, granularity: TimeGranularity, locale: TextLocale = .english) -> String {
        let c = civil(date.timeIntervalSince1970)
        let month = locale.monthNames[c.month - 1]
        let s = Int(c.secondsOfDay.rounded(.down))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        switch granularity {
        case .year: return "\(c.year)"
        case .month: return "\(month) \(c.year)"
        case .day: return "\(c.day) \(month) \(c.year)"
        case .hour, .minute: return "\(c.day) \(month) \(c.year), \(two(s / 3600)):\(two(s / 60 % 60))"
        case .second: return "\(c.day) \(month) \(c.year), \(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))"
        }
    }

    /// "2024-03-01" → "1 March 2024"; anything else unchanged.
    public static func readableISODate(_ text: String, locale: TextLocale = .english) -> String {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "-")
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return text }
        return "\(d) \(locale.monthNames[m - 1]) \(y)"
    }

    /// ISO 8601 as the source wrote it: `2012-01-03` for a date, `2012-01-03T14:00:00` for a
    /// local time, `…Z` only when `utc` (the data said UTC); milliseconds only when present.
    public static func isoTimestamp(_ seconds: Double, dateOnly: Bool, utc: Bool) -> String {
        let millis = Int64((seconds * 1000).rounded())
        let days = Int(millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000)
        let msOfDay = Int(millis - Int64(days) * 86_400_000)
        let (year, month, day) = CellParsing.civilFromDays(days)
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        if dateOnly && msOfDay == 0 && !utc { return text }
        text += "T\(pad(msOfDay / 3_600_000, 2)):\(pad(msOfDay / 60_000 % 60, 2)):\(pad(msOfDay / 1000 % 60, 2))"
        if msOfDay % 1000 != 0 { text += ".\(pad(msOfDay % 1000, 3))" }
        return utc ? text + "Z" : text
    }

    /// The shortest decimal text that round-trips `value` after rounding away accumulated binary
    /// error: 173.29999999999998 (a sum of tenths) → "173.3"; whole numbers without ".0"; no exponent.
    public static func plainNumber(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        // 15 significant digits is what a double holds exactly; accumulated error sits beyond.
        let magnitude = abs(value)
        let integerDigits = magnitude >= 1 ? Int(log10(magnitude).rounded(.down)) + 1 : 0
        let leadingZeros = magnitude < 1 ? Int((-log10(magnitude)).rounded(.down)) : 0
        let decimals = max(0, min(20, 15 - integerDigits + leadingZeros))
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return text
    }
}

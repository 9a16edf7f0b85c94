import ChartModel
import Foundation
import D3Format

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
    /// "," and "." in English; "." and "," in German; U+202F and "," in French.
    public let groupingSeparator: String
    public let decimalSeparator: String
    /// CLDR's minimum grouping digits: 2 in Spanish ("1234" but "12.345"), else 1. Measured
    /// from Foundation's own output for 1234, since swift-corelibs-foundation does not expose it.
    public let minimumGroupingDigits: Int
    /// What follows a percentage's digits: "%" in English, "\u{A0}%" (no-break space) in German,
    /// French and Spanish, from Foundation's percent style.
    public let percentSign: String
    /// CLDR date patterns for the locale (`d MMMM y`, `d. MMMM y`, `d 'de' MMMM 'de' y`), the
    /// month with year (`MMMM y`) and the time of day (`HH:mm`, `H:mm`), from
    /// `DateFormatter.setLocalizedDateFormatFromTemplate`; rendered by `TextFormat.date`.
    public let dayPattern: String
    public let monthPattern: String
    /// The quarter with year (`QQQQ y`: "1st quarter 2012", "1. Quartal 2012", "1er trimestre
    /// 2012"), its names from `DateFormatter.quarterSymbols`.
    public let quarterPattern: String
    public let quarterNames: [String]
    /// Day and month without a year (`d. MMMM`, `d 'de' MMMM`), for "3 January" cycles.
    public let dayMonthPattern: String
    public let timePattern: String
    public let secondsPattern: String

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
        minimumGroupingDigits = numbers.string(from: 1234)?.contains(groupingSeparator) == false ? 2 : 1
        let percent = NumberFormatter()
        percent.locale = locale
        percent.numberStyle = .percent
        percentSign = percent.string(from: 0.52).map { String($0.drop { $0.isNumber }) }.flatMap { $0.hasSuffix("%") ? $0 : nil } ?? "%"
        // Bare "en" is en-US in CLDR ("January 3, 2012"); Pitchline's English has always said
        // "3 January 2012", so its patterns come from en_GB (same month names).
        let patterns = identifier == "en" ? Locale(identifier: "en_GB") : locale
        dates.locale = patterns
        func pattern(_ template: String) -> String {
            dates.setLocalizedDateFormatFromTemplate(template)
            return dates.dateFormat
        }
        dayPattern = pattern("dMMMMy")
        monthPattern = pattern("MMMMy").replacingOccurrences(of: "LLLL", with: "MMMM")
        dayMonthPattern = pattern("dMMMM")
        quarterPattern = pattern("QQQQy")
        quarterNames = dates.quarterSymbols
        timePattern = pattern("HHmm")
        secondsPattern = pattern("HHmmss")
    }

    public static let english = TextLocale(identifier: "en")

    /// Swaps the English separators in `text` (made by `NumberFormat`) for this locale's.
    public func localized(_ number: String) -> String {
        guard groupingSeparator != "," || decimalSeparator != "." || minimumGroupingDigits != 1 else { return number }
        var text = number
        if minimumGroupingDigits == 2, let comma = text.firstIndex(of: ",") {
            // One digit before a single separator ("1,234"): no grouping in this locale.
            let digitsBefore = text[..<comma].filter(\.isNumber).count
            let integerEnd = text.firstIndex(of: ".") ?? text.endIndex
            if digitsBefore == 1, text[text.index(after: comma)..<integerEnd].firstIndex(of: ",") == nil { text.remove(at: comma) }
        }
        return String(text.map { $0 == "," ? "\u{0}" : $0 })
            .replacingOccurrences(of: ".", with: decimalSeparator)
            .replacingOccurrences(of: "\u{0}", with: groupingSeparator)
    }

    /// Renders a CLDR date pattern (the fields `y`, `Q`, `M`/`L`, `d`, `H`, `m`, `s` and quoted text).
    /// French says the first day of a month as "1er" ("le 1er janvier"), which CLDR's
    /// patterns do not carry.
    package func render(_ pattern: String, year: Int, month: Int, day: Int, seconds: Int) -> String {
        var out = ""
        let chars = Array(pattern)
        var i = 0
        func pad(_ n: Int, _ width: Int) -> String { width > 1 && n < 10 ? "0\(n)" : "\(n)" }
        while i < chars.count {
            let c = chars[i]
            if c == "'" {
                var j = i + 1
                while j < chars.count && chars[j] != "'" { out.append(chars[j]); j += 1 }
                i = j + 1
                continue
            }
            var n = 1
            while i + n < chars.count && chars[i + n] == c { n += 1 }
            switch c {
            case "y": out += "\(year)"
            case "M", "L": out += n >= 3 ? monthNames[month - 1] : pad(month, n)
            case "Q", "q": out += n >= 4 && quarterNames.count == 4 ? quarterNames[(month - 1) / 3] : "Q\((month - 1) / 3 + 1)"
            case "d": out += day == 1 && identifier.hasPrefix("fr") ? "1er" : pad(day, n)
            case "H": out += pad(seconds / 3600, n)
            case "m": out += pad(seconds / 60 % 60, n)
            case "s": out += pad(seconds % 60, n)
            default: out += String(repeating: c, count: n)
            }
            i += n
        }
        return out
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
        let (y, m, d) = UTCCalendar.civil(fromDays: days)
        return (y, m, d, seconds - Double(days) * 86_400)
    }

    /// Day of the year, 1 for 1 January.
    public static func dayOfYear(year: Int, month: Int, day: Int) -> Int {
        UTCCalendar.daysFromCivil(year, month, day) - UTCCalendar.daysFromCivil(year, 1, 1) + 1
    }

    /// "3 January 2012", "January 2012", "2012", "3 January 2012, 14:00" (seconds at `.second`),
    /// in the locale's patterns ("3. Januar 2012", "3 de enero de 2012").
    public static func date(_ date: Date, granularity: TimeGranularity, locale: TextLocale = .english) -> String {
        let c = civil(date.timeIntervalSince1970)
        let s = Int(c.secondsOfDay.rounded(.down))
        let day = { locale.render(locale.dayPattern, year: c.year, month: c.month, day: c.day, seconds: s) }
        switch granularity {
        case .year: return "\(c.year)"
        case .month: return locale.render(locale.monthPattern, year: c.year, month: c.month, day: c.day, seconds: s)
        case .quarter: return locale.render(locale.quarterPattern, year: c.year, month: c.month, day: c.day, seconds: s)
        case .day: return day()
        case .hour, .minute: return day() + ", " + locale.render(locale.timePattern, year: c.year, month: c.month, day: c.day, seconds: s)
        case .second: return day() + ", " + locale.render(locale.secondsPattern, year: c.year, month: c.month, day: c.day, seconds: s)
        }
    }

    /// "2024-03-01" → "1 March 2024"; anything else unchanged.
    public static func readableISODate(_ text: String, locale: TextLocale = .english) -> String {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "-")
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return text }
        return locale.render(locale.dayPattern, year: y, month: m, day: d, seconds: 0)
    }

    /// ISO 8601 as the source wrote it: `2012-01-03` for a date, `2012-01-03T14:00:00` for a
    /// local time, `…Z` only when `utc` (the data said UTC); milliseconds only when present.
    public static func isoTimestamp(_ seconds: Double, dateOnly: Bool, utc: Bool) -> String {
        let millis = Int64((seconds * 1000).rounded())
        let days = Int(millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000)
        let msOfDay = Int(millis - Int64(days) * 86_400_000)
        let (year, month, day) = UTCCalendar.civil(fromDays: days)
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
    /// error (`PlainNumber.text`, the rule the chart model's audio settings table writes with too).
    public static func plainNumber(_ value: Double) -> String { PlainNumber.text(value) }
}

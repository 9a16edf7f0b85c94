/// d3-time-format's `utcFormat(specifier)` (and `timeFormat`, the same here: Pitchline's local
/// time is UTC). Directives: %a %A %b %B %c %d %e %f %g %G %H %I %j %L %m %M %p %q %Q %s %S %u
/// %U %V %w %W %x %X %y %Y %Z %%, each optionally padded with `-` (none), `_` (space) or `0`.
/// An unknown directive writes its letter, as d3 does.
public struct TimeFormat: Sendable {
    public let specifier: String
    public let locale: TimeLocale
    private let pieces: [Piece]

    private enum Piece: Sendable {
        case literal(String)
        /// A directive and its padding (`-`, `_`, `0`, or the directive's default).
        case directive(Character, pad: String)
    }

    public init(_ specifier: String, locale: TimeLocale = .enUS) {
        self.specifier = specifier
        self.locale = locale
        var pieces: [Piece] = []
        var literal = ""
        var chars = specifier.makeIterator()
        while let c = chars.next() {
            guard c == "%" else {
                literal.append(c)
                continue
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            guard var d = chars.next() else { break }  // a trailing "%" writes nothing, as d3
            var pad: String?
            if let p = TimeFormat.pads[d] {
                pad = p
                guard let next = chars.next() else { break }
                d = next
            }
            pieces.append(.directive(d, pad: pad ?? (d == "e" ? " " : "0")))
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    static let pads: [Character: String] = ["-": "", "_": " ", "0": "0"]

    /// Formats the instant `t` (ms since 1970).
    public func callAsFunction(_ t: Double) -> String {
        let f = UTCCalendar.fields(t)
        var out = ""
        for piece in pieces {
            switch piece {
            case .literal(let s): out += s
            case .directive(let c, let pad): out += directive(c, pad: pad, t, f)
            }
        }
        return out
    }

    private func directive(_ c: Character, pad p: String, _ t: Double, _ f: UTCCalendar.Fields?) -> String {
        let k = c.asciiValue ?? 0
        switch k {
        case UInt8(ascii: "c"): return TimeFormat(locale.dateTime, locale: locale)(t)
        case UInt8(ascii: "x"): return TimeFormat(locale.date, locale: locale)(t)
        case UInt8(ascii: "X"): return TimeFormat(locale.time, locale: locale)(t)
        case UInt8(ascii: "%"): return "%"
        case UInt8(ascii: "Q"): return f == nil ? "NaN" : JSNumber.string(t)
        case UInt8(ascii: "s"): return f == nil ? "NaN" : JSNumber.string((t / 1000).rounded(.down))
        case UInt8(ascii: "Z"): return f == nil ? "NaN" : "+0000"
        default: break
        }
        let names: [String]? = switch k {
        case UInt8(ascii: "a"): locale.shortDays
        case UInt8(ascii: "A"): locale.days
        case UInt8(ascii: "b"): locale.shortMonths
        case UInt8(ascii: "B"): locale.months
        case UInt8(ascii: "p"): locale.periods
        default: nil
        }
        guard let f else {
            // An invalid date, as d3 writes it: missing names are empty, numbers "NaN".
            if c == "p" { return locale.periods[0] }
            if c == "q" { return "1" }
            let widths: [Character: Int] = [
                "d": 2, "e": 2, "g": 2, "G": 4, "H": 2, "I": 2, "j": 3, "L": 3, "m": 2, "M": 2, "S": 2, "U": 2,
                "V": 2, "W": 2, "y": 2, "Y": 4,
            ]
            if names != nil { return "" }
            if c == "f" { return "NaN000" }
            if let w = widths[c] { return String(repeating: p, count: max(0, w - 3)) + "NaN" }
            return "uw".contains(c) ? "NaN" : String(c)
        }
        switch k {
        case UInt8(ascii: "a"), UInt8(ascii: "A"): return names![f.weekday]
        case UInt8(ascii: "b"), UInt8(ascii: "B"): return names![f.month]
        case UInt8(ascii: "p"): return names![f.hours >= 12 ? 1 : 0]
        case UInt8(ascii: "d"), UInt8(ascii: "e"): return pad(f.date, p, 2)
        case UInt8(ascii: "f"): return pad(f.milliseconds, p, 3) + "000"
        case UInt8(ascii: "g"): return pad(isoYear(t) % 100, p, 2)
        case UInt8(ascii: "G"): return pad(isoYear(t) % 10000, p, 4)
        case UInt8(ascii: "H"): return pad(f.hours, p, 2)
        case UInt8(ascii: "I"): return pad(f.hours % 12 == 0 ? 12 : f.hours % 12, p, 2)
        case UInt8(ascii: "j"): return pad(f.dayOfYear, p, 3)
        case UInt8(ascii: "L"): return pad(f.milliseconds, p, 3)
        case UInt8(ascii: "m"): return pad(f.month + 1, p, 2)
        case UInt8(ascii: "M"): return pad(f.minutes, p, 2)
        case UInt8(ascii: "q"): return String(1 + f.month / 3)
        case UInt8(ascii: "S"): return pad(f.seconds, p, 2)
        case UInt8(ascii: "u"): return String(f.weekday == 0 ? 7 : f.weekday)
        case UInt8(ascii: "U"): return pad(Weeks.sundayWeek(t), p, 2)
        case UInt8(ascii: "V"): return pad(Weeks.isoWeek(t), p, 2)
        case UInt8(ascii: "w"): return String(f.weekday)
        case UInt8(ascii: "W"): return pad(Weeks.mondayWeek(t), p, 2)
        case UInt8(ascii: "y"): return pad(f.year % 100, p, 2)
        case UInt8(ascii: "Y"): return pad(f.year % 10000, p, 4)
        default: return String(c)
        }
    }

    private func isoYear(_ t: Double) -> Int { UTCCalendar.fields(Weeks.isoThursday(t))?.year ?? 0 }

    /// d3's pad: the sign, then `fill` up to `width` digits.
    private func pad(_ value: Int, _ fill: String, _ width: Int) -> String {
        let digits = String(abs(value))
        let padding = digits.count < width ? String(repeating: fill, count: width - digits.count) : ""
        return (value < 0 ? "-" : "") + padding + digits
    }
}

/// Week numbers as d3-time counts them in UTC.
enum Weeks {
    static let msPerWeek = 7 * UTCCalendar.msPerDay

    /// The start of the week (weekday `first`, 0 = Sunday) containing `t`.
    static func floor(_ t: Double, first: Int) -> Double {
        let d = UTCCalendar.day(t)
        let weekday = ((d % 7) + 11) % 7
        return Double(d - (weekday - first + 7) % 7) * UTCCalendar.msPerDay
    }

    static func yearStart(_ t: Double) -> Double {
        let y = UTCCalendar.fields(t)?.year ?? 1970
        return Double(UTCCalendar.daysFromCivil(y, 1, 1)) * UTCCalendar.msPerDay
    }

    static func count(_ start: Double, _ end: Double, first: Int) -> Int {
        Int(((floor(end, first: first) - floor(start, first: first)) / msPerWeek).rounded(.down))
    }

    /// %U: Sunday-based week of the year (days before the first Sunday are week 0).
    static func sundayWeek(_ t: Double) -> Int { count(yearStart(t) - 1, t, first: 0) }
    /// %W: Monday-based week of the year.
    static func mondayWeek(_ t: Double) -> Int { count(yearStart(t) - 1, t, first: 1) }

    /// The Thursday of the ISO week containing `t` (d3's dISO).
    static func isoThursday(_ t: Double) -> Double {
        let d = UTCCalendar.day(t)
        let weekday = ((d % 7) + 11) % 7
        if weekday >= 4 || weekday == 0 { return floor(t, first: 4) }
        // timeThursday.ceil: the next Thursday (t is not at a Thursday midnight here).
        return floor(t, first: 4) + msPerWeek
    }

    /// %V: the ISO 8601 week number.
    static func isoWeek(_ t: Double) -> Int {
        let th = isoThursday(t)
        let start = yearStart(th)
        let startsOnThursday = UTCCalendar.fields(start)?.weekday == 4
        return count(start, th, first: 4) + (startsOnThursday ? 1 : 0)
    }
}

extension TimeFormat {
    /// d3-scale's time `tickFormat()`, Vega's default for a time axis without a format: a date
    /// in the format of the smallest unit it does not start ("%Y" on 1 January, "%B" on the
    /// first of another month, "%b %d" on another Sunday, "%a %d" another day, "%I %p" on the
    /// hour, "%I:%M" on the minute, ":%S" on the second, ".%L" otherwise).
    public static func multiScale(_ t: Double) -> String {
        guard let f = UTCCalendar.fields(t) else { return year(t) }
        let format =
            f.milliseconds != 0 ? millisecond
            : f.seconds != 0 ? second
            : f.minutes != 0 ? minute
            : f.hours != 0 ? hour
            : f.date != 1 ? (f.weekday != 0 ? day : week)
            : f.month != 0 ? month
            : year
        return format(t)
    }

    private static let millisecond = TimeFormat(".%L"), second = TimeFormat(":%S"), minute = TimeFormat("%I:%M")
    private static let hour = TimeFormat("%I %p"), day = TimeFormat("%a %d"), week = TimeFormat("%b %d")
    private static let month = TimeFormat("%B"), year = TimeFormat("%Y")
}

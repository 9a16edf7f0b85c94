import Foundation
import D3Format

/// Calendar arithmetic in UTC (Pitchline evaluates Vega's local time as UTC) for the transforms,
/// over the one UTC calendar (`D3Format.UTCCalendar`) and the one `Date.parse` (`JSDate`).
enum CivilTime {
    static let msPerDay = UTCCalendar.msPerDay

    /// `Date.UTC(y, m, d, H, M, S, L)`: months and days overflow into the next year/month.
    static func utc(_ y: Double, _ m: Double = 0, _ d: Double = 1, _ h: Double = 0, _ mi: Double = 0,
                    _ s: Double = 0, _ ms: Double = 0) -> Double {
        UTCCalendar.time(year: y, month: m, date: d, hours: h, minutes: mi, seconds: s, milliseconds: ms)
    }

    /// The parts of an instant: year, month (0–11), date (1–31), weekday (0 = Sunday), hours,
    /// minutes, seconds, milliseconds.
    struct Parts {
        var year: Int, month: Int, date: Int, day: Int, hours: Int, minutes: Int, seconds: Int, ms: Int
    }

    /// The parts of a valid instant (callers check `isValidTime` first).
    static func parts(_ t: Double) -> Parts {
        let f = UTCCalendar.fields(t) ?? UTCCalendar.fields(0)!
        return Parts(year: f.year, month: f.month, date: f.date, day: f.weekday, hours: f.hours,
                     minutes: f.minutes, seconds: f.seconds, ms: f.milliseconds)
    }

    /// Finite and within JavaScript's date range.
    static func isValidTime(_ t: Double) -> Bool { t.isFinite && abs(t) <= UTCCalendar.maxTime }

    /// The instant as a number: dates, numbers and date strings (JavaScript's `Date.parse`);
    /// nil when not a time.
    static func instant(_ v: DataValue) -> Double? {
        switch v {
        case .date(let t), .number(let t): return t
        case .string(let s): return parse(s)
        default: return nil
        }
    }

    /// JavaScript's `Date.parse` (local time read as UTC), NaN when unreadable: the ISO-like forms
    /// here, everything else (`Jan 5 2012`, …) through the expression language's `JSDate`.
    static func parse(_ s: String) -> Double {
        let t = iso(s)
        return t.isNaN ? JSDate.parse(s) : t
    }

    /// V8's reading of the ISO-like forms data files use: `2012`, `2012-01`, `2012-01-03`
    /// (midnight UTC), `2012-01-03T10:00[:00[.000]]` and `2012-01-03 10:00` (local, i.e. UTC here),
    /// with `Z` or `±hh:mm`; `2012/01/03` (local). A day past the month's end rolls over as V8
    /// does ("2014-02-29" is 1 March; the oracle shows Vega keeping it). NaN otherwise.
    static func iso(_ s: String) -> Double {
        let c = Array(s.trimmingCharacters(in: .whitespaces).utf8)
        var i = 0
        func num(_ digits: Int) -> Int? {
            guard i + digits <= c.count else { return nil }
            var v = 0
            for k in 0..<digits {
                let ch = c[i + k]
                guard ch >= 48 && ch <= 57 else { return nil }
                v = v * 10 + Int(ch - 48)
            }
            i += digits
            return v
        }
        func eat(_ ch: UInt8) -> Bool {
            if i < c.count && c[i] == ch { i += 1; return true }
            return false
        }
        var sign = 1
        if eat(UInt8(ascii: "-")) { sign = -1 } else { _ = eat(UInt8(ascii: "+")) }
        let yearDigits = sign == 1 && i == 0 ? 4 : 6
        guard let y0 = num(yearDigits) else { return .nan }
        let year = sign * y0
        var month = 1, day = 1, h = 0, mi = 0, sec = 0, ms = 0.0
        let slash = i < c.count && c[i] == UInt8(ascii: "/")
        if eat(UInt8(ascii: "-")) || eat(UInt8(ascii: "/")) {
            guard let m = num(2) ?? (slash ? num(1) : nil) else { return .nan }
            month = m
            if eat(UInt8(ascii: "-")) || eat(UInt8(ascii: "/")) {
                guard let d = num(2) ?? (slash ? num(1) : nil) else { return .nan }
                day = d
            }
        }
        var hasTime = false
        var offset: Double? = nil
        if eat(UInt8(ascii: "T")) || eat(UInt8(ascii: " ")) {
            hasTime = true
            guard let hh = num(2), eat(UInt8(ascii: ":")), let mm = num(2) else { return .nan }
            h = hh; mi = mm
            if eat(UInt8(ascii: ":")) {
                guard let ss = num(2) else { return .nan }
                sec = ss
                if eat(UInt8(ascii: ".")) {
                    var frac = 0.0, scale = 100.0
                    while i < c.count, c[i] >= 48, c[i] <= 57 { frac += Double(c[i] - 48) * scale; scale /= 10; i += 1 }
                    ms = frac.rounded(.down)
                }
            }
            if eat(UInt8(ascii: "Z")) {
                offset = 0
            } else if i < c.count, c[i] == UInt8(ascii: "+") || c[i] == UInt8(ascii: "-") {
                let sg: Double = c[i] == UInt8(ascii: "+") ? 1 : -1
                i += 1
                guard let oh = num(2) else { return .nan }
                _ = eat(UInt8(ascii: ":"))
                guard let om = num(2) else { return .nan }
                offset = sg * Double(oh * 60 + om)
            }
        }
        guard i == c.count, (1...12).contains(month), (1...31).contains(day), h <= 24, mi < 60, sec < 60 else { return .nan }
        _ = hasTime
        let t = utc(Double(year), Double(month - 1), Double(day), Double(h), Double(mi), Double(sec), ms)
        return t - (offset ?? 0) * 60_000
    }
}


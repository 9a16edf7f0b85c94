import Foundation

/// Calendar arithmetic in UTC (Pitchline evaluates Vega's local time as UTC), as JavaScript's
/// `Date.UTC` and `getUTC*` compute it.
enum CivilTime {
    static let msPerDay = 86_400_000.0

    /// `Date.UTC(y, m, d, H, M, S, L)`: months and days overflow into the next year/month.
    static func utc(_ y: Double, _ m: Double = 0, _ d: Double = 1, _ h: Double = 0, _ mi: Double = 0,
                    _ s: Double = 0, _ ms: Double = 0) -> Double {
        guard y.isFinite, m.isFinite, d.isFinite, h.isFinite, mi.isFinite, s.isFinite, ms.isFinite else { return .nan }
        let yy = y.rounded(.towardZero) + (m.rounded(.towardZero) / 12).rounded(.down)
        let mm = m.rounded(.towardZero) - 12 * (m.rounded(.towardZero) / 12).rounded(.down)
        let days = daysFromCivil(Int(yy), Int(mm) + 1, 1) + (d.rounded(.towardZero) - 1)
        let t = days * msPerDay + h.rounded(.towardZero) * 3_600_000 + mi.rounded(.towardZero) * 60_000
            + s.rounded(.towardZero) * 1000 + ms.rounded(.towardZero)
        return abs(t) > 8.64e15 ? .nan : t
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Double {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (m + 9) % 12
        let doy = (153 * mp + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return Double(era * 146_097 + doe - 719_468)
    }

    /// The parts of an instant: year, month (0–11), date (1–31), weekday (0 = Sunday), hours,
    /// minutes, seconds, milliseconds.
    struct Parts {
        var year: Int, month: Int, date: Int, day: Int, hours: Int, minutes: Int, seconds: Int, ms: Int
    }

    static func parts(_ t: Double) -> Parts {
        let days = (t / msPerDay).rounded(.down)
        var rem = Int(t - days * msPerDay)
        let z = Int(days) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        let weekday = ((Int(days) % 7) + 11) % 7  // 1970-01-01 was a Thursday (4)
        let h = rem / 3_600_000; rem -= h * 3_600_000
        let mi = rem / 60_000; rem -= mi * 60_000
        let s = rem / 1000
        return Parts(year: y, month: m - 1, date: d, day: weekday, hours: h, minutes: mi, seconds: s, ms: rem - s * 1000)
    }

    /// The instant as a number: dates, numbers and date strings (JavaScript `Date.parse` for the
    /// ISO forms and `YYYY/MM/DD`); nil when not a time.
    static func instant(_ v: DataValue) -> Double? {
        switch v {
        case .date(let t): return t
        case .number(let n): return n
        case .string(let s): return parse(s)
        case .null: return nil
        default: return nil
        }
    }

    /// JavaScript `Date.parse` for the forms data files use: `2012`, `2012-01`, `2012-01-03`
    /// (midnight UTC), `2012-01-03T10:00[:00[.000]]` and `2012-01-03 10:00` (local, i.e. UTC here),
    /// with `Z` or `±hh:mm`; `2012/01/03` (local). NaN otherwise.
    static func parse(_ s: String) -> Double {
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

/// The proleptic Gregorian calendar in UTC as JavaScript's `Date` computes it, on time values
/// in milliseconds since 1970 (Pitchline evaluates Vega's "local" time as UTC).
public enum UTCCalendar {
    public static let msPerDay = 86_400_000.0
    /// JavaScript's limit: |t| ≤ 8.64e15 ms, beyond that a date is invalid (NaN).
    public static let maxTime = 8.64e15

    /// The calendar fields of a time value.
    public struct Fields: Sendable, Equatable {
        public var year: Int
        /// 0 = January, as JavaScript.
        public var month: Int
        public var date: Int
        public var hours: Int
        public var minutes: Int
        public var seconds: Int
        public var milliseconds: Int
        /// 0 = Sunday.
        public var weekday: Int
        /// 1 = 1 January.
        public var dayOfYear: Int
    }

    /// The fields of `t`, or nil for an invalid time (NaN or out of range).
    public static func fields(_ t: Double) -> Fields? {
        guard t.isFinite, abs(t) <= maxTime else { return nil }
        let days = (t / msPerDay).rounded(.down)
        let inDay = Int(t - days * msPerDay)
        let d = Int(days)
        let (y, m, day) = civil(fromDays: d)
        let weekday = ((d % 7) + 11) % 7  // 1970-01-01 was a Thursday
        return Fields(
            year: y, month: m - 1, date: day, hours: inDay / 3_600_000, minutes: inDay / 60_000 % 60,
            seconds: inDay / 1000 % 60, milliseconds: inDay % 1000, weekday: weekday,
            dayOfYear: d - daysFromCivil(y, 1, 1) + 1)
    }

    /// `Date.UTC(year, month, date, hours, minutes, seconds, ms)` with JavaScript's overflow
    /// (month 12 is January of the next year, date 0 the last day of the previous month);
    /// NaN when a field is not finite or the result is out of range. Years are taken as
    /// given (no 0–99 → 1900s mapping; callers that want it apply it).
    public static func time(
        year: Double, month: Double, date: Double = 1, hours: Double = 0, minutes: Double = 0,
        seconds: Double = 0, milliseconds: Double = 0
    ) -> Double {
        let parts = [year, month, date, hours, minutes, seconds, milliseconds]
        guard parts.allSatisfy({ $0.isFinite }) else { return .nan }
        let y = year.rounded(.towardZero), m = month.rounded(.towardZero)
        let ym = y + (m / 12).rounded(.down)
        let mn = m - (m / 12).rounded(.down) * 12
        guard abs(ym) < 400_000 else { return .nan }
        let dayNumber = Double(daysFromCivil(Int(ym), Int(mn) + 1, 1)) + date.rounded(.towardZero) - 1
        let timeOfDay = hours.rounded(.towardZero) * 3_600_000 + minutes.rounded(.towardZero) * 60_000
            + seconds.rounded(.towardZero) * 1000 + milliseconds.rounded(.towardZero)
        return clip(dayNumber * msPerDay + timeOfDay)
    }

    /// JavaScript's TimeClip: NaN beyond ±8.64e15, whole milliseconds otherwise.
    public static func clip(_ t: Double) -> Double {
        guard t.isFinite, abs(t) <= maxTime else { return .nan }
        return t.rounded(.towardZero) + 0  // + 0 turns -0 into 0
    }

    /// Days since 1970-01-01 of a civil date (month 1–12), any year (H. Hinnant's algorithm).
    public static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date (year, month 1–12, day) of a day number.
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// The number of days in a month (1–12) of a year, leap years by the Gregorian rule.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        daysFromCivil(month == 12 ? year + 1 : year, month == 12 ? 1 : month + 1, 1) - daysFromCivil(year, month, 1)
    }

    /// The day number (days since 1970) containing `t`.
    static func day(_ t: Double) -> Int { Int((t / msPerDay).rounded(.down)) }
}

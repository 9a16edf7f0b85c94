import D3Format
import Foundation

/// Tick positions for a time axis at natural calendar boundaries (UTC): the unit and step are
/// picked from the span so that at most `maxCount` ticks appear.
public struct TimeTicks: Sendable, Equatable {
    public enum Unit: String, Sendable { case second, minute, hour, day, month, year }

    public var unit: Unit
    /// Multiple of the unit between ticks (e.g. 3 months).
    public var step: Int
    public var dates: [Date]

    /// Candidate intervals, finest first, with their approximate length in seconds.
    static let candidates: [(Unit, Int, Double)] = [
        (.second, 1, 1), (.second, 5, 5), (.second, 15, 15), (.second, 30, 30),
        (.minute, 1, 60), (.minute, 5, 300), (.minute, 15, 900), (.minute, 30, 1800),
        (.hour, 1, 3600), (.hour, 3, 10800), (.hour, 6, 21600), (.hour, 12, 43200),
        (.day, 1, 86400), (.day, 2, 172_800), (.day, 7, 604_800), (.day, 14, 1_209_600),
        (.month, 1, 2_629_746), (.month, 2, 5_259_492), (.month, 3, 7_889_238), (.month, 6, 15_778_476),
        (.year, 1, 31_556_952), (.year, 2, 63_113_904), (.year, 5, 157_784_760), (.year, 10, 315_569_520),
        (.year, 20, 631_139_040), (.year, 50, 1_577_847_600), (.year, 100, 3_155_695_200),
    ]

    /// Ticks between `start` and `end` (inclusive), at most `maxCount` of them.
    public init(from start: Date, to end: Date, maxCount: Int) {
        let span = max(end.timeIntervalSince(start), 1)
        let limit = max(maxCount, 2)
        for (unit, step, seconds) in Self.candidates where span / seconds <= Double(limit + 1) {
            let dates = Self.generate(from: start, to: end, unit: unit, step: step)
            if dates.count <= limit {
                (self.unit, self.step, self.dates) = (unit, step, dates)
                return
            }
        }
        let last = Self.candidates.last!
        (unit, step) = (last.0, last.1)
        dates = Self.generate(from: start, to: end, unit: unit, step: step)
    }

    /// The ticks from `start` rounded down to the unit (and to a multiple of the step inside the
    /// next larger unit) to `end`, in D3Format's UTC calendar (`UTCCalendar`).
    static func generate(from start: Date, to end: Date, unit: Unit, step: Int) -> [Date] {
        let first = start.timeIntervalSince1970 * 1000, last = end.timeIntervalSince1970 * 1000
        guard let f = UTCCalendar.fields(first) else { return [] }
        var (year, month, day, hour, minute, second) = (f.year, f.month, f.date, f.hours, f.minutes, f.seconds)
        switch unit {
        case .second: second = second / step * step
        case .minute: (second, minute) = (0, minute / step * step)
        case .hour: (second, minute, hour) = (0, 0, hour / step * step)
        case .day: (second, minute, hour) = (0, 0, 0)
            // Weeks start on Sunday, as d3's (and so Vega's) `timeWeek`.
            day = step == 7 || step == 14 ? day - f.weekday : (day - 1) / step * step + 1
        case .month: (second, minute, hour, day) = (0, 0, 0, 1)
            month = month / step * step
        case .year: (second, minute, hour, day, month) = (0, 0, 0, 1, 0)
            year = Int((Double(year) / Double(step)).rounded(.down)) * step
        }
        var t = UTCCalendar.time(
            year: Double(year), month: Double(month), date: Double(day), hours: Double(hour), minutes: Double(minute),
            seconds: Double(second))
        var result: [Date] = []
        var guardCount = 0
        while t <= last, guardCount < 10_000, let now = UTCCalendar.fields(t) {
            if t >= first { result.append(Date(timeIntervalSince1970: t / 1000)) }
            var next: Double
            switch unit {
            case .second: next = t + Double(step) * 1000
            case .minute: next = t + Double(step) * 60_000
            case .hour: next = t + Double(step) * 3_600_000
            case .day: next = t + Double(step) * UTCCalendar.msPerDay
            case .month: next = UTCCalendar.time(year: Double(now.year), month: Double(now.month + step))
            case .year: next = UTCCalendar.time(year: Double(now.year + step), month: 0)
            }
            // Day steps other than weeks restart on the 1st of each month (1, 3, 5 … not 31, 2).
            if unit == .day, step == 2, let then = UTCCalendar.fields(next), then.month != now.month {
                next = UTCCalendar.time(year: Double(then.year), month: Double(then.month))
            }
            t = next
            guardCount += 1
        }
        return result
    }

    /// Labels for all ticks, as Vega writes a time axis without a format (`label(for:)`).
    public var labels: [String] { dates.map(Self.label(for:)) }

    /// The label of a tick in Vega's default time format, d3's multi-scale format written by
    /// D3Format (`TimeFormat.multiScale`): "2012", "July", "Jan 08", "Tue 03", "06 AM", "06:30", ":15".
    public static func label(for date: Date) -> String {
        TimeFormat.multiScale(date.timeIntervalSince1970 * 1000)
    }
}

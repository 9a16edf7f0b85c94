import ChartData
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

    static let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        c.locale = Locale(identifier: "en_US_POSIX")
        return c
    }()

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

    static func generate(from start: Date, to end: Date, unit: Unit, step: Int) -> [Date] {
        let cal = calendar
        var c = cal.dateComponents([.year, .month, .day, .hour, .minute, .second], from: start)
        // Round down to the unit, and to a multiple of the step inside the next larger unit.
        switch unit {
        case .second: c.second = (c.second! / step) * step
        case .minute: c.second = 0; c.minute = (c.minute! / step) * step
        case .hour: c.second = 0; c.minute = 0; c.hour = (c.hour! / step) * step
        case .day: c.second = 0; c.minute = 0; c.hour = 0
            if step == 7 || step == 14 {
                // Weeks start on Monday.
                let d = cal.date(from: c)!
                let weekday = cal.component(.weekday, from: d)  // 1 = Sunday
                c.day! -= (weekday + 5) % 7
            } else {
                c.day = ((c.day! - 1) / step) * step + 1
            }
        case .month: c.second = 0; c.minute = 0; c.hour = 0; c.day = 1
            c.month = ((c.month! - 1) / step) * step + 1
        case .year: c.second = 0; c.minute = 0; c.hour = 0; c.day = 1; c.month = 1
            c.year = Int((Double(c.year!) / Double(step)).rounded(.down)) * step
        }
        guard var date = cal.date(from: c) else { return [] }
        var result: [Date] = []
        let component: Calendar.Component
        switch unit {
        case .second: component = .second
        case .minute: component = .minute
        case .hour: component = .hour
        case .day: component = .day
        case .month: component = .month
        case .year: component = .year
        }
        var guardCount = 0
        while date <= end, guardCount < 10_000 {
            if date >= start { result.append(date) }
            guard let next = cal.date(byAdding: component, value: step, to: date) else { break }
            // Day steps other than weeks restart on the 1st of each month (1, 3, 5 … not 31, 2).
            if unit == .day, step == 2, cal.component(.month, from: next) != cal.component(.month, from: date) {
                date = cal.date(from: cal.dateComponents([.year, .month], from: next))!
            } else {
                date = next
            }
            guardCount += 1
        }
        return result
    }

    private static var monthNames: [String] { TextLocale.english.shortMonthNames }

    /// Labels for all ticks; the first tick of a month/day axis also names its year.
    public var labels: [String] {
        dates.enumerated().map { i, date in
            let text = label(for: date)
            guard i == 0 else { return text }
            let c = Self.calendar.dateComponents([.year, .month, .day], from: date)
            if unit == .month, !text.contains(" ") { return "\(text) \(c.year!)" }
            if unit == .day, text.split(separator: " ").count == 2 { return "\(text) \(c.year!)" }
            return text
        }
    }

    /// The label shown under a tick: "2012", "Jul 2012", "3 Jan", "14:00".
    public func label(for date: Date) -> String {
        let c = Self.calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let month = Self.monthNames[c.month! - 1]
        switch unit {
        case .year: return "\(c.year!)"
        case .month: return c.month == 1 || step >= 3 ? "\(month) \(c.year!)" : month
        case .day: return c.day == 1 && c.month == 1 ? "\(c.day!) \(month) \(c.year!)" : "\(c.day!) \(month)"
        case .hour, .minute:
            let hm = String(format: "%02d:%02d", c.hour!, c.minute!)
            return c.hour == 0 && c.minute == 0 ? "\(c.day!) \(month)" : hm
        case .second: return String(format: "%02d:%02d:%02d", c.hour!, c.minute!, c.second!)
        }
    }
}

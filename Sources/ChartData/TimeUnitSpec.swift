import Foundation

/// A Vega-Lite time unit on an encoding channel ("yearmonth", "utcmonthdate", "hoursminutes"):
/// which calendar parts it keeps, how it floors an instant (as Vega's `timeFloor`, in UTC: Pitchline
/// treats local time as UTC), and how the result is read aloud.
struct TimeUnitSpec: Equatable {
    enum Part: String, CaseIterable { case year, quarter, month, week, day, dayofyear, date, hours, minutes, seconds, milliseconds }

    let name: String
    let parts: Set<Part>

    init?(_ name: String) {
        var rest = Substring(name.hasPrefix("utc") ? String(name.dropFirst(3)) : name)
        var parts: Set<Part> = []
        // Longest names first so "dayofyear" is not read as "day" + "ofyear".
        let ordered = Part.allCases.sorted { $0.rawValue.count > $1.rawValue.count }
        while !rest.isEmpty {
            guard let p = ordered.first(where: { rest.hasPrefix($0.rawValue) }) else { return nil }
            parts.insert(p)
            rest = rest.dropFirst(p.rawValue.count)
        }
        guard !parts.isEmpty else { return nil }
        self.name = name
        self.parts = parts
    }

    /// Floors `ms` (milliseconds since 1970 UTC) to the unit; parts the unit does not keep take
    /// Vega's defaults (year 2012, January, the 1st, midnight).
    func floor(_ ms: Double) -> Double {
        guard ms.isFinite else { return .nan }
        let days = Int((ms / 86_400_000).rounded(.down))
        let (y, m, d) = CellParsing.civilFromDays(days)
        let msOfDay = ms - Double(days) * 86_400_000
        let year = parts.contains(.year) ? y : 2012
        var month = 1, day = 1
        if parts.contains(.month) { month = m } else if parts.contains(.quarter) { month = (m - 1) / 3 * 3 + 1 }
        if parts.contains(.date) { day = d }
        var dayNumber = CellParsing.daysFromCivil(year: year, month: month, day: day)
        if parts.contains(.dayofyear) {
            dayNumber = CellParsing.daysFromCivil(year: year, month: 1, day: 1) + (days - CellParsing.daysFromCivil(year: y, month: 1, day: 1))
        }
        if parts.contains(.week) {
            // Sunday-based week of the year, as d3's %U: the Sunday on or before the date.
            let weekday = ((days + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday (4)
            let sunday = days - weekday
            dayNumber = parts.contains(.year) ? sunday
                : CellParsing.daysFromCivil(year: 2012, month: 1, day: 1) + (sunday - CellParsing.daysFromCivil(year: y, month: 1, day: 1))
        }
        if parts.contains(.day) && !parts.contains(.date) && !parts.contains(.week) {
            // Day of the week: 2012-01-01 was a Sunday, so the week day w lands on 1 + w January 2012.
            let weekday = ((days + 4) % 7 + 7) % 7
            dayNumber = CellParsing.daysFromCivil(year: year, month: month, day: 1) + weekday
        }
        var out = Double(dayNumber) * 86_400_000
        let h = (msOfDay / 3_600_000).rounded(.down)
        let mi = ((msOfDay - h * 3_600_000) / 60_000).rounded(.down)
        let s = ((msOfDay - h * 3_600_000 - mi * 60_000) / 1000).rounded(.down)
        let milli = msOfDay - h * 3_600_000 - mi * 60_000 - s * 1000
        if parts.contains(.hours) { out += h * 3_600_000 }
        if parts.contains(.minutes) { out += mi * 60_000 }
        if parts.contains(.seconds) { out += s * 1000 }
        if parts.contains(.milliseconds) { out += milli }
        return out
    }

    /// True when the unit keeps the year, so its values are points in time; otherwise they are
    /// positions in a cycle (months of any year, days of the week) and read as categories.
    var isInstant: Bool { parts.contains(.year) }

    /// Granularity for reading instants aloud.
    var granularity: TimeGranularity {
        if parts.contains(.seconds) || parts.contains(.milliseconds) { return .second }
        if parts.contains(.minutes) { return .minute }
        if parts.contains(.hours) { return .hour }
        if parts.contains(.date) || parts.contains(.day) || parts.contains(.week) || parts.contains(.dayofyear) { return .day }
        if parts.contains(.month) || parts.contains(.quarter) { return .month }
        return .year
    }

    /// The label of a floored value when the unit is a cycle: "January", "Sunday", "Q2",
    /// "3 January", "14:00", "day 45".
    func cycleLabel(_ ms: Double) -> String {
        let days = Int((ms / 86_400_000).rounded(.down))
        let (_, m, d) = CellParsing.civilFromDays(days)
        let msOfDay = Int(ms - Double(days) * 86_400_000)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var words: [String] = []
        if parts.contains(.quarter) && !parts.contains(.month) { words.append("Q\((m - 1) / 3 + 1)") }
        if parts.contains(.week) { words.append("week \((days - CellParsing.daysFromCivil(year: 2012, month: 1, day: 1)) / 7 + 1)") }
        if parts.contains(.day) && !parts.contains(.date) && !parts.contains(.week) {
            words.append(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][((days + 4) % 7 + 7) % 7])
        }
        if parts.contains(.dayofyear) { words.append("day \(days - CellParsing.daysFromCivil(year: 2012, month: 1, day: 1) + 1)") }
        if parts.contains(.date) && parts.contains(.month) {
            words.append("\(d) \(SpeechFormatter.monthNames[m - 1])")
        } else if parts.contains(.month) {
            words.append(SpeechFormatter.monthNames[m - 1])
        } else if parts.contains(.date) {
            words.append("\(d)")
        }
        if parts.contains(.hours) || parts.contains(.minutes) || parts.contains(.seconds) {
            let h = msOfDay / 3_600_000, mi = msOfDay / 60_000 % 60, s = msOfDay / 1000 % 60
            var t = parts.contains(.hours) ? "\(two(h)):\(two(mi))" : "\(two(mi)) min"
            if parts.contains(.seconds) { t += ":\(two(s))" }
            words.append(t)
        }
        return words.joined(separator: " ")
    }
}

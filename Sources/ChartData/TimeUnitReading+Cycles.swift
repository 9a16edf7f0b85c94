import Foundation
import D3Format
import SpecReading

extension TimeUnitReading {
    /// The label of a floored value when the unit is a cycle: "January", "Sunday", "Q2",
    /// "3 January", "14:00", "day 45".
    func cycleLabel(_ ms: Double) -> String {
        guard let f = UTCCalendar.fields(ms) else { return "" }
        let days = Int((ms / UTCCalendar.msPerDay).rounded(.down))
        let m = f.month + 1, d = f.date
        let msOfDay = Int(ms - Double(days) * UTCCalendar.msPerDay)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var words: [String] = []
        if parts.contains(.quarter) && !parts.contains(.month) { words.append("Q\((m - 1) / 3 + 1)") }
        if parts.contains(.week) { words.append("week \((days - UTCCalendar.daysFromCivil(2012, 1, 1)) / 7 + 1)") }
        if parts.contains(.day) && !parts.contains(.date) && !parts.contains(.week) {
            words.append(SpeechFormatter.weekdayNames[f.weekday])
        }
        if parts.contains(.dayofyear) { words.append("day \(days - UTCCalendar.daysFromCivil(2012, 1, 1) + 1)") }
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

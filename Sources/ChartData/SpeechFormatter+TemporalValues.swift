import Foundation
import SpecReading

/// Dates as the values (`YAxis.type == .temporal`): a Gantt chart of dates, a date of first frost
/// per year. Values are seconds since 1970 (UTC); they are said as dates, changes as durations.
extension SpeechFormatter {
    /// A value date: "3 November 2012", or with a cycle time unit on the value channel
    /// ("monthdate") the place in the cycle, "3 November".
    public func valueDateText(_ seconds: Double) -> String {
        if let unit = chart.y.timeUnit.flatMap(TimeUnitReading.init), !unit.isInstant {
            return unit.cycleLabel(seconds * 1000)
        }
        return dateText(Date(timeIntervalSince1970: seconds), granularity: chart.y.granularity ?? .day)
    }

    /// A length of time for ears, in the largest unit that keeps it at one or more: "12 days",
    /// "3.5 hours", "1 year" (365.2425 days), at most one decimal (`duration.<unit>` messages).
    public func durationText(_ seconds: Double) -> String {
        let units: [(Double, String)] = [(365.2425 * 86_400, "year"), (86_400, "day"), (3600, "hour"), (60, "minute"), (1, "second")]
        let (size, name) = units.first { seconds >= $0.0 } ?? (1, "second")
        var f = NumberFormat(decimals: 1)
        f.trim = true
        let amount = (seconds / size * 10).rounded() / 10
        // A fraction takes the plural ("1.5 hours"); the count is only the form's choice.
        return messages.plural(.family(.duration, name), count: amount == 1 ? 1 : amount == 0 ? 0 : 2, ["count": locale.localized(f.format(amount))])
    }
}

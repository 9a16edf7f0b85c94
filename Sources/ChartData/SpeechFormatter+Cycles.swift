import Foundation
import SpecReading

/// Category labels a Vega-Lite timeUnit makes are written in English when the chart is built
/// ("January", "Sunday", "3 January", "week 3", "day 45", as `TimeUnitReading.cycleLabel`);
/// speech, the table and the summaries say them in the chart's language, with Foundation's month
/// and weekday names. Other categories are the author's and stay as written.
extension SpeechFormatter {
    static func cycleNames(_ locale: TextLocale) -> [String: String] {
        var names: [String: String] = [:]
        for (english, local) in zip(TextLocale.english.monthNames, locale.monthNames) { names[english] = local }
        for (english, local) in zip(TextLocale.english.weekdayNames, locale.weekdayNames) { names[english] = local }
        return names
    }

    /// "January" → "Januar"; "3 January" → "3. Januar"; "week 3" → "Woche 3"; else unchanged.
    func localizedCycle(_ label: String) -> String {
        if let name = cycleNames[label] { return name }
        let parts = label.split(separator: " ")
        guard parts.count == 2 else { return label }
        if let day = Int(parts[0]), let month = TextLocale.english.monthNames.firstIndex(of: String(parts[1])) {
            return locale.render(locale.dayMonthPattern, year: 0, month: month + 1, day: day, seconds: 0)
        }
        if Int(parts[1]) != nil, parts[0] == "week" || parts[0] == "day" {
            return messages[.family(.cycle, String(parts[0])), ["n": String(parts[1])]]
        }
        return label
    }
}

import Foundation
import D3Format

extension SpeechFormatter {
    /// A nominal or ordinal category written as an ISO date ("2021-01-01") said as a date ("1 January
    /// 2021"), as a temporal x is (review R26); the table and drawing keep the text as written.
    /// nil for any other category, and for text that is not a real day ("2021-02-30").
    func categoryDateText(_ row: Int) -> String? {
        guard chart.xValues.indices.contains(row), case .category(let c) = chart.xValues[row] else { return nil }
        let parts = c.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [4, 2, 2], c.allSatisfy({ $0 == "-" || ("0"..."9").contains($0) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        let days = UTCCalendar.daysFromCivil(y, m, d)
        let back = UTCCalendar.civil(fromDays: days)
        guard back.year == y, back.month == m, back.day == d else { return nil }
        return dateText(Date(timeIntervalSince1970: Double(days) * 86_400), granularity: .day)
    }
}

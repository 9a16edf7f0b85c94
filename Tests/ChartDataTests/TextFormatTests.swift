import Foundation
import SpecReading
import Testing
@testable import ChartData
import D3Format

/// The one number/date text module: counts, dates, ISO timestamps, CSV numbers, other languages.
struct TextFormatTests {
    @Test func counts() {
        #expect(TextFormat.count(1_461) == "1,461")
        #expect(TextFormat.count(999) == "999")
        #expect(NumberFormat(decimals: 0).format(1e20) == "100,000,000,000,000,000,000")
        #expect(NumberFormat(decimals: 1).format(-0.04) == "0.0")
    }

    @Test func plainNumbersRoundTripWithoutFloatNoise() {
        #expect(TextFormat.plainNumber(173.29999999999998) == "173.3")
        #expect(TextFormat.plainNumber(0.1 + 0.2) == "0.3")
        #expect(TextFormat.plainNumber(135_450) == "135450")
        #expect(TextFormat.plainNumber(-2.5) == "-2.5")
        #expect(TextFormat.plainNumber(0.000123) == "0.000123")
        #expect(TextFormat.plainNumber(1.5e15) == "1500000000000000")
        let sum = [30.5, 12.1, 0.3, 54.8, 75.6].reduce(0, +)
        #expect(TextFormat.plainNumber(sum) == "173.3")
        #expect(abs(Double(TextFormat.plainNumber(Double.pi))! - Double.pi) < 1e-14)
    }

    @Test func timestampsKeepTheSourcesZone() {
        let t = Double(UTCCalendar.daysFromCivil(2012, 1, 3) * 86_400)
        #expect(TextFormat.isoTimestamp(t, dateOnly: true, utc: false) == "2012-01-03")
        #expect(TextFormat.isoTimestamp(t + 14 * 3600, dateOnly: false, utc: false) == "2012-01-03T14:00:00")
        #expect(TextFormat.isoTimestamp(t + 14 * 3600, dateOnly: false, utc: true) == "2012-01-03T14:00:00Z")
    }

    @Test func datesAndOtherLanguagesFromFoundation() {
        let d = Date(timeIntervalSince1970: Double(UTCCalendar.daysFromCivil(2012, 3, 3) * 86_400))
        #expect(TextFormat.date(d, granularity: .day) == "3 March 2012")
        #expect(TextFormat.date(d, granularity: .month) == "March 2012")
        let german = TextLocale(identifier: "de")
        #expect(TextFormat.date(d, granularity: .day, locale: german) == "3. März 2012")
        #expect(german.localized("1,234.5") == "1.234,5")
        #expect(TextFormat.count(1_461, locale: german) == "1.461")
        #expect(TextFormat.readableISODate("2024-03-01") == "1 March 2024")
        #expect(TextLocale.english.shortMonthNames[8] == "Sep")
    }
}

struct MedianTests {
    @Test func quickselectAgreesWithSorting() {
        let values = ShapeTests.noise(1001, seed: 5)
        for n in [1, 2, 3, 4, 10, 11, 1000, 1001] {
            let v = Array(values.prefix(n)), s = v.sorted()
            let expected = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
            #expect(SeriesShape.medianOf(v) == expected)
        }
        #expect(SeriesShape.medianOf([5, 5, 5, 1]) == 5)
    }
}

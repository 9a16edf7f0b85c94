import ChartData
import ChartModel
import Foundation
import SpecReading

/// Tick labels are written in en-US form (D3Format's default locale: the author's formats, Vega's
/// default time format); a chart in another language shows them with its own separators and
/// month and weekday names (`TextLocale`, from Foundation): "12,5", "Januar", "1.000".
extension ChartGeometry {
    static func localized<Layout>(_ axis: (Layout, [Tick]), _ chart: Chart) -> (Layout, [Tick]) {
        guard let tag = chart.options.language, let language = Language(tag: tag), language != .en else { return axis }
        let locale = Messages(tag: tag).locale
        return (axis.0, axis.1.map { Tick(position: $0.position, label: localizedLabel($0.label, locale)) })
    }

    /// Word by word: English month and weekday names (long or short) become the locale's; a
    /// number ("12.5", "1,000", "−3", "25%") takes the locale's separators; anything else stays.
    static func localizedLabel(_ label: String, _ locale: TextLocale) -> String {
        let english = TextLocale.english
        let names = Dictionary(
            zip(english.monthNames + english.shortMonthNames + english.weekdayNames + english.shortWeekdayNames,
                locale.monthNames + locale.shortMonthNames + locale.weekdayNames + locale.shortWeekdayNames),
            uniquingKeysWith: { first, _ in first })
        let numeric = Set("0123456789,.%$+-\u{2212}")
        return label.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            if let name = names[String(word)] { return name }
            if word.contains(where: \.isNumber), word.allSatisfy({ numeric.contains($0) }) { return locale.localized(String(word)) }
            return String(word)
        }.joined(separator: " ")
    }
}

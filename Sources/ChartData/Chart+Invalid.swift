import ChartModel
import Foundation
import SpecReading

extension SpeechFormatter {
    /// A table cell: the value as `tableText` writes it, or "no value, drawn at 0 °C".
    public func tableText(series: Int, row: Int) -> String {
        if chart.hasDrawnInvalidValue(series: series, row: row), let d = chart.semantics.invalidDrawn {
            return invalidDrawnText(d.value, onRowAxis: false, withUnit: true)
        }
        return tableText(chart.series[series].values[row], series: series)
    }

    /// "no value, drawn at 0" for an invalid value the chart draws at `position` (a value, or an
    /// x position when `onRowAxis`), so no reader takes the drawn place for a real value.
    public func invalidDrawnText(_ position: Double, onRowAxis: Bool, withUnit: Bool = false) -> String {
        messages[.valueInvalidDrawn, ["value": invalidPlaceText(position, onRowAxis: onRowAxis, withUnit: withUnit)]]
    }

    /// The place an invalid value is drawn at: "0", "0 °C", "3 January 2012".
    public func invalidPlaceText(_ position: Double, onRowAxis: Bool, withUnit: Bool = false) -> String {
        if onRowAxis, chart.x.type == .temporal {
            return dateText(Date(timeIntervalSince1970: position), granularity: chart.x.granularity ?? .day)
        } else if onRowAxis {
            return locale.localized((position == 0 ? NumberFormat(decimals: 0) : NumberFormat.automatic(for: [position])).format(position))
        }
        return withUnit ? valueText(position) : numberText(position)
    }
}

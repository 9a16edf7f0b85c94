import Foundation
import SpecReading

/// Where a chart draws invalid values (`InvalidMode.show`). The values stay missing in the model
/// (nil, "no value" in speech, the table and statistics, the missing-value sound in audio); only
/// the drawing and the spoken "drawn at 0" use these positions.
public struct InvalidDrawing: Sendable, Equatable {
    /// The value axis position of a datum whose value is invalid: 0 when the value scale holds
    /// zero, else the scale's low end (Vega-Lite's `zeroOrMin`).
    public var value: Double
    /// The row axis position of a datum whose row key is invalid (a number, or seconds since 1970
    /// for dates); nil when the row axis is discrete (null is then a category of its own).
    public var row: Double?
    /// Rows whose key is invalid: `Chart.xValues` holds `row` there, which is not a real value.
    public var keyRows: Set<Int>

    public init(value: Double, row: Double?, keyRows: Set<Int> = []) {
        self.value = value
        self.row = row
        self.keyRows = keyRows
    }
}

extension Chart {
    /// True when row `row`'s key is an invalid value drawn at the scale's zero (or low end).
    public func hasInvalidKey(_ row: Int) -> Bool { semantics.invalidDrawn?.keyRows.contains(row) == true }

    /// True when series `series` has a datum at `row` whose value is invalid and drawn anyway.
    public func hasDrawnInvalidValue(series: Int, row: Int) -> Bool {
        semantics.invalidDrawn != nil && self.series.indices.contains(series) && self.series[series].invalidRows.contains(row)
    }

    /// The values as drawn: each drawn invalid value at `InvalidDrawing.value`, the rest as they are.
    public func drawnValues(series s: Int) -> [Double?] {
        var values = series[s].values
        guard let drawing = semantics.invalidDrawn else { return values }
        for row in series[s].invalidRows where values.indices.contains(row) { values[row] = drawing.value }
        return values
    }
}

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

import Foundation

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

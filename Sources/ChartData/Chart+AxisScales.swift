import ChartModel
import Foundation

/// What is said about scales (issue 27): a row axis that is not linear (on a logarithmic x, a
/// scatter plot's slope and a line's shape are read along a scale of ratios, so the reader is told),
/// and a dual-axis chart's value axes, each its own.
extension Chart {
    /// "Horizontal axis (Displacement) is logarithmic: equal distances along it are equal
    /// ratios."; nil for a linear, temporal, binned or discrete row axis.
    func rowScaleSentence(_ m: Messages) -> String? {
        guard x.type == .quantitative, semantics.bins == nil else { return nil }
        let curve = ValueCurve(semantics.rowScale)
        guard curve != .linear else { return nil }
        let axis = m[semantics.orientation == .horizontal ? .axisVertical : .axisHorizontal]
        return m[curve == .log ? .summaryRowCurveLog : .summaryRowCurveCurved, ["axis": axis, "title": x.title]]
    }
}

extension SpeechFormatter {
    /// A dual-axis chart's value axes, each its own measure ("Avg. Temperature (°C) from 8.19 °C
    /// to 26.11 °C; Precipitation (inches) from 0.389 inches to 5.35 inches"), not one range
    /// across both; without the headings when `headed` is false; nil for one value axis.
    public func independentRanges(headed: Bool = true) -> String? {
        guard chart.semantics.independentValueScales else { return nil }
        let parts = chart.series.indices.compactMap { s -> String? in
            let values = chart.series[s].values.compactMap { $0 } + chart.series[s].details.flatMap { [$0.lower, $0.upper].compactMap { $0 } }
            guard let low = values.min(), let high = values.max() else { return nil }
            let range = messages[.rangeFromTo, ["low": valueText(low, series: s), "high": valueText(high, series: s)]]
            return headed ? "\(chart.seriesHeading(s)) \(range)" : range
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

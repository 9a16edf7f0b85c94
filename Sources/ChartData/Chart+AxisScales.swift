import ChartModel
import Foundation

/// What is said about scales (issue 27): a row axis that is not linear (on a logarithmic x, a
/// scatter plot's slope and a line's shape are read along a scale of ratios, so the reader is told).
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

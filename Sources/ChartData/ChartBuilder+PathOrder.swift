import Foundation
import ChartModel
import SpecReading
import VegaLite

/// A connected scatter plot: a line whose `order` channel names a field (the gallery's
/// `connected_scatterplot`, driving distance against gas price joined by year). Vega-Lite joins
/// the points in that field's order, not along x, so the rows run in it: one row per datum,
/// scrubbed, drawn, played and described along the path (`ChartSemantics.pathOrder`).
extension ChartBuilder.Assembly {
    /// The `order` channel when it decides a line's path: a field other than x's on a line over
    /// a continuous x (on a discrete x, or ordering by x itself, the rows are the path already).
    var pathOrderDef: ChartSpec.ChannelDef? {
        guard markKind == .line, offset == nil, let o = spec.channel("order"), let f = fieldOf["order"],
              f != key.flatMap({ fieldOf[$0.channel] }), frame.column(f) != nil else { return nil }
        switch keyKind {
        case .number, .date: return o
        case .cycle, .category: return nil
        }
    }

    /// Rows for a connected scatter plot, one per datum in the order field's order (ascending,
    /// or descending as its `sort` says; ties and invalid values keep the data order after the
    /// rest, as Vega's stable sort leaves them); false when the chart is no path.
    mutating func placePathRows() -> Bool {
        guard let o = pathOrderDef, let column = frame.column(fieldOf["order"]!) else { return false }
        func rank(_ v: DataValue) -> (Int, Double, String) {
            if let n = v.validNumber { return (0, o.sort == .descending ? -n : n, "") }
            if case .date(let ms) = v, ms.isFinite { return (0, o.sort == .descending ? -ms : ms, "") }
            return v.isValid ? (1, 0, ChartBuilder.text(v)) : (2, 0, "")
        }
        let ordered = datums.enumerated().sorted { a, b in
            let (x, y) = (rank(column[a.element]), rank(column[b.element]))
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        rowOfDatum = [Int](repeating: -1, count: n)
        var labels: [String] = []
        for (i, r) in ordered.enumerated() {
            rowOfDatum[r] = i
            rowKeys.append(keyColumn[r])
            xValues.append(builder.xValue(keyColumn[r], keyKind))
            labels.append(builder.extraText(column[r], o) ?? "")
        }
        pathLabels = labels
        return true
    }
}

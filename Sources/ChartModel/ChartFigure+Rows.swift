import Foundation

extension Chart {
    /// The same chart with its rows in `order` (rows not in it keep their order, after those that
    /// are): a facet's panels follow the order of the shared row domain, which Vega-Lite sorts
    /// over every panel's data. Nil for charts whose series hold their own rows (scatter plots).
    package func rowsReordered(like order: [XValue]) -> Chart? {
        guard !semantics.pointPerDatum, series.allSatisfy({ $0.pointRows == nil }) else { return nil }
        let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let permutation = xValues.indices.sorted {
            (rank[xValues[$0]] ?? Int.max, $0) < (rank[xValues[$1]] ?? Int.max, $1)
        }
        guard permutation != Array(xValues.indices) else { return self }
        var chart = self
        chart.xValues = permutation.map { xValues[$0] }
        for s in series.indices {
            chart.series[s].values = permutation.map { series[s].values[$0] }
            if !series[s].details.isEmpty { chart.series[s].details = permutation.map { series[s].details[$0] } }
        }
        if let bins = semantics.bins { chart.semantics.bins = permutation.map { bins[$0] } }
        return chart
    }
}

import ChartModel
import Foundation
import SpecReading
import VegaLite

extension ChartLoader {
    /// The bare CSV's line chart without the general data flow, for speed: a million rows of
    /// dates and numbers load in a fraction of the time the fold, series grouping and row keys of
    /// `ChartBuilder` take (README, Performance). Same chart, by construction: `ChartBuilder`
    /// builds it from one row (titles, names, series order, formats, everything that does not
    /// depend on the data), and only what does — the rows, their values, the time granularity,
    /// the rows left out, repeated dates — is filled in here with the builder's rules (rows
    /// ascending by x, a row per datum with a valid x, repeats kept in data order). `nil`: take
    /// the general path (another mark, text x, or no row to build the template from).
    static func wideLineChart(
        _ table: DataTable, spec: ChartSpec, x: DataTable.Column, columns: [String], path: String
    ) throws(ChartProblem) -> Chart? {
        guard spec.markName == "line", spec.transforms.count <= 1, x.kind == .date || x.kind == .number else { return nil }
        let isDate = x.kind == .date
        // The builder's key: milliseconds for dates (seconds × 1000, as the frame holds them).
        let keys: [Double?] = x.numbers.map { v in
            guard let v else { return nil }
            let k = isDate ? v * 1000 : v
            return k.isFinite ? k : nil
        }
        let valueColumns = columns.compactMap { name in table.column(named: name) }
        guard valueColumns.count == columns.count else { return nil }
        var datums: [Int] = []
        datums.reserveCapacity(table.rowCount)
        for r in 0..<table.rowCount where keys[r] != nil { datums.append(r) }
        // The template row: a valid x and a number (else the builder's own error is the answer).
        guard let first = datums.first(where: { r in valueColumns.contains { $0.numbers[r].map { !$0.isNaN } ?? false } }) else { return nil }
        var chart = try ChartBuilder(spec: spec, frame: table.frame(rows: [first]), specFile: path, id: chartID(path)).build()
        guard chart.series.count == columns.count, chart.pointCount == 1 else { return nil }

        datums.sort { a, b in keys[a]! != keys[b]! ? keys[a]! < keys[b]! : a < b }
        var repeats = false
        for (a, b) in zip(datums, datums.dropFirst()) where keys[a]! == keys[b]! { repeats = true; break }
        chart.xValues = datums.map { r in isDate ? .date(Date(timeIntervalSince1970: keys[r]! / 1000)) : .number(keys[r]!) }
        for s in chart.series.indices {
            guard let key = chart.series[s].sourceKey, let column = table.column(named: key) else { return nil }
            chart.series[s].values = datums.map { r in column.numbers[r].flatMap { $0.isNaN ? nil : $0 } }
            chart.series[s].pointRows = repeats && chart.series.count > 1 ? Array(0..<datums.count) : nil
        }
        // The template row's decimals are one row's: the source's are every row's (98.5 after 120 is said "98.5", not "99").
        chart.y.decimals = ChartBuilder.sourceDecimals(valueColumns.lazy.flatMap { $0.numbers.prefix(20_000) })
        if isDate { chart.x.granularity = ChartBuilder.granularity(chart.xValues) }
        chart.semantics.invalidRows = table.rowCount - datums.count
        chart.semantics.pointPerDatum = repeats
        return chart
    }
}

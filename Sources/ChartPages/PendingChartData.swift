// TEMPORARY scaffold until ChartData's Downsampling lands on main; delete when merging it.
enum Downsampling {
    static func minMax(values: [Double?], buckets: Int) -> [Int] {
        let n = values.count
        guard n > buckets * 2, buckets > 0 else { return Array(values.indices) }
        var rows: [Int] = [0]
        for b in 0..<buckets {
            let lo = b * n / buckets, hi = (b + 1) * n / buckets
            var minRow = -1, maxRow = -1
            for r in lo..<hi { guard let v = values[r] else { continue }
                if minRow < 0 || v < values[minRow]! { minRow = r }
                if maxRow < 0 || v > values[maxRow]! { maxRow = r } }
            for r in [minRow, maxRow].filter({ $0 >= 0 }).sorted() where r != rows.last { rows.append(r) }
        }
        if rows.last != n - 1 { rows.append(n - 1) }
        return rows
    }
}

import ChartData
import Foundation

struct SeriesStatistics { var min: Double?; var max: Double?; var mean: Double?; var median: Double?; var minRow: Int?; var maxRow: Int?; var count: Int; var missing: Int }
struct SeriesDescription { var statistics: SeriesStatistics; var statisticsSentence: String; var trendSentence: String }
struct ChartDescription { var summary: String; var series: [SeriesDescription] }
extension Chart {
    func describe() -> ChartDescription {
        ChartDescription(summary: "\(mark.chartKindName) of \(title), \(pointCount) points.", series: series.map { s in
            let vals = s.values.compactMap { $0 }
            let sorted = vals.sorted()
            let minRow = s.values.indices.filter { s.values[$0] != nil }.min { s.values[$0]! < s.values[$1]! }
            let maxRow = s.values.indices.filter { s.values[$0] != nil }.max { s.values[$0]! < s.values[$1]! }
            return SeriesDescription(statistics: SeriesStatistics(min: sorted.first, max: sorted.last, mean: vals.isEmpty ? nil : vals.reduce(0, +) / Double(vals.count), median: sorted.isEmpty ? nil : sorted[sorted.count / 2], minRow: minRow, maxRow: maxRow, count: vals.count, missing: s.values.count - vals.count), statisticsSentence: "Statistics.", trendSentence: "Trend: flat.")
        })
    }
}
struct SpeechFormatter {
    let chart: Chart
    init(chart: Chart) { self.chart = chart }
    func xText(_ row: Int) -> String {
        switch chart.xValues[row] { case .number(let n): NumberText.format(n, fractionDigits: 0); case .date(let d): d.formatted(.dateTime.day().month(.wide).year()); case .category(let c): c }
    }
    func valueText(_ value: Double?, series: Int) -> String { value.map { NumberText.format($0, fractionDigits: 1) + (chart.y.unit.map { " " + $0 } ?? "") } ?? "no data" }
    func spokenName(_ series: Int) -> String { chart.series[series].name.lowercased() }
    func pointLabel(series: Int, row: Int) -> String { "\(xText(row)), \(spokenName(series)) \(valueText(chart.series[series].values[row], series: series))" }
    var xRangeText: String { "from \(xText(0)) to \(xText(chart.pointCount - 1))" }
    var yRangeText: String { "from A to B" }
}
extension Downsampling {
    static func lttb(values: [Double?], threshold: Int) -> [Int] {
        let n = values.count
        guard n > threshold else { return Array(0..<n) }
        return (0..<threshold).map { $0 * (n - 1) / (threshold - 1) }
    }
}

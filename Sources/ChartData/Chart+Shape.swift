import ChartModel
import Foundation
import D3Format

/// Runs the shape and cycle analysis (SeriesShape, Cycle) on a chart's series, using its x axis
/// for the period of a cycle. Method: docs/description-method.md.
extension Chart {
    /// Segments, unusual values and any cycle of series `values`; nil for categories in no order.
    func analyzeShape(_ values: [Double?]) -> (shape: SeriesShape, cycle: Cycle?)? {
        guard x.type != .nominal else { return nil }
        var rows: [Int] = [], present: [Double] = []
        for (row, v) in values.enumerated() { if let v, v.isFinite { rows.append(row); present.append(v) } }
        guard present.count >= 2 else { return nil }
        if let (cycle, bins) = detectCycle(rows: rows, values: present) {
            // Remove the cycle, then segment what is left against the whole series' range.
            let adjusted = zip(present, bins).map { v, b in v - (cycle.profile[b] ?? 0) }
            let range = present.max()! - present.min()!
            return (SeriesShape.analyze(rows: rows, values: adjusted, range: range), cycle)
        }
        return (SeriesShape.analyze(rows: rows, values: present), nil)
    }

    /// A yearly cycle (rows a month or less apart, at least two years) or a daily one (rows at
    /// most three hours apart, at least two days), on evenly spaced dates.
    func detectCycle(rows: [Int], values: [Double]) -> (Cycle, [Int])? {
        guard x.type == .temporal, rows.count >= 8 else { return nil }
        let times = rows.compactMap { xValues[$0].numeric }
        guard times.count == rows.count, let first = times.first, let last = times.last, last > first else { return nil }
        var gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        gaps.sort()
        let step = gaps[gaps.count / 2]
        guard step > 0 else { return nil }
        // A row lag means a fixed time only when the rows are (nearly) evenly spaced.
        let expected = (last - first) / step + 1
        guard abs(Double(times.count) - expected) / expected < 0.05 else { return nil }
        let civil = times.map { t -> (month: Int, hour: Int) in
            let days = Int((t / 86_400).rounded(.down))
            let (_, m, _) = UTCCalendar.civil(fromDays: days)
            return (m - 1, Int(t - Double(days) * 86_400) / 3600)
        }
        if step <= 31 * 86_400 {
            let lag = Int((365.2425 * 86_400 / step).rounded())
            let bins = civil.map(\.month)
            if let c = Cycle.detect(values: values, lag: lag, bins: bins, binCount: 12, period: .yearly) { return (c, bins) }
        }
        if step <= 3 * 3600 {
            let lag = Int((86_400 / step).rounded())
            let bins = civil.map(\.hour)
            if let c = Cycle.detect(values: values, lag: lag, bins: bins, binCount: 24, period: .daily) { return (c, bins) }
        }
        return nil
    }
}

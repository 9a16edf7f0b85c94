import ChartData
import Foundation

/// The scrubber's landmarks (a layered chart's rules and labels, `ChartAnnotation`): what `M`
/// says at each and the scrubber points where the cursor meets it, per series, so the page script
/// jumps there and chimes when it crosses one (docs/architecture.md, "Layers").
struct MarkInfo: Encodable {
    /// "Mark 1 of 2: the mean, 16.4 degrees Celsius" (said before the point's label).
    var say: String
    /// Per series, the scrubber points where the cursor meets the mark (ascending): the row of a
    /// mark on the row axis; where the series crosses a value rule, else its closest point.
    var rows: [[Int]]
}

extension ChartPresentation {
    /// At most this many crossing points per series and mark (a value the series hovers around).
    static let markRowLimit = 200

    func markInfos(rows: [Int], toScrub: (Int?) -> Int?) -> [MarkInfo]? {
        let marks = chart.landmarks
        guard !marks.isEmpty else { return nil }
        let speech = SpeechFormatter(chart: chart)
        return marks.enumerated().map { i, a in
            let perSeries = chart.series.indices.map { s -> [Int] in
                if let row = a.row { return [toScrub(row) ?? Self.nearest(row, in: rows)] }
                guard let m = a.value else { return [] }
                let values = rows.map { chart.series[s].values[$0] }
                var hits: [Int] = []
                var previous: Double?
                for (k, v) in values.enumerated() {
                    guard let v else { continue }
                    if Self.meets(previous, v, mark: m) { hits.append(k) }
                    previous = v
                    if hits.count >= Self.markRowLimit { break }
                }
                if hits.isEmpty, let closest = values.indices.filter({ values[$0] != nil }).min(by: { abs(values[$0]! - m) < abs(values[$1]! - m) }) {
                    hits = [closest]
                }
                return hits
            }
            return MarkInfo(say: SpeechFormatter.templateLiteral(speech.landmarkLabel(i, of: marks.count, a)) + ". {l}", rows: perSeries)
        }
    }

    /// A series meets a value mark at a point on it, or between it and the previous point with a value.
    public static func meets(_ previous: Double?, _ value: Double, mark: Double) -> Bool {
        value == mark || previous.map { ($0 - mark) * (value - mark) < 0 } == true
    }

    /// The scrubber index of the scrubbed row closest to `row` (a reduced scrubber).
    static func nearest(_ row: Int, in rows: [Int]) -> Int {
        var lo = 0, hi = rows.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if rows[mid] < row { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0, abs(rows[lo - 1] - row) < abs(rows[lo] - row) { return lo - 1 }
        return lo
    }
}

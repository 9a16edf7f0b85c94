import Foundation

/// Picks which rows to keep when a series has more points than can be drawn or heard.
/// Both return ascending row indexes; the first and last rows are always kept; gaps (nil) are
/// skipped when choosing but a bucket made only of gaps keeps its first row so the gap stays visible.
public enum Downsampling {
    /// Largest-Triangle-Three-Buckets (Steinarsson 2013): keeps the visual shape with
    /// `threshold` points, including the extremes in most shapes.
    public static func lttb(values: [Double?], threshold: Int) -> [Int] {
        let n = values.count
        guard threshold >= 3, n > threshold else { return Array(0..<n) }
        var kept = [0]
        kept.reserveCapacity(threshold)
        let bucketSize = Double(n - 2) / Double(threshold - 2)
        var a = 0
        for bucket in 0..<(threshold - 2) {
            let start = Int(Double(bucket) * bucketSize) + 1
            let end = min(Int(Double(bucket + 1) * bucketSize) + 1, n - 1)
            // Average of the next bucket (the last point when this is the last bucket).
            let nextStart = end
            let nextEnd = min(Int(Double(bucket + 2) * bucketSize) + 1, n)
            var avgX = 0.0, avgY = 0.0, count = 0.0
            for i in nextStart..<max(nextEnd, nextStart + 1) where i < n {
                if let v = values[i] { avgX += Double(i); avgY += v; count += 1 }
            }
            if count > 0 { avgX /= count; avgY /= count } else { avgX = Double(nextStart); avgY = values[a] ?? 0 }
            let ax = Double(a), ay = values[a] ?? avgY
            var best = -1.0
            var chosen = -1
            for i in start..<max(end, start + 1) where i < n - 1 {
                guard let v = values[i] else { continue }
                let area = abs((ax - avgX) * (v - ay) - (ax - Double(i)) * (avgY - ay))
                if area > best { best = area; chosen = i }
            }
            if chosen < 0 { chosen = min(start, n - 2) }  // all gaps: keep one to show the gap
            if chosen > kept.last! { kept.append(chosen) }
            a = chosen
        }
        kept.append(n - 1)
        return kept
    }

    /// Min/max per bucket: for each of `buckets` equal row ranges keeps the rows of its lowest and
    /// highest value, so no peak or dip is ever lost (good for audio and dense line charts).
    public static func minMax(values: [Double?], buckets: Int) -> [Int] {
        let n = values.count
        guard buckets >= 1, n > 2 * buckets + 2 else { return Array(0..<n) }
        var kept: [Int] = [0]
        for b in 0..<buckets {
            let start = b * n / buckets, end = (b + 1) * n / buckets
            var lo: Int?, hi: Int?
            for i in start..<end {
                guard let v = values[i] else { continue }
                if lo == nil || v < values[lo!]! { lo = i }
                if hi == nil || v > values[hi!]! { hi = i }
            }
            let pair = [lo ?? start, hi ?? start].sorted()
            for i in pair where i > kept.last! { kept.append(i) }
        }
        if kept.last! != n - 1 { kept.append(n - 1) }
        return kept
    }
}

extension Downsampling {
    /// Notes a second whole-series playback plays at most, in the page (P) and in the downloadable
    /// audio graph alike (Apple's audio graphs play about 30–50).
    public static let playbackNotesPerSecond = 30.0

    /// At most about `limit` rows of the aligned `series` (every row when they fit): an LTTB
    /// selection of the first series, plus each series' lowest and highest row (the first of
    /// equals: `Series.extremeRows`), so "go to maximum" and the loudest peak are never lost.
    public static func keyRows(_ series: [[Double?]], limit: Int) -> [Int] {
        let n = series.first?.count ?? 0
        guard n > limit, let first = series.first else { return Array(0..<n) }
        var rows = Set(lttb(values: first, threshold: max(3, limit - 2 * series.count)))
        for values in series {
            let (low, high) = Series.extremeRows(values)
            if let low { rows.insert(low) }
            if let high { rows.insert(high) }
        }
        return rows.sorted()
    }

    /// Rows whole-series playback plays of `values` in `seconds`, or nil for every row (gaps
    /// included: they are heard as gaps). Past `playbackNotesPerSecond` it plays `keyRows`'
    /// present values. The one rule for the page's playback and the audio graph (`Rendition`).
    public static func playbackRows(_ values: [Double?], seconds: Double) -> [Int]? {
        let limit = max(3, Int((seconds * playbackNotesPerSecond).rounded(.down)))
        guard values.count > limit else { return nil }
        return keyRows([values], limit: limit).filter { values[$0] != nil }
    }
}

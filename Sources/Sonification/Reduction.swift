/// Largest-Triangle-Three-Buckets reduction of a series to `threshold` points, keeping its
/// shape (peaks and troughs survive). Returns kept indexes into `points`, ascending, first
/// and last always kept.
///
/// Local to Sonification until `ChartData.Downsampling.lttb` lands on main (same contract).
enum Reduction {
    static func lttb(x: [Double], y: [Double], threshold: Int) -> [Int] {
        let n = y.count
        guard threshold >= 3, n > threshold else { return Array(0..<n) }
        var kept = [0]
        kept.reserveCapacity(threshold)
        let bucket = Double(n - 2) / Double(threshold - 2)
        var a = 0
        for i in 0..<(threshold - 2) {
            let start = Int(Double(i) * bucket) + 1
            let end = min(Int(Double(i + 1) * bucket) + 1, n - 1)
            // Average of the next bucket (or the last point).
            let nextStart = end
            let nextEnd = min(Int(Double(i + 2) * bucket) + 1, n)
            var ax = 0.0, ay = 0.0
            for j in nextStart..<nextEnd { ax += x[j]; ay += y[j] }
            let count = Double(max(nextEnd - nextStart, 1))
            ax /= count
            ay /= count
            var best = start, bestArea = -1.0
            for j in start..<max(end, start + 1) {
                let area = abs((x[a] - ax) * (y[j] - y[a]) - (x[a] - x[j]) * (ay - y[a]))
                if area > bestArea { (best, bestArea) = (j, area) }
            }
            kept.append(best)
            a = best
        }
        kept.append(n - 1)
        return kept
    }
}

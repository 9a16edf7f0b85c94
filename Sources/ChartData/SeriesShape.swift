import Foundation

/// The shape of one series as stretches that rise, fall or stay flat, found by piecewise-linear
/// segmentation of a lightly smoothed copy (the method and its thresholds: docs/description-method.md).
/// Works on the present values only, in row order; pure arithmetic, no wording.
public struct SeriesShape: Sendable, Equatable {
    public enum Direction: String, Sendable { case rising, falling, flat }

    /// One stretch. `startValue`/`endValue` are the smoothed levels at its ends.
    public struct Segment: Sendable, Equatable {
        public var direction: Direction
        public var startRow: Int
        public var endRow: Int
        public var startValue: Double
        public var endValue: Double
        /// Mean smoothed level over the stretch (what "stays near" reports for a flat one).
        public var level: Double
        /// True when one step between neighbouring values makes most of the change: a jump or drop.
        public var isJump: Bool
        /// For a jump: the row just after the largest single step (where the new level starts).
        public var jumpRow: Int?
        /// Standard deviation of the values (not smoothed) over the stretch: a flat stretch with a
        /// spread above a tenth of the range "varies around" its level rather than "stays close to" it.
        public var spread: Double = 0
    }

    public var segments: [Segment]
    /// Rows of isolated unusual values (one or two points far from their neighbours), left out of the segmentation.
    public var outlierRows: [Int]
    /// Width of the moving average applied before segmenting (1: the values themselves).
    public var smoothingWindow: Int
    /// The smallest change that counts as a rise or fall (in value units).
    public var threshold: Double
    /// True when neighbouring values typically differ by an eighth of the range or more (two
    /// noise widths ≥ 25 % of it): the stretches are a rough outline of a jumpy series.
    public var isJumpy = false
    /// The value range thresholds were taken from.
    public var range: Double = 0

    /// Most stretches a description names; with more, the threshold grows by half until it fits.
    public static let maxSegments = 7

    /// - Parameters:
    ///   - rows: the row of each value (ascending).
    ///   - values: the values to segment (finite).
    ///   - range: the value range thresholds are relative to (the series' own range, outliers excluded).
    public static func analyze(rows: [Int], values: [Double], range: Double? = nil) -> SeriesShape {
        let n = values.count
        guard n >= 2 else {
            let seg = values.first.map { Segment(direction: .flat, startRow: rows[0], endRow: rows[0], startValue: $0, endValue: $0, level: $0, isJump: false, jumpRow: nil) }
            return SeriesShape(segments: seg.map { [$0] } ?? [], outlierRows: [], smoothingWindow: 1, threshold: 0)
        }
        let median = runningMedian5(values)
        let residuals = zip(values, median).map { $0 - $1 }
        // Noise: the robust spread of second differences (a slope or a smooth bend cancels out;
        // for white noise their variance is 6σ²). Under ten values every value counts: no noise allowance.
        var second: [Double] = []
        for i in 2..<max(2, n) {
            let bend: Double = values[i] - 2 * values[i - 1] + values[i - 2]
            second.append(abs(bend))
        }
        let sigma = n < 10 ? 0 : 1.4826 * medianOf(second) / 6.0.squareRoot()
        // Outliers: one or two points more than 6 noise widths and 35 % of the running median's range from it.
        // Under ten values there is no noise to measure "far" against: every value is the shape,
        // and a peak of one or two values is the peak, not an isolated value.
        var outliers: [Int] = []
        if n >= 10 {
            let mRange = (median.max() ?? 0) - (median.min() ?? 0)
            let limit = max(6 * sigma, 0.35 * mRange)
            let flagged = (2..<(n - 2)).filter { abs(residuals[$0]) > limit && abs(residuals[$0]) > 0 }
            if !flagged.isEmpty && flagged.count <= max(3, n / 100) { outliers = flagged }
        }
        var cleaned = values
        for i in outliers { cleaned[i] = median[i] }
        let lo = cleaned.min()!, hi = cleaned.max()!
        let valueRange = range ?? (hi - lo)
        let window = n >= 100 ? 2 * (n / 100) + 1 : 1
        let smooth = window > 1 ? movingAverage(cleaned, window: window) : cleaned
        let noise = sigma / Double(window).squareRoot()
        var threshold = max(0.1 * valueRange, 4 * noise)
        if threshold <= 0 { threshold = .leastNonzeroMagnitude }
        let tree = SplitTree(smooth, threshold: threshold)
        var segments = segment(smooth, raw: cleaned, rows: rows, threshold: threshold, breaks: tree.breaks(above: threshold), window: window)
        while segments.count > maxSegments {
            threshold *= 1.5
            segments = segment(smooth, raw: cleaned, rows: rows, threshold: threshold, breaks: tree.breaks(above: threshold), window: window)
        }
        var shape = SeriesShape(segments: segments, outlierRows: outliers.map { rows[$0] }, smoothingWindow: window, threshold: threshold)
        shape.isJumpy = valueRange > 0 && 2 * sigma >= 0.25 * valueRange
        shape.range = valueRange
        return shape
    }

    /// Douglas–Peucker on (index, value) with vertical distance, then classification and merging.
    /// Classification, merging and turn placement of the pieces between `breaks` (ascending
    /// indexes into `s`, first and last included).
    static func segment(_ s: [Double], raw: [Double], rows: [Int], threshold: Double, breaks points: [Int], window: Int = 1) -> [Segment] {
        let n = s.count
        var pieces: [(a: Int, b: Int, dir: Direction)] = []
        for (a, b) in zip(points, points.dropFirst()) {
            let change = s[b] - s[a]
            let dir: Direction = abs(change) < threshold ? .flat : (change > 0 ? .rising : .falling)
            if let last = pieces.last, last.dir == dir {
                pieces[pieces.count - 1].b = b
            } else {
                pieces.append((a, b, dir))
            }
        }
        // A flat piece whose ends differ by a threshold after merging is really a gentle slope.
        pieces = pieces.map { p in
            guard p.dir == .flat else { return p }
            let change = s[p.b] - s[p.a]
            return abs(change) < threshold ? p : (p.a, p.b, change > 0 ? .rising : .falling)
        }
        // Move each turn to the true extreme between the middles of the pieces beside it.
        for i in 1..<max(1, pieces.count) {
            let before = pieces[i - 1], after = pieces[i]
            let from = (before.a + before.b) / 2, to = (after.a + after.b + 1) / 2
            guard from < to else { continue }
            let window = from...to
            var turn = before.b
            let high = window.map { s[$0] }.max()!, low = window.map { s[$0] }.min()!
            let tolerance = 1e-9 * max(1, abs(high), abs(low))
            switch (before.dir, after.dir) {
            case (.rising, .falling), (.rising, .flat):  // the first point at the top
                turn = window.first { s[$0] >= high - tolerance }!
            case (.falling, .rising), (.falling, .flat):
                turn = window.first { s[$0] <= low + tolerance }!
            case (.flat, .rising):  // the last point before the climb
                turn = window.last { s[$0] <= low + tolerance }!
            case (.flat, .falling):
                turn = window.last { s[$0] >= high - tolerance }!
            default: break
            }
            pieces[i - 1].b = turn
            pieces[i].a = turn
        }
        return pieces.filter { $0.b > $0.a || pieces.count == 1 }.map { p in
            let level = s[p.a...p.b].reduce(0, +) / Double(p.b - p.a + 1)
            // A jump: one step between neighbouring values makes most (60 %) of the change.
            let total = raw[p.b] - raw[p.a]
            let steps = p.b > p.a ? ((p.a + 1)...p.b).map { (raw[$0] - raw[$0 - 1]) * (total < 0 ? -1 : 1) } : [0]
            let largestStep = steps.max()!
            let stepRow = p.a + 1 + (steps.firstIndex(of: largestStep) ?? 0)
            // …and the stretch is short (a step, spread by the smoothing), not a long slide with one big drop.
            let isJump = p.dir != .flat && n >= 8 && abs(total) >= threshold && largestStep >= 0.6 * abs(total)
                && p.b - p.a <= max(2, n / 50) + window
            let piece = raw[p.a...p.b]
            let mean = piece.reduce(0, +) / Double(piece.count)
            let spread = (piece.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(piece.count)).squareRoot()
            return Segment(direction: p.dir, startRow: rows[p.a], endRow: rows[p.b], startValue: s[p.a], endValue: s[p.b],
                           level: level, isJump: isJump, jumpRow: isJump ? rows[min(stepRow, p.b)] : nil, spread: spread)
        }
    }

    /// Centered median of five (three, then one, at the ends).
    static func runningMedian5(_ v: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: v.count)
        var window: [Double] = [0, 0, 0, 0, 0]
        for i in v.indices {
            let h = min(2, i, v.count - 1 - i)
            let width = 2 * h + 1
            for k in 0..<width { window[k] = v[i - h + k] }
            // Insertion sort of at most five values.
            for j in 1..<max(1, width) {
                let x = window[j]
                var k = j - 1
                while k >= 0 && window[k] > x { window[k + 1] = window[k]; k -= 1 }
                window[k + 1] = x
            }
            out[i] = window[h]
        }
        return out
    }

    /// Centered moving average; near the ends, the first (or last) `window` values' average.
    /// Kept within the values' range: the prefix sums' rounding could put an average of equal
    /// values an ulp above the highest (a smoothed peak said above the series' maximum).
    static func movingAverage(_ v: [Double], window: Int) -> [Double] {
        guard let lo = v.min(), let hi = v.max() else { return [] }
        var prefix = [0.0]
        prefix.reserveCapacity(v.count + 1)
        for x in v { prefix.append(prefix.last! + x) }
        let w = min(window, v.count), half = w / 2
        return v.indices.map { i in
            let start = min(max(i - half, 0), v.count - w)
            return min(hi, max(lo, (prefix[start + w] - prefix[start]) / Double(w)))
        }
    }

    /// The median, by quickselect (linear time; sorting dominated long series).
    static func medianOf(_ values: [Double]) -> Double {
        var a = values
        return medianReordering(&a)
    }

    /// `medianOf` on the caller's array, which it reorders (no copy); 0 for an empty one. The
    /// same arithmetic as sorting and averaging the middle pair, so the same bits.
    static func medianReordering(_ a: inout [Double]) -> Double {
        guard !a.isEmpty else { return 0 }
        let n = a.count
        func select(_ k: Int) -> Double {
            var lo = 0, hi = n - 1
            while lo < hi {
                let pivot = a[(lo + hi) / 2]
                var i = lo, j = hi
                while i <= j {
                    while a[i] < pivot { i += 1 }
                    while a[j] > pivot { j -= 1 }
                    if i <= j { a.swapAt(i, j); i += 1; j -= 1 }
                }
                if k <= j { hi = j } else if k >= i { lo = i } else { return a[k] }
            }
            return a[k]
        }
        let upper = select(n / 2)
        guard n % 2 == 0 else { return upper }
        // The lower middle is the largest value below the upper middle's position.
        var lower = -Double.infinity
        for i in 0..<(n / 2) where a[i] > lower { lower = a[i] }
        return (lower + upper) / 2
    }
}

/// Douglas–Peucker splits of a series, computed once down to the smallest threshold: where a
/// piece splits does not depend on the threshold, only whether it does, so coarser thresholds
/// just stop earlier in the same tree.
struct SplitTree {
    /// Candidate break points: every value, or on long series every k-th of the smoothed copy
    /// (at most about 4,000; the smoothing window is 20 times wider, so nothing is lost).
    let candidates: [Int]
    /// (first, last) candidate position → (split position, its vertical distance from the chord).
    var splits: [Int: (Int, Double)] = [:]

    init(_ s: [Double], threshold: Double) {
        let n = s.count
        let every = max(1, n / 4000)
        var candidates = Array(stride(from: 0, to: n, by: every))
        if candidates.last != n - 1 { candidates.append(n - 1) }
        self.candidates = candidates
        let m = candidates.count
        var stack = [(0, m - 1)]
        while let (a, b) = stack.popLast() {
            guard b - a > 1 else { continue }
            let xa = Double(candidates[a]), xb = Double(candidates[b])
            let ya = s[candidates[a]], yb = s[candidates[b]]
            var worst = -1, worstDistance = 0.0
            for k in (a + 1)..<b {
                let chord = ya + (yb - ya) * (Double(candidates[k]) - xa) / (xb - xa)
                let d = abs(s[candidates[k]] - chord)
                if d > worstDistance { worstDistance = d; worst = k }
            }
            guard worstDistance > threshold else { continue }
            splits[a * m + b] = (worst, worstDistance)
            stack.append((a, worst))
            stack.append((worst, b))
        }
    }

    /// Break points (indexes into the series, ascending, ends included) for a threshold at least
    /// the one the tree was built with.
    func breaks(above threshold: Double) -> [Int] {
        let m = candidates.count
        var out: Set<Int> = [0, m - 1]
        var stack = [(0, m - 1)]
        while let (a, b) = stack.popLast() {
            guard let (k, distance) = splits[a * m + b], distance > threshold else { continue }
            out.insert(k)
            stack.append((a, k))
            stack.append((k, b))
        }
        return out.sorted().map { candidates[$0] }
    }
}

/// A repeating pattern found after removing the trend (docs/description-method.md).
public struct Cycle: Sendable, Equatable {
    public enum Period: String, Sendable { case yearly, daily }
    public var period: Period
    /// The phase bin with the highest average: month 1…12 for yearly, hour 0…23 for daily.
    public var peakBin: Int
    public var troughBin: Int
    /// Correlation (Pearson) of the detrended values with themselves one period later.
    public var autocorrelation: Double
    /// Share of the detrended variance the phase averages explain.
    public var strength: Double
    /// The average offset of each phase bin from the trend (index = bin; nil where no data).
    public var profile: [Double?]

    /// Cycles are named only when both measures reach this.
    public static let minimumAutocorrelation = 0.4
    public static let minimumStrength = 0.4

    /// Detects a cycle of `lag` rows in `values` (present values, evenly spaced rows), with `bins[i]` the
    /// phase bin of value i. Nil unless there are two full periods and both measures pass.
    public static func detect(values: [Double], lag: Int, bins: [Int], binCount: Int, period: Period) -> Cycle? {
        guard lag >= 4, values.count >= 2 * lag else { return nil }
        // Detrend by a centered moving average one period wide; only where the whole window fits.
        let window = lag % 2 == 0 ? lag + 1 : lag
        let half = window / 2
        let trend = SeriesShape.movingAverage(values, window: window)
        let inner = half..<(values.count - half)
        let detrended = inner.map { values[$0] - trend[$0] }
        let innerBins = inner.map { bins[$0] }
        let mean = detrended.reduce(0, +) / Double(detrended.count)
        var variance = 0.0
        for d in detrended { variance += (d - mean) * (d - mean) }
        guard variance > 0, detrended.count > lag + 2 else { return nil }
        let acf = pearson(Array(detrended.dropLast(lag)), Array(detrended.dropFirst(lag)))
        var sums = [Double](repeating: 0, count: binCount), counts = [Int](repeating: 0, count: binCount)
        for (d, b) in zip(detrended, innerBins) where b >= 0 && b < binCount { sums[b] += d; counts[b] += 1 }
        let profile: [Double?] = (0..<binCount).map { counts[$0] > 0 ? sums[$0] / Double(counts[$0]) : nil }
        var explained = 0.0
        for b in 0..<binCount { if let p = profile[b] { explained += Double(counts[b]) * (p - mean) * (p - mean) } }
        let strength = explained / variance
        guard acf >= minimumAutocorrelation, strength >= minimumStrength else { return nil }
        let filled = (0..<binCount).filter { profile[$0] != nil }
        let peak = filled.max { profile[$0]! < profile[$1]! }!
        let trough = filled.min { profile[$0]! < profile[$1]! }!
        let offset = period == .yearly ? 1 : 0
        return Cycle(period: period, peakBin: peak + offset, troughBin: trough + offset, autocorrelation: acf,
                     strength: strength, profile: profile)
    }

    static func pearson(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count)
        let ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for (x, y) in zip(a, b) { sab += (x - ma) * (y - mb); saa += (x - ma) * (x - ma); sbb += (y - mb) * (y - mb) }
        return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : 0
    }
}

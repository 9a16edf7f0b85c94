import Foundation

/// The numeric routines of vega-statistics and d3-array that transforms rely on.
enum Statistics {
    /// vega-statistics `numbers`: values that are not null/"" and whose `+v` is not NaN.
    static func numbers(_ values: [DataValue]) -> [Double] {
        values.compactMap { v in
            guard !v.isMissing else { return nil }
            let x = v.number
            return x.isNaN ? nil : x
        }
    }

    /// d3 `quantileSorted` (R-7: linear interpolation between closest ranks).
    static func quantileSorted(_ s: [Double], _ p: Double) -> Double? {
        let n = s.count
        guard n > 0 else { return nil }
        if p <= 0 || n < 2 { return s[0] }
        if p >= 1 { return s[n - 1] }
        let i = Double(n - 1) * p
        let i0 = Int(i.rounded(.down))
        return s[i0] + (s[i0 + 1] - s[i0]) * (i - Double(i0))
    }

    /// vega-statistics `lcg(seed)`: the glibc linear congruential generator Vega offers for
    /// repeatable randomness.
    struct LCG {
        var seed: Double
        mutating func next() -> Double {
            seed = (1_103_515_245 * seed + 12345).truncatingRemainder(dividingBy: 2_147_483_647)
            return seed / 2_147_483_647
        }
    }

    /// vega-statistics `bootstrapCI(values, 1000, 0.05)`. Vega draws with `Math.random`, so its
    /// bounds change on every run; Pitchline draws the same 1000 resamples from a fixed-seed LCG
    /// so a chart's numbers are the same on every build (they differ from any one Vega run by
    /// the bootstrap's sampling noise).
    static func bootstrapCI(_ values: [Double], samples: Int = 1000, alpha: Double = 0.05) -> (Double, Double)? {
        let n = values.count
        guard n > 0 else { return nil }
        var rng = LCG(seed: 42)
        var mu = [Double](repeating: 0, count: samples)
        for j in 0..<samples {
            var a = 0.0
            for _ in 0..<n { a += values[Int(rng.next() * Double(n))] }
            mu[j] = a / Double(n)
        }
        mu.sort()
        return (quantileSorted(mu, alpha / 2)!, quantileSorted(mu, 1 - alpha / 2)!)
    }

    /// d3 `deviation` (sample standard deviation of the valid numbers), nil below two values.
    static func deviation(_ values: [Double]) -> Double? {
        var count = 0, mean = 0.0, sum = 0.0
        for x in values where !x.isNaN {
            count += 1
            let delta = x - mean
            mean += delta / Double(count)
            sum += delta * (x - mean)
        }
        return count > 1 ? (sum / Double(count - 1)).squareRoot() : nil
    }

    /// vega-statistics `bandwidth` (Scott's rule, normal reference): 1.06 · min(σ, IQR/1.34) · n^(−1/5).
    static func bandwidth(_ values: [Double]) -> Double {
        let n = Double(values.count)
        let valid = values.filter { !$0.isNaN }.sorted()
        let d = deviation(values) ?? .nan
        let q0 = quantileSorted(valid, 0.25) ?? .nan, q2 = quantileSorted(valid, 0.75) ?? .nan
        let h = (q2 - q0) / 1.34
        var v = Swift.min(d, h)
        if d.isNaN || h.isNaN { v = .nan }  // JavaScript's Math.min gives NaN for any NaN
        if v == 0 || v.isNaN { v = d }
        if v == 0 || v.isNaN { v = abs(q0) }
        if v == 0 || v.isNaN { v = 1 }
        return 1.06 * v * pow(n, -0.2)
    }

    static let sqrt2pi = (2 * Double.pi).squareRoot()

    static func normalPDF(_ z: Double) -> Double { exp(-0.5 * z * z) / sqrt2pi }

    /// vega-statistics `cumulativeNormal` (West's algorithm).
    static func normalCDF(_ z: Double) -> Double {
        let Z = abs(z)
        var cd: Double
        if Z > 37 {
            cd = 0
        } else {
            let e = exp(-Z * Z / 2)
            if Z < 7.07106781186547 {
                var sum = 3.52624965998911e-02 * Z + 0.700383064443688
                sum = sum * Z + 6.37396220353165
                sum = sum * Z + 33.912866078383
                sum = sum * Z + 112.079291497871
                sum = sum * Z + 221.213596169931
                sum = sum * Z + 220.206867912376
                cd = e * sum
                sum = 8.83883476483184e-02 * Z + 1.75566716318264
                sum = sum * Z + 16.064177579207
                sum = sum * Z + 86.7807322029461
                sum = sum * Z + 296.564248779674
                sum = sum * Z + 637.333633378831
                sum = sum * Z + 793.826512519948
                sum = sum * Z + 440.413735824752
                cd = cd / sum
            } else {
                var sum = Z + 0.65
                sum = Z + 4 / sum
                sum = Z + 3 / sum
                sum = Z + 2 / sum
                sum = Z + 1 / sum
                cd = e / sum / 2.506628274631
            }
        }
        return z > 0 ? 1 - cd : cd
    }

    /// vega-statistics `sampleCurve`: adaptive samples of `f` over `extent`, at least `minSteps`
    /// and at most `maxSteps` apart, refined where the curve bends.
    static func sampleCurve(_ f: (Double) -> Double, extent: (Double, Double), minSteps: Int = 25, maxSteps: Int = 200) -> [(Double, Double)] {
        let minS = minSteps, maxS = Swift.max(minSteps, maxSteps)
        func point(_ x: Double) -> (Double, Double) { (x, f(x)) }
        let minX = extent.0, maxX = extent.1, span = maxX - minX, stop = span / Double(maxS)
        var prev = [point(minX)]
        var next: [(Double, Double)] = []
        if minS == maxS {
            for i in 1..<maxS { prev.append(point(minX + Double(i) / Double(minS) * span)) }
            prev.append(point(maxX))
            return prev
        }
        next.append(point(maxX))
        var i = minS
        while true {
            i -= 1
            guard i > 0 else { break }
            next.append(point(minX + Double(i) / Double(minS) * span))
        }
        var p0 = prev[0]
        var p1 = next.last
        let sx = 1 / span
        var ymin = p0.1, ymax = p0.1
        for p in next { if p.1 < ymin { ymin = p.1 }; if p.1 > ymax { ymax = p.1 } }
        let sy = 1 / (ymax - ymin)
        let minRadians = 0.5 * Double.pi / 180
        while let q1 = p1 {
            let pm = point((p0.0 + q1.0) / 2)
            let dx = pm.0 - p0.0 >= stop
            let a0 = atan2(sy * (q1.1 - p0.1), sx * (q1.0 - p0.0))
            let a1 = atan2(sy * (pm.1 - p0.1), sx * (pm.0 - p0.0))
            if dx && abs(a0 - a1) > minRadians {
                next.append(pm)
            } else {
                p0 = q1
                prev.append(q1)
                next.removeLast()
            }
            p1 = next.last
        }
        return prev
    }

    /// [min, max] of the valid numbers (vega-util `extent`), nil when there are none.
    static func extent(_ values: [DataValue]) -> (Double, Double)? {
        var lo = Double.nan, hi = Double.nan
        for v in values where v != .null {
            let x = v.number
            guard !x.isNaN else { continue }
            if lo.isNaN || x < lo { lo = x }
            if hi.isNaN || x > hi { hi = x }
        }
        return lo.isNaN ? nil : (lo, hi)
    }
}

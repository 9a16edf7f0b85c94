import Foundation

/// Measurements on decoded PCM, for checking rendered audio (tests, self-checks, the bench).
public enum PCMAnalysis {
    /// Power of `frequency` in `samples` (Goertzel, Hann-windowed), normalised by length.
    public static func power(of frequency: Double, in samples: ArraySlice<Float>, sampleRate: Int) -> Double {
        power(of: frequency, inWindowed: hannWindowed(samples), sampleRate: sampleRate)
    }

    /// `samples` times a Hann window, made once for a sweep over many frequencies: the window's
    /// `cos` per sample was three quarters of a sweep's time (the Swift audio suites spent about
    /// 20 s of CPU in it, debug build).
    static func hannWindowed(_ samples: ArraySlice<Float>) -> [Double] {
        let n = samples.count
        guard n > 1 else { return [] }
        var windowed: [Double] = []
        windowed.reserveCapacity(n)
        var i = 0
        for x in samples {
            windowed.append(Double(x) * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(n - 1))))
            i += 1
        }
        return windowed
    }

    /// Goertzel power of `frequency` in samples already windowed, normalised by length.
    static func power(of frequency: Double, inWindowed windowed: [Double], sampleRate: Int) -> Double {
        let n = windowed.count
        guard n > 1 else { return 0 }
        let coeff = 2 * cos(2 * Double.pi * frequency / Double(sampleRate))
        var s1 = 0.0, s2 = 0.0
        // An index loop over the buffer: Array's iterator is unspecialised generic code in a debug
        // build, several times slower per sample (the tests run debug builds).
        windowed.withUnsafeBufferPointer { x in
            var i = 0
            while i < n {
                let s0 = x[i] + coeff * s1 - s2
                s2 = s1
                s1 = s0
                i += 1
            }
        }
        let p = s1 * s1 + s2 * s2 - coeff * s1 * s2
        return p / Double(n * n)
    }

    /// The strongest frequency between `low` and `high` Hz: a coarse 1 % sweep, then a sweep
    /// in steps of `resolution` (relative, e.g. 0.001 = 0.1 %) around the best coarse step.
    public static func dominantFrequency(
        in samples: ArraySlice<Float>, sampleRate: Int, low: Double, high: Double, resolution: Double = 0.002
    ) -> Double {
        let windowed = hannWindowed(samples)
        func sweep(_ from: Double, _ to: Double, _ step: Double) -> Double {
            var best = from, bestPower = -1.0
            var f = from
            while f <= to {
                let p = power(of: f, inWindowed: windowed, sampleRate: sampleRate)
                if p > bestPower { (best, bestPower) = (f, p) }
                f *= 1 + step
            }
            return best
        }
        let coarse = sweep(low, high, max(resolution, 0.01))
        guard resolution < 0.01 else { return coarse }
        return sweep(max(low, coarse / 1.015), min(high, coarse * 1.015), resolution)
    }

    /// Largest absolute sample value.
    public static func peak(_ samples: ArraySlice<Float>) -> Float {
        samples.reduce(0) { max($0, abs($1)) }
    }

    /// Root mean square level.
    public static func rms(_ samples: ArraySlice<Float>) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// Largest difference between neighbouring samples (a click shows as a big jump).
    public static func maxJump(_ samples: ArraySlice<Float>) -> Float {
        var previous = samples.first ?? 0
        var jump: Float = 0
        for x in samples {
            jump = max(jump, abs(x - previous))
            previous = x
        }
        return jump
    }
}

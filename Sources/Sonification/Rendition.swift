import ChartModel
import Foundation

/// Whole-series playback length, as in Apple's audio graphs and Audiograph.
public enum RenditionLength: Sendable, Equatable, Hashable {
    case short, standard, long
    case exact(Double)

    /// 5 s, 10 s, 20 s, or the exact value.
    public var seconds: Double {
        switch self {
        case .short: 5
        case .standard: 10
        case .long: 20
        case .exact(let s): s
        }
    }

    func validate() throws(SonificationError) {
        guard AudioOptions.Setting.playbackDuration.problem(with: seconds) == nil else { throw .invalidPlaybackDuration(seconds) }
    }
}

/// A "play the whole series" audio graph: the series swept left to right within a fixed
/// duration as one continuous, gliding tone (time ∝ row), silent across missing values.
///
/// When the series has more points than fit at `Downsampling.playbackNotesPerSecond`, it plays
/// the rows of `Downsampling.playbackRows` (LTTB plus the series' minimum and maximum, never
/// truncated), the points the page's playback plays too. Optional exponential
/// smoothing (0 = none … 1 = heaviest) follows Audiograph: s = α·s₋₁ + (1 − α)·v.
public struct Rendition: Sendable, Equatable {
    /// Rows played (ascending) and the (smoothed) value heard at each.
    public var rows: [Int]
    public var values: [Double]
    /// Total rows in the series (the time axis spans them all).
    public var rowCount: Int
    public var duration: Double
    /// Rows that are missing (silence).
    public var missingRows: Set<Int>

    /// Plans the rendition of `values` (nil = missing) in `length`; `series` names the series
    /// in errors (an empty series, a value that is not a number).
    public init(values: [Double?], series: String, length: RenditionLength, smoothing: Double = 0) throws {
        try length.validate()
        guard AudioOptions.Setting.smoothing.problem(with: smoothing) == nil else { throw SonificationError.invalidSmoothing(smoothing) }
        guard !values.isEmpty else { throw SonificationError.noValues(series: series) }
        if let row = values.firstIndex(where: { $0.map { !$0.isFinite } ?? false }) {
            throw SonificationError.notANumber(series: series, row: row)
        }
        duration = length.seconds
        rowCount = values.count
        missingRows = Set(values.indices.filter { values[$0] == nil })
        rows = Downsampling.playbackRows(values, seconds: duration) ?? values.indices.filter { values[$0] != nil }
        let ys = rows.map { values[$0]! }
        var smoothed: [Double] = []
        var s = ys.first ?? 0
        for y in ys {
            s = smoothing * s + (1 - smoothing) * y
            smoothed.append(s)
        }
        self.values = smoothed
    }

    /// Renders mono PCM: pitch glides (log-linearly) between planned points, amplitude fades
    /// (10 ms) to silence across missing rows, raised-cosine fade in and out at the ends.
    func render(scale: PitchScale, sampleRate: Int) -> [Float] {
        let n = Int(duration * Double(sampleRate))
        var out = [Float](repeating: 0, count: n)
        guard !rows.isEmpty else { return out }
        let rate = Double(sampleRate)
        let span = Double(max(rowCount - 1, 1))
        let fade = 0.01 * rate
        // Pitch glides linearly in log frequency between planned points.
        let logF = values.map { log(scale.exactFrequency(for: $0)) }
        var missing = [Bool](repeating: false, count: rowCount)
        for r in missingRows { missing[r] = true }
        var phase = 0.0, gain = 0.0
        var k = 0
        for i in 0..<n {
            let rowPosition = rowCount == 1 ? 0 : Double(i) / Double(n - 1) * span
            while k + 1 < rows.count, Double(rows[k + 1]) <= rowPosition { k += 1 }
            let lf: Double
            if k + 1 < rows.count, Double(rows[k]) <= rowPosition {
                let t = (rowPosition - Double(rows[k])) / Double(rows[k + 1] - rows[k])
                lf = logF[k] + (logF[k + 1] - logF[k]) * t
            } else {
                lf = logF[min(k, logF.count - 1)]
            }
            let target = missing[min(Int(rowPosition.rounded()), rowCount - 1)] ? 0.0 : 1.0
            gain += (target - gain) / fade
            phase += 2 * Double.pi * exp(lf) / rate
            if phase > 2 * Double.pi { phase -= 2 * Double.pi }
            let edge = min(Double(i), Double(n - 1 - i)) / (0.02 * rate)
            let ends = edge >= 1 ? 1 : 0.5 - 0.5 * cos(Double.pi * edge)
            out[i] = Float(0.4 * gain * ends * (sin(phase) + 0.12 * sin(2 * phase)) / 1.12)
        }
        return out
    }
}

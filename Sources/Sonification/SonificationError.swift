import ChartData

/// Why a chart cannot be sonified, worded for the author who wrote the spec.
public enum SonificationError: Error, Equatable, CustomStringConvertible {
    case invalidToneDuration(Double)
    case invalidFrequencyRange(min: Double, max: Double)
    case invalidPlaybackDuration(Double)
    case invalidSmoothing(Double)
    case notANumber(series: String, row: Int)
    case noPoints(chart: String)
    case noSeries(chart: String)
    case noSuchSeries(chart: String, index: Int)
    case misalignedSeries(series: String, values: Int, rows: Int)
    /// The audio library failed; the message is libvorbis's.
    case encoding(String)

    public var description: String {
        switch self {
        case .invalidToneDuration(let d):
            "tone duration must be a number of seconds between 0.02 and 5, got \(d)"
        case .invalidFrequencyRange(let lo, let hi):
            "pitch range must satisfy 20 Hz ≤ minimum < maximum ≤ 8000 Hz, got minimum \(lo) Hz and maximum \(hi) Hz"
        case .invalidPlaybackDuration(let d):
            "playback duration must be a number of seconds between 0.5 and 600, got \(d)"
        case .invalidSmoothing(let s):
            "smoothing must be between 0 (none) and 1, got \(s)"
        case .notANumber(let series, let row):
            "series \"\(series)\" has a value that is not a number (NaN or infinite) at row \(row + 1)"
        case .noPoints(let chart):
            "chart \"\(chart)\" has no data points to sonify"
        case .noSeries(let chart):
            "chart \"\(chart)\" has no series to sonify"
        case .noSuchSeries(let chart, let index):
            "chart \"\(chart)\" has no series number \(index + 1)"
        case .misalignedSeries(let series, let values, let rows):
            "series \"\(series)\" has \(values) values but the chart has \(rows) rows"
        case .encoding(let message):
            "audio encoding failed: \(message)"
        }
    }
}

extension AudioOptions {
    /// Throws the first problem with these options, if any.
    public func validate() throws(SonificationError) {
        guard toneDuration.isFinite, (0.02...5).contains(toneDuration) else {
            throw .invalidToneDuration(toneDuration)
        }
        guard minFrequency.isFinite, maxFrequency.isFinite, minFrequency >= 20, maxFrequency <= 8000,
            minFrequency < maxFrequency
        else { throw .invalidFrequencyRange(min: minFrequency, max: maxFrequency) }
        try RenditionLength.exact(playbackDuration).validate()
        guard smoothing.isFinite, (0...1).contains(smoothing) else { throw .invalidSmoothing(smoothing) }
    }
}

extension Chart {
    /// Throws if the chart has nothing to play or holds non-finite values.
    func validateForAudio() throws(SonificationError) {
        guard !series.isEmpty else { throw .noSeries(chart: id) }
        guard pointCount > 0 else { throw .noPoints(chart: id) }
        for s in series {
            guard s.values.count == pointCount else {
                throw .misalignedSeries(series: s.name, values: s.values.count, rows: pointCount)
            }
            if let row = s.values.firstIndex(where: { $0.map { !$0.isFinite } ?? false }) {
                throw .notANumber(series: s.name, row: row)
            }
        }
    }
}

import ChartModel

/// Why a chart cannot be sonified, worded for the author who wrote the spec.
public enum SonificationError: Error, Equatable, CustomStringConvertible {
    case invalidToneDuration(Double)
    case invalidFrequencyRange(min: Double, max: Double)
    case invalidPlaybackDuration(Double)
    case invalidSmoothing(Double)
    case notANumber(series: String, row: Int)
    case noPoints(chart: String)
    case noValues(series: String)
    case noSeries(chart: String)
    case noSuchSeries(chart: String, index: Int)
    case misalignedSeries(series: String, values: Int, rows: Int)
    /// The audio library failed; the message is libvorbis's.
    case encoding(String)

    /// `toneDuration 5 is out of range; use 0.02–2 s`, from the table `check` also reads.
    static func outOfRange(_ setting: AudioOptions.Setting, _ value: Double) -> String {
        "\(setting.rawValue) \(setting.problem(with: value) ?? "\(value) is refused")"
    }

    public var description: String {
        switch self {
        case .invalidToneDuration(let d): Self.outOfRange(.toneDuration, d)
        case .invalidFrequencyRange(let lo, let hi):
            AudioOptions(minFrequency: lo, maxFrequency: hi).problem.map { "\($0.setting.map { "\($0.rawValue) " } ?? "")\($0.message)" }
                ?? "pitch range \(lo)–\(hi) Hz"
        case .invalidPlaybackDuration(let d): Self.outOfRange(.playbackDuration, d)
        case .invalidSmoothing(let s): Self.outOfRange(.smoothing, s)
        case .notANumber(let series, let row):
            "series \"\(series)\" has a value that is not a number (NaN or infinite) at row \(row + 1)"
        case .noPoints(let chart):
            "chart \"\(chart)\" has no data points to sonify"
        case .noValues(let series):
            "series \"\(series)\" has no values to play"
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
    /// Throws the first problem with these options, if any (bounds: `AudioOptions.Setting`).
    public func validate() throws(SonificationError) {
        guard let (setting, _) = problem else { return }
        switch setting {
        case .toneDuration: throw .invalidToneDuration(toneDuration)
        case .playbackDuration: throw .invalidPlaybackDuration(playbackDuration)
        case .smoothing: throw .invalidSmoothing(smoothing)
        case .minFrequency, .maxFrequency, nil: throw .invalidFrequencyRange(min: minFrequency, max: maxFrequency)
        }
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

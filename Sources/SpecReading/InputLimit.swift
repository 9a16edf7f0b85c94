/// The one table of input sizes an author's files may reach: the spec reader, the data loaders
/// and the CSV reader all ask it, and `pitchline check` runs the same loading as generation, so
/// `check` refuses exactly what generation would refuse. (Audio settings have their own table,
/// `AudioOptions.Setting`.)
public enum InputLimit: String, CaseIterable, Sendable {
    case specBytes, jsonDataBytes, csvRecordBytes, csvColumns, sequenceValues, liveWindow

    /// The largest accepted amount (inclusive). A spec is read whole into a JSON tree, and JSON
    /// data too (CSV is not: it keeps byte ranges); a longer CSV record is almost always an
    /// unclosed quote; a `data.sequence` builds every value in memory before any transform.
    public var maximum: Int {
        switch self {
        case .specBytes: 16 << 20
        case .jsonDataBytes: 256 << 20
        case .csvRecordBytes: 1 << 20
        case .csvColumns: 10_000
        case .sequenceValues: 1_000_000
        case .liveWindow: 100_000  // rows a live chart keeps (`usermeta.pitchline.live.window`)
        }
    }

    /// How many values `data.sequence` makes (d3.range: ⌈(stop − start) / step⌉, at least 0), or
    /// why it is refused: a bound that is not finite, a step of 0, more than `sequenceValues`.
    /// The count is computed in `Double`, so no start, stop or step can trap.
    public static func sequenceCount(start: Double, stop: Double, step: Double) -> Result<Int, SequenceProblem> {
        guard start.isFinite, stop.isFinite, step.isFinite else { return .failure(.notFinite) }
        guard step != 0 else { return .failure(.zeroStep) }
        let count = ((stop - start) / step).rounded(.up)
        guard count.isFinite else { return .failure(.notFinite) }  // an overflow: ±∞ or ∞ − ∞
        guard count <= Double(sequenceValues.maximum) else { return .failure(.tooMany(count)) }
        return .success(count > 0 ? Int(count) : 0)  // a backward range is empty, however far back
    }

    /// Why a `data.sequence` is refused, worded for the author.
    public enum SequenceProblem: Error, Equatable, CustomStringConvertible {
        case notFinite, zeroStep, tooMany(Double)

        public var description: String {
            switch self {
            case .notFinite: "start, stop, step and (stop − start) / step must be finite numbers"
            case .zeroStep: "step must not be 0"
            case .tooMany(let n):
                "would make \(NumberFormat.fixed(n, decimals: 0, grouping: true, trim: false)) values; at most \(TextFormat.count(InputLimit.sequenceValues.maximum)) (aggregate or use a larger step)"
            }
        }
    }
}

import Foundation

/// Which pitch scale each series plays on: the one rule that Sonification (the tones) and the
/// description (what the reader is told) both read.
extension Chart {
    /// Series ranges differ at least this many times: each series then plays on its own scale.
    public static let ownPitchScaleRatio = 10.0

    /// True when the chart has several series and one of them spans a tenth of the shared value
    /// range or less: on the shared scale it would play a few pitches only (a near-flat tone), so
    /// each series gets its own scale, and the "all series" view keeps the shared one for comparing.
    public var pitchScalePerSeries: Bool {
        // A box plot's statistics are heard against each other: always one scale (Up sounds higher).
        guard series.count > 1, semantics.box == nil else { return false }
        var low = Double.infinity, high = -Double.infinity
        var ranges: [Double] = []
        for s in series {
            var lo = Double.infinity, hi = -Double.infinity
            for case let v? in s.values where v.isFinite { lo = min(lo, v); hi = max(hi, v) }
            guard lo <= hi else { continue }
            ranges.append(hi - lo)
            low = min(low, lo); high = max(high, hi)
        }
        let shared = high - low
        guard shared > 0 else { return false }
        return ranges.contains { $0 > 0 && $0 * Self.ownPitchScaleRatio <= shared }
    }

    /// The sentence the description and help give about it (`summary.pitchScales`).
    public func pitchScaleSentence(_ messages: Messages = .english) -> String? {
        pitchScalePerSeries ? messages["summary.pitchScales"] : nil
    }
}

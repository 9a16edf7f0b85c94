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
        guard series.count > 1, semantics.box == nil, mark != .rect else { return false }  // a heatmap too: every cell on one scale
        if semantics.independentValueScales { return true }  // a dual-axis chart: measures apart, scales apart
        var low = Double.infinity, high = -Double.infinity
        var ranges: [Double] = []
        for s in series {
            var lo = Double.infinity, hi = -Double.infinity
            for case let v? in s.values { if let t = pitchCurve.apply(v) { lo = min(lo, t); hi = max(hi, t) } }
            guard lo <= hi else { continue }
            ranges.append(hi - lo)
            low = min(low, lo); high = max(high, hi)
        }
        let shared = high - low
        guard shared > 0 else { return false }
        return ranges.contains { $0 > 0 && $0 * Self.ownPitchScaleRatio <= shared }
    }

    /// The curve pitch follows: the value axis' scale type (Vega-Lite `scale.type`), so a log
    /// axis sounds log. Sonification maps values through it before the musical scale.
    public var pitchCurve: ValueCurve { ValueCurve(semantics.valueScale) }
}

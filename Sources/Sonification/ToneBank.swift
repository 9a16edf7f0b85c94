import ChartData
import Foundation

/// The distinct sounds a chart needs, and which one each point plays.
struct ToneBank: Sendable {
    var specs: [ToneSpec]
    var pointTones: [[Int]]
    var endTone: Int
    var missingTone: Int
    var scale: PitchScale

    /// The chart's pitch scale: its options' frequency range over the y range of all series.
    static func scale(for chart: Chart) -> PitchScale {
        var low = Double.infinity, high = -Double.infinity
        for series in chart.series {
            for case let v? in series.values {
                low = min(low, v)
                high = max(high, v)
            }
        }
        if low > high { (low, high) = (0, 0) }
        let options = chart.options.audio
        return PitchScale(
            minFrequency: options.minFrequency, maxFrequency: options.maxFrequency, lowValue: low, highValue: high)
    }

    /// Builds the bank: per series, one tone per distinct pitch step (ascending), minimum and
    /// maximum variants, then the shared missing and end sounds. Deterministic order.
    init(chart: Chart) {
        let options = chart.options.audio
        let scale = Self.scale(for: chart)
        var specs: [ToneSpec] = []
        var index: [ToneSpec: Int] = [:]
        func intern(_ spec: ToneSpec) -> Int {
            if let i = index[spec] { return i }
            specs.append(spec)
            index[spec] = specs.count - 1
            return specs.count - 1
        }
        var perSeriesKinds: [[(ToneKind, Int)?]] = []
        for (s, series) in chart.series.enumerated() {
            let present = series.values.compactMap { $0 }
            let smin = present.min(), smax = present.max()
            let kinds: [(ToneKind, Int)?] = series.values.map { v in
                guard let v else { return nil }
                var kind = ToneKind.value
                if smin != smax { kind = v == smax ? .maximum : (v == smin ? .minimum : .value) }
                return (kind, scale.level(for: v))
            }
            perSeriesKinds.append(kinds)
            // Intern in a stable order: value tones by pitch, then the extremes.
            let valueLevels = Set(kinds.compactMap { $0?.0 == .value ? $0?.1 : nil }).sorted()
            for level in valueLevels {
                _ = intern(ToneSpec(kind: .value, timbre: s, level: level, frequency: scale.frequency(forLevel: level)))
            }
            for kind in [ToneKind.minimum, .maximum] {
                for level in Set(kinds.compactMap { $0?.0 == kind ? $0?.1 : nil }).sorted() {
                    _ = intern(ToneSpec(kind: kind, timbre: s, level: level, frequency: scale.frequency(forLevel: level)))
                }
            }
        }
        let missingTone = intern(ToneSpec(kind: .missing, timbre: 0, level: 0, frequency: 0))
        let endTone = intern(
            ToneSpec(kind: .end, timbre: 0, level: 0, frequency: options.minFrequency * 0.8))
        let pointTones = perSeriesKinds.enumerated().map { s, kinds in
            kinds.map { entry in
                guard let (kind, level) = entry else { return missingTone }
                return index[ToneSpec(kind: kind, timbre: s, level: level, frequency: scale.frequency(forLevel: level))]!
            }
        }
        self.specs = specs
        self.pointTones = pointTones
        self.scale = scale
        self.missingTone = missingTone
        self.endTone = endTone
    }
}

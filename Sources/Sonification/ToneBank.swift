import ChartModel
import Foundation

/// The distinct sounds a chart needs, and which one each point plays.
struct ToneBank: Sendable {
    var specs: [ToneSpec]
    /// Per series and row, the tone on the series' default scale (`seriesScales`).
    var pointTones: [[Int]]
    /// Per series and row, the tone on the shared scale, when that differs from `pointTones`
    /// (charts whose series play on their own scales); nil otherwise.
    var sharedPointTones: [[Int]]?
    var endTone: Int
    var missingTone: Int
    /// The landmark chime, when the chart has annotations.
    var markTone: Int?
    /// The shared scale: the options' frequency range over the y range of all series.
    var scale: PitchScale
    /// The scale each series plays on by default (its own when `Chart.pitchScalePerSeries`).
    var seriesScales: [PitchScale]

    /// The chart's shared pitch scale: its options' frequency range over the y range of all series.
    static func scale(for chart: Chart) -> PitchScale {
        range(chart, chart.series)
    }

    /// The scale series `index` plays on by default.
    static func scale(for chart: Chart, series index: Int) -> PitchScale {
        chart.pitchScalePerSeries ? range(chart, [chart.series[index]]) : scale(for: chart)
    }

    private static func range(_ chart: Chart, _ series: [Series]) -> PitchScale {
        var low = Double.infinity, high = -Double.infinity
        let curve = chart.pitchCurve
        for s in series {
            for case let v? in s.values where curve.apply(v) != nil {  // values with a place on the axis' scale
                low = min(low, v)
                high = max(high, v)
            }
        }
        if low > high { (low, high) = (0, 0) }
        // A live chart's scale is fixed, so a value keeps its pitch however the data grows.
        if let domain = chart.livePitchDomain { (low, high) = domain }
        // The pages of a bound input's values share one scale, so a value sounds the same on each.
        if let input = chart.semantics.input, let l = input.valueLow, let h = input.valueHigh, !chart.pitchScalePerSeries {
            low = min(low, l)
            high = max(high, h)
        }
        // Panels of small multiples sharing a value scale share the pitch scale too (not series
        // on their own scales).
        if let shared = chart.panel?.sharedValueRange, !chart.pitchScalePerSeries || series.count == chart.series.count {
            low = min(low, shared.low)
            high = max(high, shared.high)
        }
        let options = chart.options.audio
        return PitchScale(
            minFrequency: options.minFrequency, maxFrequency: options.maxFrequency, lowValue: low, highValue: high, curve: curve,
            descending: chart.valueAxisDescends)
    }

    /// Spec counts at the end of each view's tones, in `specs` order: the earcons and the landing
    /// series (`Chart.startSeries`) first, then each other series, then each series on the shared
    /// scale. A view's tones are its own group's or an earlier group's (shared when pitch and
    /// timbre agree), so the bank can be cut into segments the page fetches view by view.
    var groupEnds: [Int]
    /// A live chart's tone per series and step of its fixed scale (`[series][level]`); nil otherwise.
    var liveTones: [[Int]]?

    /// Builds the bank: the shared missing, end (and mark) sounds, then per series (the landing one
    /// first) one tone per distinct pitch step (ascending), minimum and maximum variants, then the
    /// same on the shared scale when it differs. Series with the same timbre (`Timbre.kind`) share
    /// equal tones. Deterministic order.
    init(chart: Chart) {
        let options = chart.options.audio
        let shared = Self.scale(for: chart)
        let scales = chart.series.indices.map { Self.scale(for: chart, series: $0) }
        var specs: [ToneSpec] = []
        var index: [ToneSpec: Int] = [:]
        var groupEnds: [Int] = []
        func intern(_ spec: ToneSpec) -> Int {
            if let i = index[spec] { return i }
            specs.append(spec)
            index[spec] = specs.count - 1
            return specs.count - 1
        }
        func timbre(_ s: Int) -> Int { Timbre.kind(chart.timbreIndex(series: s)) }
        func tones(_ s: Int, _ series: Series, _ scale: PitchScale) -> [(ToneKind, Int)?] {
            if chart.options.live != nil {  // every step of the fixed scale, for rows still to come; no extreme variants
                for level in 0...scale.steps { _ = intern(ToneSpec(kind: .value, timbre: timbre(s), level: level, frequency: scale.frequency(forLevel: level))) }
                return series.values.map { v in v.map { (ToneKind.value, scale.level(for: $0)) } }
            }
            let present = series.values.compactMap { $0 }
            let smin = present.min(), smax = present.max()
            let kinds: [(ToneKind, Int)?] = series.values.map { v in
                guard let v else { return nil }
                var kind = ToneKind.value
                if smin != smax { kind = v == smax ? .maximum : (v == smin ? .minimum : .value) }
                return (kind, scale.level(for: v))
            }
            // Intern in a stable order: value tones by pitch, then the extremes.
            for kind in [ToneKind.value, .minimum, .maximum] {
                for level in Set(kinds.compactMap { $0?.0 == kind ? $0?.1 : nil }).sorted() {
                    _ = intern(ToneSpec(kind: kind, timbre: timbre(s), level: level, frequency: scale.frequency(forLevel: level)))
                }
            }
            return kinds
        }
        let missingTone = intern(ToneSpec(kind: .missing, timbre: 0, level: 0, frequency: 0))
        let endTone = intern(
            ToneSpec(kind: .end, timbre: 0, level: 0, frequency: options.minFrequency * 0.8))
        let markTone = chart.semantics.annotations.isEmpty ? nil
            : intern(ToneSpec(kind: .mark, timbre: 0, level: 0, frequency: options.maxFrequency * 1.25))
        let landing = chart.series.indices.contains(chart.startSeries) ? chart.startSeries : 0
        let order = chart.series.isEmpty ? [] : [landing] + chart.series.indices.filter { $0 != landing }
        var own = [[(ToneKind, Int)?]](repeating: [], count: chart.series.count)
        for s in order {
            own[s] = tones(s, chart.series[s], scales[s])
            groupEnds.append(specs.count)
        }
        var onShared: [[(ToneKind, Int)?]]?
        if chart.pitchScalePerSeries {
            var kinds = [[(ToneKind, Int)?]](repeating: [], count: chart.series.count)
            for s in order {
                kinds[s] = tones(s, chart.series[s], shared)
                groupEnds.append(specs.count)
            }
            onShared = kinds
        }
        if groupEnds.isEmpty { groupEnds = [specs.count] }
        func map(_ kinds: [[(ToneKind, Int)?]], _ scaleOf: (Int) -> PitchScale) -> [[Int]] {
            kinds.enumerated().map { s, kinds in
                kinds.map { entry in
                    guard let (kind, level) = entry else { return missingTone }
                    return index[ToneSpec(kind: kind, timbre: timbre(s), level: level, frequency: scaleOf(s).frequency(forLevel: level))]!
                }
            }
        }
        self.specs = specs
        self.groupEnds = groupEnds
        self.pointTones = map(own) { scales[$0] }
        self.sharedPointTones = onShared.map { map($0) { _ in shared } }
        self.scale = shared
        self.seriesScales = scales
        self.missingTone = missingTone
        self.endTone = endTone
        self.markTone = markTone
        if chart.options.live != nil { liveTones = Self.liveTones(chart, scales, index) }
    }

    /// `[series][level]` → the bank's value tone of that step (a live chart's bank has them all).
    private static func liveTones(_ chart: Chart, _ scales: [PitchScale], _ index: [ToneSpec: Int]) -> [[Int]] {
        chart.series.indices.map { s in
            (0...scales[s].steps).map { level in
                let timbre = Timbre.kind(chart.timbreIndex(series: s))
                return index[ToneSpec(kind: .value, timbre: timbre, level: level, frequency: scales[s].frequency(forLevel: level))]!
            }
        }
    }
}

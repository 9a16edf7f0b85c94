import ChartModel

/// A live chart's tones (issue 29): the bank holds every step of the chart's fixed pitch scale
/// (`Chart.livePitchDomain`), so a row that arrives after the bank was rendered plays a tone the
/// page already has. The indexes are the bank's (`ChartAudio.tones`), whatever the rows: the
/// bank lists the earcons, then each series' steps in order, none of it depending on the data.
public struct LivePitch: Sendable, Equatable {
    /// Where a value lies against the fixed scale.
    public enum Side: Int, Sendable, Codable { case below = -1, inside = 0, above = 1 }

    /// `[series][level]` → tone index.
    let tones: [[Int]]
    let scales: [PitchScale]
    let missingTone: Int

    /// Nil for a chart that is not live (or has no fixed scale, a problem `check` names).
    public init?(chart: Chart) {
        guard chart.livePitchDomain != nil else { return nil }
        let bank = ToneBank(chart: chart)
        guard let tones = bank.liveTones else { return nil }
        self.tones = tones
        scales = bank.seriesScales
        missingTone = bank.missingTone
    }

    /// The tone of `value` in series `series`: out of scale, the boundary step's tone (never
    /// re-mapped), with the side it lies on.
    public func tone(series: Int, value: Double?) -> (tone: Int, side: Side) {
        guard let value, tones.indices.contains(series) else { return (missingTone, .inside) }
        let scale = scales[series]
        let side: Side = value < scale.lowValue ? .below : value > scale.highValue ? .above : .inside
        return (tones[series][scale.level(for: value)], side)
    }
}

/// A live chart (`usermeta.pitchline.live`): `pitchline serve` appends rows as they arrive
/// (appended to its data file or POSTed) and streams them to open pages (issue 29).
///
/// The pitch scale of a live chart is fixed (`Chart.livePitchDomain`), so a value keeps its pitch
/// however the data grows; a value outside it plays the boundary tone and is said once.
public struct LiveOptions: Sendable, Equatable, Codable {
    /// Rows the server keeps (the latest); older rows leave the chart. Bounds memory.
    public var window: Int
    /// The pitch scale's value range when given here; else the value scale's `scale.domain`.
    public var domain: [Double]?

    /// Rows kept when the spec does not say.
    public static let defaultWindow = 1_000

    public init(window: Int = LiveOptions.defaultWindow, domain: [Double]? = nil) {
        self.window = window
        self.domain = domain
    }
}

extension Chart {
    /// A live chart's fixed pitch range: `live.domain`, else the value axis' two-number
    /// `scale.domain`; nil for a chart that is not live or gives neither (a problem `check` names).
    public var livePitchDomain: (low: Double, high: Double)? {
        guard let live = options.live else { return nil }
        guard let domain = live.domain ?? semantics.valueScale.domain, domain.count == 2,
              domain[0].isFinite, domain[1].isFinite, domain[0] != domain[1] else { return nil }
        return (min(domain[0], domain[1]), max(domain[0], domain[1]))
    }
}

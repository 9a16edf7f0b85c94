import Foundation

// The Vega-Lite words a spec is read into and the chart model keeps: marks, encoding types, time
// granularities, scales, stack offsets, invalid-data modes, and the author's audio settings.

/// The Vega-Lite marks Pitchline draws.
public enum Mark: String, Sendable, Equatable, CaseIterable {
    case line, bar, point, area
    /// Composite marks and marks of their own (issue 14, box): see `Chart+BoxPlot.swift`.
    case boxplot, errorbar, errorband, tick, rule, text
    /// Pie and donut (kinds): one series over slice categories (`Chart+Kinds.swift`).
    case arc
    /// Heatmap (kinds): rows are series, columns the x categories, the colour the value.
    case rect
}

/// Vega-Lite encoding types.
public enum FieldType: String, Sendable, Equatable {
    case quantitative, temporal, ordinal, nominal
}

/// How finely temporal x values are meant; decides how dates are spoken and where ticks go.
public enum TimeGranularity: String, Sendable, Equatable, Comparable {
    case second, minute, hour, day, month, quarter, year

    private var rank: Int {
        switch self {
        case .second: 0
        case .minute: 1
        case .hour: 2
        case .day: 3
        case .month: 4
        case .quarter: 5
        case .year: 6
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// Audio settings a chart author may change; bounds and defaults in `AudioOptions.Setting`.
public struct AudioOptions: Sendable, Equatable, Hashable {
    /// Lowest and highest pitch in hertz; values map onto this range on a logarithmic scale.
    public var minFrequency: Double
    public var maxFrequency: Double
    /// Length of one point's tone in seconds (without the trailing silence).
    public var toneDuration: Double
    /// Whole-series playback length in seconds (Apple's "recommended" is about 10 s).
    public var playbackDuration: Double
    /// Exponential smoothing factor 0…1 for whole-series playback (0 = none).
    public var smoothing: Double

    public init(
        minFrequency: Double = Setting.minFrequency.defaultValue, maxFrequency: Double = Setting.maxFrequency.defaultValue,
        toneDuration: Double = Setting.toneDuration.defaultValue,
        playbackDuration: Double = Setting.playbackDuration.defaultValue, smoothing: Double = Setting.smoothing.defaultValue
    ) {
        self.minFrequency = minFrequency
        self.maxFrequency = maxFrequency
        self.toneDuration = toneDuration
        self.playbackDuration = playbackDuration
        self.smoothing = smoothing
    }
}

/// Vega-Lite's scale types (`scale.type`).
public enum ScaleType: String, Sendable, Equatable, CaseIterable {
    case linear, log, pow, sqrt, symlog, time, utc, ordinal, band, point, quantile, quantize, threshold
    case binOrdinal = "bin-ordinal"
    case identity, sequential
}

/// Vega-Lite stack offsets: `zero` (stacked from zero), `normalize` (shares of 100 %), `center`
/// (streamgraph).
public enum StackOffset: String, Sendable, Equatable { case zero, normalize, center }

/// A continuous scale as the spec declares it: its `type` (linear, log, sqrt, symlog, pow, time,
/// …); `domain` when given as two numbers; `exponent` for pow, `constant` for symlog, `base` for log.
public struct ScaleInfo: Sendable, Equatable {
    public var type: ScaleType = .linear
    public var domain: [Double]?
    public var exponent: Double?
    public var constant: Double?
    public var base: Double?
    /// `scale.zero` as the author gives it (nil: Vega-Lite's default, `ScaleInfo.includesZero`).
    public var zero: Bool?

    public init(type: ScaleType = .linear, domain: [Double]? = nil, exponent: Double? = nil, constant: Double? = nil, base: Double? = nil) {
        self.type = type
        self.domain = domain
        self.exponent = exponent
        self.constant = constant
        self.base = base
    }

    /// The scale of a channel whose spec names none (linear, domain from the data).
    public static let linear = ScaleInfo()

    /// Whether a quantitative position scale reaches zero as Vega-Lite's `scale.zero` default has
    /// it: unless the author says `"zero": false`, gives a domain, or the scale is log or time (Vega-Lite: "log, time
    /// and utc scales do not support zero"; a symlog scale does).
    public var includesZero: Bool {
        (zero ?? true) && domain == nil && [.linear, .pow, .sqrt, .symlog].contains(type)
    }
}

/// Vega-Lite's invalid-data modes (`mark.invalid` or `config.mark.invalid`, Vega-Lite 5–6): what
/// happens to a datum whose x or y is null or not a number on a continuous scale.
public enum InvalidMode: String, Sendable, Equatable {
    /// Left out of every mark; a line joins the valid points around it.
    case filter
    /// Lines break at it; other marks leave it out (the two differ only in the axis' extent).
    case breakPathsFilterDomains = "break-paths-filter-domains"
    case breakPathsShowDomains = "break-paths-show-domains"
    /// Vega-Lite's default: `break-paths-show-domains` for lines, areas and trails, `filter` for the rest.
    case breakPathsShowPathDomains = "break-paths-show-path-domains"
    /// `"show"` or `null`: drawn where the scale puts zero, or its low end when zero is not on it.
    case show

    /// True when a line (path mark) skips an invalid datum and joins its neighbours.
    public func joinsPaths(isPath: Bool) -> Bool { isPath && self == .filter }
}

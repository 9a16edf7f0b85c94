import Foundation

/// One statistic of a box plot: each is a series over the groups (the rows), in ascending order,
/// so Left/Right moves between groups and Up/Down between statistics (MAIDR's convention).
public enum BoxStatistic: String, Sendable, Equatable, CaseIterable {
    case lowerOutliers, minimum, lowerQuartile, median, upperQuartile, maximum, upperOutliers

    public var isOutliers: Bool { self == .lowerOutliers || self == .upperOutliers }
}

/// What a box plot knows beyond its statistic series, per row (group), all from the evaluated
/// data with Vega-Lite's rules (`ChartBuilder+Composite.swift`).
public struct BoxPlotInfo: Sendable, Equatable {
    /// Vega-Lite `extent`: whiskers reach the most extreme data within this many interquartile
    /// ranges of the quartiles (default 1.5); nil for `"min-max"` (whiskers at the extremes, no outliers).
    public var whiskerIQR: Double?
    /// The statistic each series stands for (`Chart.series` order).
    public var statistics: [BoxStatistic]
    /// Per row: the number of values in the group.
    public var counts: [Int]
    /// Per row: the values below the lower whisker / above the upper whisker, ascending.
    public var lowerOutliers: [[Double]]
    public var upperOutliers: [[Double]]

    public init(whiskerIQR: Double?, statistics: [BoxStatistic], counts: [Int], lowerOutliers: [[Double]], upperOutliers: [[Double]]) {
        self.whiskerIQR = whiskerIQR
        self.statistics = statistics
        self.counts = counts
        self.lowerOutliers = lowerOutliers
        self.upperOutliers = upperOutliers
    }

    /// The series index of a statistic, if the chart has it.
    public func series(_ statistic: BoxStatistic) -> Int? { statistics.firstIndex(of: statistic) }

    /// The outliers of `row` a series stands for ([] for the five statistics).
    public func outliers(series: Int, row: Int) -> [Double] {
        guard statistics.indices.contains(series) else { return [] }
        switch statistics[series] {
        case .lowerOutliers: return lowerOutliers.indices.contains(row) ? lowerOutliers[row] : []
        case .upperOutliers: return upperOutliers.indices.contains(row) ? upperOutliers[row] : []
        default: return []
        }
    }

    /// All outliers of the chart.
    public var outlierCount: Int { (lowerOutliers + upperOutliers).reduce(0) { $0 + $1.count } }
}

/// An error bar's or band's range, as Vega-Lite computes it from raw data (`extent` around
/// `center`), or as given (`x2`/`y2`, `xError`/`yError`).
public struct ErrorRangeInfo: Sendable, Equatable {
    /// "stderr", "stdev", "ci", "iqr"; "range" for x2/y2; "error" for xError/yError.
    public var extent: String
    /// "mean" or "median" for raw data; "value" for xError/yError; nil for x2/y2 (no centre).
    public var center: String?

    /// True when the series was named after its centre ("Mean of price"), so it is renamed in
    /// the chart's language once that is known.
    public var namedByCenter = false

    public init(extent: String, center: String?) {
        self.extent = extent
        self.center = center
    }
}

import ChartModel
import Foundation

/// Count, gaps, extremes (with their rows), mean and median of one series.
public struct SeriesStatistics: Sendable, Equatable {
    /// Values present (gaps excluded).
    public var count: Int
    public var missing: Int
    public var min: Double?
    public var minRow: Int?
    public var max: Double?
    public var maxRow: Int?
    public var mean: Double?
    public var median: Double?

    public init(values: [Double?]) {
        var present: [Double] = []
        present.reserveCapacity(values.count)
        var sum = 0.0
        for value in values {
            guard let v = value, v.isFinite else { continue }
            present.append(v)
            sum += v
        }
        count = present.count
        missing = values.count - present.count
        (minRow, maxRow) = Self.extremeRows(values)
        min = minRow.map { values[$0]! }
        max = maxRow.map { values[$0]! }
        mean = count > 0 ? sum / Double(count) : nil
        // By selection (linear): sorting a 1,000,000-point series was most of `describe`.
        median = count > 0 ? SeriesShape.medianReordering(&present) : nil
    }

    /// The rows of the lowest and highest finite value, the first of equals (nil without one).
    public static func extremeRows(_ values: [Double?]) -> (low: Int?, high: Int?) { Series.extremeRows(values) }
}

/// Direction, shape and size of a series' change (docs/description-method.md).
public struct Trend: Sendable, Equatable {
    public enum Direction: String, Sendable { case rising, falling, flat }

    /// Least-squares slope per row (per step along x).
    public var slopePerRow: Double
    /// Least-squares slope per x unit (per second for dates; per step for categories).
    public var slope: Double
    /// Net direction of the shape: from the first stretch's start to the last stretch's end,
    /// rising or falling when that moves by at least the shape's threshold.
    public var direction: Direction
    /// First and last present values and their rows.
    public var firstRow: Int?
    public var lastRow: Int?
    public var change: Double?
    /// Change in per cent of the first value; nil unless both ends share a sign and the first
    /// is not near zero (at least a tenth of the largest magnitude in the series).
    public var changePercent: Double?
    /// Rising, falling and flat stretches with their turning points (nil for unordered categories).
    public var shape: SeriesShape?
    /// A repeating pattern found after removing the trend, if any.
    public var cycle: Cycle?

    /// True when the series repeats every year.
    public var yearlyCycle: Bool { cycle?.period == .yearly }
    /// True when one straight line describes the series (a single rising, falling or flat stretch).
    public var isOneLine: Bool { (shape?.segments.count ?? 0) <= 1 }
}

public struct SeriesDescription: Sendable, Equatable {
    public var name: String
    public var statistics: SeriesStatistics
    public var trend: Trend
    /// "Maximum temperature: 1,461 values, none missing; lowest −1.6 °C on 6 February 2014, …"
    public var statisticsText: Sentence
    /// "Maximum temperature has a yearly cycle, highest in August and lowest in December, …"
    /// and, after it, a sentence on isolated values.
    public var trendText: [Sentence]

    public init(name: String, statistics: SeriesStatistics, trend: Trend, statisticsText: Sentence, trendText: [Sentence]) {
        (self.name, self.statistics, self.trend, self.statisticsText, self.trendText) = (name, statistics, trend, statisticsText, trendText)
    }

    public var statisticsSentence: String { statisticsText.text }
    public var trendSentence: String { trendText.text }

    /// The trend's clauses up to its first detail clause (what S says of the shape), the
    /// sentences after the first joined by a space.
    public var outline: [Clause] {
        var clauses: [Clause] = []
        for (i, sentence) in trendText.enumerated() {
            for (j, var clause) in sentence.clauses.enumerated() {
                if clause.isDetail { return clauses }
                if i > 0 && j == 0 { clause.prepend(" ") }
                clauses.append(clause)
            }
        }
        return clauses
    }
}

/// What a listener hears before any sound: a summary paragraph and per-series facts.
public struct ChartDescription: Sendable, Equatable {
    /// The summary's sentences, in order.
    public var sentences: [Sentence]
    public var series: [SeriesDescription]

    public init(sentences: [Sentence], series: [SeriesDescription]) { (self.sentences, self.series) = (sentences, series) }

    /// The summary paragraph: its sentences joined by spaces.
    public var summary: String { sentences.text }
}

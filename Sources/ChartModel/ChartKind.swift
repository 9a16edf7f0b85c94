import Foundation

/// What kind of chart this is, with what that kind alone carries: set by `ChartBuilder` (its
/// kind files), read by descriptions, speech, drawing and the data script. Those switch over it
/// without `default:`, so a new kind is a list of compiler errors (docs/architecture.md, "Adding
/// a chart kind"). `Chart.mark` still says how the marks are drawn (line, bar, point, …).
public enum ChartKind: Sendable, Equatable {
    /// Values per row and series, drawn as `Chart.mark` (line, bar, point, area, tick, rule,
    /// text), read as a layered idiom (`ChartSemantics.idiom`: lollipop, bump, …) when one applies.
    case series
    /// A box plot's groups: counts, outliers, whisker rule (`Chart+BoxPlot.swift`).
    case boxPlot(BoxPlotInfo)
    /// An error bar's or band's extent ("stderr", "ci", …) and centre.
    case errorRange(ErrorRangeInfo)
    /// A pie, donut or radial chart: one series over slice categories.
    case arc(ArcInfo)
    /// A heatmap: rows are series, columns the x categories, the colour the value.
    case heatmap(HeatmapInfo)
    /// A candlestick or OHLC chart: each row's open, high, low and close (`Chart+Candlestick.swift`).
    case candlestick(CandlestickInfo)
}

/// What an arc chart (pie, donut, radial) carries beyond the one model.
public struct ArcInfo: Sendable, Equatable {
    /// A donut's `mark.innerRadius` in Vega-Lite pixels; nil for a pie.
    public var innerRadius: Double?
    /// A radial chart (an arc with a `radius` field): each slice's radius value, per row (the
    /// evaluated data of the radius channel; the theta values themselves when it reads the same
    /// field); nil for a pie or donut.
    public var radii: [Double?]?
    /// The radius channel's scale (`sqrt` in the gallery's radial plot: area follows the value).
    public var radiusScale: ScaleInfo?
    /// True when every slice is stacked in one pie, so each has a share of the total; false when
    /// Vega-Lite does not stack theta (`"stack": false`, theta and radius both aggregated,
    /// `theta2`) or stacks it per radius value (a radius field other than theta's).
    public var thetaStacked: Bool = true
    /// Each slice's angular extent in theta units as Vega-Lite draws it, per row: stacked
    /// (within its radius group), from theta to theta2, or from zero to theta; nil: no slice.
    public var arcSpans: [ArcSpan?] = []

    /// A slice from `start` to `end` on the theta scale (the data's units, clockwise).
    public typealias ArcSpan = ValueSpan

    public init(innerRadius: Double? = nil) { self.innerRadius = innerRadius }
}

/// What a heatmap carries beyond the one model.
public struct HeatmapInfo: Sendable, Equatable {
    /// The row axis title (the y channel, whose categories are the series), e.g. "Year".
    public var rowTitle: String?
    public init(rowTitle: String? = nil) { self.rowTitle = rowTitle }
}

extension ChartSemantics {
    /// A box plot's groups; nil for the other kinds.
    public var box: BoxPlotInfo? { if case .boxPlot(let b) = kind { b } else { nil } }
    /// An error bar's or band's extent and centre; nil for the other kinds.
    public var errorRange: ErrorRangeInfo? { if case .errorRange(let e) = kind { e } else { nil } }
    /// An arc chart's slices and radii; the defaults (one stacked pie, no radii) for other kinds.
    public var arc: ArcInfo { if case .arc(let a) = kind { a } else { ArcInfo() } }
    /// A heatmap's row title; none for other kinds.
    public var heatmap: HeatmapInfo { if case .heatmap(let h) = kind { h } else { HeatmapInfo() } }
}

extension Chart {
    /// The scrubber offers the all-series view (Up/Down reaches it): several series, not a
    /// heatmap (there Up/Down moves between rows only; C says a column).
    public var hasAllSeriesView: Bool { series.count > 1 && mark != .rect }

    /// The timbre a series plays in (Sonification): its own per series; every heatmap row in
    /// the first, so a cell sounds by its value alone (one scale, one voice for all cells).
    public func timbreIndex(series s: Int) -> Int { mark == .rect ? 0 : s }

    /// What each downloadable audio graph plays: one per series; a heatmap's one graph plays
    /// every row, one after another (a hundred 10-second row graphs would cost more than the
    /// whole page; the scrubber's P plays one row).
    public var renditionValues: [[Double?]] {
        mark == .rect ? [series.flatMap(\.values)] : series.map(\.values)
    }

    /// A pie's slices by share, largest first (ties keep their order): (row, share).
    public var slicesByShare: [(row: Int, share: Double)] {
        guard mark == .arc, let s = series.first else { return [] }
        // Typed in steps: as one chained expression it took 1.3 s to type-check.
        let slices: [(row: Int, share: Double)] = s.details.enumerated().compactMap { row, d in d.share.map { (row, $0) } }
        let order: [Int] = slices.indices.sorted { a, b in
            slices[a].share == slices[b].share ? a < b : slices[a].share > slices[b].share
        }
        return order.map { slices[$0] }
    }
}

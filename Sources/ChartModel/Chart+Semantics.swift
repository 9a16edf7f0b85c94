import Foundation

/// What a Vega-Lite spec means beyond "one value per row and series": set by `ChartBuilder` from
/// the evaluated data, read by descriptions, speech, the table and the pages. A chart from a bare
/// CSV has the defaults (vertical, no bins, no stack, linear scales, no extra channels).
public struct ChartSemantics: Sendable, Equatable {
    /// The spec's own mark when it is drawn as one of `Mark` (tick, circle, square, rule,
    /// trail); nil when it is one of them already.
    public var specMark: SpecMark?
    /// `.horizontal`: the rows run down the vertical axis and the values along the horizontal one
    /// (horizontal bars). `Chart.x` is always the row axis and `Chart.y` the value axis.
    public var orientation: Orientation = .vertical
    /// Per row, the bin it stands for when the row axis is binned (a histogram); nil otherwise.
    public var bins: [BinRange]?
    /// How stacked series are stacked (Vega-Lite `stack`); nil when the series are not stacked.
    public var stack: StackOffset?
    /// Scale of the value axis (pitch follows the same scale) and of the row axis.
    public var valueScale: ScaleInfo = .linear
    public var rowScale: ScaleInfo = .linear
    /// Data-carrying channels besides x, y and color (size, opacity, shape, strokeDash, detail,
    /// text, tooltip, …): their titles, in the order `PointDetail.extras` holds their texts.
    public var extraFields: [ExtraField] = []
    /// Data rows left out because their row field (x, or y for horizontal charts) was null, not a
    /// number or not a date (Vega-Lite's `invalid: "filter"`). A row whose value alone is invalid
    /// stays, with a nil value (a missing value, no mark).
    public var invalidRows = 0
    /// Vega-Lite's `invalid: "show"` (or `null`): where invalid values are drawn; nil when they
    /// are left out of the marks (every other mode). See `Chart+Invalid.swift`.
    public var invalidDrawn: InvalidDrawing?
    /// True for marks where repeated x values are separate points (scatter): `Series.pointRows`
    /// then says which rows belong to which series.
    public var pointPerDatum = false
    /// Spec features read but not interactive in Pitchline (e.g. "params: 1 selection"), for `check`.
    public var notes: [String] = []
    /// The spec's channel that holds the values: y, x (horizontal), or size (a grid of circles
    /// sized by a number: then y splits the series); theta for an arc, color or fill for a heatmap.
    public var valueChannel: ValueChannel = .y
    /// Layered charts: rules and labels that mark a value or a row (`Chart+Layers.swift`).
    public var annotations: [ChartAnnotation] = []
    /// Layered charts: text labels that write the values the marks already say (labelled bars),
    /// each at its row and value: drawn as Vega-Lite draws them, never said, visited or tabled.
    public var valueLabels: [ChartAnnotation] = []
    /// Layered charts: per series, the layer it came from and how it is drawn; empty for one view.
    public var seriesLayers: [SeriesLayer] = []
    /// Layered charts read as a known idiom (lollipop, dumbbell), else nil.
    public var idiom: LayerIdiom?
    /// Layered charts whose layers keep their own value scale (`resolve.scale.y: "independent"`,
    /// a dual-axis chart): each series is its own measure, on its own axis and pitch scale.
    public var independentValueScales = false
    /// A dual-axis chart's second layer's value scale (its `scale.domain`, `zero`), for the
    /// right-hand axis; `valueScale` is the first layer's. Nil otherwise.
    public var secondValueScale: ScaleInfo?
    /// A line joined in the order of another field (Vega-Lite's `order` channel on a line over a
    /// continuous x: a connected scatter plot): the rows run in that order, not along x.
    public var pathOrder: PathOrder?
    /// A line or area whose author asked for points (`mark.point`): every datum gets its marker,
    /// however many (without it, only series of up to `ChartSVG.markerLimit` points show them).
    public var linePoints = false
    /// The chart's kind and what it alone carries (box plot, error range, arc, heatmap; `Chart+Kinds.swift`).
    public var kind: ChartKind = .series
    /// The spec's selections the page makes controls of (issue 28, `ChartSelection`).
    public var selections: [ChartSelection] = []
    /// The spec's variable bound to an input, with a page per value (issue 28, `ChartInput`).
    public var input: ChartInput?

    /// A plain chart (the defaults); the builder sets what the spec says.
    public init() {}
}

/// The field a connected scatter plot's points are joined in (`ChartSemantics.pathOrder`):
/// its title ("year") and each row's value as text ("1956"), said with the row.
public struct PathOrder: Sendable, Equatable {
    public var title: String
    public var labels: [String]

    public init(title: String, labels: [String]) {
        self.title = title
        self.labels = labels
    }
}

public enum Orientation: String, Sendable, Equatable { case vertical, horizontal }

/// A Vega-Lite mark name as the spec writes it (`ChartSpec.markKinds` says how each is drawn).
public enum SpecMark: String, Sendable, Equatable, CaseIterable {
    case line, trail, area, bar, rule, point, circle, square, tick, text, boxplot, errorbar, errorband, arc, rect
}

/// The encoding channel that holds a chart's values (`ChartSemantics.valueChannel`).
public enum ValueChannel: String, Sendable, Equatable, CaseIterable {
    case y, x, size, theta, color, fill
}

/// A stretch of a scale from `start` to `end`, in the data's units: a bin `[start, end)` of a
/// binned axis (`BinRange`), an arc's slice on the theta scale (`ArcInfo.ArcSpan`).
public struct ValueSpan: Sendable, Equatable, Hashable {
    public var start: Double
    public var end: Double

    public init(start: Double, end: Double) { (self.start, self.end) = (start, end) }
}

/// One bin `[start, end)` of a binned axis.
public typealias BinRange = ValueSpan

/// A data-carrying channel other than x, y and color, e.g. `size` showing population.
public struct ExtraField: Sendable, Equatable {
    /// The channel name: "size", "tooltip", "text", "detail", …
    public var channel: String
    /// Its title for speech and the table header, e.g. "Population".
    public var title: String

    package init(channel: String, title: String) {
        self.channel = channel
        self.title = title
    }
}

/// What else a point carries: a range (`x2`/`y2`, a stack segment's span), the total of its stack
/// and its share of it, and the texts of extra channels (aligned with `ChartSemantics.extraFields`,
/// already formatted with the channel's `format`).
public struct PointDetail: Sendable, Equatable {
    /// A range from `lower` to `upper` (x2/y2 ranges, stack segment bounds); nil when the point is one value.
    public var lower: Double?
    public var upper: Double?
    /// The total of the stack this segment belongs to (stacked charts).
    public var stackTotal: Double?
    /// The segment's share of its stack total, 0…1 (normalized stacks).
    public var share: Double?
    public var extras: [String?] = []
    /// A band drawn around the value (an `area` with y2 or an `errorband` layered with a line):
    /// "14.2 °C, range 11.9 to 16.5".
    public var bandLower: Double?
    public var bandUpper: Double?
    /// Dumbbells: this value minus the previous series' value at the same row ("up 6 from 1995").
    public var change: Double?
    /// The colour the author gives this point by a condition on its datum (`"#06982d"` on a
    /// candlestick's up day); nil: the series' colour. Drawing only.
    public var colour: String?
    /// The point's `size` value when size is a channel besides the value (a bubble chart), drawn
    /// as the mark's area. Drawing only (its text is in `extras`).
    public var size: Double?

    public var isEmpty: Bool {
        lower == nil && upper == nil && stackTotal == nil && share == nil && extras.allSatisfy { $0 == nil }
            && bandLower == nil && bandUpper == nil && change == nil && colour == nil && size == nil
    }
}

// Builders start from an empty detail (or one with its extra channels' texts) and set the rest.

extension PointDetail {
    /// A point with nothing more to say, or only its extra channels' texts.
    public init(extras: [String?] = []) { self.extras = extras }
}

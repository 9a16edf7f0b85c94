import Foundation

/// A chart ready to describe, sonify and draw: one shared x sequence (the rows) and one or
/// more series of values aligned to it. Built by `ChartLoader` from a Vega-Lite subset spec or
/// a bare CSV file; contains no HTML and no audio.
public struct Chart: Sendable, Equatable {
    /// URL-safe identifier, unique in a site (from the spec's file name), e.g. `seattle-temperature`.
    public var id: String
    /// The spec or CSV file this chart came from, relative to the site folder.
    public var sourcePath: String
    public var title: String
    public var subtitle: String?
    /// The author's description (Vega-Lite `description`), if any.
    public var authorDescription: String?
    public var mark: Mark
    public var x: XAxis
    public var y: YAxis
    /// One entry per row, in drawing order (ascending for quantitative and temporal x).
    public var xValues: [XValue]
    /// Series in play order (the first plays first). Every `values` array has `xValues.count` entries.
    public var series: [Series]
    public var options: ChartOptions
    /// Vega-Lite semantics beyond one value per row and series (bins, stacks, ranges, extra
    /// channels, scales, orientation); `ChartSemantics()` for a plain chart. See `ChartSemantics`.
    public var semantics: ChartSemantics
    /// Where this chart sits in a figure of small multiples (`ChartFigure`); nil on its own.
    public var panel: PanelPlacement? = nil

    public init(
        id: String, sourcePath: String, title: String, subtitle: String? = nil,
        authorDescription: String? = nil, mark: Mark, x: XAxis, y: YAxis,
        xValues: [XValue], series: [Series], options: ChartOptions = ChartOptions(),
        semantics: ChartSemantics = ChartSemantics()
    ) {
        self.semantics = semantics
        self.id = id
        self.sourcePath = sourcePath
        self.title = title
        self.subtitle = subtitle
        self.authorDescription = authorDescription
        self.mark = mark
        self.x = x
        self.y = y
        self.xValues = xValues
        self.series = series
        self.options = options
    }

    public var pointCount: Int { xValues.count }
}

/// One x value: a number, an instant (UTC), or a category label.
public enum XValue: Sendable, Hashable {
    case number(Double)
    case date(Date)
    case category(String)

    /// The value on a numeric scale: the number, seconds since 1970 for dates, nil for categories.
    public var numeric: Double? {
        switch self {
        case .number(let n): n
        case .date(let d): d.timeIntervalSince1970
        case .category: nil
        }
    }
}

public struct XAxis: Sendable, Equatable {
    /// The source field name (used in the data table header and CSV download).
    public var field: String
    /// Axis title for display and speech, e.g. "Date".
    public var title: String
    public var type: FieldType
    /// For temporal axes: the finest unit the data uses (after any `timeUnit`).
    public var granularity: TimeGranularity?
    /// Unit shown after quantitative values, e.g. "km".
    public var unit: String?
    /// Optional d3-style number format from `axis.format`, e.g. ",.1f".
    public var format: String?
    /// For dates: true when the source named the zone (`Z`, `+01:00`), so instants are UTC; false
    /// for local times (kept as read, never given a zone).
    public var zoned = false
}

public struct YAxis: Sendable, Equatable {
    public var field: String
    /// Axis title, e.g. "Temperature (°C)"; the unit is kept apart in `unit`.
    public var title: String
    /// Unit appended to spoken and shown values, e.g. "°C", "mm", "thousand MWh".
    public var unit: String?
    /// The unit as words for speech (`usermeta.pitchline.spokenUnit`); nil: from `SpokenUnits`.
    public var spokenUnit: String?
    /// Optional d3-style number format (e.g. ",.1f"); when nil the formatter picks sensible digits.
    public var format: String?
    /// The aggregate applied, if any, e.g. "sum" (so the summary can say "monthly total").
    public var aggregate: String?
    /// Decimals the values deserve: the source's own (for a mean, one more); nil when unknown.
    /// Keeps a mean of temperatures given to 0.1 °C at "8.23 °C", not "8.229 °C".
    public var decimals: Int?
    /// `.temporal` when the values are dates (seconds since 1970, UTC, like `XValue.numeric`):
    /// a Gantt chart's start dates, a "date of first frost" per year; spoken and shown as dates.
    public var type: FieldType = .quantitative
    /// For temporal values: the finest unit the values use, or their `timeUnit` (a cycle such as
    /// "monthdate" reads "3 November").
    public var granularity: TimeGranularity?
    public var timeUnit: String?
}

/// One series of values aligned to `Chart.xValues`; nil is a gap (missing value), never zero.
public struct Series: Sendable, Equatable {
    /// The series name as shown in the legend, e.g. "Maximum temperature".
    public var name: String
    public var values: [Double?]
    /// Per row, what else the reader meets at that point: ranges, stack segments, extra channels.
    /// Empty for a plain series; otherwise one entry per row (see `PointDetail`).
    public var details: [PointDetail] = []
    /// For a scatter with several series (`ChartSemantics.pointPerDatum`): the rows where this
    /// series has a point, ascending; nil means every row (a nil value there is a missing value).
    public var pointRows: [Int]?
    /// The source column (or, for long data, the colour category) the values came from, and its
    /// place among the chart's sources: the CSV download uses the author's names and order.
    public var sourceKey: String?
    public var sourceIndex: Int?
    /// Rows where the series has a datum whose value is invalid (nil in `values`) and drawn
    /// anyway, at `ChartSemantics.invalidDrawn` (Vega-Lite's `invalid: "show"`); else empty.
    public var invalidRows: Set<Int> = []
    /// True when the name is a value from the data (a colour category: "Europe", "Sunday"): it is
    /// spoken as written; a name from a title is lower-cased mid-sentence ("maximum temperature").
    public var nameFromData = false
    /// The series' own unit when the chart's layers measure different things (a dual-axis chart's
    /// "°C" and "inches"); nil: the chart's (`YAxis.unit`).
    public var unit: String?

}

// Axes and series are made with what every chart has; builders set the other fields after
// (each has its default: none, or the plain case).

extension XAxis {
    public init(field: String, title: String, type: FieldType, granularity: TimeGranularity? = nil) {
        self.field = field
        self.title = title
        self.type = type
        self.granularity = granularity
    }
}

extension YAxis {
    public init(field: String, title: String, unit: String? = nil) {
        self.field = field
        self.title = title
        self.unit = unit
    }
}

extension Series {
    public init(name: String, values: [Double?], details: [PointDetail] = []) {
        self.name = name
        self.values = values
        self.details = details
    }
}

/// Pitchline extras from `usermeta.pitchline` in the spec.
public struct ChartOptions: Sendable, Equatable {
    public var audio: AudioOptions
    /// Per-series names for speech when they differ from the legend (e.g. "maximum temperature").
    public var spokenSeriesNames: [String: String]
    /// BCP 47 tag the chart is written and spoken in: its `usermeta.pitchline.language`, else the
    /// site's (`SiteSettings.language`, set by the loader); nil: English. See `Messages`.
    public var language: String?
    /// `usermeta.pitchline.live`: nil for a chart that is not live.
    public var live: LiveOptions?

    public init(audio: AudioOptions = AudioOptions(), spokenSeriesNames: [String: String] = [:], language: String? = nil, live: LiveOptions? = nil) {
        self.audio = audio
        self.spokenSeriesNames = spokenSeriesNames
        self.language = language
        self.live = live
    }
}

extension Chart {
    /// Series `s`'s name as a heading (table columns, lists of measures): with its own unit in
    /// parentheses when it has one ("Avg. Temperature (°C)").
    public func seriesHeading(_ s: Int) -> String {
        let name = series[s].name
        guard let unit = series[s].unit, !unit.isEmpty, !name.contains(unit) else { return name }
        return "\(name) (\(unit))"
    }
}

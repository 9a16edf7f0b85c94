import Foundation

/// A rule or label that a layer adds to a chart without carrying a series: a rule at the mean, a
/// threshold given as a `datum`, a text label. Said in the description, a landmark the scrubber
/// can jump to (`,`/`.`), heard as a reference tone when the cursor crosses it.
public struct ChartAnnotation: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable { case rule, text }
    public var kind: Kind
    /// A mark across the chart at this value of the value axis (a horizontal rule on a vertical chart).
    public var value: Double?
    /// A mark at this row of the row axis (a vertical rule at a date); the nearest row.
    public var row: Int?
    /// The aggregate the rule stands for ("mean", "median", "max"); nil for a constant or a data value.
    public var aggregate: String?
    /// The text a label layer writes there ("Mean: 8.2"); nil when none.
    public var label: String?
    /// The colour group it belongs to (one rule per series), nil for the whole chart.
    public var group: String?
    /// Index of the leaf layer it came from (drawing order, first = bottom).
    public var layer: Int
    /// True for a label at a data point (a row and a value), not a mark across the chart.
    public var atPoint = false
    /// Where the spec's text mark puts the label; nil when the label is Pitchline's own (a rule's
    /// aggregate name, drawn at the rule's end).
    public var placement: LabelPlacement?

    /// A rule or label from leaf layer `layer`, across the chart at `value` of the value axis (nil:
    /// at a row, set after), writing `label`; the loader sets its aggregate, group and placement.
    package init(kind: Kind, value: Double? = nil, label: String? = nil, layer: Int) {
        self.kind = kind
        self.value = value
        self.label = label
        self.layer = layer
    }
}

extension ChartAnnotation {
    /// A rule or label across the chart at `value` of the value axis, from leaf layer `layer`.
    public init(kind: Kind, value: Double, layer: Int) { self.init(kind: kind, value: value, label: nil, layer: layer) }
}

/// A text mark's placement as Vega-Lite reads it: `align` and `baseline` around its anchor (the
/// encoded position, or the middle of the plot along an axis without a channel), moved by
/// `dx`/`dy` pixels. Drawn in screen coordinates, so a horizontal chart's labels stay upright.
public struct LabelPlacement: Sendable, Equatable {
    /// "left", "center" (Vega-Lite's default for text) or "right".
    public var align = "center"
    /// "top", "middle" (the default), "bottom", "alphabetic", "line-top" or "line-bottom".
    public var baseline = "middle"
    public var dx = 0.0
    public var dy = 0.0

    /// A text mark's defaults; the loader sets what the mark definition says.
    package init() {}
}

/// Where one series of a layered chart came from and how it is drawn.
public struct SeriesLayer: Sendable, Equatable {
    /// Index of the leaf layer (drawing order).
    public var layer: Int
    /// How the series is drawn (its layer's mark).
    public var mark: Mark
    /// A fitted `regression`/`loess` line over the data, interpolated onto the chart's rows.
    public var trend: Bool

    public init(layer: Int, mark: Mark, trend: Bool = false) {
        self.layer = layer
        self.mark = mark
        self.trend = trend
    }
}

/// Layered charts that read as one known kind.
public enum LayerIdiom: String, Sendable, Equatable {
    /// A rule from zero to each value with a point on top.
    case lollipop
    /// Two or more points per row joined by a line or rule, told apart by colour (ranged dot plot).
    case dumbbell
    /// Floating bars, each starting where the one before ended (a running total).
    case waterfall
    /// Horizontal bars from a start to an end, one per category (a schedule).
    case gantt
    /// Stacked bars on both sides of zero (a population pyramid).
    case diverging
    /// Lines (or points) over ranks on an ordinal y, one per series: rank 1 at the top, heard
    /// highest, said "rank 1 of 5".
    case bump
}

extension Chart {
    /// How series `s` is drawn: its layer's mark in a layered chart, else the chart's mark.
    public func drawnMark(series s: Int) -> Mark {
        semantics.seriesLayers.indices.contains(s) ? semantics.seriesLayers[s].mark : mark
    }

    /// True when the value axis runs downwards (a bump chart's rank 1 at the top): the drawing
    /// puts low values high and pitch follows it (`PitchScale.descending`).
    public var valueAxisDescends: Bool { semantics.idiom == .bump }

    /// A bump chart's number of ranks (its largest rank).
    public var rankCount: Int? {
        guard semantics.idiom == .bump else { return nil }
        return series.compactMap { $0.values.compactMap { $0 }.max() }.max().map { Int($0) }
    }

    /// Annotations in the order the scrubber visits them: value rules by value, row marks by row.
    public var landmarks: [ChartAnnotation] {
        semantics.annotations.sorted { a, b in
            switch (a.row, b.row) {
            case (let x?, let y?): return x != y ? x < y : a.layer < b.layer
            case (nil, .some): return true
            case (.some, nil): return false
            case (nil, nil): return a.value != b.value ? (a.value ?? 0) < (b.value ?? 0) : a.layer < b.layer
            }
        }
    }
}

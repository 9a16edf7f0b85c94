import Foundation

/// Small multiples: a Vega-Lite `facet` (operator or `row`/`column`/`facet` channels), `repeat`,
/// `concat`/`hconcat`/`vconcat` read as a figure of panels. Each panel is a complete `Chart`
/// (described, drawn, sonified and scrubbed as one chart); the figure says what the panels share
/// and how they compare (`ChartFigure+Describe.swift`). Built by `ChartLoader` (`FigureSpec`).
public struct ChartFigure: Sendable, Equatable {
    /// How the panels were made.
    public enum Composition: String, Sendable, Equatable {
        /// One panel per value of a field (`facet`, `row`, `column`).
        case facet
        /// One panel per field named in `repeat`.
        case `repeat`
        /// Panels written one by one (`concat`, `hconcat`, `vconcat`).
        case concat
    }

    /// URL-safe id from the spec's file name, as for a chart (`ChartID`).
    public var id: String
    public var sourcePath: String
    public var title: String
    public var subtitle: String?
    public var authorDescription: String?
    public var composition: Composition
    /// Panels in reading order (row by row). Every panel's `panel` says where it sits.
    public var panels: [Chart]
    /// Panels per row as drawn (a `column` facet or `hconcat`: all in one row; `row` or
    /// `vconcat`: one per row; `columns` when the spec wraps).
    public var columns: Int
    /// What tells the panels apart, for sentences: the facet field's title ("year"), "field" for
    /// repeat, nil for concat.
    public var panelField: String?
    /// Scales every panel shares (Vega-Lite's `resolve`: shared by default for facet and repeat
    /// over the same field, independent for concat).
    public var sharedScales: SharedScales
    /// Facet cells with no values to draw (Vega-Lite draws them empty), by header; not panels.
    public var emptyPanels: [String] = []

    public init(
        id: String, sourcePath: String, title: String, subtitle: String? = nil, authorDescription: String? = nil,
        composition: Composition, panels: [Chart], columns: Int, panelField: String? = nil, sharedScales: SharedScales
    ) {
        self.id = id
        self.sourcePath = sourcePath
        self.title = title
        self.subtitle = subtitle
        self.authorDescription = authorDescription
        self.composition = composition
        self.panels = panels
        self.columns = columns
        self.panelField = panelField
        self.sharedScales = sharedScales
    }

    /// Rows of panels as drawn.
    public var rows: Int { columns > 0 ? (panels.count + columns - 1) / columns : panels.count }
}

/// Which scales the panels of a figure share (`resolve.scale` in Vega-Lite).
public struct SharedScales: Sendable, Equatable, Hashable {
    /// The value axis (and so the pitch scale): the same value sounds the same in every panel.
    public var value: Bool
    /// The row axis.
    public var rows: Bool

    package init(value: Bool, rows: Bool) { (self.value, self.rows) = (value, rows) }
}

/// Where a chart sits in a figure (`Chart.panel`; nil for a chart of its own). Made by the
/// figure loader only (the initializers of these three types are `package`).
public struct PanelPlacement: Sendable, Equatable, Hashable {
    public var figureID: String
    /// 0-based place in reading order.
    public var index: Int
    public var count: Int
    /// The panel's header as shown: the facet value ("2013"), the repeated field's title, or the
    /// concatenated view's title.
    public var header: String
    /// The value range all panels share (lowest, highest over every panel), when the value scale
    /// is shared: every panel's axis and pitch scale span it. Nil: the panel's own range.
    public var sharedValueLow: Double?
    public var sharedValueHigh: Double?
    /// The row range all panels share when the row scale is shared and continuous (numbers or
    /// dates, as `XValue.numeric`): every panel's row axis spans it, as Vega-Lite's. Drawing only.
    public var sharedRowLow: Double? = nil
    public var sharedRowHigh: Double? = nil
    /// A facet panel's header by part, each value with the title of its facet field ("Year",
    /// "2013"; an empty title: the value says itself what it is, as a time unit's does), for
    /// headings and names (`heading`). Empty: the header is the heading.
    public var headingParts: [HeadingPart] = []

    public struct HeadingPart: Sendable, Equatable, Hashable {
        public var field: String
        public var value: String

        package init(field: String, value: String) { (self.field, self.value) = (field, value) }
    }

    /// Panel `index` of `count` in figure `figureID`, under `header`; the loader sets the shared
    /// ranges and heading parts.
    package init(figureID: String, index: Int, count: Int, header: String) {
        self.figureID = figureID
        self.index = index
        self.count = count
        self.header = header
    }

    /// The shared value range, when there is one.
    public var sharedValueRange: (low: Double, high: Double)? {
        guard let l = sharedValueLow, let h = sharedValueHigh else { return nil }
        return (l, h)
    }
}

extension Chart {
    /// Every finite number drawn along the value axis: the values, their ranges and stack
    /// bounds, bands, rules across the chart and a box plot's outliers (what `ChartGeometry`
    /// spans), so a value scale the panels share holds every panel's marks.
    package var valuesDrawn: [Double] {
        var out: [Double] = []
        for s in series {
            out += s.values.compactMap { $0 }
            for d in s.details { out += [d.lower, d.upper, d.bandLower, d.bandUpper].compactMap { $0 } }
        }
        out += semantics.annotations.filter { $0.row == nil }.compactMap(\.value)
        if let box = semantics.box { out += (box.lowerOutliers + box.upperOutliers).joined() }
        return out.filter(\.isFinite)
    }
}

import ChartData
import ChartModel
import Foundation

/// Everything derived once from a chart for its page, its report embeds and its data script:
/// the description, speech texts, geometry, the SVG and the points the scrubber visits.
public struct ChartPresentation: Sendable {
    /// Scrubber data is reduced (LTTB) above this many points; the page says so.
    public static let scrubberPointLimit = 20_000
    /// The data table shows at most this many rows (the CSV download has all of them).
    public static let tableRowLimit = 2_000
    /// Tables with more rows than this are collapsed behind `<details>`.
    public static let tableCollapseThreshold = 50

    public let chart: Chart
    public let description: ChartDescription
    public let geometry: ChartGeometry
    /// The `<svg>` element and, for several series, the legend list under it; escaped.
    public let svg: String
    /// Source rows the scrubber visits, ascending (every row unless the chart is huge).
    public let scrubRows: [Int]
    /// The figure the chart is a panel of (nil: a chart of its own): D again goes on to how the
    /// panels compare, and the chart JSON carries the figure's sentences.
    public let figure: FigureContext?

    public init(chart: Chart, figure: FigureContext? = nil) {
        self.chart = chart
        self.figure = figure
        description = chart.describe()
        geometry = ChartGeometry(chart: chart)
        let drawing = ChartSVG(geometry: geometry, idPrefix: chart.id)
        svg = drawing.render() + drawing.legendHTML()
        scrubRows = Self.scrubRows(chart: chart)
    }

    /// Every row, or for huge charts `Downsampling.keyRows` (an LTTB selection of the first
    /// series that also keeps each series' minimum and maximum, so "go to maximum" lands on the real one).
    static func scrubRows(chart: Chart) -> [Int] {
        chart.series.isEmpty ? Array(0..<chart.pointCount) : Downsampling.keyRows(chart.series.map(\.values), limit: scrubberPointLimit)
    }

    public var isScrubberReduced: Bool { scrubRows.count != chart.pointCount }
}

/// What a panel's data script and chart JSON say of its figure (issue 30): the figure's
/// description, and each panel's chart id and scrubber rows, for J's stops on another panel.
public struct FigureContext: Sendable {
    public let id: String
    public let title: String
    public let description: FigureDescription
    /// Each panel's chart id, in reading order.
    public let panelIDs: [String]
    /// Each panel's scrubber rows (`ChartPresentation.scrubRows`).
    let panelScrubRows: [[Int]]

    public init(_ figure: ChartFigure) {
        (id, title, description) = (figure.id, figure.title, figure.describe())
        panelIDs = figure.panels.map(\.id)
        panelScrubRows = figure.panels.map(ChartPresentation.scrubRows(chart:))
    }
}

extension ChartPresentation {
    /// "Line chart", "Liniendiagramm": the chart's kind in its language.
    public var kindName: String { Messages(tag: chart.options.language ?? "en")[chart.kindKey] }

    /// The summary's first sentence, for lists such as the index page.
    public var oneLineSummary: String { description.sentences.first?.text ?? "" }
}

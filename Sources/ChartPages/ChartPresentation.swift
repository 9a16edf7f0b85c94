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

    public init(chart: Chart) {
        self.chart = chart
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

extension ChartPresentation {
    /// "Line chart", "Liniendiagramm": the chart's kind in its language.
    public var kindName: String { Messages(tag: chart.options.language ?? "en")[chart.kindKey] }

    /// The summary's first sentence, for lists such as the index page.
    public var oneLineSummary: String {
        let months = Messages(tag: chart.options.language ?? "en").locale.monthNames
        return Self.splitSentences(description.summary, words: 1, monthNames: months).first
    }
}

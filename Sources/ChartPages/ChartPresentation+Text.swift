import ChartData

/// The texts a chart page shows, as the page's template receives them (`ChartView`), for the
/// chart's other representations (`charts/<id>.txt`, `charts/<id>.json`): one source, so the
/// text download says exactly what the page says.
public struct ChartPageText: Sendable, Equatable {
    public struct Axis: Sendable, Equatable { public var name, text: String }
    public struct Statistic: Sendable, Equatable, Encodable { public var term, value: String }
    public struct SeriesText: Sendable, Equatable {
        public var heading: String
        public var statistics: [Statistic]
        public var trendSentence: String
    }
    public struct Table: Sendable, Equatable {
        public var caption, xHeader: String
        public var columns: [String]
        /// Each shown row: its row-axis text, then one cell per column.
        public var rows: [(x: String, cells: [String])]
        /// Set when the table shows fewer rows than the chart has ("The table shows the first …").
        public var note: String?

        public static func == (a: Table, b: Table) -> Bool {
            a.caption == b.caption && a.xHeader == b.xHeader && a.columns == b.columns && a.note == b.note
                && a.rows.map(\.x) == b.rows.map(\.x) && a.rows.map(\.cells) == b.rows.map(\.cells)
        }
    }

    public var language: String
    public var title: String
    public var subtitle: String?
    /// The summary paragraph and its sentences (D says whole ones).
    public var summary: String
    public var summarySentences: [String]
    public var authorDescription: String?
    public var kindSentence: String
    public var axes: [Axis]
    public var series: [SeriesText]
    public var table: Table
    /// Headings in the chart's language: "Chart details", "Axes", "Data table".
    public var detailsHeading, axesHeading, tableHeading: String
}

extension ChartPresentation {
    /// The page's texts for this chart (the same `view` the chart page renders).
    public var pageText: ChartPageText {
        let view = view(level: 2, chartsBase: "", dataScript: "", audio: nil)
        let language = chart.options.language ?? "en"
        let m = Messages(tag: language)
        return ChartPageText(
            language: language, title: view.title, subtitle: view.subtitle,
            summary: view.summary, summarySentences: summarySentences,
            authorDescription: view.authorDescription, kindSentence: view.kindSentence,
            axes: view.axes.map { .init(name: $0.name, text: $0.text) },
            series: view.series.map { s in
                .init(heading: s.heading, statistics: s.stats.map { .init(term: $0.term, value: $0.value) }, trendSentence: s.trendSentence)
            },
            table: .init(
                caption: view.table.caption, xHeader: view.table.xHeader, columns: view.table.columns,
                rows: view.table.rows.map { ($0.x, $0.cells) }, note: view.table.note),
            detailsHeading: m[.chartDetails], axesHeading: m[.chartAxes], tableHeading: m[.chartDataTable])
    }

    /// The summary's sentences (the description's values, as shown).
    public var summarySentences: [String] { description.sentences.map(\.text) }
}

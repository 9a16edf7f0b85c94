import ChartData
import Foundation
import SpecReading

/// The content of a site folder once read: charts, the problems that kept other charts from
/// loading, and the reports' Markdown.
public struct SiteContent: Sendable {
    public var charts: [Chart]
    /// Small multiples (facet, repeat, concat specs): one page each, every panel a chart on it.
    public var figures: [ChartFigure] = []
    public var problems: [ChartProblem]
    public var reports: [ReportSource]
    /// Informational lines for the author (e.g. files in `charts/` that are not charts).
    public var notes: [String] = []
    /// `site/pitchline.json`: title, language, base URL, audio defaults, theme.
    public var settings = SiteSettings()

    public init(charts: [Chart], problems: [ChartProblem] = [], reports: [ReportSource] = []) {
        self.charts = charts
        self.problems = problems
        self.reports = reports
    }
}

extension SiteContent {
    /// Problems of the reports that need no rendering to find (chart blocks naming no loaded
    /// chart): what generation reports for them too, for `pitchline check`.
    public var reportProblems: [SiteProblem] {
        let charts = Dictionary(self.charts.map { ($0.id, $0.sourcePath) } + figures.map { ($0.id, $0.sourcePath) }, uniquingKeysWith: { a, _ in a })
        return reports.sorted { $0.slug < $1.slug }.flatMap {
            ReportPage.resolve(ReportPage.extractChartBlocks($0.markdown).1, report: $0, charts: charts).1
        }
    }
}

/// One `site/reports/<slug>.md` file.
public struct ReportSource: Sendable, Equatable {
    public var slug: String
    public var markdown: String
    /// The file as problems name it, relative to the folder holding the site folder
    /// (`site/reports/notes.md`, `docs/reports/notes.md`); `reports/<slug>.md` when the report
    /// was not read from a folder.
    public var file: String

    public init(slug: String, markdown: String, file: String? = nil) {
        self.slug = slug
        self.markdown = markdown
        self.file = file ?? "reports/\(slug).md"
    }
}

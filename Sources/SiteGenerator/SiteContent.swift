import ChartData
import Foundation

/// The content of a site folder once read: charts, the problems that kept other charts from
/// loading, and the reports' Markdown.
public struct SiteContent: Sendable {
    public var charts: [Chart]
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

/// One `site/reports/<slug>.md` file.
public struct ReportSource: Sendable, Equatable {
    public var slug: String
    public var markdown: String
    public init(slug: String, markdown: String) {
        self.slug = slug
        self.markdown = markdown
    }
}

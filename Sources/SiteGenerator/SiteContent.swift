import ChartData
import ChartModel
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
    /// Charts and figures taken from the render cache without loading them (not in `charts`
    /// or `figures`), sorted by id.
    var reused: [RenderCache.Reused] = []

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
        let charts = sourcePaths
        return reports.sorted { $0.slug < $1.slug }.flatMap {
            ReportPage.resolve(ReportPage.extractChartBlocks($0.markdown).1, report: $0, charts: charts).1
        }
    }

    /// Id → spec or CSV path of every chart and figure, reused ones too.
    var sourcePaths: [String: String] {
        Dictionary(charts.map { ($0.id, $0.sourcePath) } + figures.map { ($0.id, $0.sourcePath) } + reused.map { ($0.id, $0.sourcePath) },
                   uniquingKeysWith: { a, _ in a })
    }

    /// The charts and figures some report embeds (their report markup goes into their cache entry).
    var embeddedIDs: Set<String> {
        let charts = sourcePaths
        var ids = Set<String>()
        for report in reports {
            for case .chart(let id) in ReportPage.resolve(ReportPage.extractChartBlocks(report.markdown).1, report: report, charts: charts).0 {
                ids.insert(id)
            }
        }
        return ids
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

import ChartData
import ChartModel
import Foundation

/// One entry of the index page.
public struct IndexEntry: Sendable {
    public var href, title: String
    /// `kind`: "Line chart", … for charts, nil for reports; `summary`: a chart's one-line summary
    /// or the report's description; `ownLang`: the entry's BCP 47 tag when it is not in the
    /// page's language (a chart's own language).
    public var kind, summary, ownLang: String?
    public init(href: String, title: String, kind: String? = nil, summary: String? = nil, ownLang: String? = nil) {
        (self.href, self.title) = (href, title)
        (self.kind, self.summary, self.ownLang) = (kind, summary, ownLang)
    }
}

/// A chart that failed to load, for the index and its error page.
public struct BrokenChart: Sendable {
    /// The chart's page, e.g. `charts/broken.html`.
    public var href: String
    /// The spec or CSV file, relative to the site folder.
    public var sourcePath: String
    /// Located problems, e.g. `site/data/x.csv:17:3: expected a number …`.
    public var problems: [String]
    public init(href: String, sourcePath: String, problems: [String]) {
        self.href = href
        self.sourcePath = sourcePath
        self.problems = problems
    }
}

/// A chart embedded in a report: rendered markup plus the data script it needs.
public struct EmbeddedChart: Sendable {
    public var html: String
    /// Data script path relative to the report page, e.g. `../charts/seattle.1a2b.js`.
    public var scriptPath: String

    public init(html: String, scriptPath: String) { (self.html, self.scriptPath) = (html, scriptPath) }
}

extension PageRenderer {
    struct ChartPageContext {
        var metaDescription: String
        var chart: ChartView
        /// Alternates and JSON-LD in `<head>` (`{{$head}}` of the layout).
        var head: ChartPageHead
        /// A bound input's control and its pages (issue 28); nil without one.
        var input: InputView? = nil
    }

    /// `charts/<id>.html`: the complete chart page.
    public func chartPage(_ p: ChartPresentation, dataScript: String, audio: ChartAudioInfo?, assets: PageAssets) throws -> String {
        // A chart page is all in the chart's language (its `usermeta.pitchline.language` or the site's).
        let view = p.view(level: 2, chartsBase: "", dataScript: dataScript, audio: audio)
        let context = ChartPageContext(metaDescription: view.summary, chart: view, head: ChartPageHead(p, audio: audio), input: p.inputView())
        return try render("chart", context,
                          language: p.chart.options.language, path: "charts/\(p.chart.id).html", frame: PageFrame(root: "../", assets: assets))
    }

    /// A chart inside a report page in `reports/` (headings one level down, links into `../charts/`).
    public func embeddedChart(_ p: ChartPresentation, dataScript: String, audio: ChartAudioInfo?) throws -> EmbeddedChart {
        var view = p.view(level: 3, chartsBase: "../charts/", dataScript: dataScript, audio: audio)
        view.ownLang = differentLanguage(p.chart)
        return EmbeddedChart(html: try render("partials/report-chart", view), scriptPath: "../charts/\(dataScript)")
    }

    struct IndexContext {
        struct Report { var href, title: String; var description: String? }
        struct Problem { var href, path, message: String }
        var siteTitle, metaDescription: String
        var hasReports: Bool
        var reports: [Report]
        /// Each chart's entry, its `kind` given ("Chart" when the generator gave none).
        var charts: [IndexEntry]
        var hasProblems: Bool
        var problems: [Problem]
    }

    /// `index.html`: reports and charts as lists of links.
    public func indexPage(siteTitle: String, reports: [IndexEntry], charts: [IndexEntry], broken: [BrokenChart], assets: PageAssets) throws -> String {
        let context = IndexContext(
            siteTitle: siteTitle,
            metaDescription: Messages(tag: language)[.indexMetaDescription],
            hasReports: !reports.isEmpty,
            reports: reports.map { .init(href: $0.href, title: $0.title, description: $0.summary) },
            charts: charts.map { var entry = $0; entry.kind = entry.kind ?? Messages(tag: language)[.kindChart]; return entry },
            hasProblems: !broken.isEmpty,
            problems: broken.map { .init(href: $0.href, path: $0.sourcePath, message: $0.problems.first ?? "") })
        return try render("index", context, path: "index.html", frame: PageFrame(root: "", assets: assets))
    }

    /// A page with nothing of its own beyond the frame.
    struct FrameOnlyContext {}

    /// `404.html`. A server answers unknown paths at any depth with it, so the generator passes
    /// `root: "/"` (links from the host's root; the one page that assumes the site is served there).
    public func notFoundPage(assets: PageAssets, root: String = "") throws -> String {
        try render("404", FrameOnlyContext(), frame: PageFrame(root: root, assets: assets))
    }

    struct ErrorContext {
        var sourcePath: String
        var problems: [String]
    }

    /// The page at a broken chart's usual path, showing the located problems.
    public func chartErrorPage(_ broken: BrokenChart, assets: PageAssets) throws -> String {
        try render("chart-error", ErrorContext(sourcePath: broken.sourcePath, problems: broken.problems), frame: PageFrame(root: "../", assets: assets))
    }

    struct ReportContext {
        struct Script { var chartsBase = ""; var dataScript: String }
        var title: String
        var metaDescription: String?
        var date: String?
        var body: TrustedMarkup
        var charts: [Script]
    }

    /// `reports/<slug>.html`: the report's HTML body (from Markdown, charts already embedded).
    /// `path`: the report's place in the site (`reports/x.html`), for its canonical URL.
    public func reportPage(
        title: String, description: String?, date: String?, bodyHTML: String, charts: [EmbeddedChart], assets: PageAssets, path: String? = nil
    ) throws -> String {
        try render("report", ReportContext(
            title: title, metaDescription: description, date: date,
            body: TrustedMarkup(escapedHTML: bodyHTML), charts: charts.map { .init(dataScript: $0.scriptPath) }), path: path,
            frame: PageFrame(root: "../", assets: assets))
    }
}

extension PageRenderer {
    struct PlacedChartContext {
        var headingLevel: Int
        var chart: ChartView
    }

    /// A chart placed in a page that is not a site page (the single-file export): its title as a
    /// heading at `headingLevel` (details one level down), every download link given by `link`
    /// (file name relative to `charts/` → href, e.g. a `data:` URL). Template
    /// `partials/single-file-chart`.
    public func placedChart(
        _ p: ChartPresentation, headingLevel: Int, audio: ChartAudioInfo?, link: (String) -> String
    ) throws -> String {
        var view = p.view(level: headingLevel + 1, chartsBase: "", dataScript: "", audio: audio)
        view.ownLang = differentLanguage(p.chart)
        view.csvPath = link(view.csvPath)
        view.braillePath = link(view.braillePath)
        view.brfPath = link(view.brfPath)
        view.graphs = view.graphs.map { ChartView.Graph(path: link($0.path), name: $0.name) }
        view.bankPath = view.bankPath.map(link)
        return try render("partials/single-file-chart", PlacedChartContext(headingLevel: headingLevel, chart: view))
    }
}

extension PageRenderer {
    /// The chart's language tag when a page in the site's language shows it (nil when the same).
    public func differentLanguage(_ chart: Chart) -> String? {
        guard let own = chart.options.language, own.lowercased() != language.lowercased() else { return nil }
        return own
    }
}

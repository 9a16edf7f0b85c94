import ChartData
import ChartModel
import ChartPages
import Foundation
import SpecReading

/// Turns a site folder into the set of files the server serves and the exporter writes
/// (docs/architecture.md, "Generated site layout"). Knows nothing of HTTP or of the output disk.
public struct SiteGenerator: Sendable {
    public let siteDirectory: URL
    /// A theme folder (`Templates/`, `Public/`) overriding the built-in theme file by file; nil:
    /// the built-in theme alone.
    public let themeDirectory: URL?
    /// Where rendered audio is cached by content hash (nil: no cache).
    public let cacheDirectory: URL?
    /// Rendered charts kept between runs (nil: render every chart); see `RenderCache`.
    public var renderCache: RenderCache?
    /// For a public site (export): no error pages, reports with a problem left out, and the index
    /// lists only what was generated. Off (serve), broken charts get a local error page listing
    /// their problems, and the index links to them.
    public var forPublishing = false
    /// Also render the whole site as one self-contained HTML file (role `singleFile`, path
    /// `single-file.html`, not exported with the site folder; `export --single-file`).
    public var singleFile = false

    public init(siteDirectory: URL, themeDirectory: URL?, cacheDirectory: URL?) {
        self.siteDirectory = siteDirectory
        self.themeDirectory = themeDirectory
        self.cacheDirectory = cacheDirectory
    }

    static let stepNames = ["Loading theme", "Loading charts and reports", "Rendering charts", "Rendering reports", "Rendering index"]

    /// Reads the site folder and renders every file. Broken charts become `problems` (and local
    /// error pages unless `forPublishing`); only a broken theme (e.g. a missing template) or
    /// settings file throws.
    public func generate(progress: @Sendable (GenerationStep) -> Void = { _ in }) async throws -> FileSet {
        progress(GenerationStep(index: 1, count: 5, name: Self.stepNames[0]))
        let settings = try loadSettings()
        let theme = try await Theme(directory: theme(for: settings), language: settings.language, baseURL: settings.baseURL)
        progress(GenerationStep(index: 2, count: 5, name: Self.stepNames[1]))
        // Hashed before loading, so a key never names bytes newer than the chart rendered.
        let inputs = renderCache.map { _ in ChartInputs(siteDirectory: siteDirectory, excluding: cacheDirectory.map { [$0] } ?? []) }
        let session = renderCache?.session(templatesFingerprint: theme.templatesFingerprint, assets: theme.assets.paths, inputs: inputs)
        // Charts with a cache entry are not loaded (issue 31), unless the single file needs
        // every chart's model.
        let content = try loadContent(settings: settings, reusing: singleFile ? nil : session)
        return try await render(content, theme: theme, progress: progress, firstStep: 3, session: session)
    }

    /// The theme folder: `themeDirectory` (`--theme`), else the settings' `theme` (relative to
    /// the site folder), else nil (the built-in theme alone).
    public func theme(for settings: SiteSettings) -> URL? {
        themeDirectory ?? settings.theme.map {
            ($0.hasPrefix("/") ? URL(fileURLWithPath: $0) : siteDirectory.appendingPathComponent($0)).standardizedFileURL
        }
    }

    /// Renders already loaded content (tests build `Chart` values by hand).
    public func generate(content: SiteContent, progress: @Sendable (GenerationStep) -> Void = { _ in }) async throws -> FileSet {
        progress(GenerationStep(index: 1, count: 4, name: Self.stepNames[0]))
        let theme = try await Theme(directory: theme(for: content.settings), language: content.settings.language, baseURL: content.settings.baseURL)
        let session = renderCache?.session(templatesFingerprint: theme.templatesFingerprint, assets: theme.assets.paths, inputs: nil)
        return try await render(
            content, theme: theme, progress: { progress(GenerationStep(index: $0.index - 1, count: 4, name: $0.name)) }, firstStep: 3, session: session)
    }

    func render(
        _ content: SiteContent, theme: Theme, progress: @Sendable (GenerationStep) -> Void, firstStep: Int, session: RenderCache.Session?
    ) async throws -> FileSet {
        var files = FileSet()
        files.add(theme.assets.css)
        files.add(theme.assets.js)
        for file in theme.assets.others { files.add(file) }

        progress(GenerationStep(index: firstStep, count: 5, name: Self.stepNames[2]))
        // One cache session for charts and figures: progress counts both, reused ones first.
        session?.begin(total: content.charts.count + content.figures.count + content.reused.count)
        for item in content.reused { session?.reportReused(item) }
        let embedded = content.embeddedIDs
        var rendered = try await renderCharts(content.charts, theme: theme, cache: session, embedded: embedded)
        var figures = try await renderFigures(content.figures, theme: theme, cache: session, embedded: embedded)
        if !content.reused.isEmpty {  // loaded ones and reused ones, by id as the loader sorts them
            for case .chart(let chart) in content.reused { rendered.append(chart) }
            for case .figure(let figure) in content.reused { figures.append(figure) }
            rendered.sort { $0.id < $1.id }
            figures.sort { $0.id < $1.id }
        }
        var byID: [String: RenderedChart] = [:]
        for chart in rendered {
            byID[chart.id] = chart
            for file in chart.files { files.add(file) }
        }
        for figure in figures {
            for file in figure.files { files.add(file) }
        }

        files.problems = content.problems.map(Self.siteProblem) + rendered.flatMap(\.problems) + figures.flatMap(\.problems)
        let broken = forPublishing ? [] : Self.brokenCharts(content.problems)
        for file in try Self.errorPages(broken, theme: theme) { files.add(file) }
        files.notes = content.notes
        rendered.removeAll { $0.facts.variantOf != nil }  // a bound input's pages: reached from the chart's page only

        progress(GenerationStep(index: firstStep + 1, count: 5, name: Self.stepNames[3]))
        let figureByID = Dictionary(figures.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var reportEntries: [IndexEntry] = []
        var reports: [ReportPage] = []
        for report in content.reports.sorted(by: { $0.slug < $1.slug }) {
            let page = try ReportPage(source: report, charts: byID, figures: figureByID, theme: theme)
            files.problems += page.problems
            // A report with a problem shows it on the page: never published.
            if forPublishing && !page.problems.isEmpty { continue }
            reports.append(page)
            files.add(GeneratedFile(
                path: page.path, data: Data(page.html.utf8), contentType: ContentType.html, role: .report, title: page.title))
            reportEntries.append(IndexEntry(href: page.path, title: page.title, summary: page.description))
        }

        progress(GenerationStep(index: firstStep + 2, count: 5, name: Self.stepNames[4]))
        var chartEntries = rendered.sorted { $0.facts.title < $1.facts.title }.map {
            IndexEntry(href: "charts/\($0.id).html", title: $0.facts.title, kind: $0.facts.kindName, summary: $0.facts.summary, ownLang: $0.facts.ownLanguage)
        } + figures.map {
            IndexEntry(href: "charts/\($0.id).html", title: $0.facts.title, kind: $0.facts.kindName, summary: $0.facts.summary)
        }
        chartEntries.sort { $0.title < $1.title }
        let index = try theme.pages.indexPage(
            siteTitle: content.settings.title, reports: reportEntries, charts: chartEntries, broken: broken, assets: theme.assets.paths)
        files.add(GeneratedFile(path: "index.html", data: Data(index.utf8), contentType: ContentType.html, role: .index, title: content.settings.title))
        files.add(try ChartResources.index(siteTitle: content.settings.title, language: content.settings.language, charts: rendered))
        // Served for unknown paths at any depth, so its links start at the site root (the base
        // URL's path when the settings give one).
        let root = content.settings.baseURL.flatMap { URLComponents(string: $0)?.path } ?? "/"
        let notFound = try theme.pages.notFoundPage(assets: theme.assets.paths, root: root.hasSuffix("/") ? root : root + "/")
        files.add(GeneratedFile(path: "404.html", data: Data(notFound.utf8), contentType: ContentType.html, role: .notFound))
        for file in try GuidePage.files(siteTitle: content.settings.title, audioDefaults: content.settings.audio, theme: theme, cacheDirectory: cacheDirectory) { files.add(file) }
        if let base = content.settings.baseURL {
            files.add(Sitemap(baseURL: base, pages: ["index.html", GuidePage.path] + reportEntries.map(\.href) + chartEntries.map(\.href)).file)
        }
        if singleFile {
            files.add(try SingleFile.render(siteTitle: content.settings.title, charts: rendered, figures: figures, reports: reports, files: files, theme: theme))
        }
        return forPublishing ? files : withLiveSources(files, content)
    }

    /// The local error page of each broken chart (serve only).
    static func errorPages(_ broken: [BrokenChart], theme: Theme) throws -> [GeneratedFile] {
        try broken.map { b in
            let page = try theme.pages.chartErrorPage(b, assets: theme.assets.paths)
            return GeneratedFile(path: b.href, data: Data(page.utf8), contentType: ContentType.html, role: .errorPage, chartID: ChartID.forFile(b.sourcePath))
        }
    }

    /// A loading problem, tagged with the chart it broke.
    static func siteProblem(_ problem: ChartProblem) -> SiteProblem {
        var message = problem.message
        if let path = problem.jsonPath { message = "\(path): \(message)" }
        return SiteProblem(
            chartID: ChartID.forFile(problem.chartFile ?? problem.file), file: problem.file, line: problem.line,
            column: problem.column, message: message)
    }

    /// Renders every chart concurrently; results in input order.
    /// `embedded`: ids of the charts a report embeds (their report markup is made and cached).
    func renderCharts(_ charts: [Chart], theme: Theme, cache: RenderCache.Session?, embedded: Set<String> = []) async throws -> [RenderedChart] {
        let audio = AudioRenderer(cacheDirectory: cacheDirectory)
        return try await concurrently(charts) { chart in
            let embed = embedded.contains(chart.id)
            let render = { try RenderedChart(chart: chart, theme: theme, audio: audio, embedded: embed) }
            return try cache?.chart(chart, render: render) { try $0.completed(embedding: embed, theme: theme) } ?? render()
        }
    }

    /// Renders every figure (its panels one after another, figures concurrently); input order.
    func renderFigures(_ figures: [ChartFigure], theme: Theme, cache: RenderCache.Session?, embedded: Set<String> = []) async throws -> [RenderedFigure] {
        guard !figures.isEmpty else { return [] }
        let audio = AudioRenderer(cacheDirectory: cacheDirectory)
        return try await concurrently(figures) { figure in
            let embed = embedded.contains(figure.id)
            let render = { try RenderedFigure(figure: figure, theme: theme, audio: audio, embedded: embed) }
            return try cache?.figure(figure, render: render) { try $0.completed(embedding: embed, theme: theme) } ?? render()
        }
    }

    /// `body` of every item, run concurrently; results in input order.
    private func concurrently<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ body: @escaping @Sendable (Item) throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            for (i, item) in items.enumerated() {
                group.addTask { (i, try body(item)) }
            }
            var results = [Result?](repeating: nil, count: items.count)
            for try await (i, r) in group { results[i] = r }
            return results.compactMap { $0 }
        }
    }

    /// Error pages for charts that failed to load, one per chart file named in the problems.
    static func brokenCharts(_ problems: [ChartProblem]) -> [BrokenChart] {
        var order: [String] = []
        var byID: [String: (source: String, problems: [String])] = [:]
        for problem in problems {
            let file = problem.chartFile ?? problem.file
            guard let id = ChartID.forFile(file) else { continue }
            if byID[id] == nil { order.append(id); byID[id] = (file, []) }
            byID[id]!.problems.append(problem.description)
        }
        return order.map { BrokenChart(href: "charts/\($0).html", sourcePath: byID[$0]!.source, problems: byID[$0]!.problems) }
    }

}

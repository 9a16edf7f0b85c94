import ChartData
import Foundation

/// One chart rendered on its own (`pitchline render`): the page, audio and text an export makes
/// for it, packed by the single file's renderer (`SingleFile.render`) into one self-contained
/// HTML document, or into a fragment for a notebook cell, a Pandoc or Quarto page.
public struct OneChart: Sendable {
    /// The HTML (a document or a fragment, UTF-8).
    public var html: Data
    /// Non-fatal problems, as export reports them (audio or braille that could not be made).
    public var problems: [SiteProblem]
}

/// How `SiteGenerator.renderOne` lays the chart out.
public enum OneChartLayout: Sendable, Equatable {
    /// A whole document: CSP, style, the chart (its title an `h1`), help dialog, scripts.
    case document
    /// A `<div class="pl-fragment">` to place in another page; `pageParts: false` leaves out the
    /// style, the help dialog and the page script, which another fragment on the page carries.
    case fragment(pageParts: Bool)
}

extension SiteGenerator {
    /// Renders one loaded chart or figure as `pitchline export` renders it (its theme is
    /// `themeDirectory`, its audio cached in `cacheDirectory`), laid out alone.
    /// `headingLevel`: the chart title's heading (default 1 in a document, 2 in a fragment).
    public func renderOne(_ item: LoadedSpec, layout: OneChartLayout, headingLevel: Int? = nil) async throws -> OneChart {
        let language: String, title: String
        switch item {
        case .chart(let chart): (language, title) = (chart.options.language ?? "en", chart.title)
        case .figure(let figure): (language, title) = (figure.panels.first?.options.language ?? "en", figure.title)
        }
        let theme = try await Theme(directory: themeDirectory, language: language)
        var files = FileSet()
        files.add(theme.assets.css)
        files.add(theme.assets.js)
        for file in theme.assets.others { files.add(file) }
        var charts: [RenderedChart] = [], figures: [RenderedFigure] = []
        switch item {
        case .chart(let chart): charts = try await renderCharts([chart], theme: theme, cache: nil)
        case .figure(let figure): figures = try await renderFigures([figure], theme: theme, cache: nil)
        }
        for file in charts.flatMap(\.files) + figures.flatMap(\.files) { files.add(file) }
        let singleLayout: SingleFile.Layout
        switch layout {
        case .document: singleLayout = .chart
        case .fragment(let pageParts): singleLayout = .fragment(pageParts: pageParts)
        }
        let file = try SingleFile.render(
            siteTitle: title, charts: charts, figures: figures, reports: [], files: files, theme: theme,
            layout: singleLayout, headingLevel: headingLevel ?? (layout == .document ? 1 : 2))
        return OneChart(html: file.data, problems: charts.flatMap(\.problems) + figures.flatMap(\.problems))
    }
}

extension SingleFile {
    /// The theme's CSS for fragments placed in another page: inside `@scope (.pl-fragment)`, so
    /// it styles only the fragments (the page's own `html`, `body`, headings and links keep the
    /// page's look), `:root`'s colours set on each fragment, which gets the theme's background
    /// and text colour (its chart colours keep their contrast against it).
    static func scopedToFragments(_ css: String) -> String {
        let own = ":scope { display: block; background: var(--pl-bg); color: var(--pl-text); padding: 0.5rem 1rem; }"
        return "@scope (.pl-fragment) {\n\(css.replacingOccurrences(of: ":root", with: ":scope"))\n\(own)\n}\n"
    }
}

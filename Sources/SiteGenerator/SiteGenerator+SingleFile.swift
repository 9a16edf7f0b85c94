import ChartPages
import ContentHash
import Foundation

/// The whole site as one self-contained HTML file (`pitchline export --single-file NAME.html`):
/// the index, every report, every chart not already in a report, the CSS, the scripts and the
/// audio (base64) inline. It opens from disk with no other file and scrubs as the site does.
///
/// Rendered from the model (the rendered charts and reports), through the theme's own
/// `single-file` template and `partials/single-file-chart`, never by cutting the site's pages
/// apart, so a theme may change every other template freely:
/// - each chart appears once (ids inside a chart start with its id, so they never collide);
///   links to a chart page go to the chart's place, links to a report to its section;
/// - downloads (CSV, audio graphs, sound bank) are `data:` URLs;
/// - a `<meta http-equiv="Content-Security-Policy">` allows exactly the inline scripts and the
///   style by their SHA-256 hashes (no 'unsafe-inline'), images only as `data:`.
struct SingleFile {
    struct Section {
        struct Report { var title: String; var date: String?; var body: TrustedMarkup }
        var anchor: String
        var report: Report?
        var chart: TrustedMarkup?
    }

    /// What the file holds: the whole site with its index (`export --single-file`), or one
    /// chart (`pitchline render`) as a document or as a fragment to place in another page.
    /// A fragment without `pageParts` leaves out the style, the help dialog and the page script:
    /// another fragment on the same page carries them (`render --fragment --no-page-parts`).
    enum Layout: Sendable, Equatable { case site, chart, fragment(pageParts: Bool) }

    struct Context {
        var siteTitle: String
        /// A whole HTML document (site, chart); a fragment has no `<html>`, CSP, skip link or footer.
        var document: Bool
        /// The site's title as `h1` and its index lists (site only).
        var siteIndex: Bool
        /// The style, the help dialog and the page script (all but a fragment without them).
        var pageParts: Bool
        /// The Content-Security-Policy (hashes in base64 and keywords in quotes: no character that
        /// needs escaping in an attribute) and the theme's CSS.
        var csp, style: TrustedMarkup
        var hasReports: Bool
        /// The index's two lists, sorted by title.
        var reports, charts: [IndexEntry]
        var sections: [Section]
        var scripts: [TrustedMarkup]
    }

    static let path = "single-file.html"

    /// `files` holds everything else the generator made (assets, chart scripts, downloads).
    static func render(
        siteTitle: String, charts: [RenderedChart], figures: [RenderedFigure] = [], reports: [ReportPage], files: FileSet, theme: Theme,
        layout: Layout = .site, headingLevel: Int = 2
    ) throws -> GeneratedFile {
        let byID = Dictionary(charts.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let figureByID = Dictionary(figures.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let (anchors, ownSections) = placement(reports: reports, ids: charts.map(\.id) + figures.map(\.id))

        func dataURL(_ path: String) -> String? {
            files[path].map { "data:\($0.contentType.replacingOccurrences(of: " ", with: ""));base64,\($0.data.base64EncodedString())" }
        }
        func chartMarkup(_ id: String, level: Int) throws -> String {
            // Every model is loaded for the single file (`SiteGenerator.generate`).
            if let figure = figureByID[id] {
                guard let presentation = figure.presentation else { throw GenerationError(step: "Rendering the single file", path: path, underlying: NotLoaded(id: id)) }
                return try theme.pages.placedFigure(presentation, headingLevel: level, audio: figure.audio) { name in
                    dataURL("charts/\(name)") ?? name
                }
            }
            let chart = byID[id]!
            guard let presentation = chart.presentation else { throw GenerationError(step: "Rendering the single file", path: path, underlying: NotLoaded(id: id)) }
            return try theme.pages.placedChart(presentation, headingLevel: level, audio: chart.audio) { name in
                dataURL("charts/\(name)") ?? name
            }
        }

        var order: [String] = []  // charts in document order, for their scripts
        var sections: [Section] = []
        for report in reports {
            let links = SingleFileLinks(page: report.path, anchors: anchors, dataURL: dataURL)
            let markdown = links.rewrite(shiftHeadings(report.markdownHTML))
            let body = try ReportPage.body(markdown, blocks: report.blocks) { block in
                switch block {
                case .chart(let id):
                    order.append(id)
                    return try chartMarkup(id, level: 3)
                case .missing(let reference):
                    return try theme.pages.render("partials/report-missing-chart", ["path": reference])
                }
            }
            sections.append(Section(
                anchor: anchor(report.path),
                report: .init(title: report.title, date: report.date, body: TrustedMarkup(escapedHTML: body))))
        }
        for id in ownSections {
            order.append(id)
            sections.append(Section(anchor: anchor("charts/\(id).html"), chart: TrustedMarkup(escapedHTML: try chartMarkup(id, level: headingLevel))))
        }

        // Each chart's data script, then its audio as a classic script; the page script last.
        let scripts = chartScripts(order: order, byID: byID, figureByID: figureByID, files: files)
            + (layout == .fragment(pageParts: false) ? [] : [text(theme.assets.js)])
        let inline = scripts.map { inlineSafe($0, closing: "script") }
        let css = theme.assets.cssForSingleFile()
        let style = inlineSafe(layout == .site || layout == .chart ? css : scopedToFragments(css), closing: "style")

        let context = Context(
            siteTitle: siteTitle, document: layout == .site || layout == .chart, siteIndex: layout == .site,
            pageParts: layout != .fragment(pageParts: false), csp: TrustedMarkup(escapedHTML: contentSecurityPolicy(scripts: inline, styles: [style])),
            style: TrustedMarkup(escapedHTML: style), hasReports: !reports.isEmpty,
            reports: reports.map { IndexEntry(href: "#" + anchors[$0.path]!, title: $0.title, summary: $0.description) },
            charts: chartEntries(charts: charts, figures: figures, anchors: anchors, theme: theme),
            sections: sections, scripts: inline.map { TrustedMarkup(escapedHTML: $0) })
        let html: String
        do {
            html = try theme.pages.render("single-file", context)
        } catch {
            throw GenerationError(step: "Rendering the single file", path: path, underlying: error)
        }
        return GeneratedFile(path: path, data: Data(html.utf8), contentType: ContentType.html, role: .singleFile, title: siteTitle, isExported: false)
    }

    /// Where each page's content lands: reports in their sections, charts in the report that
    /// embeds them (first one), else in their own section (`ownSections`, in `ids` order).
    static func placement(reports: [ReportPage], ids: [String]) -> (anchors: [String: String], ownSections: [String]) {
        var anchors: [String: String] = ["index.html": "main"]
        for report in reports {
            anchors[report.path] = anchor(report.path)
            for case .chart(let id) in report.blocks where anchors["charts/\(id).html"] == nil {
                anchors["charts/\(id).html"] = "\(id)-heading"
            }
        }
        let ownSections = ids.filter { anchors["charts/\($0).html"] == nil }
        for id in ownSections { anchors["charts/\(id).html"] = "\(id)-heading" }
        return (anchors, ownSections)
    }

    /// Each chart's data script, then its audio as classic scripts, in document order.
    static func chartScripts(order: [String], byID: [String: RenderedChart], figureByID: [String: RenderedFigure], files: FileSet) -> [String] {
        var scripts: [String] = []
        for id in order {
            if let figure = figureByID[id] {
                scripts.append(text(files["charts/\(figure.dataScriptName)"]))
                // The panels share the figure's bank: its script once.
                for script in Set(figure.audio.flatMap { [$0?.scriptFile, $0?.webmScriptFile].compactMap { $0 } }).sorted() {
                    scripts.append(text(files["charts/\(script)"]))
                }
                continue
            }
            let chart = byID[id]!
            scripts.append(text(files["charts/\(chart.dataScript.name)"]))
            if let audio = chart.audio {   // the Ogg and the WebM bank: the page decodes the one it can play
                scripts.append(text(files["charts/\(audio.scriptFile)"]))
                if let webm = audio.webmScriptFile { scripts.append(text(files["charts/\(webm)"])) }
            }
        }
        return scripts
    }

    /// The index's chart list: charts and figures by title, linked to their sections.
    static func chartEntries(charts: [RenderedChart], figures: [RenderedFigure], anchors: [String: String], theme: Theme) -> [IndexEntry] {
        let chartEntries = charts.map {
            IndexEntry(
                href: "#" + anchors["charts/\($0.id).html"]!, title: $0.facts.title, kind: $0.facts.kindName,
                summary: $0.facts.summary, ownLang: $0.facts.ownLanguage)
        }
        let figureEntries = figures.map {
            IndexEntry(href: "#" + anchors["charts/\($0.id).html"]!, title: $0.facts.title, kind: $0.facts.kindName, summary: $0.facts.summary)
        }
        return (chartEntries + figureEntries).sorted { $0.title < $1.title }
    }

    static func text(_ file: GeneratedFile?) -> String { file.map { String(decoding: $0.data, as: UTF8.self) } ?? "" }

    /// `reports/rain.html` → `page-reports-rain`.
    static func anchor(_ path: String) -> String {
        "page-" + path.dropLast(".html".count).replacingOccurrences(of: "/", with: "-")
    }

    /// A report's Markdown headings one level down (`<h2>` → `<h3>` … `<h5>` → `<h6>`), under its
    /// section's `<h2>`. Ink writes headings as bare `<hN>` tags.
    static func shiftHeadings(_ html: String) -> String {
        var out = html
        for level in stride(from: 5, through: 1, by: -1) {
            out = out.replacingOccurrences(of: "<h\(level)>", with: "<h\(level + 1)>")
                .replacingOccurrences(of: "</h\(level)>", with: "</h\(level + 1)>")
        }
        return out
    }

    /// `default-src 'none'`; each inline script and style allowed by its SHA-256 (base64 of the
    /// raw digest, as CSP wants); images and the theme's fonts only as `data:`.
    static func contentSecurityPolicy(scripts: [String], styles: [String]) -> String {
        func source(_ text: String) -> String { "'sha256-\(Data(ContentHash.sha256(Data(text.utf8))).base64EncodedString())'" }
        let scriptSources = Array(Set(scripts.map(source))).sorted().joined(separator: " ")
        let styleSources = Array(Set(styles.map(source))).sorted().joined(separator: " ")
        return "default-src 'none'; script-src \(scriptSources); style-src \(styleSources); img-src data:; font-src data:; base-uri 'none'; form-action 'none'"
    }

    /// Text that cannot end its `<script>`/`<style>` element early: `</script` becomes `<\/script`
    /// (the same string to JavaScript and CSS).
    static func inlineSafe(_ text: String, closing tag: String) -> String {
        text.replacingOccurrences(of: "</\(tag)", with: "<\\/\(tag)", options: .caseInsensitive)
    }
}

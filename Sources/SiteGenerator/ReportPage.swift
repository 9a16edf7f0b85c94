import ChartData
import ChartModel
import ChartPages
import Foundation
import Ink
import SpecReading

/// `reports/<slug>.html` from Markdown: front matter `title`, `description`, `date`, and
/// ```` ```chart ```` blocks naming a chart spec, each replaced by the full embedded chart.
struct ReportPage {
    /// What a ```` ```chart ```` block turned out to name.
    enum Block {
        case chart(id: String)
        /// Names no loaded chart (or one already embedded): a visible note and a problem.
        case missing(reference: String)
    }

    let path: String
    let title: String
    let description: String?
    /// "1 March 2024", from the front matter's `date`.
    let date: String?
    /// The report's HTML from Markdown (sanitised; the title's h1 removed, any other h1 an h2),
    /// with each chart block as the placeholder paragraph of `blocks[i]`.
    let markdownHTML: String
    let blocks: [Block]
    /// The site's page, `reports/<slug>.html`.
    let html: String
    /// Chart blocks that name no loaded chart.
    let problems: [SiteProblem]

    init(source: ReportSource, charts: [String: RenderedChart], figures: [String: RenderedFigure] = [:], theme: Theme) throws {
        path = "reports/\(source.slug).html"
        let (markdown, references) = Self.extractChartBlocks(source.markdown)
        let parsed = MarkdownParser().parse(ReportMarkdownSafety.preparedForInk(markdown))
        title = parsed.metadata["title"] ?? parsed.title.map { ReportMarkdownSafety.restoringLessThan($0, html: false) } ?? source.slug
        description = parsed.metadata["description"]
        // The page has one h1 (the title): a leading "# Title" in the Markdown becomes it, any
        // other h1 in the body becomes an h2.
        var body = ReportMarkdownSafety.sanitizedHTML(ReportMarkdownSafety.restoringLessThan(parsed.html, html: true))
        if let first = body.range(of: "<h1>"), let end = body.range(of: "</h1>", range: first.upperBound..<body.endIndex),
            body[first.upperBound..<end.lowerBound] == Substring(xmlEscape(title)) || parsed.metadata["title"] == nil
        {
            body.removeSubrange(first.lowerBound..<end.upperBound)
        }
        markdownHTML = body.replacingOccurrences(of: "<h1>", with: "<h2>").replacingOccurrences(of: "</h1>", with: "</h2>")
        (blocks, problems) = Self.resolve(
            references, report: source,
            charts: charts.mapValues(\.facts.sourcePath).merging(figures.mapValues(\.facts.sourcePath)) { a, _ in a })
        date = parsed.metadata["date"].map(Self.readableDate)

        var embedded: [EmbeddedChart] = []
        let page = try Self.body(markdownHTML, blocks: blocks) { block in
            switch block {
            case .chart(let id) where figures[id] != nil:
                let embed = try figures[id]!.embedded(theme: theme)
                embedded.append(embed)
                return embed.html
            case .chart(let id):
                let embed = try charts[id]!.embedded(theme: theme)
                embedded.append(embed)
                return embed.html
            case .missing(let reference):
                return try theme.pages.render("partials/report-missing-chart", ["path": reference])
            }
        }
        html = try theme.pages.reportPage(
            title: title, description: description, date: date, bodyHTML: page, charts: embedded, assets: theme.assets.paths, path: path)
    }

    /// `markdownHTML` with each chart block's placeholder paragraph replaced by `markup(block)`
    /// (called once per block, in order). One pass over the bytes: a `replacingOccurrences` per
    /// block scanned the whole page (embedded charts included) once per block, in every export.
    static func body(_ markdownHTML: String, blocks: [Block], markup: (Block) throws -> String) rethrows -> String {
        let markups = try blocks.map(markup)
        guard !markups.isEmpty else { return markdownHTML }
        let html = Array(markdownHTML.utf8)
        let open = Array("<p>\(chartMarker)".utf8), close = Array("\(chartMarker)</p>".utf8)
        func matches(_ pattern: [UInt8], at i: Int) -> Bool {
            i + pattern.count <= html.count && html[i..<(i + pattern.count)].elementsEqual(pattern)
        }
        var out: [UInt8] = []
        out.reserveCapacity(html.count + markups.reduce(0) { $0 + $1.utf8.count })
        var i = 0
        while i < html.count {
            if html[i] == open[0], matches(open, at: i) {
                // The block number as `placeholder` writes it: decimal digits, no leading zero.
                let start = i + open.count
                var end = start, number = 0
                while end < html.count, end - start < 9, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(html[end]) {
                    number = number * 10 + Int(html[end] - UInt8(ascii: "0"))
                    end += 1
                }
                if end > start, end - start == 1 || html[start] != UInt8(ascii: "0"), number < markups.count, matches(close, at: end) {
                    out.append(contentsOf: markups[number].utf8)
                    i = end + close.count
                    continue
                }
            }
            out.append(html[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The paragraph that stands for chart block `i` while Ink parses: its number between two
    /// private-use characters (`chartMarker`), which author text cannot produce (a marker in the
    /// text becomes its character reference first, as `ReportMarkdownSafety` does for `<`).
    static func placeholder(_ i: Int) -> String { "\(chartMarker)\(i)\(chartMarker)" }
    static let chartMarker: Character = "\u{E001}"

    /// Replaces each ```` ```chart ```` fenced block with a placeholder paragraph; returns the
    /// chart references in order.
    static func extractChartBlocks(_ markdown: String) -> (String, [String]) {
        let markdown = markdown.replacingOccurrences(of: String(chartMarker), with: "&#xE001;")
        var out: [Substring] = []
        var references: [String] = []
        var inBlock = false
        var reference = ""
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !inBlock, trimmed == "```chart" {
                inBlock = true
                reference = ""
            } else if inBlock, trimmed == "```" {
                inBlock = false
                out.append("")
                out.append(Substring(placeholder(references.count)))
                out.append("")
                references.append(reference)
            } else if inBlock {
                if reference.isEmpty { reference = trimmed }
            } else {
                out.append(line)
            }
        }
        return (out.joined(separator: "\n"), references)
    }

    /// What each chart block names, and a problem for each that names no loaded chart (or one
    /// already embedded). `charts`: loaded chart id → its source path. `check` and generation
    /// both use this, so they report the same report problems.
    static func resolve(_ references: [String], report: ReportSource, charts: [String: String]) -> ([Block], [SiteProblem]) {
        var blocks: [Block] = []
        var problems: [SiteProblem] = []
        var seen = Set<String>()
        for reference in references {
            if let id = chartID(for: reference, in: charts), !seen.contains(id) {
                seen.insert(id)
                blocks.append(.chart(id: id))
            } else {
                problems.append(SiteProblem(
                    reportPath: "reports/\(report.slug).html", file: report.file,
                    message: "chart block names \"\(reference)\", which is not a loaded chart (or is embedded twice)"))
                blocks.append(.missing(reference: reference))
            }
        }
        return (blocks, problems)
    }

    /// Finds the chart a block names: by id, or by spec path relative to the site or `charts/`.
    static func chartID(for reference: String, in charts: [String: String]) -> String? {
        if charts[reference] != nil { return reference }
        let id = ChartID.fromFileName(reference)
        if id != reference.split(separator: "/").last.map(String.init), charts[id] != nil { return id }
        return charts.first { reference.hasSuffix($0.value) || $0.value.hasSuffix(reference) }?.key
    }

    /// "2024-03-01" → "1 March 2024"; anything else unchanged.
    static func readableDate(_ text: String) -> String { TextFormat.readableISODate(text) }
}

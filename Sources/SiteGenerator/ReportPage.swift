import ChartData
import ChartPages
import Foundation
import Ink

/// `reports/<slug>.html` from Markdown: front matter `title`, `description`, `date`, and
/// ```` ```chart ```` blocks naming a chart spec, each replaced by the full embedded chart.
struct ReportPage {
    let path: String
    let title: String
    let description: String?
    let html: String
    /// Charts named in the report that do not exist.
    let problems: [String]

    init(source: ReportSource, charts: [String: RenderedChart], theme: Theme) throws {
        path = "reports/\(source.slug).html"
        let (markdown, references) = Self.extractChartBlocks(source.markdown)
        let parsed = MarkdownParser().parse(ReportMarkdownSafety.preparedForInk(markdown))
        title = parsed.metadata["title"] ?? parsed.title ?? source.slug
        description = parsed.metadata["description"]
        // The page has one h1 (the title): a leading "# Title" in the Markdown becomes it, any
        // other h1 in the body becomes an h2.
        var body = ReportMarkdownSafety.sanitizedHTML(parsed.html)
        if let first = body.range(of: "<h1>"), let end = body.range(of: "</h1>", range: first.upperBound..<body.endIndex),
            body[first.upperBound..<end.lowerBound] == Substring(xmlEscape(title)) || parsed.metadata["title"] == nil
        {
            body.removeSubrange(first.lowerBound..<end.upperBound)
        }
        body = body.replacingOccurrences(of: "<h1>", with: "<h2>").replacingOccurrences(of: "</h1>", with: "</h2>")
        var embedded: [EmbeddedChart] = []
        var problems: [String] = []
        var seen = Set<String>()
        for (i, reference) in references.enumerated() {
            let placeholder = "<p>\(Self.placeholder(i))</p>"
            let html: String
            if let id = Self.chartID(for: reference, in: charts), let chart = charts[id], !seen.contains(id) {
                seen.insert(id)
                let embed = try theme.pages.embeddedChart(chart.presentation, dataScript: chart.dataScriptName, audio: chart.audio)
                embedded.append(embed)
                html = embed.html
            } else {
                problems.append("site/reports/\(source.slug).md: chart block names \"\(reference)\", which is not a loaded chart (or is embedded twice)")
                html = try theme.pages.render("partials/report-missing-chart", ["path": reference])
            }
            body = body.replacingOccurrences(of: placeholder, with: html)
        }
        self.problems = problems
        let date = parsed.metadata["date"].map(Self.readableDate)
        html = try theme.pages.reportPage(
            title: title, description: description, date: date, bodyHTML: body, charts: embedded, assets: theme.assets.paths)
    }

    static func placeholder(_ i: Int) -> String { "PITCHLINECHARTBLOCK\(i)END" }

    /// Replaces each ```` ```chart ```` fenced block with a placeholder paragraph; returns the
    /// chart references in order.
    static func extractChartBlocks(_ markdown: String) -> (String, [String]) {
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

    /// Finds the chart a block names: by id, or by spec path relative to the site or `charts/`.
    static func chartID(for reference: String, in charts: [String: RenderedChart]) -> String? {
        if charts[reference] != nil { return reference }
        let name = reference.split(separator: "/").last.map(String.init) ?? reference
        for suffix in [".vl.json", ".json", ".csv"] where name.hasSuffix(suffix) {
            let id = String(name.dropLast(suffix.count))
            if charts[id] != nil { return id }
        }
        return charts.first { reference.hasSuffix($0.value.presentation.chart.sourcePath) || $0.value.presentation.chart.sourcePath.hasSuffix(reference) }?.key
    }

    /// "2024-03-01" → "1 March 2024"; anything else unchanged.
    static func readableDate(_ text: String) -> String { TextFormat.readableISODate(text) }
}

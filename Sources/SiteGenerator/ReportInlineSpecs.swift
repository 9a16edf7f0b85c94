import ChartData
import ChartModel
import Foundation
import SpecReading

/// ```` ```vega-lite ```` fences in a report (the convention of several Markdown tools): each
/// inline spec is loaded as a chart of the site, id `<report slug>-<n>` (n from 1 in the report),
/// and its fence becomes a ```` ```chart ```` block naming that id, so the report embeds it as it
/// embeds a chart from `charts/` (and the chart has its page, downloads and index entry too).
/// Data URLs resolve from the report's folder, then the site root. A problem names the report's
/// Markdown file and the line in it.
enum ReportInlineSpecs {
    struct Result {
        var report: ReportSource
        var items: [LoadedSpec] = []
        var problems: [ChartProblem] = []
    }

    static func load(_ report: ReportSource, loader: ChartLoader) -> Result {
        var result = Result(report: report)
        var out: [Substring] = []
        var spec: [Substring]?
        var fenceLine = 0, count = 0
        let lines = report.markdown.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if spec == nil, trimmed == "```vega-lite" {
                spec = []
                fenceLine = i + 1
            } else if let body = spec, trimmed == "```" {
                count += 1
                let id = "\(report.slug)-\(count)"
                out += ["```chart", Substring(id), "```"]
                do {
                    result.items.append(try loadSpec(body.joined(separator: "\n"), id: id, report: report, loader: loader))
                } catch {
                    var problem = error
                    // The spec's lines are counted from the fence's next line.
                    if problem.file.hasSuffix("/\(id).vl.json") { (problem.file, problem.line) = (report.file, problem.line.map { $0 + fenceLine }) }
                    if problem.file != report.file { problem.chartFile = report.file }
                    result.problems.append(problem)
                }
                spec = nil
            } else if spec != nil {
                spec!.append(line)
            } else {
                out.append(line)
            }
        }
        if let body = spec {  // an unclosed fence stays text, as Markdown shows it
            out += [lines[fenceLine - 1]] + body
        }
        result.report.markdown = out.joined(separator: "\n")
        return result
    }

    /// One inline spec, as the loader loads a spec file of the site (`ChartLoader.loadItem`): read
    /// from beside the report (`<root>/reports/<id>.vl.json`), in the site's language unless it names its own.
    static func loadSpec(_ text: String, id: String, report: ReportSource, loader: ChartLoader) throws(ChartProblem) -> LoadedSpec {
        let folder = (report.file as NSString).deletingLastPathComponent
        let path = folder.isEmpty ? "\(id).vl.json" : "\(folder)/\(id).vl.json"
        let item = try ChartLoader.loadAny(data: Data(text.utf8), path: path, audioDefaults: loader.audioDefaults, readFile: loader.readFile)
        return ChartLoader.finished(item, language: loader.languageDefault)
    }
}

extension SiteContent {
    /// Loads every report's ```` ```vega-lite ```` specs as charts of the site and points the
    /// reports at them; an id already taken by a chart file is a problem.
    mutating func addInlineSpecs(loader: ChartLoader) {
        var taken = Set(charts.map(\.id) + figures.map(\.id) + figures.flatMap { $0.panels.map(\.id) })
        for (i, report) in reports.enumerated() {
            let result = ReportInlineSpecs.load(report, loader: loader)
            reports[i] = result.report
            problems += result.problems
            for item in result.items {
                guard !taken.contains(item.id) else {
                    problems.append(ChartProblem(file: report.file, message: "chart id \"\(item.id)\" of this report's vega-lite block is also the id of a chart file; rename one of them"))
                    continue
                }
                taken.insert(item.id)
                switch item {
                case .chart(let chart): charts.append(chart)
                case .figure(let figure): figures.append(figure)
                }
            }
        }
    }
}

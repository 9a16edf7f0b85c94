import ChartData
import Foundation

extension SiteGenerator {
    /// Loads the charts (ChartLoader) and the reports' Markdown from the site folder.
    func loadContent() throws -> SiteContent {
        let site = ChartLoader(siteDirectory: siteDirectory).loadSite()
        var reports: [ReportSource] = []
        let reportsDirectory = siteDirectory.appendingPathComponent("reports")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: reportsDirectory.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".md") {
            let url = reportsDirectory.appendingPathComponent(name)
            do {
                let data = try Data(contentsOf: url)
                reports.append(ReportSource(slug: String(name.dropLast(3)), markdown: String(decoding: data, as: UTF8.self)))
            } catch {
                throw GenerationError(step: "Reading reports", path: "reports/\(name)", underlying: error)
            }
        }
        var content = SiteContent(charts: site.charts, problems: site.problems, reports: reports)
        content.notes = site.skippedNote.map { [$0] } ?? []
        return content
    }
}

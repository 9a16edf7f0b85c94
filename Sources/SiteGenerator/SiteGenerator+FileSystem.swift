import ChartData
import Foundation

extension SiteGenerator {
    /// Reads `pitchline.json` (defaults when there is none); a broken one stops the generation
    /// with its located problem.
    func loadSettings() throws -> SiteSettings {
        do {
            return try ChartLoader(siteDirectory: siteDirectory).loadSettings()
        } catch {
            throw GenerationError(step: "Reading site settings", path: nil, underlying: error)
        }
    }

    /// Loads the charts (ChartLoader) and the reports' Markdown from the site folder.
    public func loadContent(settings: SiteSettings = SiteSettings()) throws -> SiteContent {
        var loader = ChartLoader(siteDirectory: siteDirectory)
        let root = loader.displayRoot
        loader.audioDefaults = settings.audio
        loader.languageDefault = settings.language
        let site = loader.loadSite()
        var reports: [ReportSource] = []
        let reportsDirectory = siteDirectory.appendingPathComponent("reports")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: reportsDirectory.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".md") {
            let url = reportsDirectory.appendingPathComponent(name)
            do {
                let data = try Data(contentsOf: url)
                reports.append(ReportSource(
                    slug: String(name.dropLast(3)), markdown: String(decoding: data, as: UTF8.self), file: "\(root)/reports/\(name)"))
            } catch {
                throw GenerationError(step: "Reading reports", path: "\(root)/reports/\(name)", underlying: error)
            }
        }
        var content = SiteContent(charts: site.charts, problems: site.problems, reports: reports)
        content.figures = site.figures
        content.addInlineSpecs(loader: loader)  // ```vega-lite fences (ReportInlineSpecs)
        content.notes = site.skippedNote.map { [$0] } ?? []
        content.settings = settings
        return content
    }
}

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
        try loadContent(settings: settings, reusing: nil)
    }

    /// `loadContent`, leaving out the charts and figures `cache` has an entry for (`content.reused`):
    /// a warm generation loads no chart it does not render.
    func loadContent(settings: SiteSettings, reusing cache: RenderCache.Session?) throws -> SiteContent {
        var loader = ChartLoader(siteDirectory: siteDirectory)
        let root = loader.displayRoot
        loader.audioDefaults = settings.audio
        loader.languageDefault = settings.language
        var reused: [RenderCache.Reused] = []
        var site = loader.loadSite { path in
            guard let item = cache?.reusable(path: path) else { return false }
            reused.append(item)
            return true
        }
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
        if !reused.isEmpty {
            // A panel id that another chart also takes is a problem `loadSite` finds only among
            // loaded models: then load them all (rare).
            if Self.panelIDsCollide(site, reused) {
                site = loader.loadSite()
                reused = []
            }
            // A report embedding a reused chart whose entry has no report markup: load it.
            var probe = SiteContent(charts: site.charts, reports: reports)
            probe.figures = site.figures
            probe.reused = reused
            let embedded = probe.embeddedIDs
            let missing = reused.filter { embedded.contains($0.id) && !$0.hasEmbed }
            for item in missing {
                reused.removeAll { $0.id == item.id }
                do {
                    switch try loader.loadItem(path: item.sourcePath) {
                    case .chart(let chart): site.charts.append(chart)
                    case .figure(let figure): site.figures.append(figure)
                    }
                } catch {
                    var problem = error
                    if problem.file != item.sourcePath { problem.chartFile = item.sourcePath }
                    site.problems.append(problem)
                }
            }
            site.charts.sort { $0.id < $1.id }
            site.figures.sort { $0.id < $1.id }
        }
        var content = SiteContent(charts: site.charts, problems: site.problems, reports: reports)
        content.figures = site.figures
        content.reused = reused
        content.addInlineSpecs(loader: loader)  // ```vega-lite fences (ReportInlineSpecs)
        content.notes = site.skippedNote.map { [$0] } ?? []
        content.settings = settings
        return content
    }

    /// True when a chart's or figure's id is also a figure panel's, counting reused ones.
    static func panelIDsCollide(_ site: SiteCharts, _ reused: [RenderCache.Reused]) -> Bool {
        var ids = Set(site.charts.map(\.id) + site.figures.map(\.id) + reused.map(\.id))
        var panels = site.figures.flatMap { $0.panels.map(\.id) }
        for case .figure(let f) in reused { panels += f.panels.map(\.id) }
        ids.formIntersection(panels)
        return !ids.isEmpty
    }
}

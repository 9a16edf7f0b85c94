import ChartData
import ChartModel
import Foundation

extension SiteGenerator {
    /// The live charts' sources (`pitchline serve` keeps their rows, `LiveFeed`); a live chart
    /// whose rows cannot be followed is a problem, its page stays.
    func withLiveSources(_ set: FileSet, _ content: SiteContent) -> FileSet {
        var files = set
        var loader = ChartLoader(siteDirectory: siteDirectory)
        loader.audioDefaults = content.settings.audio
        loader.languageDefault = content.settings.language
        for chart in content.charts where chart.options.live != nil {
            do {
                files.live.append(try LiveSource.find(chart: chart, loader: loader))
            } catch {
                files.problems.append(Self.siteProblem(error))
            }
        }
        files.livePost = content.settings.livePost
        files.liveToken = content.settings.liveToken
        return files
    }
}

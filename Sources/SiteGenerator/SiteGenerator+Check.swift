import ChartData
import ChartModel
import Foundation
import Sonification

/// What `pitchline check` finds: the loaded content and every problem generation would report,
/// found the way generation finds them but without rendering pages or encoding audio.
public struct SiteCheck: Sendable {
    /// The charts, figures and notes as generation would load them (settings defaults when
    /// `site/pitchline.json` is broken, so its charts are still checked).
    public var content: SiteContent
    /// One line per problem ("site/charts/x.vl.json:3: $.mark: …"), in the order found:
    /// settings, theme, charts that did not load, audio, reports.
    public var problems: [String]
}

extension SiteGenerator {
    /// Checks the site as `generate()` would read it: settings, theme templates, charts, each
    /// chart's (or figure's) audio through `Sonifier.check`, and reports' chart blocks.
    public func check() throws -> SiteCheck {
        var problems: [String] = []
        var settings = SiteSettings()
        do {
            settings = try ChartLoader(siteDirectory: siteDirectory).loadSettings()
        } catch {
            problems.append("\(error)")
        }
        if let themeURL = theme(for: settings) {
            do {
                try ThemeFiles.builtIn.overlaid(by: try ThemeFiles(directory: themeURL)).validate()
            } catch {
                problems.append("theme \(themeURL.path): \(error)")
            }
        }
        let content = try loadContent(settings: settings)
        problems += content.problems.map { problem in "\(problem)\(problem.chartFile.map { " (used by \($0))" } ?? "")" }
        problems += (content.audioProblems + content.reportProblems).map(\.description)
        return SiteCheck(content: content, problems: problems)
    }
}

extension SiteContent {
    /// The audio problems generation would report (`Sonifier.check` on each chart, and on each
    /// figure's panels as they share one bank), worded as generation words them.
    public var audioProblems: [SiteProblem] {
        var problems: [SiteProblem] = []
        for chart in charts {
            do throws(SonificationError) { try Sonifier.check(sharing: [chart]) } catch { problems.append(.audio(chart, error)) }
        }
        for figure in figures {
            do throws(SonificationError) { try Sonifier.check(sharing: figure.panels) } catch {
                problems += figure.panels.map { .audio($0, error) }  // each panel says so, as in generation
            }
        }
        return problems
    }
}

extension SiteProblem {
    /// The one wording of a chart whose audio cannot be rendered; the page still works.
    static func audio(_ chart: Chart, _ error: any Error) -> SiteProblem {
        SiteProblem(chartID: chart.id, file: chart.sourcePath, message: "audio could not be rendered: \(error)")
    }
}

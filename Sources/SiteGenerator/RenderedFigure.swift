import ChartData
import ChartPages
import Foundation

/// One figure of small multiples: its page, one data script holding every panel's data, and
/// each panel's own files (audio bank and its script twin, audio graphs, CSV) as a chart's.
///
/// Audio stays one bank per panel: a panel's bank holds only its own tones (a shared value scale
/// makes the panels' tones the same pitches, not the same files), and the page script fetches a
/// bank when the reader's idle time allows, so the page itself carries none of it. The data
/// scripts are one file: a 50-panel figure costs one request for its data, not 50.
struct RenderedFigure: Sendable {
    let presentation: FigurePresentation
    let panels: [RenderedChart]
    /// `<figure id>.<hash>.js`, relative to `charts/`.
    let dataScriptName: String
    let files: [GeneratedFile]
    let problems: [SiteProblem]

    var id: String { presentation.figure.id }
    var audio: [ChartAudioInfo?] { panels.map(\.audio) }

    init(figure: ChartFigure, theme: Theme, audio renderer: AudioRenderer) throws {
        let panels = try figure.panels.map { try RenderedChart(chart: $0, theme: theme, audio: renderer, standalone: false) }
        let presentation = FigurePresentation(figure: figure, panels: panels.map(\.presentation))
        var script = Data()
        for panel in panels { script.append(panel.dataScript) }
        let scriptName = "\(figure.id).\(shortHash(script)).js"
        var files = panels.flatMap(\.files)
        files.append(GeneratedFile(
            path: "charts/\(scriptName)", data: script, contentType: ContentType.javascript, role: .chartData, chartID: figure.id, isImmutable: true))
        let page: String
        do {
            page = try theme.pages.figurePage(presentation, dataScript: scriptName, audio: panels.map(\.audio), assets: theme.assets.paths)
        } catch {
            throw GenerationError(step: "Rendering chart page", path: "charts/\(figure.id).html", underlying: error)
        }
        files.append(GeneratedFile(
            path: "charts/\(figure.id).html", data: Data(page.utf8), contentType: ContentType.html, role: .chartPage,
            chartID: figure.id, title: figure.title))
        self.presentation = presentation
        self.panels = panels
        self.dataScriptName = scriptName
        self.files = files
        self.problems = panels.flatMap(\.problems)
    }
}

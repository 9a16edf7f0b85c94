import ChartData
import ChartPages
import Foundation

/// One figure of small multiples: its page, one data script holding every panel's data, and
/// each panel's own files (audio bank and its script twin, audio graphs, CSV) as a chart's.
///
/// One tone bank for the figure (`AudioRenderer.render(panels:figureID:)`): on a shared value
/// scale the panels play the same pitches, so one bank is about one panel's size, one request and
/// one decode (a bank per panel: 725 KB in 50 requests on the 50-panel bench grid). The data
/// scripts are one file too: a 50-panel figure costs one request for its data, not 50.
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
        var shared: [Result<RenderedAudio, any Error>]
        var files: [GeneratedFile] = []
        do {
            let (audio, bankFiles) = try renderer.render(panels: figure.panels, figureID: figure.id)
            shared = audio.map { .success($0) }
            files += bankFiles
        } catch {
            // Each panel says so on its own (a panel without sound keeps its labels).
            shared = figure.panels.map { _ in .failure(error) }
        }
        let panels = try zip(figure.panels, shared).map {
            try RenderedChart(chart: $0, theme: theme, audio: renderer, standalone: false, sharedAudio: $1)
        }
        let presentation = FigurePresentation(figure: figure, panels: panels.map(\.presentation))
        var script = Data()
        for panel in panels { script.append(panel.dataScript.bytes) }
        let scriptName = "\(figure.id).\(shortHash(script)).js"
        files += panels.flatMap(\.files)
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

    /// A figure rebuilt from the render cache (no problems: those are never cached).
    init(cached presentation: FigurePresentation, panels: [RenderedChart], dataScriptName: String, files: [GeneratedFile]) {
        self.presentation = presentation
        self.panels = panels
        self.dataScriptName = dataScriptName
        self.files = files
        self.problems = []
    }
}

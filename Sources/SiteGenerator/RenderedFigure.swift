import ChartData
import ChartModel
import ChartPages
import Foundation

/// One figure of small multiples: its page, one data script holding every panel's data, and
/// each panel's own files (audio bank and its script twin, audio graphs, CSV) as a chart's.
///
/// One tone bank for the figure (`AudioRenderer.render(panels:figureID:)`): on a shared value
/// scale the panels play the same pitches, so one bank is about one panel's size, one request and
/// one decode (a bank per panel: 725 KB in 50 requests on the 50-panel bench grid). The data
/// scripts are one file too: a 50-panel figure costs one request for its data, not 50.
struct RenderedFigure: RenderedItem {
    /// What the index and reports need of the figure.
    let facts: ChartFacts
    /// The figure's presentation; nil for a figure taken from the render cache without loading it.
    let presentation: FigurePresentation?
    let panels: [RenderedChart]
    /// `<figure id>.<hash>.js`, relative to `charts/`.
    let dataScriptName: String
    let files: [GeneratedFile]
    let problems: [SiteProblem]
    /// The figure's markup inside a report, when a report embeds it (kept in its cache entry).
    var embed: EmbeddedChart?

    var audio: [ChartAudioInfo?] { panels.map(\.audio) }

    init(figure: ChartFigure, theme: Theme, audio renderer: AudioRenderer, embedded: Bool = false) throws {
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
        let context = FigureContext(figure)
        let panels = try zip(figure.panels, shared).map {
            try RenderedChart(chart: $0, theme: theme, audio: renderer, standalone: false, sharedAudio: $1, figure: context)
        }
        let presentation = FigurePresentation(figure: figure, panels: panels.compactMap(\.presentation))
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
        self.facts = ChartFacts(presentation)
        self.presentation = presentation
        self.panels = panels
        self.dataScriptName = scriptName
        self.files = files
        self.problems = panels.flatMap(\.problems)
        if embedded { embed = try theme.pages.embeddedFigure(presentation, dataScript: scriptName, audio: panels.map(\.audio)) }
    }

    /// A figure rebuilt from the render cache (no problems: those are never cached);
    /// `presentation` nil when the figure was not loaded.
    init(cached facts: ChartFacts, presentation: FigurePresentation?, panels: [RenderedChart], dataScriptName: String, files: [GeneratedFile],
         embed: EmbeddedChart?) {
        self.facts = facts
        self.presentation = presentation
        self.panels = panels
        self.dataScriptName = dataScriptName
        self.files = files
        self.problems = []
        self.embed = embed
    }

    func embedding(_ presentation: FigurePresentation, theme: Theme) throws -> EmbeddedChart {
        try theme.pages.embeddedFigure(presentation, dataScript: dataScriptName, audio: audio)
    }
}

import ChartData
import ChartPages
import Foundation

/// One chart's files: page, data script, CSV, and its audio.
struct RenderedChart: Sendable {
    /// The scrubber's data script: `<id>.<hash>.js` (relative to `charts/`) and its bytes (a
    /// panel's go into its figure's one script instead of a file of their own).
    struct DataScript: Sendable { var name: String; var bytes: Data }

    /// What the index, `charts.json` and reports need of the chart.
    let facts: ChartFacts
    /// The chart's presentation; nil for a chart taken from the render cache without loading it.
    let presentation: ChartPresentation?
    let audio: ChartAudioInfo?
    let dataScript: DataScript
    let files: [GeneratedFile]
    /// Non-fatal problems (e.g. audio that could not be rendered; the page still works).
    let problems: [SiteProblem]
    /// The chart's markup inside a report, when a report embeds it (kept in its cache entry).
    var embed: EmbeddedChart?

    var id: String { facts.id }

    /// `standalone: false` for a panel of a figure: no page of its own and no data script file
    /// (`RenderedFigure` writes one script for all panels).
    /// `sharedAudio`: the chart's part of a shared bank (a figure's panels), rendered already.
    /// `embedded`: a report embeds the chart (its report markup is made too).
    init(chart: Chart, theme: Theme, audio renderer: AudioRenderer, standalone: Bool = true,
         sharedAudio: Result<RenderedAudio, any Error>? = nil, embedded: Bool = false) throws {
        let presentation = ChartPresentation(chart: chart)
        let id = chart.id
        var files: [GeneratedFile] = []
        var problems: [SiteProblem] = []
        var rendered: RenderedAudio?
        do {
            rendered = try sharedAudio?.get() ?? renderer.render(chart)
            files += rendered!.files
        } catch {
            problems.append(.audio(chart, error))
        }
        let script = presentation.dataScript(audio: rendered?.info)
        let scriptName = "\(id).\(shortHash(script)).js"
        if standalone {
            files.append(GeneratedFile(
                path: "charts/\(scriptName)", data: script, contentType: ContentType.javascript, role: .chartData, chartID: id, isImmutable: true))
            let page: String
            do {
                page = try theme.pages.chartPage(presentation, dataScript: scriptName, audio: rendered?.info, assets: theme.assets.paths)
            } catch {
                throw GenerationError(step: "Rendering chart page", path: "charts/\(id).html", underlying: error)
            }
            files.append(GeneratedFile(
                path: "charts/\(id).html", data: Data(page.utf8), contentType: ContentType.html, role: .chartPage, chartID: id, title: chart.title,
                language: chart.options.language ?? theme.pages.language))
        }
        files.append(GeneratedFile(
            path: "charts/\(id).csv", data: CSVDownload.data(for: chart), contentType: ContentType.csv, role: .download, chartID: id))
        files += try ChartResources.files(presentation, audio: rendered?.info)  // .json, .txt (issue 30; a panel's too)
        do {
            let braille = try presentation.brailleFiles(language: presentation.chart.options.language ?? theme.pages.language)
            let paths = ChartPresentation.braillePaths(id: id)
            files.append(GeneratedFile(
                path: "charts/\(paths.unicode)", data: Data(braille.unicode.utf8), contentType: ContentType.plainText, role: .braille, chartID: id))
            files.append(GeneratedFile(
                path: "charts/\(paths.brf)", data: Data(braille.brf.utf8), contentType: ContentType.brf, role: .braille, chartID: id))
        } catch {
            problems.append(SiteProblem(chartID: id, file: chart.sourcePath, message: "braille could not be made: \(error)"))
        }
        self.facts = ChartFacts(presentation, pages: theme.pages)
        self.presentation = presentation
        self.audio = rendered?.info
        self.dataScript = DataScript(name: scriptName, bytes: script)
        self.files = files
        self.problems = problems
        if embedded { embed = try theme.pages.embeddedChart(presentation, dataScript: scriptName, audio: rendered?.info) }
    }

    /// A chart rebuilt from the render cache (no problems: those are never cached); `presentation`
    /// nil when the chart was not loaded.
    init(cached facts: ChartFacts, presentation: ChartPresentation?, audio: ChartAudioInfo?, dataScriptName: String, files: [GeneratedFile],
         embed: EmbeddedChart?) {
        self.facts = facts
        self.presentation = presentation
        self.audio = audio
        self.dataScript = DataScript(name: dataScriptName, bytes: files.first { $0.role == .chartData }?.data ?? Data())
        self.files = files
        self.problems = []
        self.embed = embed
    }

    /// The chart's markup inside a report: the cached one, else made from the presentation.
    func embedded(theme: Theme) throws -> EmbeddedChart {
        if let embed { return embed }
        guard let presentation else { throw GenerationError(step: "Rendering reports", path: "charts/\(id).html", underlying: NotLoaded(id: id)) }
        return try theme.pages.embeddedChart(presentation, dataScript: dataScript.name, audio: audio)
    }
}

/// A chart taken from the render cache without its model was asked for something only the
/// model gives (the generator loads such charts first; this is a bug if seen).
struct NotLoaded: Error, CustomStringConvertible {
    var id: String
    var description: String { "the chart \(id) was reused from the render cache without loading it" }
}

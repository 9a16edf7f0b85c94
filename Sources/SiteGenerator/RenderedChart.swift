import ChartData
import ChartModel
import ChartPages
import Dispatch
import Foundation

/// One chart's files: page, data script, CSV, and its audio.
struct RenderedChart: RenderedItem {
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

    /// `standalone: false` for a panel of a figure: no page of its own and no data script file
    /// (`RenderedFigure` writes one script for all panels).
    /// `sharedAudio`: the chart's part of a shared bank (a figure's panels), rendered already.
    /// `embedded`: a report embeds the chart (its report markup is made too).
    /// `figure`: the figure a panel belongs to (its data script and JSON carry the figure's sentences).
    init(chart: Chart, theme: Theme, audio renderer: AudioRenderer, standalone: Bool = true,
         sharedAudio: Result<RenderedAudio, any Error>? = nil, embedded: Bool = false, figure: FigureContext? = nil) throws {
        let id = chart.id
        // Independent parts at once, in two rounds (a 1,000,000-point chart's presentation, audio,
        // CSV download and model file take a few hundred ms each).
        let presentationSlot = Slot<ChartPresentation>(), audioSlot = Slot<Result<RenderedAudio, any Error>>(), csvSlot = Slot<Data>()
        inParallel([
            { presentationSlot.value = ChartPresentation(chart: chart, figure: figure) },
            { audioSlot.value = sharedAudio ?? Result { try renderer.render(chart) } },
            { csvSlot.value = CSVDownload.data(for: chart) },
        ])
        let presentation = presentationSlot.value!
        var files: [GeneratedFile] = []
        var problems: [SiteProblem] = []
        var rendered: RenderedAudio?
        do {
            rendered = try audioSlot.value!.get()
            files += rendered!.files
        } catch {
            problems.append(.audio(chart, error))
        }
        let info = rendered?.info
        let language = presentation.chart.options.language ?? theme.pages.language
        let pageSlot = Slot<Result<(script: Data, name: String, files: [GeneratedFile], embed: EmbeddedChart?), any Error>>()
        let resourcesSlot = Slot<Result<[GeneratedFile], any Error>>(), brailleSlot = Slot<Result<(unicode: String, brf: String), any Error>>()
        inParallel([
            { pageSlot.value = Result { try Self.pageFiles(presentation, audio: info, theme: theme, standalone: standalone, embedded: embedded) } },
            { resourcesSlot.value = Result { try ChartResources.files(presentation, audio: info) } },  // .json, .txt (issue 30; a panel's too)
            { brailleSlot.value = Result { try presentation.brailleFiles(language: language) } },
        ])
        let page = try pageSlot.value!.get()
        files += page.files
        files.append(GeneratedFile(path: "charts/\(id).csv", data: csvSlot.value!, contentType: ContentType.csv, role: .download, chartID: id))
        files.append(GeneratedFile(path: "charts/\(id).csv-metadata.json", data: CSVMetadata.data(for: chart),
                                   contentType: ContentType.csvMetadata, role: .csvMetadata, chartID: id))
        files += try resourcesSlot.value!.get()
        do {
            let braille = try brailleSlot.value!.get()
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
        self.audio = info
        self.dataScript = DataScript(name: page.name, bytes: page.script)
        self.files = files
        self.problems = problems
        self.embed = page.embed
    }

    /// The data script, and for a standalone chart its file and page; the report markup when
    /// `embedded`.
    private static func pageFiles(
        _ presentation: ChartPresentation, audio: ChartAudioInfo?, theme: Theme, standalone: Bool, embedded: Bool
    ) throws -> (script: Data, name: String, files: [GeneratedFile], embed: EmbeddedChart?) {
        let chart = presentation.chart, id = chart.id
        let script = presentation.dataScript(audio: audio)
        let scriptName = "\(id).\(shortHash(script)).js"
        var files: [GeneratedFile] = []
        if standalone {
            files.append(GeneratedFile(
                path: "charts/\(scriptName)", data: script, contentType: ContentType.javascript, role: .chartData, chartID: id, isImmutable: true))
            let page: String
            do {
                page = try theme.pages.chartPage(presentation, dataScript: scriptName, audio: audio, assets: theme.assets.paths)
            } catch {
                throw GenerationError(step: "Rendering chart page", path: "charts/\(id).html", underlying: error)
            }
            files.append(GeneratedFile(
                path: "charts/\(id).html", data: Data(page.utf8), contentType: ContentType.html, role: .chartPage, chartID: id, title: chart.title,
                language: chart.options.language ?? theme.pages.language))
        }
        let embed = embedded ? try theme.pages.embeddedChart(presentation, dataScript: scriptName, audio: audio) : nil
        return (script, scriptName, files, embed)
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

    func embedding(_ presentation: ChartPresentation, theme: Theme) throws -> EmbeddedChart {
        try theme.pages.embeddedChart(presentation, dataScript: dataScript.name, audio: audio)
    }
}

/// A chart taken from the render cache without its model was asked for something only the
/// model gives (the generator loads such charts first; this is a bug if seen).
/// One result slot written by one job of `inParallel` and read after it returns (the join orders
/// the write before the read).
final class Slot<Value>: @unchecked Sendable {
    var value: Value?
}

/// Runs `jobs` at once on the machine's cores and returns when every one has finished.
func inParallel(_ jobs: [@Sendable () -> Void]) {
    DispatchQueue.concurrentPerform(iterations: jobs.count) { jobs[$0]() }
}

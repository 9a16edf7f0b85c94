import ArgumentParser
import ChartData
import ChartPages
import Foundation

/// `pitchline labels [SITE]`: every label the scrubber speaks, as the generator makes it (JSON),
/// for authors checking what readers hear and for the browser test that compares the page's
/// `aria-valuetext` with it.
struct Labels: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the spoken label of every scrubber point of every chart (JSON).")

    @Argument(help: "The site folder (holds charts/ and data/).")
    var site: String = "site"

    struct ChartLabels: Encodable {
        /// `[series][point]`, one entry per scrubber point.
        var series: [[String]]
        /// The all-series view (charts with several series).
        var all: [String]?
    }

    func run() throws {
        var loader = ChartLoader(siteDirectory: try SiteFolder.require(site))
        loader.languageDefault = (try? loader.loadSettings())?.language ?? "en"
        let result = loader.loadSite()
        var out: [String: ChartLabels] = [:]
        for chart in result.charts + result.figures.flatMap(\.panels) {
            let rows = ChartPresentation(chart: chart).scrubRows
            let speech = SpeechFormatter(chart: chart)
            out[chart.id] = ChartLabels(
                series: chart.series.indices.map { s in rows.map { speech.spokenLabel(series: s, row: $0) } },
                all: chart.hasAllSeriesView ? rows.map { speech.spokenAllLabel(row: $0) } : nil)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(out), as: UTF8.self))
        for problem in result.problems { SiteFolder.report("error: \(problem)") }
        if !result.problems.isEmpty { throw ExitCode(1) }
    }
}

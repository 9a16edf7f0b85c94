import ArgumentParser
import ChartData
import ChartPages
import Foundation

/// `pitchline labels [SITE]`: every label the scrubber speaks, as the generator makes it (JSON),
/// for authors checking what readers hear and for the browser test that compares the page's
/// `aria-valuetext` with it: each point in every view and every reader wording, and what Up/Down
/// says arriving on each view.
struct Labels: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the spoken label of every scrubber point of every chart, in every wording (JSON).",
        shouldDisplay: false)  // a developer's command (docs/commands.md, "For developers")

    @Argument(help: "The site folder (holds charts/ and data/).")
    var site: String = "site"

    struct Views: Encodable {
        /// `[series][point]`, one entry per scrubber point.
        var series: [[String]]
        /// The all-series view (charts with several series).
        var all: [String]?
        /// `[view][point]`: what Up/Down says arriving on that view (the series, then the all-series
        /// view) at that point; nil for the readout's shown wording and a chart with one series.
        var switches: [[String]]?
    }

    struct ChartLabels: Encodable {
        /// The default wording (`LabelWording.standard`).
        var series: [[String]]
        var all: [String]?
        /// Every wording by its key ("terse.xFirst", …, "verbose.valueFirst", and "shown", the readout).
        var wordings: [String: Views]
    }

    func run() throws {
        var loader = ChartLoader(siteDirectory: try SiteFolder.require(site))
        loader.languageDefault = (try? loader.loadSettings())?.language ?? "en"
        let result = loader.loadSite()
        var out: [String: ChartLabels] = [:]
        for chart in result.charts + result.figures.flatMap(\.panels) {
            let rows = ChartPresentation(chart: chart).scrubRows
            let maker = LabelMaker(speech: SpeechFormatter(chart: chart))
            let pieces = rows.map { maker.pieces(row: $0) }
            let views = chart.series.indices + (chart.hasAllSeriesView ? [chart.series.count] : [])
            // A scatter's series scrubs its own points only (`Series.pointRows`), as the page does.
            let own = chart.series.map { s in s.pointRows.map { Set($0) } }
            let ownPieces = chart.series.indices.map { s in own[s].map { set in rows.indices.filter { set.contains(rows[$0]) }.map { pieces[$0] } } ?? pieces }
            func labels(_ wording: LabelWording) -> Views {
                Views(series: chart.series.indices.map { s in ownPieces[s].map { maker.label(view: s, $0, wording: wording) } },
                      all: chart.hasAllSeriesView ? pieces.map { maker.label(view: chart.series.count, $0, wording: wording) } : nil,
                      switches: wording == .shown || views.count < 2 ? nil : views.map { v in pieces.map { maker.switchAnnouncement(view: v, $0, wording: wording) } })
            }
            let wordings = Dictionary(uniqueKeysWithValues: (LabelWording.allSpoken + [.shown]).map { ($0.key, labels($0)) })
            let standard = wordings[LabelWording.standard.key]!
            out[chart.id] = ChartLabels(series: standard.series, all: standard.all, wordings: wordings)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(out), as: UTF8.self))
        for problem in result.problems { SiteFolder.report("error: \(problem)") }
        if !result.problems.isEmpty { throw ExitCode(1) }
    }
}

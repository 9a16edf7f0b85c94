import ArgumentParser
import ChartData
import Foundation
import SiteGenerator
import SpecReading

/// `pitchline check [SITE]`: loads every chart and report, prints one line per chart and every
/// problem (`SiteGenerator.check`: the ones `export` stops on, short of rendering).
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load every chart in a site folder and report problems (exits non-zero on any).")

    @Argument(help: "The site folder (holds charts/ and data/).")
    var site: String = "site"

    @Option(help: ArgumentHelp("Theme folder (Templates/, Public/) overriding the built-in theme file by file; its templates are checked.", valueName: "DIR"))
    var theme: String?

    func run() throws {
        let url = try SiteFolder.require(site)
        let generator = SiteGenerator(siteDirectory: url, themeDirectory: theme.map { URL(fileURLWithPath: $0) }, cacheDirectory: nil)
        // The same loading and audio checks as generation, so check reports what export would stop on.
        let checked = try generator.check()
        let result = checked.content
        for loaded in result.charts where loaded.semantics.input?.isVariant(loaded.id) != true {  // a bound input's pages: noted on the chart
            // Check speaks to the author, in English, whatever language the chart is read in.
            var chart = loaded
            chart.options.language = "en"
            let kind = chart.kindName.prefix(1).lowercased() + chart.kindName.dropFirst()  // "line chart", "Gantt chart"
            let seriesCount = chart.series.count
            let points = TextFormat.count(chart.pointCount)
            if let sentence = SpeechFormatter(chart: chart).kindSentence {  // "Donut chart with 3 slices."
                print("\(chart.id): \(sentence.prefix(1).lowercased() + sentence.dropFirst().dropLast())")
            } else if let box = chart.semantics.box {
                print("\(chart.id): \(kind), \(points) group\(chart.pointCount == 1 ? "" : "s"), \(TextFormat.count(box.counts.reduce(0, +))) values, \(TextFormat.count(box.outlierCount)) outlier\(box.outlierCount == 1 ? "" : "s")")
            } else {
                print("\(chart.id): \(kind), \(seriesCount) series, \(points) point\(chart.pointCount == 1 ? "" : "s")")
            }
            for note in chart.semantics.notes { print("  note: \(note)") }
        }
        for figure in result.figures {
            let panels = figure.panels.count
            print("\(figure.id): small multiples (\(figure.composition.rawValue)), \(TextFormat.count(panels)) panel\(panels == 1 ? "" : "s"), \(figure.columns) per row")
            for panel in figure.panels { for note in panel.semantics.notes { print("  note: \(panel.panel?.header ?? panel.id): \(note)") } }
        }
        fflush(nil)  // the chart lines above (standard output), before the notes and problems on standard error
        for note in result.notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
        for problem in checked.problems { FileHandle.standardError.write(Data("error: \(problem)\n".utf8)) }
        let charts = result.charts.count(where: { $0.semantics.input?.isVariant($0.id) != true }) + result.figures.count, problems = checked.problems.count
        print("\(charts) chart\(charts == 1 ? "" : "s") loaded, \(problems) problem\(problems == 1 ? "" : "s")")
        if problems > 0 { throw ExitCode(1) }
    }
}

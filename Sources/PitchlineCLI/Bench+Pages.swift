import ArgumentParser
import ChartData
import ChartModel
import ChartPages
import Dispatch
import Foundation
import SiteGenerator
import SpecReading

/// `pitchline bench pages`: a generated 1,000,000-point chart (2 series, one row per minute)
/// rendered to its page: HTML+SVG size and time, against a naive page that draws every point.
struct PageBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pages", abstract: "Measure rendering a 1,000,000-point chart page (size and time).")

    @Option(help: "Points per series.") var rows = 1_000_000
    @OptionGroup var timed: BenchRuns
    @OptionGroup var theme: BenchTheme

    func run() async throws {
        let files = try theme.directory.map { ThemeFiles.builtIn.overlaid(by: try ThemeFiles(directory: $0)) } ?? ThemeFiles.builtIn
        let renderer = try PageRenderer(templates: files.templates)
        let chart = try ChartLoader.loadCSV(data: LoadBench.generate(rows: rows), path: "bench.csv")
        let assets = PageAssets(cssPath: "assets/pitchline.0.css", jsPath: "assets/pitchline.0.js")

        var pageTimes: [Double] = [], scriptTimes: [Double] = []
        var page = "", script = Data()
        var parts: [(String, Double)] = []
        for _ in 0..<max(1, timed.runs) {
            let t0 = now()
            let presentation = ChartPresentation(chart: chart)
            let t1 = now()
            page = try renderer.chartPage(presentation, dataScript: "bench.0.js", audio: nil, assets: assets)
            let t2 = now()
            script = presentation.dataScript(audio: nil)
            let t3 = now()
            pageTimes.append(t2 - t0)
            scriptTimes.append(t3 - t2)
            // The parts of the presentation, timed one by one.
            let d0 = now()
            let description = chart.describe()
            let d1 = now()
            let svg = ChartSVG(geometry: ChartGeometry(chart: chart), idPrefix: chart.id).render()
            let d2 = now()
            _ = Downsampling.keyRows(chart.series.map(\.values), limit: ChartPresentation.scrubberPointLimit)  // the scrubber's points
            let d3 = now()
            _ = (description, svg)
            parts = [
                ("presentation", t1 - t0), ("  of which describe (statistics, trend, summary)", d1 - d0),
                ("  of which geometry + SVG (min/max downsampling)", d2 - d1), ("  of which scrubber rows (LTTB)", d3 - d2),
                ("templates (incl. table rows)", t2 - t1),
            ]
        }
        // Reference: the same chart drawn naively, one SVG path with every point (1 decimal).
        var naive = 0
        for s in chart.series {
            for v in s.values { naive += v == nil ? 0 : 14 }  // "L123.4,56.7" ≈ 14 bytes a point
        }
        let build = BenchTiming.build
        let median = BenchTiming.median
        let points = NumberFormat(decimals: 0).format(Double(chart.pointCount))
        print("chart page for \(chart.series.count) series × \(points) points: \(kb(page.utf8.count)) HTML+SVG in \(String(format: "%.2f", median(pageTimes))) s (\(build); median of \(pageTimes.count); target < 1 MB, < 1 s)")
        for (name, t) in parts { print("  \(name): \(String(format: "%.2f", t)) s") }
        print("  naive SVG drawing every point would be ≥ \(kb(naive)) for the paths alone: \(String(format: "%.0f", Double(naive) / Double(page.utf8.count)))× the whole page")
        print("scrubber data script (\(NumberFormat(decimals: 0).format(Double(ChartPresentation.scrubberPointLimit))) points max): \(kb(script.count)) in \(String(format: "%.2f", median(scriptTimes))) s")
    }

    func now() -> Double { BenchTiming.now() }
    func kb(_ bytes: Int) -> String { bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : "\(bytes / 1000) kB" }
}

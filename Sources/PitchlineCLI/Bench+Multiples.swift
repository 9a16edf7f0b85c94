import ArgumentParser
import Foundation
import SiteExport
import SiteGenerator

/// `pitchline bench multiples`: a 50-panel facet grid (a generated 50 × 120-month CSV, one line
/// panel per group) exported as a site: time (generate + write, no caches), the page's bytes and
/// what a reader downloads for it (page, data script, every panel's tone bank) and the requests.
/// Reference, in the same run: the same 50 panels written as 50 single-view specs (one page each).
struct MultiplesBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "multiples", abstract: "Measure exporting a 50-panel facet grid (time, page size, requests).")

    @Option(help: "Panels in the grid.") var panels = 50
    @Option(help: "Points per panel (months).") var points = 120
    @OptionGroup var timed: BenchRuns
    @OptionGroup var theme: BenchTheme

    func run() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("pitchline-bench-multiples-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let figureSite = work.appendingPathComponent("figure/site"), chartsSite = work.appendingPathComponent("charts/site")
        try writeSites(figure: figureSite, separate: chartsSite)
        let themeURL = theme.directory

        func export(_ site: URL) async throws -> (seconds: Double, cpu: Double, files: FileSet) {
            var times: [Double] = [], cpus: [Double] = []
            var last = FileSet()
            for r in 0..<max(1, timed.runs) {
                let out = site.deletingLastPathComponent().appendingPathComponent("out-\(r)")
                let t0 = BenchTiming.now(), c0 = BenchTiming.cpuSeconds()
                var generator = SiteGenerator(siteDirectory: site, themeDirectory: themeURL, cacheDirectory: nil)
                generator.forPublishing = true
                last = try await generator.generate()
                _ = try SiteExporter(outputDirectory: out, force: true).write(last)
                times.append(BenchTiming.now() - t0)
                cpus.append(BenchTiming.cpuSeconds() - c0)
                guard last.problems.isEmpty else { throw ValidationError("bench site has problems: \(last.problems[0])") }
            }
            return (BenchTiming.median(times), BenchTiming.median(cpus), last)
        }
        let figure = try await export(figureSite)
        let separate = try await export(chartsSite)

        let page = figure.files["charts/grid.html"]!
        let script = figure.files.files(.chartData).filter { $0.chartID == "grid" }
        let banks = figure.files.files(.audioBank)
        let assets = figure.files.files(.asset).filter { $0.path.hasSuffix(".css") || $0.path.hasSuffix(".js") }
        let reader = page.data.count + script.reduce(0) { $0 + $1.data.count } + banks.reduce(0) { $0 + $1.data.count } + assets.reduce(0) { $0 + $1.data.count }
        let requests = 1 + script.count + banks.count + assets.count
        let separatePages = separate.files.files(.chartPage)
        let separateBytes = separatePages.reduce(0) { $0 + $1.data.count }
        func kb(_ n: Int) -> String { String(format: "%.0f KB", Double(n) / 1000) }
        print("\(panels)-panel facet grid (\(points) points a panel), export without caches (generate + write), median of \(max(1, timed.runs)):")
        print(String(format: "  export                  %.2f s wall, %.2f s CPU (both cores)   (reference: the same panels as %d single-view charts %.2f s wall, %.2f s CPU; CPU ratio %.2f)",
                     figure.seconds, figure.cpu, panels, separate.seconds, separate.cpu, figure.cpu / separate.cpu))
        print("  page (HTML, 50 SVGs, tables)   \(kb(page.data.count))   (limit 1,000 KB; reference: \(panels) pages \(kb(separateBytes)) together)")
        print("  data script (every panel)      \(kb(script.reduce(0) { $0 + $1.data.count })) in \(script.count) request")
        print("  tone banks                     \(kb(banks.reduce(0) { $0 + $1.data.count })) in \(banks.count) requests (\(kb(banks.reduce(0) { $0 + $1.data.count } / max(1, banks.count))) each, fetched when idle)")
        print("  a reader downloads             \(kb(reader)) in \(requests) requests (page, data, banks, CSS, JS)")
    }

    /// The facet site and the same panels as single-view specs, over one generated CSV.
    func writeSites(figure: URL, separate: URL) throws {
        var csv = "group,month,value\n"
        for g in 0..<panels {
            for m in 0..<points {
                let year = 2000 + m / 12, month = m % 12 + 1
                // A yearly cycle, a trend and a per-group level, in two decimals.
                let value = 10 + Double(g % 7) * 3 + 8 * sin(Double(m) * .pi / 6) + Double(m) * 0.05 * Double(g % 3 - 1)
                csv += String(format: "G%02d,%04d-%02d-01,%.2f\n", g + 1, year, month, value)
            }
        }
        let inner = #"{"mark": "line", "encoding": {"x": {"field": "month", "type": "temporal", "title": "Month"}, "y": {"field": "value", "type": "quantitative", "title": "Value"}}}"#
        for site in [figure, separate] {
            try FileManager.default.createDirectory(at: site.appendingPathComponent("charts"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: site.appendingPathComponent("data"), withIntermediateDirectories: true)
            try Data(csv.utf8).write(to: site.appendingPathComponent("data/groups.csv"))
        }
        let grid = #"{"title": "Fifty groups", "data": {"url": "../data/groups.csv"}, "facet": {"field": "group", "type": "nominal"}, "columns": 5, "spec": \#(inner)}"#
        try Data(grid.utf8).write(to: figure.appendingPathComponent("charts/grid.vl.json"))
        for g in 0..<panels {
            let name = String(format: "G%02d", g + 1)
            let single = #"{"title": "\#(name)", "data": {"url": "../data/groups.csv"}, "transform": [{"filter": "datum.group == '\#(name)'"}], "mark": "line", "encoding": {"x": {"field": "month", "type": "temporal", "title": "Month"}, "y": {"field": "value", "type": "quantitative", "title": "Value"}}}"#
            try Data(single.utf8).write(to: separate.appendingPathComponent("charts/\(name).vl.json"))
        }
    }
}

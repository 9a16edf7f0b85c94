import ArgumentParser
import Dispatch
import Foundation
import SiteExport

/// `pitchline bench heatmap`: a generated 100 × 100 heatmap (a Vega-Lite `rect` spec, cells
/// averaged from 4 data rows each) exported as a whole site (page, data script, tone bank,
/// renditions, CSV), against a 10,000-point line chart over the same values exported in the same
/// run; prints the export time and the page's size (target: < 1 s, < 1 MB).
struct HeatmapBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "heatmap", abstract: "Measure exporting a 100 × 100 heatmap (time and page size) against a line chart of the same values.")

    @Option(help: "Rows and columns of the heatmap.") var size = 100
    @OptionGroup var timed: BenchRuns

    func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pitchline-bench-heatmap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let heatmap = try makeSite(folder.appendingPathComponent("heatmap"), spec: """
            {"title": "Bench heatmap", "data": {"url": "../data/cells.csv"}, "mark": "rect",
             "encoding": {"x": {"field": "column", "type": "ordinal"}, "y": {"field": "row", "type": "ordinal"},
                          "color": {"field": "value", "aggregate": "mean", "type": "quantitative"}}}
            """)
        let line = try makeSite(folder.appendingPathComponent("line"), spec: """
            {"title": "Bench line", "data": {"url": "../data/cells.csv"}, "mark": "line",
             "transform": [{"calculate": "datum.row * \(size) + datum.column", "as": "cell"}],
             "encoding": {"x": {"field": "cell", "type": "quantitative"}, "y": {"field": "value", "aggregate": "mean", "type": "quantitative"}}}
            """)
        var times: [String: [Double]] = [:]
        var pageBytes: [String: Int] = [:]
        for _ in 0..<max(1, timed.runs) {
            for (name, site) in [("heatmap", heatmap), ("line", line)] {
                let out = folder.appendingPathComponent("out-\(name)")
                var job = ExportJob(siteDirectory: site, themeDirectory: nil, cacheDirectory: nil, outputDirectory: out)
                job.force = true
                let start = BenchTiming.now()
                _ = try await job.run(progress: ExportProgress(quiet: true))
                times[name, default: []].append(BenchTiming.now() - start)
                let page = out.appendingPathComponent("charts/bench.html")
                pageBytes[name] = (try? FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int) ?? 0
            }
        }
        let build = BenchTiming.build
        let median = BenchTiming.median
        let h = median(times["heatmap"]!), l = median(times["line"]!)
        print("\(size) × \(size) heatmap export (whole site, no cache): \(String(format: "%.2f", h)) s, page \(kb(pageBytes["heatmap"]!)) (\(build); median of \(timed.runs); target < 1 s, < 1 MB)")
        print("  reference, a \(size * size)-point line chart of the same values: \(String(format: "%.2f", l)) s, page \(kb(pageBytes["line"]!)): heatmap/line \(String(format: "%.2f", h / l))× the time")
    }

    /// A site folder with `charts/bench.vl.json` and `data/cells.csv` (4 data rows per cell).
    func makeSite(_ site: URL, spec: String) throws -> URL {
        try FileManager.default.createDirectory(at: site.appendingPathComponent("charts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("data"), withIntermediateDirectories: true)
        try Data(spec.utf8).write(to: site.appendingPathComponent("charts/bench.vl.json"))
        var csv = "row,column,value\n"
        for r in 0..<size {
            for c in 0..<size {
                for k in 0..<4 {
                    // A smooth field with noise: seasons along the columns, a trend down the rows.
                    let v = 10 + 8 * sin(Double(c) / Double(size) * 2 * .pi) + Double(r) * 0.05 + Double((r * 31 + c * 17 + k * 7) % 13) / 10
                    csv += "\(r),\(c),\(String(format: "%.1f", v))\n"
                }
            }
        }
        try Data(csv.utf8).write(to: site.appendingPathComponent("data/cells.csv"))
        return site
    }

    func kb(_ bytes: Int) -> String { bytes >= 1_000_000 ? String(format: "%.2f MB", Double(bytes) / 1e6) : "\(bytes / 1000) kB" }
}

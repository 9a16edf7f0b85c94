import ArgumentParser
import ChartData
import ChartModel
import Dispatch
import Foundation
import SpecReading

/// `pitchline bench transforms`: the Vega-Lite data flow on large data, beside the plain load of
/// the same CSV: 1,000,000 rows through filter + calculate + timeUnit + aggregate, and 100,000
/// rows through window + stack, and the 1,000,000 rows as a box plot by month. Median of several runs, files generated in a temp folder.
struct TransformBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "transforms", abstract: "Measure specs with transforms on generated CSVs (Vega-Lite data flow).")

    @Option(help: "Rows in the CSV for filter + calculate + timeUnit + aggregate.") var rows = 1_000_000
    @Option(help: "Rows in the CSV for window + stack.") var windowRows = 100_000
    @OptionGroup var timed: BenchRuns

    /// Filter and calculate as transforms, timeUnit and aggregate on the encoding: daily mean of a
    /// converted temperature over the minutes where it is above 5.
    static let flowSpec = """
        {"data": {"url": "../data/bench.csv"},
         "transform": [{"filter": "datum.temperature > 5"},
                       {"calculate": "datum.temperature * 1.8 + 32", "as": "fahrenheit"}],
         "mark": "line",
         "encoding": {"x": {"field": "date", "timeUnit": "yearmonthdate", "type": "temporal"},
                      "y": {"field": "fahrenheit", "aggregate": "mean", "type": "quantitative"}}}
        """

    /// A box plot of the temperature per month (issue 14): each group's quartiles, median,
    /// whiskers and outliers over all its rows.
    static let boxSpec = """
        {"data": {"url": "../data/bench.csv"},
         "mark": "boxplot",
         "encoding": {"x": {"field": "date", "timeUnit": "month", "type": "ordinal"},
                      "y": {"field": "temperature", "type": "quantitative"}}}
        """

    /// A running total per category (window, sorted by day) drawn as stacked areas.
    static let windowSpec = """
        {"data": {"url": "../data/window.csv"},
         "transform": [{"window": [{"op": "sum", "field": "amount", "as": "total"}],
                        "groupby": ["category"], "sort": [{"field": "day"}]}],
         "mark": "area",
         "encoding": {"x": {"field": "day", "type": "temporal"},
                      "y": {"field": "total", "type": "quantitative", "stack": "zero"},
                      "color": {"field": "category", "type": "nominal"}}}
        """

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pitchline-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try LoadBench.generate(rows: rows).write(to: folder.appendingPathComponent("bench.csv"))
        try Self.generateWindowData(rows: windowRows).write(to: folder.appendingPathComponent("window.csv"))
        let read: (String) throws -> Data = { path in
            try Data(contentsOf: folder.appendingPathComponent((path as NSString).lastPathComponent), options: .alwaysMapped)
        }
        let build = BenchTiming.build
        let count = { (n: Int) in NumberFormat(decimals: 0).format(Double(n)) }

        let plain = try BenchTiming.measure(timed.runs) { _ = try ChartLoader.loadCSV(data: try read("bench.csv"), path: "bench.csv") }
        print("load \(count(rows)) rows × 3 columns, no transforms: \(String(format: "%.2f", plain.seconds)) s, CPU \(String(format: "%.2f", plain.cpu)) s (\(build), median of \(plain.runs))")
        for (label, spec, target) in [
            ("\(count(rows)) rows through filter + calculate + timeUnit + aggregate", Self.flowSpec, "target < 1 s"),
            ("\(count(windowRows)) rows through window + stack", Self.windowSpec, "no target"),
            ("\(count(rows)) rows as a box plot by month", Self.boxSpec, "no target"),
        ] {
            do {
                var chart: Chart?
                let timing = try BenchTiming.measure(timed.runs) {
                    chart = try ChartLoader.loadSpec(data: Data(spec.utf8), path: "site/charts/bench.vl.json", readFile: read)
                }
                let points = chart.map { "\($0.series.count) series × \(count($0.pointCount)) points" } ?? ""
                let ratio = plain.seconds > 0 ? String(format: "%.1f×", timing.seconds / plain.seconds) : "–"
                print("load \(label): \(String(format: "%.2f", timing.seconds)) s, CPU \(String(format: "%.2f", timing.cpu)) s (\(build), median of \(timing.runs), \(points); \(ratio) the plain load; \(target))")
            } catch {
                print("load \(label): not measured, the spec is refused: \(error)")
            }
        }
    }

    /// `day,category,amount`: four categories per day, amounts with two decimals (some negative).
    static func generateWindowData(rows: Int) -> Data {
        var out = "day,category,amount\n"
        out.reserveCapacity(rows * 28)
        let categories = ["coal", "gas", "solar", "wind"]
        var seed: UInt64 = 7
        let start = 946_684_800.0
        for row in 0..<rows {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let amount = Double(seed >> 11) / Double(1 << 53) * 10 - 2
            let day = Date(timeIntervalSince1970: start + Double(row / categories.count) * 86_400)
            let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: day)
            out += String(format: "%04d-%02d-%02d,%@,%.2f\n", c.year!, c.month!, c.day!, categories[row % categories.count], amount)
        }
        return Data(out.utf8)
    }
}

import ArgumentParser
import ChartData
import ChartModel
import Dispatch
import Foundation
import SpecReading

/// `pitchline bench load`: time to load a large bare CSV into a chart (read, parse, infer
/// types, build rows and series), median of several runs, on a file generated in a temp folder.
struct LoadBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "load", abstract: "Measure loading a generated CSV (date + 2 numeric columns) into a chart.")

    @Option(help: "Data rows in the generated CSV.") var rows = 1_000_000
    @Option(help: "Timed runs (the median is printed).") var runs = 5

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pitchline-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bench.csv")
        try Self.generate(rows: rows).write(to: file)
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0

        var times: [Double] = []
        var chart: Chart?
        for _ in 0..<max(1, runs) {
            let start = BenchTiming.now()
            let data = try Data(contentsOf: file, options: .alwaysMapped)
            chart = try ChartLoader.loadCSV(data: data, path: "bench.csv")
            times.append(BenchTiming.now() - start)
        }
        let median = BenchTiming.median(times)
        let build = BenchTiming.build
        let rowsText = NumberFormat(decimals: 0).format(Double(rows))
        var describeTime = 0.0
        var labelTime = 0.0
        if let chart {
            let start = BenchTiming.now()
            _ = chart.describe()
            describeTime = BenchTiming.now() - start
            let labelStart = BenchTiming.now()
            let speech = SpeechFormatter(chart: chart)
            var characters = 0
            for row in 0..<chart.pointCount { characters += speech.pointLabel(series: 0, row: row).utf8.count }
            labelTime = BenchTiming.now() - labelStart
        }
        defer {
            print("describe (statistics, trend, summary) of 2 series × \(rowsText) points: \(String(format: "%.2f", describeTime)) s")
            print("point labels for 1 series × \(rowsText) points: \(String(format: "%.2f", labelTime)) s")
        }
        print("load \(rowsText) rows × 3 columns: \(String(format: "%.2f", median)) s (\(build); median of \(times.count), \(String(format: "%.1f", Double(size) / 1e6)) MB, \(chart?.series.count ?? 0) series × \(NumberFormat(decimals: 0).format(Double(chart?.pointCount ?? 0))) points; target < 2 s)")
    }

    /// `date,temperature,rainfall` with one row per minute from 2000-01-01, realistic decimals and
    /// a few missing values.
    static func generate(rows: Int) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(rows * 36)
        out.append(contentsOf: Array("date,temperature,rainfall\n".utf8))
        var seed: UInt64 = 42
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let start = 946_684_800  // 2000-01-01T00:00:00Z
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var dayText = ""
        for row in 0..<rows {
            let minuteOfDay = row % 1440
            if minuteOfDay == 0 || row == 0 {
                let c = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(start + row * 60)))
                dayText = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
            }
            let line = String(format: "%@T%02d:%02d:00Z,%.1f,%@\n", dayText, minuteOfDay / 60, minuteOfDay % 60,
                              10 + 8 * sin(Double(row) / 5000) + random() * 2 - 1,
                              row % 997 == 0 ? "NA" : String(format: "%.2f", random() * 3))
            out.append(contentsOf: Array(line.utf8))
        }
        return Data(out)
    }
}

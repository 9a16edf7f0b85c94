import ArgumentParser
import ChartData
import Foundation
import SiteExport
import SiteGenerator
import SpecReading

/// `pitchline bench export`: the two export figures of issue 31, each against a reference timed
/// in the same run. A site of one bare CSV chart of `--points` points (one series) exported with a
/// fresh cache and output folder, against `check` of the same site (the chart's loading); and a
/// second export of the unchanged example site (no chart loaded: checked), against copying its
/// output folder file by file.
struct ExportBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Measure a large chart's export against its check, and a warm re-export against a copy of its output.")

    @Option(help: "Points of the generated chart (one series).") var points = 1_000_000
    @Option(help: "The example site for the warm re-export.") var site = "site"
    @Option(help: "Timed runs (the median is printed).") var runs = 5

    func run() async throws {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("pitchline-bench-export-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big")
        try fm.createDirectory(at: big.appendingPathComponent("charts"), withIntermediateDirectories: true)
        try Self.csv(points: points).write(to: big.appendingPathComponent("charts/big.csv"))

        var export: [(Double, Double)] = [], check: [(Double, Double)] = []
        for run in 0..<max(1, runs) {
            let job = ExportJob(
                siteDirectory: big, themeDirectory: nil, cacheDirectory: folder.appendingPathComponent("cache-\(run)"),
                outputDirectory: folder.appendingPathComponent("out-\(run)"))
            export.append(try await Self.timed { _ = try await job.run(progress: ExportProgress(quiet: true)) })
            check.append(try await Self.timed { _ = try SiteGenerator(siteDirectory: big, themeDirectory: nil, cacheDirectory: nil).check() })
            try? fm.removeItem(at: folder.appendingPathComponent("out-\(run)"))
        }
        Self.report(
            "export of a \(NumberFormat(decimals: 0).format(Double(points)))-point chart (a bare CSV, fresh cache and output)", export, reference: "check of the same site", check,
            runs: runs, target: "≤ 1.5 s")

        let example = URL(fileURLWithPath: site)
        let out = folder.appendingPathComponent("example-out"), cache = folder.appendingPathComponent("example-cache")
        let job = ExportJob(siteDirectory: example, themeDirectory: nil, cacheDirectory: cache, outputDirectory: out)
        _ = try await job.run(progress: ExportProgress(quiet: true))
        var warm: [(Double, Double)] = [], copy: [(Double, Double)] = []
        for run in 0..<max(1, runs) {
            warm.append(try await Self.timed {
                let summary = try await job.run(progress: ExportProgress(quiet: true))
                guard summary.chartsRendered == 0, summary.filesWritten == 0 else { throw ValidationError("the warm export rendered or wrote files") }
                // Issue 31: a warm export reads no chart data (every chart from its cache entry alone).
                guard summary.chartsReusedWithoutLoading == summary.chartsReused else { throw ValidationError("the warm export loaded charts") }
            })
            let target = folder.appendingPathComponent("copy-\(run)")
            copy.append(try await Self.timed { try fm.copyItem(at: out, to: target) })
            try? fm.removeItem(at: target)
        }
        Self.report(
            "warm re-export of the unchanged example site (\(example.lastPathComponent))", warm, reference: "copying its output folder", copy,
            runs: runs, target: "≤ 0.2 s")
    }

    /// `x,value`: a slow wave with noise, one row per point.
    static func csv(points: Int) -> Data {
        var out = [UInt8]("x,value\n".utf8)
        out.reserveCapacity(points * 14)
        var seed: UInt64 = 42
        for i in 0..<points {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = 10 + 8 * sin(Double(i) / 5000) + Double(seed >> 11) / Double(1 << 53) * 2 - 1
            out.append(contentsOf: "\(i),\(String(format: "%.2f", value))\n".utf8)
        }
        return Data(out)
    }

    /// Wall and CPU (user + system) seconds of `body`.
    static func timed(_ body: () async throws -> Void) async throws -> (Double, Double) {
        let start = BenchTiming.now(), cpu = BenchTiming.cpuSeconds()
        try await body()
        return (BenchTiming.now() - start, BenchTiming.cpuSeconds() - cpu)
    }

    static func report(_ what: String, _ times: [(Double, Double)], reference: String, _ references: [(Double, Double)], runs: Int, target: String) {
        let median = BenchTiming.median
        let wall = median(times.map(\.0)), cpu = median(times.map(\.1))
        let refWall = median(references.map(\.0)), refCPU = median(references.map(\.1))
        func s(_ v: Double) -> String { String(format: "%.2f", v) }
        print("\(what): \(s(wall)) s (\(s(cpu)) s CPU) (\(BenchTiming.build); median of \(times.count); target \(target))")
        print("  reference, \(reference): \(s(refWall)) s (\(s(refCPU)) s CPU): \(String(format: "%.1f", wall / refWall))× the time, \(String(format: "%.1f", cpu / max(refCPU, 1e-6)))× the CPU")
    }
}

import ArgumentParser
import Dispatch
import Foundation

/// The timing every `pitchline bench` command shares: one clock, one median, one build label.
enum BenchTiming {
    /// Monotonic wall-clock seconds (only differences mean anything).
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// CPU seconds (user + system) of this process so far: steadier than wall time on a machine
    /// shared with builds.
    static func cpuSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The median of timings (the upper middle one of an even count).
    static func median(_ times: [Double]) -> Double { times.sorted()[times.count / 2] }

    /// Median wall and CPU seconds of `max(1, runs)` calls of `body`.
    static func measure(_ runs: Int, _ body: () throws -> Void) rethrows -> (seconds: Double, cpu: Double, runs: Int) {
        var times: [Double] = [], cpu: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = now(), cpuStart = cpuSeconds()
            try body()
            cpu.append(cpuSeconds() - cpuStart)
            times.append(now() - start)
        }
        return (median(times), median(cpu), times.count)
    }

    /// The build being measured, printed beside every figure.
    static var build: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }
}

/// `--runs` of the export, render and transform benches (the load bench times more runs).
struct BenchRuns: ParsableArguments {
    @Option(help: "Timed runs (the median is printed).")
    var runs = 3
}

/// `--theme` of the benches that render pages.
struct BenchTheme: ParsableArguments {
    @Option(name: .customLong("theme"), help: "Theme folder overriding the built-in theme file by file.")
    var path: String?

    var directory: URL? { path.map { URL(fileURLWithPath: $0) } }
}

import ChartData
import Dispatch
import Foundation
@testable import SiteGenerator

// Debug builds compile Pitchline's modules with -enable-testing, so the internal report renderer
// (`ReportPage`) is reachable without widening SiteGenerator's public API for a fuzzer.

/// libFuzzer entry: arbitrary bytes as `site/reports/fuzz.md` (read as SiteGenerator reads it,
/// UTF-8 with repair), rendered with the real theme and one real embedded chart.
/// Never a trap, and no script or handler from the Markdown reaches the page (`checkReport`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let markdown = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let fixture = ReportFixture.shared
    do {
        let page = try ReportPage(source: ReportSource(slug: "fuzz", markdown: markdown), charts: fixture.charts, theme: fixture.theme)
        checkReport(page.html, allowedScripts: fixture.allowedScripts)
    } catch {
        // A theme error is the only thing ReportPage may throw; the theme here is fixed and valid.
        preconditionFailure("report rendering threw: \(error)")
    }
    return 0
}

/// The theme and one rendered chart (`fuzz-chart`), built once.
struct ReportFixture: Sendable {
    let theme: Theme
    let charts: [String: RenderedChart]
    let allowedScripts: Set<String>

    static let shared: ReportFixture = {
        // Fuzz/Sources/fuzz-report/FuzzReport.swift → the repository root holds Templates/ and Public/.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let theme = blocking { try await Theme(directory: root) }
        let csv = Data("year,Coal,Wind\n2001,10,1\n2002,8,3\n2003,,5\n2004,5,9\n".utf8)
        let chart = try! ChartLoader.loadCSV(data: csv, path: "site/charts/fuzz-chart.csv")
        let rendered = try! RenderedChart(chart: chart, theme: theme, audio: AudioRenderer(cacheDirectory: nil))
        let allowed: Set<String> = [
            String(theme.assets.paths.jsPath.split(separator: "/").last!), rendered.dataScript.name,
        ]
        return ReportFixture(theme: theme, charts: ["fuzz-chart": rendered], allowedScripts: allowed)
    }()
}

private final class ResultBox<T>: @unchecked Sendable { var result: Result<T, Error>? }

/// Runs async set-up code to completion from libFuzzer's synchronous callback.
private func blocking<T>(_ body: @escaping @Sendable () async throws -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try! box.result!.get()
}

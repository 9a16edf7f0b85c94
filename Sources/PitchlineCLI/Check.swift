import ArgumentParser
import ChartData
import Foundation

/// `pitchline check [SITE]`: loads every chart, prints one line per chart and every problem.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load every chart in a site folder and report problems (exits non-zero on any).")

    @Argument(help: "The site folder (holds charts/ and data/).")
    var site: String = "site"

    func run() throws {
        let url = URL(fileURLWithPath: site)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(site): no such folder")
        }
        let result = ChartLoader(siteDirectory: url).loadSite()
        for chart in result.charts {
            let kind = chart.mark.chartKindName.lowercased()
            let seriesCount = chart.series.count
            let points = TextFormat.count(chart.pointCount)
            print("\(chart.id): \(kind), \(seriesCount) series, \(points) point\(chart.pointCount == 1 ? "" : "s")")
        }
        for problem in result.problems {
            let context = problem.chartFile.map { " (used by \($0))" } ?? ""
            FileHandle.standardError.write(Data("error: \(problem)\(context)\n".utf8))
        }
        let charts = result.charts.count, problems = result.problems.count
        print("\(charts) chart\(charts == 1 ? "" : "s") loaded, \(problems) problem\(problems == 1 ? "" : "s")")
        if problems > 0 { throw ExitCode(1) }
    }
}

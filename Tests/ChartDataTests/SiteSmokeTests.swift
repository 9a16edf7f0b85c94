import Foundation
import Testing
@testable import ChartData

/// The example site in the repository loads, and reads well.
struct ExampleSiteTests {
    static let siteURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("site")

    @Test func everyExampleChartLoads() throws {
        let site = ChartLoader(siteDirectory: Self.siteURL).loadSite()
        #expect(site.problems.isEmpty, "\(site.problems)")
        #expect(site.charts.map(\.id) == site.charts.map(\.id).sorted())
        for chart in site.charts {
            let d = chart.describe()
            print("== \(chart.id)\n\(d.summary)")
            for s in d.series { print(s.statisticsSentence); print(s.trendSentence) }
            let f = SpeechFormatter(chart: chart)
            print(f.pointLabel(series: 0, row: 2), "|", f.xRangeText, "|", f.yRangeText)
        }
    }
}

struct LoadSiteTests {
    func makeSite(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pl-site-\(UUID().uuidString)/site")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func oneBadChartNeverStopsTheOthers() throws {
        let good = """
        {"data": {"url": "../data/a.json"}, "mark": "bar",
         "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """
        let site = try makeSite([
            "charts/b-good.vl.json": good,
            "charts/a-bad.vl.json": #"{"data": {"values": []}, "mark": "arc"}"#,
            "charts/c-bare.csv": "year,sales\n2001,5\n2002,7\n",
            "charts/d-broken.csv": "x,y\n1,\"2\n",
            "charts/notes.txt": "hello",
            "charts/.hidden": "",
            "data/a.json": #"[{"k": "x", "v": 1}, {"k": "y", "v": null}]"#,
        ])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = ChartLoader(siteDirectory: site).loadSite()
        #expect(result.charts.map(\.id) == ["b-good", "c-bare"])
        #expect(result.charts[0].series[0].values == [1, nil])
        #expect(result.problems.map(\.description) == [
            "site/charts/a-bad.vl.json:1: $.mark: \"arc\" is not supported; use one of line, bar, point, area",
            "site/charts/d-broken.csv:2:3: unterminated quoted field: the quote opened here is never closed",
            "site/charts/notes.txt: not a chart; charts are Vega-Lite specs (.vl.json) or CSV files (.csv); put data in site/data/",
        ])
        // A leading "year" column of whole numbers becomes a yearly time axis.
        let bare = result.charts[1]
        #expect(bare.title == "C bare")
        #expect(bare.x.type == .temporal && bare.x.granularity == .year)
        #expect(SpeechFormatter(chart: bare).pointLabel(series: 0, row: 1) == "2002, sales 7")
    }

    @Test func jsonDataFilesAreLocatedByPath() throws {
        let site = try makeSite([
            "charts/j.vl.json": """
            {"data": {"url": "../data/j.json"}, "mark": "line",
             "encoding": {"x": {"field": "t", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}}}
            """,
            "data/j.json": "[\n {\"t\": 1, \"v\": 2},\n {\"t\": 2, \"v\": \"lots\"}\n]",
        ])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = ChartLoader(siteDirectory: site).loadSite()
        #expect(result.problems.map(\.description) == ["site/data/j.json:3: $[1].v: expected a number in column \"v\", found \"lots\""])
        #expect(result.problems.first?.chartFile == "site/charts/j.vl.json")
    }

    @Test func missingChartsFolderIsAProblem() throws {
        let site = try makeSite(["data/x.csv": "a\n1\n"])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = ChartLoader(siteDirectory: site).loadSite()
        #expect(result.charts.isEmpty)
        #expect(result.problems.count == 1 && result.problems[0].description.hasPrefix("site/charts: cannot list the charts folder"))
    }
}

import Foundation
import SiteFolders
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
            #expect(!d.summary.isEmpty && d.series.count == chart.series.count)
        }
    }

    @Test func seattleTemperatureReadsAsExpected() throws {
        let site = ChartLoader(siteDirectory: Self.siteURL).loadSite()
        let chart = try #require(site.charts.first { $0.id == "seattle-temperature" })
        #expect(chart.series.map(\.name) == ["Maximum temperature", "Minimum temperature"])
        #expect(chart.pointCount == 1_461)
        let d = chart.describe()
        #expect(d.summary == "Line chart of Seattle daily temperature, 2 series: maximum temperature and minimum temperature, from 1 January 2012 to 31 December 2015, 1,461 points per series. Maximum temperature ranges from \u{2212}1.6 °C on 6 February 2014 to 35.6 °C on 11 August 2014. Minimum temperature ranges from \u{2212}7.1 °C on 7 December 2013 to 18.3 °C on 16 August 2012. Maximum temperature has a yearly cycle, highest in August and lowest in December, around a steady level of about 16.3 °C. Minimum temperature has a yearly cycle, highest in August and lowest in January, around a steady level of about 8.2 °C. One isolated value far from its neighbours: \u{2212}0.5 °C on 21 January 2015.")
        #expect(d.series[0].statisticsSentence == "Maximum temperature: 1,461 values, none missing; lowest \u{2212}1.6 °C on 6 February 2014, highest 35.6 °C on 11 August 2014, mean 16.44 °C, median 15.6 °C.")
        #expect(SpeechFormatter(chart: chart).pointLabel(series: 0, row: 2) == "3 January 2012, maximum temperature 11.7 °C")
    }

    @Test func precipitationAndElectricityFigures() throws {
        let charts = ChartLoader(siteDirectory: Self.siteURL).loadSite().charts
        let rain = try #require(charts.first { $0.id == "seattle-precipitation" })
        #expect(rain.pointCount == 48)
        #expect(abs(rain.series[0].values[0]! - 173.3) < 1e-9)
        #expect(abs(rain.series[0].values[47]! - 284.5) < 1e-9)
        let iowa = try #require(charts.first { $0.id == "iowa-electricity" })
        #expect(iowa.series.map(\.name) == ["Fossil Fuels", "Nuclear Energy", "Renewables"])
        #expect(SpeechFormatter(chart: iowa).pointLabel(series: 0, row: 0) == "2001, Fossil Fuels 35,361 thousand MWh")
    }
}

struct LoadSiteTests {
    func makeSite(_ files: [String: String]) throws -> URL { try writeSite(files, name: "pl-site") }

    @Test func oneBadChartNeverStopsTheOthers() throws {
        let good = """
        {"data": {"url": "../data/a.json"}, "mark": "bar",
         "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """
        let site = try makeSite([
            "charts/b-good.vl.json": good,
            "charts/a-bad.vl.json": #"{"data": {"values": []}, "mark": "geoshape"}"#,
            "charts/c-bare.csv": "year,sales\n2001,5\n2002,7\n",
            "charts/d-broken.csv": "x,y\n1,\"2\n",
            "charts/notes.txt": "hello",
            "charts/README.md": "# My charts",
            "charts/.hidden": "",
            "charts/b-good.vl.json~": "{ an editor backup",
            "charts/.b-good.vl.json.swp": "swap",
            "data/a.json": #"[{"k": "x", "v": 1}, {"k": "y", "v": null}]"#,
        ])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = ChartLoader(siteDirectory: site).loadSite()
        #expect(result.charts.map(\.id) == ["b-good", "c-bare"])
        #expect(result.charts[0].series[0].values == [1, nil])
        #expect(result.problems.map(\.description) == [
            "site/charts/a-bad.vl.json:1: $.mark: \"geoshape\" is not supported; use one of line, area, bar, point, tick, circle, square, rule, trail, text, boxplot, errorbar, errorband, arc, rect",
            "site/charts/d-broken.csv:2:3: unterminated quoted field: the quote opened here is never closed",
        ])
        // Not charts: skipped with one informational line, not a problem.
        #expect(result.skippedNote == "skipped 5 files in site/charts that are not charts: .b-good.vl.json.swp, .hidden, README.md, b-good.vl.json~, notes.txt (charts are .vl.json specs and .csv files)")
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
            "data/j.json": "[\n {\"t\": 1, \"v\": 2},\n {\"t\": 2 \"v\": 3}\n]",
        ])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = ChartLoader(siteDirectory: site).loadSite()
        #expect(result.problems.map(\.description) == ["site/data/j.json:3:10: JSON syntax error: expected ',' or '}' in an object, found '\"'"])
        #expect(result.problems.first?.chartFile == "site/charts/j.vl.json")
    }

    @Test func missingChartsFolderIsAProblem() throws {
        let site = try makeSite(["data/x.csv": "a\n1\n"])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = ChartLoader(siteDirectory: site).loadSite()
        #expect(result.charts.isEmpty)
        #expect(result.problems.count == 1 && result.problems[0].description.hasPrefix("site/charts: cannot list the charts folder"))
    }

    @Test func aDataLinkLeadingOutOfTheSiteIsRefused() throws {
        let site = try makeSite([
            "charts/l.vl.json": """
            {"data": {"url": "data/secret.csv"}, "mark": "line",
             "encoding": {"x": {"field": "t", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}}}
            """,
        ])
        let outside = site.deletingLastPathComponent().appendingPathComponent("secret.csv")
        try Data("t,v\n1,2\n".utf8).write(to: outside)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("data"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: site.appendingPathComponent("data/secret.csv"), withDestinationURL: outside)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = ChartLoader(siteDirectory: site).loadSite()
        #expect(result.charts.isEmpty)
        #expect(result.problems.first?.description.contains("outside the site folder") == true)
    }

    @Test func sidecarsAreReadWithTheirCSVAndNeverListed() throws {
        let site = try makeSite([
            "charts/jobs.csv": "month,jobs\n2006-01-01,10\n2006-02-01,12\n",
            "charts/jobs.csv.json": #"{"title": "Jobs", "unit": "thousand"}"#,
            "charts/gone.csv.json": #"{"title": "Orphan"}"#,
        ])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = ChartLoader(siteDirectory: site).loadSite()
        #expect(result.charts.map(\.title) == ["Jobs"])
        #expect(result.charts.first?.y.unit == "thousand")
        #expect(result.skipped.isEmpty)
        #expect(result.problems.map(\.description) == ["site/charts/gone.csv.json: describes gone.csv, which is not in site/charts; rename it after its CSV file"])
    }
}

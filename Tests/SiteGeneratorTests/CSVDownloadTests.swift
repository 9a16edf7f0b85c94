@testable import ChartData
import ChartModel
import Foundation
@testable import SiteGenerator
import SpecReading
import Testing

@Suite struct CSVDownloadTests {
    func csv(_ chart: Chart) async throws -> String {
        let set = try await Sample.generator().generate(content: SiteContent(charts: [chart]))
        return Sample.html(set, "charts/\(chart.id).csv")
    }

    @Test func datesStayDatesAndLocalTimesGetNoZone() async throws {
        let dates: [Double] = [0, 951_782_400, 1_325_376_000, -86_400]  // 1970, 2000-02-29, 2012-01-01, 1969-12-31
        var chart = Sample.chart(id: "d", title: "D", days: 4)
        chart.xValues = dates.map { .date(Date(timeIntervalSince1970: $0)) }
        chart.series[0].values = [1.5, nil, -2, 1_000_000]
        var lines = try await csv(chart).components(separatedBy: "\r\n")
        #expect(Array(lines[1...4]) == ["1970-01-01,1.5", "2000-02-29,", "2012-01-01,-2", "1969-12-31,1000000"])
        // Hourly local readings stay local; only data that said UTC gets a Z.
        chart.x.granularity = .second
        chart.xValues[2] = .date(Date(timeIntervalSince1970: 1_325_376_000 + 3_723.5))
        lines = try await csv(chart).components(separatedBy: "\r\n")
        #expect(lines[3] == "2012-01-01T01:02:03.500,-2")
        #expect(!lines.contains { $0.contains("Z") })
        chart.x.zoned = true
        lines = try await csv(chart).components(separatedBy: "\r\n")
        #expect(lines[3] == "2012-01-01T01:02:03.500Z,-2")
    }

    @Test func aLongDownloadMadeInPartsHasEveryRowOnceInOrder() throws {
        // More rows than `rowsPerPart` several times over, and not a multiple of it: the parts
        // written concurrently join into one download, row after row.
        let count = CSVDownload.rowsPerPart * 3 + 7
        var chart = Sample.chart(id: "long", title: "Long", days: 1)
        chart.x.type = .quantitative
        chart.xValues = (0..<count).map { .number(Double($0)) }
        chart.series[0].values = (0..<count).map { $0 % 1000 == 0 ? nil : Double($0) / 8 }
        let lines = String(decoding: CSVDownload.data(for: chart), as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines.count == count + 2 && lines.last == "")
        #expect(lines[0] == "date,Rain")
        let expected = (0..<count).map { "\($0)," + ($0 % 1000 == 0 ? "" : TextFormat.plainNumber(Double($0) / 8)) }
        #expect(Array(lines[1...count]) == expected)
    }

    @Test func anInvalidXDrawnAtZeroIsAnEmptyCell() async throws {
        // `invalid: "show"` draws a row with no x at x = 0; the download keeps it without a value.
        var chart = Sample.chart(id: "i", title: "I", days: 2)
        chart.xValues = [.number(0), .number(3)]
        chart.x.type = .quantitative
        chart.series[0].values = [5, 7]
        chart.semantics.invalidDrawn = InvalidDrawing(value: 0, row: 0, keyRows: [0])
        let lines = try await csv(chart).components(separatedBy: "\r\n")
        #expect(Array(lines[1...2]) == [",5", "3,7"])
    }

    @Test func sourceNamesOrderAndPrecision() async throws {
        var chart = Sample.chart(id: "s", title: "S", days: 2)
        chart.series = [
            Series(name: "Minimum temperature", values: [0.1 + 0.2, 5], sourceKey: "temp_min", sourceIndex: 3),
            Series(name: "Maximum temperature", values: [173.29999999999998, 135_450], sourceKey: "temp_max", sourceIndex: 2),
        ]
        let lines = try await csv(chart).components(separatedBy: "\r\n")
        #expect(lines[0] == "date,temp_max,temp_min")
        #expect(lines[1] == "2012-01-01,173.3,0.3")
        #expect(lines[2] == "2012-01-02,135450,5")
    }

    @Test func textFieldsAreQuotedAndFormulasDefused() async throws {
        var chart = Sample.chart(id: "c", title: "C", days: 2)
        chart.xValues = [.category("a, \"b\""), .category("=HYPERLINK(1)")]
        chart.series[0].name = "x,y"
        let lines = try await csv(chart).components(separatedBy: "\r\n")
        #expect(lines[0] == "date,\"x,y\"")
        #expect(lines[1] == "\"a, \"\"b\"\"\",0")
        #expect(lines[2] == "'=HYPERLINK(1),1")
    }

    @Test func candlestickKeepsEverySourceColumn() async throws {
        // The gallery's candlestick on vega-datasets' ohlc.json: open, high, low and close under
        // their names, then the source's other columns (issue 27: only date,open,low were kept).
        let site = Sample.projectDirectory.appendingPathComponent("browser-tests/fixtures/analyst-site")
        let chart = try #require(ChartLoader(siteDirectory: site).loadSite().charts.first { $0.id == "candlestick" })
        let lines = try await csv(chart).components(separatedBy: "\r\n")
        #expect(lines[0] == "date,open,high,low,close,signal,ret")
        #expect(lines[1] == "2009-06-01,28.7,30.05,28.45,30.04,short,-4.89396411092985")
        #expect(lines.count == 46)  // header, 44 rows, the last line break
    }
}

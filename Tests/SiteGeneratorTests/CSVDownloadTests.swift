import ChartData
import Foundation
import SiteGenerator
import Testing

@Suite struct CSVDownloadTests {
    func csv(_ chart: Chart) async throws -> String {
        let set = try await Sample.generator().generate(content: SiteContent(charts: [chart]))
        return Sample.html(set, "charts/\(chart.id).csv")
    }

    @Test func datesAreISOInUTCAndGapsAreEmpty() async throws {
        let dates: [Double] = [0, 951_782_400, 1_325_376_000 + 3_723.5, -86_400]  // 1970, 2000-02-29, 2012-01-01T01:02:03.5, 1969-12-31
        var chart = Sample.chart(id: "d", title: "D", days: 4)
        chart.xValues = dates.map { .date(Date(timeIntervalSince1970: $0)) }
        chart.series[0].values = [1.5, nil, -2, 1_000_000]
        let lines = try await csv(chart).components(separatedBy: "\r\n")
        #expect(lines[1] == "1970-01-01T00:00:00Z,1.5")
        #expect(lines[2] == "2000-02-29T00:00:00Z,")
        #expect(lines[3] == "2012-01-01T01:02:03.500Z,-2")
        #expect(lines[4] == "1969-12-31T00:00:00Z,1000000")
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
}

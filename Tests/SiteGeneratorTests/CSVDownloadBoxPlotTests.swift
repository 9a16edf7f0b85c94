@testable import ChartData
import Foundation
import SiteGenerator
import Testing

/// R19: a box plot's download is its data table: the table's headings, one row per group, and
/// every outlier (several per group, both sides) in its group's cell, none dropped.
@Suite struct CSVDownloadBoxPlotTests {
    @Test func everyOutlierOfAGroupIsInItsCellUnderTheTablesHeadings() async throws {
        // Group a: 1…9 with −21, −20 below and 30, 31, 35 above (R-7 quartiles 2.25 and 8.75,
        // fences −7.5 and 18.5); group b: one value.
        let values = ([-21, -20, 1, 2, 3, 4, 5, 6, 7, 8, 9, 30, 31, 35].map { "{\"g\": \"a\", \"v\": \($0)}" } + ["{\"g\": \"b\", \"v\": 5}"])
            .joined(separator: ", ")
        let json = """
        {"data": {"values": [\(values)]}, "mark": "boxplot",
         "encoding": {"x": {"field": "g", "type": "nominal", "title": "Group"}, "y": {"field": "v", "type": "quantitative", "title": "Value"}}}
        """
        let chart = try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/box.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
        let set = try await Sample.generator().generate(content: SiteContent(charts: [chart]))
        let lines = Sample.html(set, "charts/\(chart.id).csv").components(separatedBy: "\r\n")
        #expect(lines[0] == "Group,Lower outliers,Minimum,Lower quartile,Median,Upper quartile,Maximum,Upper outliers")
        // A list that starts with a minus sign is defused as text (spreadsheets would run "-21; -20" as a formula).
        #expect(lines[1] == "a,'-21; -20,1,2.25,5.5,8.75,9,30; 31; 35")
        #expect(lines[2] == "b,,5,5,5,5,5,")
        #expect(lines.count == 4 && lines[3].isEmpty)
    }
}

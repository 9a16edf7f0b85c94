@testable import ChartData
import ChartModel
import Foundation
@testable import SiteGenerator
import SpecReading
import Testing

/// `charts/<id>.csv-metadata.json` (issue 30, CSV on the Web): read back with the CSV reader, its
/// column titles are the download's header cells, and every cell parses as its column's datatype.
@Suite struct CSVMetadataTests {
    func load(_ json: String) throws -> Chart {
        try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    func charts() throws -> [Chart] {
        let line = try load("""
        {"title": "T", "data": {"values": [{"d": "2012-01-01", "v": 1.5, "s": "a"}, {"d": "2012-01-02", "v": -2, "s": "a"}, {"d": "2012-01-01", "v": 3, "s": "=b"}]},
         "mark": "line", "usermeta": {"pitchline": {"unit": "°C"}},
         "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "v", "type": "quantitative"}, "color": {"field": "s", "type": "nominal"}}}
        """)
        let box = try load("""
        {"data": {"values": [\((1...12).map { "{\"g\": \"\($0 % 2 == 0 ? "a" : "b")\", \"v\": \($0 == 12 ? 90 : $0)}" }.joined(separator: ", "))]},
         "mark": "boxplot", "encoding": {"x": {"field": "g", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        let bars = try load("""
        {"data": {"values": [{"k": "x, y", "v": 2}, {"k": "z", "v": 5}]}, "mark": "bar",
         "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        return [line, box, bars]
    }

    @Test func titlesAreTheHeaderAndCellsParseAsTheirDatatype() throws {
        for chart in try charts() {
            let meta = try #require(try JSONSerialization.jsonObject(with: CSVMetadata.data(for: chart)) as? [String: Any])
            #expect(meta["@context"] as? String == "http://www.w3.org/ns/csvw")
            #expect(meta["url"] as? String == "\(chart.id).csv")
            let columns = try #require((meta["tableSchema"] as? [String: Any])?["columns"] as? [[String: Any]])
            let table = try CSVReader.parse(CSVDownload.data(for: chart), path: "t.csv")
            #expect(columns.map { $0["titles"] as? String } == table.header, "\(chart.id)")
            #expect(Set(columns.compactMap { $0["name"] as? String }).count == columns.count)
            for (c, column) in columns.enumerated() {
                for row in 0..<table.rowCount {
                    let cell = table.cell(row: row, column: c)
                    guard !cell.isEmpty else { continue }
                    switch column["datatype"] as? String {
                    case "number": #expect(Double(cell) != nil, "\(chart.id) \(cell)")
                    case "date": #expect(cell.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil, "\(cell)")
                    case "string": break
                    default: Issue.record("datatype \(String(describing: column["datatype"]))")
                    }
                }
            }
        }
        // The unit goes with the value columns, never the key.
        let line = try charts()[0]
        let columns = ((try JSONSerialization.jsonObject(with: CSVMetadata.data(for: line)) as? [String: Any])?["tableSchema"] as? [String: Any])?["columns"] as? [[String: Any]]
        #expect(columns?.map { $0["schema:unitText"] as? String } == [nil, "°C", "°C"])
        #expect(CSVMetadata.name("Net generation (MWh)") == "Net%20generation%20%28MWh%29" && CSVMetadata.name("_x") == "%5Fx")
    }

    @Test func theContentTypeIsCSVWs() {
        #expect(ContentType.forPath("charts/a.csv-metadata.json") == "application/csvm+json")
        #expect(ContentType.forPath("charts/a.json").hasPrefix("application/json"))
    }
}

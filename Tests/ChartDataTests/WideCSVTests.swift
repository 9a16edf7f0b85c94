import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData

/// A bare CSV's line chart takes a fast path (`ChartLoader.wideLineChart`); it must be the chart
/// the general Vega-Lite data flow builds, value for value.
@Suite struct WideCSVTests {
    static func both(_ text: String, sidecar: String? = nil) throws -> (fast: Chart, general: Chart) {
        let path = "site/charts/t.csv"
        let table = DataTable(csv: try CSVReader.parse(Data(text.utf8), path: path), file: path)
        let meta = try sidecar.map { try CSVSidecar(data: Data($0.utf8), file: path + ".json") }
        return (try ChartLoader.inferredChart(table, path: path, sidecar: meta),
                try ChartLoader.inferredChart(table, path: path, sidecar: meta, general: true))
    }

    @Test(arguments: [
        // Two series, a missing value, unsorted dates, an invalid date left out.
        "date,temp_max,temp_min\n2012-01-03,11.7,7.2\n2012-01-01,12.8,5\n2012-01-02,,2.8\n,4,5\n2012-01-04,12.2,NA\n",
        // Repeated dates (kept in data order) with times of day and zones.
        "time,a,b\n2020-05-01T10:00:00Z,1,2\n2020-05-01T09:00:00Z,3,4\n2020-05-01T10:00:00Z,5,6\n",
        // One series on a numeric x, with a repeated x.
        "n,value\n3,30\n1,10\n2,20\n2,21\n",
        // A year column is a time axis.
        "year,sales,costs\n2003,5,3\n2001,4,2\n2002,6,1\n",
        // Months only; one series entirely missing at first.
        "month,x,y\n2020-01,,1\n2020-02,2,2\n2020-03,3,\n",
    ])
    func fastPathIsTheGeneralChart(csv: String) throws {
        var (fast, general) = try Self.both(csv)
        // The general path folds the columns, so it counts a row left out once per series;
        // the fast path counts the CSV's rows, which is what the summary should say.
        #expect(fast.semantics.invalidRows * fast.series.count == general.semantics.invalidRows)
        general.semantics.invalidRows = fast.semantics.invalidRows
        #expect(fast == general)
    }

    @Test func sidecarNamesOrderAndFormatsAreKept() throws {
        let (fast, general) = try Self.both(
            "date,temp_max,temp_min\n2012-01-02,11.7,7.2\n2012-01-01,12.8,5\n",
            sidecar: #"{"title": "T", "unit": "°C", "seriesTitles": {"temp_min": "Low"}, "seriesOrder": ["temp_min"], "format": ".1f"}"#)
        #expect(fast == general)
        #expect(fast.series.map(\.name).first == "Low")
    }

    @Test func theSeattleFileLoadsTheSameBothWays() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("site/data/seattle-weather.csv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return }
        // Only the numeric columns (weather is text and would be a category axis).
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(5).joined(separator: ",") }
        let (fast, general) = try Self.both(lines.joined(separator: "\n") + "\n")
        #expect(fast.pointCount == 1461 && fast.series.count == 4)
        #expect(fast == general)
    }
}

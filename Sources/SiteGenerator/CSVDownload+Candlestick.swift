import ChartData
import ChartModel
import Foundation
import SpecReading

extension CSVDownload {
    /// A candlestick's table: the row field, open, high, low and close under the source's names,
    /// then the source's other columns (a signal, a return…), so no column of the source is lost.
    static func candlestick(_ chart: Chart, _ c: CandlestickInfo) -> Data {
        var out = header(for: chart).map { field($0.title) }.joined(separator: ",") + "\r\n"
        let prices = [c.open, c.high, c.low, c.close]
        for row in chart.xValues.indices {
            out += keyCell(chart, row: row)
            for values in prices { out += "," + (values[row].map(TextFormat.plainNumber) ?? "") }
            for column in c.otherColumns {  // a number as written (a negative return is no formula); text quoted as needed
                out += "," + (column.texts[row].map { Double($0) != nil ? $0 : field($0) } ?? "")
            }
            out += "\r\n"
        }
        return Data(out.utf8)
    }
}

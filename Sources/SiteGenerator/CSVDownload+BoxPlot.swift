import ChartData
import ChartModel
import Foundation
import SpecReading

extension CSVDownload {
    /// A box plot's download, laid out as its data table: one row per group, the table's column
    /// names ("Month", "Lower outliers", "Minimum", … "Upper outliers"), statistics as numbers and
    /// every outlier of a group in its cell, ascending, joined by "; " (one value stays a number).
    static func boxPlot(_ chart: Chart, _ box: BoxPlotInfo) -> Data {
        let speech = SpeechFormatter(chart: chart)
        var out = header(for: chart).map { field($0.title) }.joined(separator: ",") + "\r\n"
        for row in 0..<chart.pointCount {
            switch chart.xValues[row] {
            case .number(let n): out += TextFormat.plainNumber(n)
            case .date, .category: out += field(speech.xText(row))  // as the table says it: "January"
            }
            for s in chart.series.indices {
                out += ","
                if s < box.statistics.count, box.statistics[s].isOutliers {
                    let values = box.outliers(series: s, row: row).map(TextFormat.plainNumber)
                    out += values.count == 1 ? values[0] : field(values.joined(separator: "; "))
                } else if let v = chart.series[s].values[row] {
                    out += TextFormat.plainNumber(v)
                }
            }
            out += "\r\n"
        }
        return Data(out.utf8)
    }
}

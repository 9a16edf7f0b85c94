import ChartData
import Foundation

/// `charts/<id>.csv`: the full data (one row per x, one column per series, plain numbers,
/// ISO 8601 dates, empty cells for missing values).
enum CSVDownload {
    static func data(for chart: Chart) -> Data {
        var out = ""
        out.reserveCapacity(chart.pointCount * (12 + 10 * chart.series.count))
        out += ([chart.x.field] + chart.series.map(\.name)).map(field).joined(separator: ",") + "\r\n"
        let iso = ISO8601DateFormatter()
        for row in 0..<chart.pointCount {
            switch chart.xValues[row] {
            case .number(let n): out += number(n)
            case .date(let d): out += iso.string(from: d)
            case .category(let c): out += field(c)
            }
            for s in chart.series {
                out += ","
                if let v = s.values[row] { out += number(v) }
            }
            out += "\r\n"
        }
        return Data(out.utf8)
    }

    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }

    /// Quotes a field when it holds a comma, quote or line break; a leading =, +, - or @ is
    /// prefixed with a quote mark so spreadsheets do not run it as a formula.
    static func field(_ text: String) -> String {
        var t = text
        if let first = t.first, "=+-@".contains(first) { t = "'" + t }
        guard t.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return t }
        return "\"" + t.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

import ChartData
import Foundation

/// `charts/<id>.csv`: the full data (one row per x, one column per series, plain numbers,
/// ISO 8601 dates, empty cells for missing values).
enum CSVDownload {
    static func data(for chart: Chart) -> Data {
        var out = ""
        out.reserveCapacity(chart.pointCount * (12 + 10 * chart.series.count))
        out += ([chart.x.field] + chart.series.map(\.name)).map(field).joined(separator: ",") + "\r\n"
        for row in 0..<chart.pointCount {
            switch chart.xValues[row] {
            case .number(let n): out += number(n)
            case .date(let d): out += isoTimestamp(d.timeIntervalSince1970)
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

    /// `2012-01-03T00:00:00Z` (milliseconds when present), UTC. Our own because Foundation's
    /// ISO8601DateFormatter took seconds for a 1,000,000-row download.
    static func isoTimestamp(_ seconds: Double) -> String {
        let millis = Int64((seconds * 1000).rounded())
        var days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
        let msOfDay = Int(millis - days * 86_400_000)
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let doe = days - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = Int(doy - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        let year = Int(yoe + era * 400) + (month <= 2 ? 1 : 0)
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(msOfDay / 3_600_000, 2)):\(pad(msOfDay / 60_000 % 60, 2)):\(pad(msOfDay / 1000 % 60, 2))"
        if msOfDay % 1000 != 0 { text += ".\(pad(msOfDay % 1000, 3))" }
        return text + "Z"
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

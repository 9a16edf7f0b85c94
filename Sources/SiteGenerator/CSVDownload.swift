import ChartData
import ChartModel
import Dispatch
import Foundation
import SpecReading
import Synchronization

/// `charts/<id>.csv`: the chart's data as the author wrote it: the source's column names in the
/// source's order, numbers as the shortest text that round-trips them (no binary noise from
/// sums), dates as dates, local times without a zone (`Z` only when the data said UTC), empty
/// cells for missing values. Long data (a colour field) comes out wide: one column per series. A box plot's is its table.
enum CSVDownload {
    /// Rows per part written concurrently: a 1,000,000-point chart's download is made on every core.
    static let rowsPerPart = 50_000

    static func data(for chart: Chart) -> Data {
        if let box = chart.semantics.box { return boxPlot(chart, box) }  // CSVDownload+BoxPlot.swift
        if let candle = chart.candlestick { return candlestick(chart, candle) }  // CSVDownload+Candlestick.swift
        let columns = chart.series.indices.sorted {
            (chart.series[$0].sourceIndex ?? $0, $0) < (chart.series[$1].sourceIndex ?? $1, $1)
        }
        // A layered chart's bands: two columns after their series (low, high).
        let banded = Set(columns.filter { s in chart.series[s].details.contains { $0.bandLower != nil } })
        var out = Data((header(for: chart).map { field($0.title) }.joined(separator: ",") + "\r\n").utf8)
        let parts = max(1, (chart.pointCount + rowsPerPart - 1) / rowsPerPart)
        let texts = Mutex([[UInt8]](repeating: [], count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let rows = (chart.pointCount * part / parts)..<(chart.pointCount * (part + 1) / parts)
            let text = Self.rows(rows, of: chart, columns: columns, banded: banded)
            texts.withLock { $0[part] = text }
        }
        texts.withLock { texts in
            out.reserveCapacity(out.count + texts.reduce(0) { $0 + $1.count })
            for text in texts { out.append(contentsOf: text) }
        }
        return out
    }

    /// The lines of `rows`, each ending in CRLF, as UTF-8 (bytes: appending to a `String` was a
    /// third of the download's time).
    static func rows(_ rows: Range<Int>, of chart: Chart, columns: [Int], banded: Set<Int>) -> [UInt8] {
        var out = ByteText()
        out.bytes.reserveCapacity(rows.count * (12 + 10 * chart.series.count))
        for row in rows {
            out += keyCell(chart, row: row)
            for s in columns {
                out += ","
                if let v = chart.series[s].values[row] {
                    // Dates as values (seconds since 1970) as dates; they are instants (UTC) once evaluated.
                    out += chart.y.type == .temporal ? TextFormat.isoTimestamp(v, dateOnly: (chart.y.granularity ?? .day) >= .day, utc: true) : TextFormat.plainNumber(v)
                }
                if banded.contains(s) {
                    let d = chart.series[s].details.indices.contains(row) ? chart.series[s].details[row] : PointDetail()
                    out += "," + (d.bandLower.map(TextFormat.plainNumber) ?? "") + "," + (d.bandUpper.map(TextFormat.plainNumber) ?? "")
                }
            }
            out += "\r\n"
        }
        return out.bytes
    }

    /// The row's key as its CSV cell: a number or category as written, a date as ISO 8601 (the
    /// date alone for days and coarser); empty where the key is invalid (drawn at zero, but no
    /// value: Chart+Invalid.swift).
    static func keyCell(_ chart: Chart, row: Int) -> String {
        switch chart.xValues[row] {
        case _ where chart.hasInvalidKey(row): ""
        case .number(let n): TextFormat.plainNumber(n)
        case .date(let d): TextFormat.isoTimestamp(d.timeIntervalSince1970, dateOnly: (chart.x.granularity ?? .day) >= .day, utc: chart.x.zoned)
        case .category(let c): field(c)
        }
    }

    /// Quotes a field when it holds a comma, quote or line break; a leading =, +, - or @ is
    /// prefixed with a quote mark so spreadsheets do not run it as a formula.
    static func field(_ text: String) -> String {
        let t = cellText(text)
        guard t.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return t }
        return "\"" + t.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A cell's text as a CSV reader reads it back: a leading =, +, - or @ after a quote mark.
    static func cellText(_ text: String) -> String {
        if let first = text.first, "=+-@".contains(first) { return "'" + text }
        return text
    }
}

/// UTF-8 bytes that `+=` a `String` appends to, so `rows` reads as text.
private struct ByteText {
    var bytes: [UInt8] = []
    static func += (text: inout ByteText, piece: String) {
        var piece = piece
        piece.withUTF8 { text.bytes.append(contentsOf: $0) }
    }
}

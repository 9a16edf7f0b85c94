import ChartData
import ChartModel
import Foundation

extension CSVDownload {
    /// A column of the download: its header text (as the source names it), its CSV on the Web
    /// datatype, and the unit of its values (the chart's value unit), if any.
    struct Column: Equatable {
        var title: String
        var datatype: String
        var unit: String?
    }

    /// The download's columns, in order: the one list the header line and the metadata are made from.
    static func header(for chart: Chart) -> [Column] {
        let unit = chart.y.unit.flatMap { $0.isEmpty ? nil : $0 }
        if let box = chart.semantics.box {  // laid out as its table: a group's outliers are a list ("1.2; 3.4")
            let key = Column(title: chart.x.title, datatype: chart.xValues.first.map { if case .number = $0 { "number" } else { "string" } } ?? "string")
            return [key] + chart.series.indices.map { s in
                let outliers = s < box.statistics.count && box.statistics[s].isOutliers
                return Column(title: chart.series[s].name, datatype: outliers ? "string" : "number", unit: unit)
            }
        }
        let key = Column(title: chart.x.field, datatype: keyDatatype(chart))
        if let c = chart.candlestick {
            return [key] + c.fields.map { Column(title: $0, datatype: "number", unit: unit) } + c.otherColumns.map { column in
                Column(title: column.name, datatype: column.texts.allSatisfy { $0 == nil || Double($0!) != nil } ? "number" : "string")
            }
        }
        let columns = chart.series.indices.sorted {
            (chart.series[$0].sourceIndex ?? $0, $0) < (chart.series[$1].sourceIndex ?? $1, $1)
        }
        let value = chart.y.type == .temporal ? ((chart.y.granularity ?? .day) >= .day ? "date" : "dateTime") : "number"
        return [key] + columns.flatMap { s -> [Column] in
            let name = chart.series[s].sourceKey ?? chart.series[s].name
            let column = Column(title: name, datatype: value, unit: chart.y.type == .temporal ? nil : unit)
            // A layered chart's bands: two columns after their series (low, high).
            guard chart.series[s].details.contains(where: { $0.bandLower != nil }) else { return [column] }
            return [column, Column(title: name + " band low", datatype: "number", unit: unit), Column(title: name + " band high", datatype: "number", unit: unit)]
        }
    }

    /// The key column's datatype as `keyCell` writes it: numbers, dates (the date alone for days
    /// and coarser), or text.
    private static func keyDatatype(_ chart: Chart) -> String {
        switch chart.xValues.first {
        case .number?: "number"
        case .date?: (chart.x.granularity ?? .day) >= .day ? "date" : "dateTime"
        case .category?, nil: "string"
        }
    }
}

/// `charts/<id>.csv-metadata.json`: CSV on the Web metadata (W3C CSVW) of the chart's download:
/// the table's title and, per column, a name, the header's title, the datatype and the unit
/// (`schema:unitText`), so a CSVW reader types the columns instead of guessing.
enum CSVMetadata {
    struct Table: Encodable {
        var context = "http://www.w3.org/ns/csvw"
        var url: String
        var title: String
        var tableSchema: Schema
        enum CodingKeys: String, CodingKey { case context = "@context", url, title = "dc:title", tableSchema }
    }
    struct Schema: Encodable { var columns: [Column] }
    struct Column: Encodable {
        var name, titles, datatype: String
        var unit: String?
        enum CodingKeys: String, CodingKey { case name, titles, datatype, unit = "schema:unitText" }
    }

    static func data(for chart: Chart) -> Data {
        var used = Set<String>()
        let columns = CSVDownload.header(for: chart).enumerated().map { i, c -> Column in
            var name = Self.name(c.title).isEmpty ? "column\(i + 1)" : Self.name(c.title)
            if used.contains(name) { name += "_\(i + 1)" }
            used.insert(name)
            return Column(name: name, titles: CSVDownload.cellText(c.title), datatype: c.datatype, unit: c.unit)
        }
        let table = Table(url: "\(chart.id).csv", title: chart.title.isEmpty ? chart.id : chart.title, tableSchema: Schema(columns: columns))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(table)) ?? Data("{}".utf8)
    }

    /// A column's name as CSVW wants it (a URI template variable): letters, digits and `_` kept,
    /// everything else percent-encoded, never a leading `_`.
    static func name(_ title: String) -> String {
        var out = ""
        for byte in title.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || (c == "_" && !out.isEmpty) { out.append(c) } else { out += String(format: "%%%02X", byte) }
        }
        return out
    }
}

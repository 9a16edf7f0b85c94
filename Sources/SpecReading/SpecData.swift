import ChartModel
import Foundation
import VegaLite
import D3Format

/// Loading a spec's data source into a `DataFrame` as Vega does: inline `values` (objects, or
/// primitives as a `data` field), named `datasets`, `sequence`, and `url` files (CSV and TSV with
/// vega-loader's automatic type inference, JSON with `format.property`), then `format.parse`.
package enum SpecData {
    /// Loads the spec's source. `readFile` reads a data file by its site path.
    package static func load(_ spec: ChartSpec, specPath: String, readFile: (String) throws -> Data) throws(ChartProblem) -> DataFrame {
        switch spec.data {
        case .values(let json, let format):
            if let text = json.string {
                // Inline text in the data's format (Vega-Lite allows CSV, TSV or JSON as a string).
                return try parse(Data(text.utf8), type: format.type ?? "json", format: format, file: specPath, path: "$.data.values",
                                 dateFields: spec.implicitDateFields)
            }
            return parseFields(try rows(json, format: format, file: specPath, path: "$.data.values"), format, file: specPath)
        case .named(let name, _):
            return try rows(spec.datasets[name]!, format: ChartSpec.DataFormat(), file: specPath, path: "$.datasets.\(name)")
        case .sequence(let start, let stop, let step, let field):
            // d3.range: start + i × step (stop excluded); the spec reader refused a sequence the
            // table refuses, so this throws only for a spec built in code.
            let count: Int
            switch InputLimit.sequenceCount(start: start, stop: stop, step: step) {
            case .success(let n): count = n
            case .failure(let problem): throw ChartProblem(file: specPath, jsonPath: "$.data.sequence", message: "\(problem)")
            }
            let values: [DataValue] = (0..<count).map { .number(start + Double($0) * step) }
            return DataFrame(fields: [field], columns: [values])
        case .url(let url, let format, let line):
            let (dataPath, bytes) = try readData(url, specPath: specPath, line: line, readFile: readFile)
            var type = format.type
            if type == nil {
                let ext = (dataPath as NSString).pathExtension.lowercased()
                type = ["csv", "tsv"].contains(ext) ? ext : "json"
            }
            return try parse(bytes, type: type!, format: format, file: dataPath, path: "$", dateFields: spec.implicitDateFields)
        }
    }

    /// Data bytes in `type` (csv, tsv or json) as a frame, with `format.property` and `format.parse`.
    /// `dateFields`: fields Vega-Lite parses as dates implicitly; in CSV and TSV they keep their
    /// text for that parse instead of automatic types.
    package static func parse(_ bytes: Data, type: String, format: ChartSpec.DataFormat, file: String, path: String,
                      dateFields: Set<String> = []) throws(ChartProblem) -> DataFrame {
        switch type {
        case "csv", "tsv":
            let table = try CSVReader.parse(bytes, path: file, delimiter: type == "tsv" ? 0x09 : UInt8(ascii: ","))
            let explicit = Set(format.parse.map(\.field))
            return parseFields(delimited(table, inferTypes: !format.parseDisabled, keepText: explicit,
                                         dates: format.parseDisabled ? [] : dateFields.subtracting(explicit)), format, file: file)
        default:
            guard bytes.count <= InputLimit.jsonDataBytes.maximum else {
                throw ChartProblem(file: file, message: "JSON data larger than \(InputLimit.jsonDataBytes.maximum >> 20) MiB; use CSV for large data (it loads in a fraction of the memory)")
            }
            let root = try JSONValue.parse(bytes, file: file)
            return parseFields(try rows(root, format: format, file: file, path: path), format, file: file)
        }
    }

    /// A JSON array of rows (after `format.property`) as a frame; primitives become a `data` field.
    package static func rows(_ json: JSONValue, format: ChartSpec.DataFormat, file: String, path: String) throws(ChartProblem) -> DataFrame {
        var node = json
        var at = path
        if let property = format.property {
            for key in property.split(separator: ".") {
                guard let next = node[String(key)] else {
                    throw ChartProblem(file: file, line: node.line, jsonPath: at, message: "format.property \"\(property)\": no \"\(key)\" here")
                }
                node = next
                at += ".\(key)"
            }
        }
        guard case .array(let items) = node.value else {
            throw ChartProblem(file: file, line: node.line, jsonPath: at, message: "expected an array of rows, found \(node.kindName)")
        }
        var fields: [String] = []
        var index: [String: Int] = [:]
        var columns: [[DataValue]] = []
        for (row, item) in items.enumerated() {
            if case .object(let members) = item.value {
                for (key, value) in members {
                    let c: Int
                    if let k = index[key] {
                        c = k
                    } else {
                        c = fields.count
                        index[key] = c
                        fields.append(key)
                        columns.append([DataValue](repeating: .null, count: items.count))
                    }
                    columns[c][row] = dataValue(value)
                }
            } else {
                if index["data"] == nil {
                    index["data"] = fields.count
                    fields.append("data")
                    columns.append([DataValue](repeating: .null, count: items.count))
                }
                columns[index["data"]!][row] = dataValue(item)
            }
        }
        if fields.isEmpty { return DataFrame(rowCount: items.count) }
        return DataFrame(fields: fields, columns: columns)
    }

    package static func dataValue(_ json: JSONValue) -> DataValue {
        switch json.value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        case .array(let items): .array(items.map(dataValue))
        case .object(let members): .object(Dictionary(members.map { ($0.key, dataValue($0.value)) }, uniquingKeysWith: { a, _ in a }))
        }
    }

    /// A CSV/TSV table as a frame. With `inferTypes`, each field gets vega-loader's automatic type
    /// (boolean, integer, number, date, else string; empty cells are null in typed fields);
    /// fields in `keepText` stay text for an explicit `format.parse`; fields in `dates` are parsed
    /// as dates from their text (Vega-Lite's implicit parse: "1900" is a year, not a number).
    static func delimited(_ table: CSVTable, inferTypes: Bool, keepText: Set<String>, dates dateFields: Set<String> = []) -> DataFrame {
        var columns: [[DataValue]] = []
        for c in 0..<table.columnCount {
            if dateFields.contains(table.header[c]) {
                var values: [DataValue] = []
                values.reserveCapacity(table.rowCount)
                table.forEachCell(column: c) { _, bytes in
                    values.append(bytes.isEmpty ? .null : jsDateParse(bytes).map { .date($0) } ?? .date(.nan))
                }
                columns.append(values)
                continue
            }
            // Pass 1 infers the type from the bytes (no strings built for number and date fields);
            // pass 2 builds text only for boolean and string fields.
            var canBool = true, canNumber = true, canDate = true
            var numbers: [Double] = []
            var dates: [Double] = []
            let infer = inferTypes && !keepText.contains(table.header[c])
            if infer {
                numbers.reserveCapacity(table.rowCount)
                table.forEachCell(column: c) { _, bytes in
                    if canNumber {
                        if bytes.isEmpty { numbers.append(.nan) } else if let n = CellParsing.number(bytes) { numbers.append(n) } else { canNumber = false; numbers = [] }
                    }
                    if canBool && !(bytes.elementsEqual("true".utf8) || bytes.elementsEqual("false".utf8)) { canBool = false }
                    if canDate && !canNumber {
                        if !bytes.isEmpty, let d = jsDateParse(bytes) { dates.append(d) } else { canDate = false; dates = [] }
                    } else if canDate {
                        // Still possibly numbers (which win): check dates without keeping them.
                        if bytes.isEmpty { canDate = false }
                    }
                }
            }
            if infer && table.rowCount > 0 && !canBool && canNumber {
                columns.append(numbers.map { $0.isNaN ? .null : .number($0) })
                continue
            }
            if infer && table.rowCount > 0 && !canBool && canDate && dates.count == table.rowCount {
                columns.append(dates.map { .date($0) })
                continue
            }
            var values: [DataValue] = []
            values.reserveCapacity(table.rowCount)
            let asBool = infer && table.rowCount > 0 && canBool
            table.forEachCell(column: c) { _, bytes in
                if asBool { values.append(.bool(bytes.elementsEqual("true".utf8))) } else { values.append(.string(String(decoding: bytes, as: UTF8.self))) }
            }
            columns.append(values)
        }
        return DataFrame(fields: table.header, columns: columns)
    }

    /// `format.parse`: number, boolean, date (Vega's `Date.parse`, or a d3 pattern such as
    /// `date:'%d/%m/%Y'`), utc, string; null leaves the field as read.
    static func parseFields(_ frame: DataFrame, _ format: ChartSpec.DataFormat, file: String) -> DataFrame {
        var out = frame
        for (field, type) in format.parse {
            guard let type, let column = frame.column(field) else { continue }
            let base = type.split(separator: ":", maxSplits: 1).first.map(String.init) ?? type
            var pattern: String?
            if let colon = type.firstIndex(of: ":") {
                var p = String(type[type.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                if p.count >= 2, let q = p.first, q == "'" || q == "\"", p.last == q { p = String(p.dropFirst().dropLast()) }
                pattern = p
            }
            let parsed: [DataValue]
            switch base {
            case "number": parsed = column.map { v in isEmpty(v) ? .null : .number(v.number) }
            case "boolean": parsed = column.map { v in isEmpty(v) ? .null : v == .string("false") ? .bool(false) : v == .string("true") ? .bool(true) : .bool(v.isTruthy) }
            case "string": parsed = column.map { v in v == .null ? .null : .string(v.text) }
            case "date", "utc":
                if let pattern {
                    let parse = TimeParse(pattern)  // d3-time-format, in UTC
                    parsed = column.map { v in isEmpty(v) ? .null : parse(v.text).map { .date($0) } ?? .null }
                } else {
                    parsed = column.map(toDate)
                }
            default: continue
            }
            out.setColumn(field, parsed)
        }
        return out
    }

    private static func isEmpty(_ v: DataValue) -> Bool { v == .null || v == .string("") }

    /// Vega's `toDate` for a date-typed field: numbers are milliseconds, strings go through `Date.parse`.
    package static func toDate(_ v: DataValue) -> DataValue {
        switch v {
        case .null, .date: return v
        case .string(let s):
            if s.isEmpty { return .null }
            var copy = s
            return copy.withUTF8 { jsDateParse($0) }.map { .date($0) } ?? .date(.nan)
        case .number(let n): return .date(n)
        case .bool(let b): return .date(b ? 1 : 0)
        default: return .date(.nan)
        }
    }

    /// An approximation of JavaScript's `Date.parse` (V8) in UTC: the shapes `CellParsing.date`
    /// reads, plus a bare year ("2012"). Milliseconds since 1970, or nil.
    static func jsDateParse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if bytes.count == 4 || (bytes.count == 5 && bytes[0] == UInt8(ascii: "-")), let y = CellParsing.number(bytes), y == y.rounded() {
            return Double(UTCCalendar.daysFromCivil(Int(y), 1, 1)) * 86_400_000
        }
        return CellParsing.date(bytes).map { $0.seconds * 1000 }
    }
}

extension ChartSpec {
    /// x2 or y2 beside a temporal x or y: Vega-Lite gives it its partner's type (a date range).
    package func isTemporalPartner(_ c: ChannelDef) -> Bool {
        (c.channel == "x2" || c.channel == "y2") && channel(String(c.channel.dropLast()))?.type == .temporal
    }

    /// Source fields Vega-Lite parses as dates (its implicit `format.parse`): those of temporal
    /// channels, time units, and their x2/y2. In CSV they are parsed from the text as written
    /// ("1900" is the year 1900, not 1,900 milliseconds).
    package var implicitDateFields: Set<String> {
        Set(channels.filter { $0.type == .temporal || $0.timeUnit != nil || isTemporalPartner($0) }.compactMap(\.field))
    }
}

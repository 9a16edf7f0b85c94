import ChartModel
import Foundation
import SpecReading
import VegaLite

/// Tabular data after type inference: named columns of numbers, dates or text, with missing
/// cells kept as nil. Built from a CSV table or a JSON array of objects; remembers where each
/// cell came from so a bad value can be reported at its line (CSV) or JSON path.
struct DataTable {
    enum Kind: Equatable { case number, date, text }

    struct Column {
        var name: String
        var kind: Kind
        /// Numbers, or seconds since 1970 (UTC) for dates; nil where missing (or not a number).
        var numbers: [Double?]
        /// Cell texts for text columns (nil where missing); empty for number and date columns.
        var texts: [String?]
        var missingCount: Int
        /// For date columns: the finest calendar unit any value uses.
        var granularity: TimeGranularity?
        /// For date columns: true when the values named their zone (UTC instants), false for local times.
        var zoned = false
        /// For text columns: how many cells parse as numbers, and the first that does not.
        var numericCount = 0
        var firstNonNumericRow: Int?
        /// The first present cell that is not a date (for "expected a date" messages).
        var firstNonDateRow: Int?
    }

    enum Origin {
        case csv(CSVTable)
        /// JSON rows: per row, the location of the row's object, and the path prefix (`$.data.values`).
        case json(rowLines: [Int], pathPrefix: String)
    }

    var columns: [Column]
    var rowCount: Int
    var file: String
    var origin: Origin

    func column(named name: String) -> Column? { columns.first { $0.name == name } }

    /// A problem located at one cell.
    func problem(row: Int, column name: String, _ message: String) -> ChartProblem {
        switch origin {
        case .csv(let table):
            let index = table.header.firstIndex(of: name) ?? 0
            let at = table.location(row: row, column: index)
            return ChartProblem(file: file, line: at.line, column: at.column, message: message)
        case .json(let lines, let prefix):
            return ChartProblem(file: file, line: row < lines.count ? lines[row] : nil,
                                jsonPath: "\(prefix)[\(row)].\(name)", message: message)
        }
    }

    /// The table as Vega data: numbers, dates (milliseconds) and strings, nil cells as null.
    var frame: DataFrame { frame(rows: nil) }

    /// The table as Vega data, only `rows` (in that order) when given.
    func frame(rows: [Int]?) -> DataFrame {
        func pick<T>(_ values: [T]) -> [T] { rows.map { $0.map { values[$0] } } ?? values }
        return DataFrame(fields: columns.map(\.name), columns: columns.map { c in
            switch c.kind {
            case .number: pick(c.numbers).map { $0.map(DataValue.number) ?? .null }
            case .date: pick(c.numbers).map { $0.map { DataValue.date($0 * 1000) } ?? .null }
            case .text: pick(c.texts).map { $0.map(DataValue.string) ?? .null }
            }
        })
    }

    /// The raw text of a cell, for messages.
    func cellText(row: Int, column name: String) -> String {
        if case .csv(let table) = origin, let index = table.header.firstIndex(of: name) {
            return table.cell(row: row, column: index)
        }
        if let c = column(named: name) {
            if !c.texts.isEmpty { return c.texts[row] ?? "" }
            if let v = c.numbers[row] { return TextFormat.plainNumber(v) }
        }
        return ""
    }
}

// MARK: - Inference

/// Classifies cells one at a time; the column's kind is decided when all cells are seen.
struct ColumnAccumulator {
    var numbers: [Double?]
    var dates: [Double?] = []
    var numericCount = 0
    var dateCount = 0
    var textCount = 0
    var missingCount = 0
    var firstNonNumericRow: Int?
    var firstNonDateRow: Int?
    var allMidnight = true, allFirstOfMonth = true, allJanuary = true, allWholeMinute = true, allWholeHour = true
    var anyZoned = false

    init(rowCount: Int) {
        numbers = [Double?](repeating: nil, count: rowCount)
    }

    mutating func add(row: Int, bytes: UnsafeBufferPointer<UInt8>) {
        if let v = CellParsing.number(bytes) {
            numbers[row] = v
            numericCount += 1
            if firstNonDateRow == nil { firstNonDateRow = row }
            return
        }
        if CellParsing.isMissing(bytes) {
            missingCount += 1
            return
        }
        if firstNonNumericRow == nil { firstNonNumericRow = row }
        if firstNonDateRow == nil, let d = CellParsing.date(bytes) {
            if dates.isEmpty { dates = [Double?](repeating: nil, count: numbers.count) }
            dates[row] = d.seconds
            dateCount += 1
            if d.hasZone { anyZoned = true }
            if d.hasTime {
                allMidnight = allMidnight && d.hour == 0 && d.minute == 0 && d.second == 0
                allWholeHour = allWholeHour && d.minute == 0 && d.second == 0
                allWholeMinute = allWholeMinute && d.second == 0
            }
            allFirstOfMonth = allFirstOfMonth && d.day == 1
            allJanuary = allJanuary && d.month == 1
            return
        }
        if firstNonDateRow == nil { firstNonDateRow = row }
        textCount += 1
    }

    mutating func add(row: Int, number: Double) {
        numbers[row] = number
        numericCount += 1
        if firstNonDateRow == nil { firstNonDateRow = row }
    }

    mutating func addMissing() { missingCount += 1 }

    /// Decides the kind. `texts` is called only for text columns, to build the strings.
    func finish(name: String, texts: () -> [String?]) -> DataTable.Column {
        if numericCount > 0 && textCount == 0 && dateCount == 0 {
            return .init(name: name, kind: .number, numbers: numbers, texts: [], missingCount: missingCount,
                         numericCount: numericCount)
        }
        if dateCount > 0 && firstNonDateRow == nil {
            let granularity: TimeGranularity =
                !allWholeMinute ? .second : !allWholeHour ? .minute : !allMidnight ? .hour
                : !allFirstOfMonth ? .day : !allJanuary ? .month : (dateCount > 1 ? .year : .day)
            return .init(name: name, kind: .date, numbers: dates, texts: [], missingCount: missingCount,
                         granularity: granularity, zoned: anyZoned)
        }
        if numericCount == 0 && dateCount == 0 && textCount == 0 {  // every cell missing
            return .init(name: name, kind: .number, numbers: numbers, texts: [], missingCount: missingCount)
        }
        return .init(name: name, kind: .text, numbers: numbers, texts: texts(), missingCount: missingCount,
                     numericCount: numericCount, firstNonNumericRow: firstNonNumericRow, firstNonDateRow: firstNonDateRow)
    }
}

extension DataTable {
    /// Infers every column of a CSV table.
    init(csv table: CSVTable, file: String) {
        var columns: [Column] = []
        for c in 0..<table.columnCount {
            var acc = ColumnAccumulator(rowCount: table.rowCount)
            table.forEachCell(column: c) { row, bytes in acc.add(row: row, bytes: bytes) }
            columns.append(acc.finish(name: table.header[c]) {
                var texts = [String?](repeating: nil, count: table.rowCount)
                table.forEachCell(column: c) { row, bytes in
                    if !CellParsing.isMissing(bytes) { texts[row] = String(decoding: bytes, as: UTF8.self) }
                }
                return texts
            })
        }
        self.init(columns: columns, rowCount: table.rowCount, file: file, origin: .csv(table))
    }

    /// Infers columns from a JSON array of objects (`data.values` or a `*.json` file).
    init(json rows: JSONValue, file: String, pathPrefix: String) throws(ChartProblem) {
        guard case .array(let items) = rows.value else {
            throw ChartProblem(file: file, line: rows.line, jsonPath: pathPrefix,
                               message: "expected an array of objects (rows), found \(rows.kindName)")
        }
        guard !items.isEmpty else {
            throw ChartProblem(file: file, line: rows.line, jsonPath: pathPrefix, message: "no data rows (the array is empty)")
        }
        var names: [String] = []
        var seen: Set<String> = []
        var objects: [[String: JSONValue]] = []
        var lines: [Int] = []
        for (index, item) in items.enumerated() {
            guard case .object(let members) = item.value else {
                throw ChartProblem(file: file, line: item.line, jsonPath: "\(pathPrefix)[\(index)]",
                                   message: "expected an object such as {\"x\": 1, \"y\": 2}, found \(item.kindName)")
            }
            var dict: [String: JSONValue] = [:]
            for (key, value) in members {
                if seen.insert(key).inserted { names.append(key) }
                dict[key] = value
            }
            objects.append(dict)
            lines.append(item.line)
        }
        var columns: [Column] = []
        for name in names {
            var acc = ColumnAccumulator(rowCount: objects.count)
            for (row, object) in objects.enumerated() {
                switch object[name]?.value {
                case nil, .null?: acc.addMissing()
                case .number(let n)?: acc.add(row: row, number: n)
                case .string(var s)?: s.withUTF8 { acc.add(row: row, bytes: $0) }
                case .bool(let b)?: var s = b ? "true" : "false"; s.withUTF8 { acc.add(row: row, bytes: $0) }
                case .array?, .object?:
                    throw ChartProblem(file: file, line: object[name]?.line, jsonPath: "\(pathPrefix)[\(row)].\(name)",
                                       message: "nested arrays and objects are not supported in data rows; use numbers, strings or null")
                }
            }
            columns.append(acc.finish(name: name) {
                objects.map { object -> String? in
                    switch object[name]?.value {
                    case .string(let s)?: s.utf8.withContiguousStorageIfAvailable { CellParsing.isMissing($0) } == true ? nil : s
                    case .number(let n)?: TextFormat.plainNumber(n)
                    case .bool(let b)?: b ? "true" : "false"
                    default: nil
                    }
                }
            })
        }
        self.init(columns: columns, rowCount: objects.count, file: file, origin: .json(rowLines: lines, pathPrefix: pathPrefix))
    }
}

import Foundation

/// Turns a validated spec and its inferred data table into a `Chart`: applies fold, pivots long
/// format (a color field) into aligned series, groups by time unit, aggregates, sorts rows.
struct ChartBuilder {
    let spec: ChartSpec
    let table: DataTable
    let specFile: String
    let id: String

    private func specProblem(_ path: String, line: Int, _ message: String) -> ChartProblem {
        ChartProblem(file: specFile, line: line, jsonPath: path, message: message)
    }

    /// A series before alignment: its key (field or color value) and, per source row, the value column.
    private struct SourceSeries {
        var key: String
        var column: DataTable.Column?  // nil for `count`
        var rows: [Int]?  // nil = every source row
    }

    func build() throws(ChartProblem) -> Chart {
        let xDef = spec.x, yDef = spec.y
        let xField = xDef.field!
        guard let xColumn = table.column(named: xField) else {
            throw specProblem("\(xDef.path).field", line: xDef.line, "no column \"\(xField)\" in the data; columns: \(columnList)")
        }

        // Series sources.
        var sources: [SourceSeries] = []
        if let fold = spec.fold {
            if let y = yDef.field, y != fold.value {
                throw specProblem("\(yDef.path).field", line: yDef.line, "with the fold transform, y must be the folded value field \"\(fold.value)\", not \"\(y)\"")
            }
            guard spec.color?.field == fold.key else {
                throw specProblem("$.encoding", line: spec.foldLine, "with the fold transform, set encoding.color.field to \"\(fold.key)\" so each folded column becomes a series")
            }
            for (k, field) in fold.fields.enumerated() {
                guard let column = table.column(named: field) else {
                    throw specProblem("$.transform[0].fold[\(k)]", line: spec.foldLine, "no column \"\(field)\" in the data; columns: \(columnList)")
                }
                sources.append(SourceSeries(key: field, column: try numericColumn(column)))
            }
        } else {
            var yColumn: DataTable.Column?
            if let y = yDef.field {
                guard let column = table.column(named: y) else {
                    throw specProblem("\(yDef.path).field", line: yDef.line, "no column \"\(y)\" in the data; columns: \(columnList)")
                }
                yColumn = yDef.aggregate == .count ? nil : try numericColumn(column)
            }
            if let color = spec.color {
                let colorField = color.field!
                guard let colorColumn = table.column(named: colorField) else {
                    throw specProblem("\(color.path).field", line: color.line, "no column \"\(colorField)\" in the data; columns: \(columnList)")
                }
                var order: [String] = []
                var rowsByKey: [String: [Int]] = [:]
                for row in 0..<table.rowCount {
                    let key = colorKey(colorColumn, row: row)
                    if rowsByKey[key] == nil { order.append(key) }
                    rowsByKey[key, default: []].append(row)
                }
                sources = order.map { SourceSeries(key: $0, column: yColumn, rows: rowsByKey[$0]) }
            } else {
                sources = [SourceSeries(key: yDef.field ?? "count", column: yColumn)]
            }
        }

        // X keys per source row.
        let xs = try xKeys(xColumn)

        // Distinct rows, sorted.
        let (rowOf, xValues) = alignRows(xs)

        // Values per series.
        var series: [Series] = []
        for source in sources {
            let values = try aggregate(source, rowOf: rowOf, rowCount: xValues.count, xs: xs)
            series.append(Series(name: spec.seriesTitles[source.key] ?? (sources.count == 1 && spec.fold == nil && spec.color == nil ? yTitle : source.key), values: values))
        }
        var spoken: [String: String] = [:]
        for (source, one) in zip(sources, series) {
            if let name = spec.seriesNames[source.key] ?? spec.seriesNames[one.name] { spoken[one.name] = name }
        }
        series = ordered(series, keys: sources.map(\.key))

        let granularity: TimeGranularity? = switch xDef.timeUnit {
        case .year?: .year
        case .yearmonth?: .month
        case .month?: nil
        case nil: xColumn.kind == .date ? xColumn.granularity : nil
        }
        let xType: FieldType = xDef.timeUnit == .month ? .ordinal : xDef.type!
        let xAxis = XAxis(field: xField, title: xDef.axisTitle ?? xDef.title ?? Self.humanize(xField), type: xType,
                          granularity: xValues.first.map { if case .date = $0 { true } else { false } } == true ? granularity : nil,
                          unit: xType == .quantitative ? spec.xUnit : nil,
                          format: xDef.axisFormat)
        var yFormat = spec.format ?? yDef.axisFormat
        if let f = yDef.axisFormat, spec.format == nil, !NumberFormat.isSupported(f) {
            throw specProblem("\(yDef.path).axis.format", line: yDef.line, "\"\(f)\" is not a supported number format; use d3 formats like \",.1f\", \".0%\", \"d\", \",\"")
        }
        if yFormat?.isEmpty == true { yFormat = nil }
        let yAxis = YAxis(field: yDef.field ?? "count", title: yTitle, unit: spec.unit, format: yFormat,
                          aggregate: yDef.aggregate.map { $0 == .average ? "mean" : $0.rawValue })
        return Chart(id: id, sourcePath: specFile, title: spec.title ?? Self.titleFromID(id), subtitle: spec.subtitle,
                     authorDescription: spec.description, mark: spec.mark, x: xAxis, y: yAxis, xValues: xValues,
                     series: series, options: ChartOptions(audio: spec.audio, spokenSeriesNames: spoken))
    }

    private var yTitle: String {
        spec.y.axisTitle ?? spec.y.title ?? (spec.fold != nil ? "Value" : spec.y.aggregate == .count && spec.y.field == nil ? "Count" : Self.humanize(spec.y.field ?? "count"))
    }

    private var columnList: String { table.columns.map(\.name).joined(separator: ", ") }

    private func colorKey(_ column: DataTable.Column, row: Int) -> String {
        switch column.kind {
        case .text: column.texts[row] ?? "(missing)"
        default: table.cellText(row: row, column: column.name)
        }
    }

    /// The column as numbers, or a located error at its first non-number.
    private func numericColumn(_ column: DataTable.Column) throws(ChartProblem) -> DataTable.Column {
        switch column.kind {
        case .number: return column
        case .date:
            let row = column.numbers.firstIndex { $0 != nil } ?? 0
            throw table.problem(row: row, column: column.name, "expected a number in column \"\(column.name)\", found \"\(table.cellText(row: row, column: column.name))\" (a date)")
        case .text:
            let row = column.firstNonNumericRow ?? 0
            throw table.problem(row: row, column: column.name, "expected a number in column \"\(column.name)\", found \"\(table.cellText(row: row, column: column.name))\"")
        }
    }

    /// Per source row: its x key (nil = missing x, the row is skipped).
    private func xKeys(_ column: DataTable.Column) throws(ChartProblem) -> (keys: [Double?], labels: [String]?, isDate: Bool) {
        let def = spec.x
        if column.missingCount > 0 {
            let present: [Bool] = column.kind == .text ? column.texts.map { $0 != nil } : column.numbers.map { $0 != nil }
            let row = present.firstIndex(of: false) ?? 0
            throw table.problem(row: row, column: column.name, "no value for x (column \"\(column.name)\"); every row needs one: fill it in or remove the row")
        }
        if def.sort != .ascending && (column.kind != .text || def.type == .temporal || def.type == .quantitative) {
            throw specProblem("\(def.path).sort", line: def.line, "sort other than ascending is supported only for ordinal or nominal x with text values")
        }
        switch def.type! {
        case .temporal:
            guard column.kind == .date else {
                let row = column.firstNonDateRow ?? column.numbers.firstIndex { $0 != nil } ?? 0
                throw table.problem(row: row, column: column.name, "expected a date in column \"\(column.name)\" (x is temporal), found \"\(table.cellText(row: row, column: column.name))\"; use dates like 2012-01-31")
            }
        case .quantitative:
            guard column.kind == .number else {
                let row = column.firstNonNumericRow ?? 0
                throw table.problem(row: row, column: column.name, "expected a number in column \"\(column.name)\" (x is quantitative), found \"\(table.cellText(row: row, column: column.name))\"")
            }
        case .ordinal, .nominal:
            break
        }
        if column.kind == .date, let unit = def.timeUnit {
            var labels: [String]? = nil
            let keys: [Double?] = column.numbers.map { v in
                guard let v else { return nil }
                let (y, m, _) = CellParsing.civilFromDays(Int((v / 86_400).rounded(.down)))
                switch unit {
                case .year: return Double(CellParsing.daysFromCivil(year: y, month: 1, day: 1) * 86_400)
                case .yearmonth: return Double(CellParsing.daysFromCivil(year: y, month: m, day: 1) * 86_400)
                case .month: return Double(m)
                }
            }
            if unit == .month { labels = SpeechFormatter.monthNames }
            return (keys, labels, unit != .month)
        }
        if def.timeUnit != nil && column.kind != .date {
            throw table.problem(row: 0, column: column.name, "timeUnit needs dates in column \"\(column.name)\", found \"\(table.cellText(row: 0, column: column.name))\"")
        }
        if column.kind == .text {
            // Categories: keys are first-appearance indexes; sorted alphabetically later for display order.
            var index: [String: Int] = [:]
            var labels: [String] = []
            let keys: [Double?] = column.texts.map { t in
                guard let t else { return nil }
                if let k = index[t] { return Double(k) }
                index[t] = labels.count
                labels.append(t)
                return Double(labels.count - 1)
            }
            return (keys, labels, false)
        }
        return (column.numbers, nil, column.kind == .date)
    }

    /// Maps each source row to its chart row; chart rows are the distinct x values in ascending order.
    private func alignRows(_ xs: (keys: [Double?], labels: [String]?, isDate: Bool)) -> (rowOf: [Int], xValues: [XValue]) {
        let keys = xs.keys
        var rowOf = [Int](repeating: -1, count: keys.count)
        var order = Array(keys.indices.filter { keys[$0] != nil })
        var sorted = true
        var previous = -Double.infinity
        var sortKey: (Int) -> Double = { keys[$0]! }
        if let labels = xs.labels, !(spec.x.timeUnit == .month) {
            // Categories: ascending by code point (Vega-Lite's default), or as `sort` says.
            var ranks = Array(labels.indices)
            switch spec.x.sort {
            case .ascending: ranks.sort { labels[$0] < labels[$1] }
            case .descending: ranks.sort { labels[$0] > labels[$1] }
            case .dataOrder: break
            case .custom(let wanted):
                let position = Dictionary(wanted.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
                ranks.sort { (position[labels[$0]] ?? wanted.count + $0, $0) < (position[labels[$1]] ?? wanted.count + $1, $1) }
            }
            var rankOf = [Int](repeating: 0, count: labels.count)
            for (r, label) in ranks.enumerated() { rankOf[label] = r }
            sortKey = { Double(rankOf[Int(keys[$0]!)]) }
        }
        for i in order {
            let k = sortKey(i)
            if k < previous { sorted = false; break }
            previous = k
        }
        if !sorted { order.sort { sortKey($0) < sortKey($1) || (sortKey($0) == sortKey($1) && $0 < $1) } }
        var xValues: [XValue] = []
        xValues.reserveCapacity(order.count)
        var last: Double? = nil
        for i in order {
            let k = keys[i]!
            if k != last {
                last = k
                if let labels = xs.labels {
                    xValues.append(.category(labels[Int(k) - (spec.x.timeUnit == .month ? 1 : 0)]))
                } else if xs.isDate {
                    xValues.append(.date(Date(timeIntervalSince1970: k)))
                } else {
                    xValues.append(.number(k))
                }
            }
            rowOf[i] = xValues.count - 1
        }
        return (rowOf, xValues)
    }

    private func aggregate(_ source: SourceSeries, rowOf: [Int], rowCount: Int, xs: (keys: [Double?], labels: [String]?, isDate: Bool)) throws(ChartProblem) -> [Double?] {
        let aggregateKind = spec.y.aggregate
        var values = [Double?](repeating: nil, count: rowCount)
        var counts = [Int](repeating: 0, count: aggregateKind == nil ? 0 : rowCount)
        var filled = [Bool](repeating: false, count: aggregateKind == nil ? rowCount : 0)
        func visit(_ sourceRow: Int) throws(ChartProblem) {
            let row = rowOf[sourceRow]
            guard row >= 0 else { return }
            let v = source.column?.numbers[sourceRow]
            guard let kind = aggregateKind else {
                if filled[row] {
                    let seriesText = spec.color != nil || spec.fold != nil ? " in series \"\(source.key)\"" : ""
                    throw table.problem(row: sourceRow, column: spec.x.field!, "a second value for \(spec.x.field!) = \"\(table.cellText(row: sourceRow, column: spec.x.field!))\"\(seriesText); add an aggregate (sum, mean, min, max) to encoding.y or remove the duplicate row")
                }
                filled[row] = true
                values[row] = v
                return
            }
            if kind == .count { values[row] = (values[row] ?? 0) + 1; return }
            guard let v else { return }
            counts[row] += 1
            switch kind {
            case .sum, .mean, .average: values[row] = (values[row] ?? 0) + v
            case .min: values[row] = min(values[row] ?? v, v)
            case .max: values[row] = max(values[row] ?? v, v)
            case .count: break
            }
        }
        if let rows = source.rows {
            for r in rows { try visit(r) }
        } else {
            for r in 0..<rowOf.count { try visit(r) }
        }
        if aggregateKind == .mean || aggregateKind == .average {
            for r in 0..<rowCount where counts[r] > 0 { values[r] = values[r]! / Double(counts[r]) }
        }
        return values
    }

    private func ordered(_ series: [Series], keys: [String]) -> [Series] {
        guard !spec.seriesOrder.isEmpty else { return series }
        var rest = Array(zip(keys, series))
        var out: [Series] = []
        for wanted in spec.seriesOrder {
            if let k = rest.firstIndex(where: { $0.0 == wanted || $0.1.name == wanted }) {
                out.append(rest.remove(at: k).1)
            }
        }
        return out + rest.map(\.1)
    }

    /// `temp_max` → "Temp max", `netGeneration` → "Net generation".
    static func humanize(_ field: String) -> String {
        var words: [String] = []
        var current = ""
        var previous: Character = " "
        for ch in field {
            if ch == "_" || ch == "-" || ch == " " || ch == "." {
                if !current.isEmpty { words.append(current); current = "" }
            } else if ch.isUppercase && previous.isLowercase {
                words.append(current)
                current = String(ch)
            } else {
                current.append(ch)
            }
            previous = ch
        }
        if !current.isEmpty { words.append(current) }
        let allUpper = { (w: String) in w.count > 1 && w == w.uppercased() }
        let joined = words.map { allUpper($0) ? $0 : $0.lowercased() }.joined(separator: " ")
        return joined.prefix(1).uppercased() + joined.dropFirst()
    }

    /// `seattle-weather` → "Seattle weather".
    static func titleFromID(_ id: String) -> String { humanize(id) }
}

import Foundation

/// Turns a validated spec and its inferred data table into a `Chart`: applies fold, pivots long
/// format (a color field) into aligned series, groups by time unit, aggregates, sorts rows.
struct ChartBuilder {
    let spec: ChartSpec
    let table: DataTable
    let specFile: String
    let id: String

    func specProblem(_ path: String, line: Int, _ message: String) -> ChartProblem {
        ChartProblem(file: specFile, line: line, jsonPath: path, message: message)
    }

    /// A series before alignment: its key (field or color value) and, per source row, the value column.
    struct SourceSeries {
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

        // Distinct rows, sorted; a scatter plot keeps every point (repeated x is normal).
        let keepsEveryPoint = spec.mark == .point && yDef.aggregate == nil && xs.labels == nil
        let (rowOf, xValues) = alignRows(xs)
        let pointRows = keepsEveryPoint ? self.pointRows(sources, xs: xs) : nil

        // Values per series.
        var series: [Series] = []
        for (position, source) in sources.enumerated() {
            let values = try aggregate(source, rowOf: pointRows?.rowOf[position] ?? rowOf,
                                       rowCount: pointRows?.xValues.count ?? xValues.count, xs: xs)
            series.append(Series(name: spec.seriesTitles[source.key] ?? (sources.count == 1 && spec.fold == nil && spec.color == nil ? yTitle : source.key),
                                 values: values, sourceKey: source.key,
                                 sourceIndex: spec.fold != nil || spec.color == nil ? table.columns.firstIndex { $0.name == source.key } ?? position : position))
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
                          granularity: (pointRows?.xValues ?? xValues).first.map { if case .date = $0 { true } else { false } } == true ? granularity : nil,
                          unit: xType == .quantitative ? spec.xUnit : nil,
                          format: xDef.axisFormat, zoned: xColumn.zoned && xDef.timeUnit == nil)
        var yFormat = spec.format ?? yDef.axisFormat
        if let f = yDef.axisFormat, spec.format == nil, !NumberFormat.isSupported(f) {
            throw specProblem("\(yDef.path).axis.format", line: yDef.line, "\"\(f)\" is not a supported number format; use d3 formats like \",.1f\", \".0%\", \"d\", \",\"")
        }
        if yFormat?.isEmpty == true { yFormat = nil }
        // The source's precision, so derived values (means, sums) are not read out to float noise.
        let sourceDecimals = sources.compactMap(\.column).map { NumberFormat.automatic(for: Array($0.numbers.prefix(20_000))).decimals }.max()
        let yDecimals: Int? = switch yDef.aggregate {
        case .mean?, .average?: sourceDecimals.map { $0 + 1 }
        case .count?: 0
        default: sourceDecimals
        }
        let yAxis = YAxis(field: yDef.field ?? "count", title: yTitle, unit: spec.unit, format: yFormat,
                          aggregate: yDef.aggregate.map { $0 == .average ? "mean" : $0.rawValue }, decimals: yDecimals)
        return Chart(id: id, sourcePath: specFile, title: spec.title ?? Self.titleFromID(id), subtitle: spec.subtitle,
                     authorDescription: spec.description, mark: spec.mark, x: xAxis, y: yAxis, xValues: pointRows?.xValues ?? xValues,
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

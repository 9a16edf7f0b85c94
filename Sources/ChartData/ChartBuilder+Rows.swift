import Foundation

/// Rows and values: x keys per source row, distinct sorted rows, aggregation per series.
extension ChartBuilder {
    /// The column as numbers, or a located error at its first non-number.
    func numericColumn(_ column: DataTable.Column) throws(ChartProblem) -> DataTable.Column {
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
    func xKeys(_ column: DataTable.Column) throws(ChartProblem) -> (keys: [Double?], labels: [String]?, isDate: Bool) {
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
    func alignRows(_ xs: (keys: [Double?], labels: [String]?, isDate: Bool)) -> (rowOf: [Int], xValues: [XValue]) {
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

    /// Rows for a scatter plot that keeps every point: per x value, as many rows as the series
    /// with the most points there; each series' points at that x fill them in ascending y.
    /// Rows are ordered by x, then y. Returns each source's row map and the shared x values.
    func pointRows(_ sources: [SourceSeries], xs: (keys: [Double?], labels: [String]?, isDate: Bool)) -> (rowOf: [[Int]], xValues: [XValue]) {
        var occurrence: [[Int]] = []
        var slots: [Double: Int] = [:]
        for source in sources {
            let rows = (source.rows ?? Array(xs.keys.indices)).filter { xs.keys[$0] != nil }
            let y = { (r: Int) in source.column?.numbers[r] ?? .infinity }
            let ordered = rows.sorted { (xs.keys[$0]!, y($0), $0) < (xs.keys[$1]!, y($1), $1) }
            var k = [Int](repeating: -1, count: xs.keys.count)
            var previous: Double?, n = 0
            for r in ordered {
                let x = xs.keys[r]!
                n = x == previous ? n + 1 : 0
                previous = x
                k[r] = n
                slots[x] = max(slots[x] ?? 0, n + 1)
            }
            occurrence.append(k)
        }
        var first: [Double: Int] = [:]
        var xValues: [XValue] = []
        for x in slots.keys.sorted() {
            first[x] = xValues.count
            let value: XValue = xs.isDate ? .date(Date(timeIntervalSince1970: x)) : .number(x)
            xValues.append(contentsOf: repeatElement(value, count: slots[x]!))
        }
        let rowOf = occurrence.map { k in
            k.indices.map { r in k[r] < 0 ? -1 : first[xs.keys[r]!]! + k[r] }
        }
        return (rowOf, xValues)
    }

    func aggregate(_ source: SourceSeries, rowOf: [Int], rowCount: Int, xs: (keys: [Double?], labels: [String]?, isDate: Bool)) throws(ChartProblem) -> [Double?] {
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
}

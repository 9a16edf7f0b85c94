import ChartModel
import Foundation
import SpecReading
import VegaLite

/// `facet` (operator and channels); `repeat` is in FigureSpec+Repeat.swift.
extension FigureSpec {
    /// The `row`/`column`/`facet` channels of a single view: the facet operator over the view
    /// without them (Vega-Lite's normalization); the view's data and transforms come first.
    func facetShorthand(_ view: JSONValue, path: String, inherited: Inherited?) throws(ChartProblem) -> Layout {
        guard case .object(let members) = view.value, let encoding = view["encoding"], case .object(let channels) = encoding.value else {
            throw r.problem(view, path, "expected a view with an encoding")
        }
        let facetDefs = channels.filter { Self.facetChannels.contains($0.key) }
        if facetDefs.contains(where: { $0.key == "facet" }), let other = facetDefs.first(where: { $0.key != "facet" }) {
            throw r.problem(other.value, "\(path).encoding.\(other.key)", "\"facet\" and \"\(other.key)\" cannot be used together; use row and column, or facet alone")
        }
        let frame = try ownFrame(view, path: path, inherited: inherited)
        guard let frame, let data = view["data"] ?? inherited?.data else { throw missingData(view, path) }
        var innerMembers = members.filter { !["data", "transform", "title", "description", "resolve", "columns"].contains($0.key) }
        if let e = innerMembers.firstIndex(where: { $0.key == "encoding" }) {
            innerMembers[e].value = JSONValue(value: .object(channels.filter { !Self.facetChannels.contains($0.key) }), line: encoding.line)
        }
        let inner = JSONValue(value: .object(innerMembers), line: view.line)
        let defs = JSONValue(value: .object(facetDefs), line: encoding.line)
        return try facet(defs, facetPath: "\(path).encoding", inner: inner, innerPath: path, view: view,
                         inherited: Inherited(data: data, frame: frame), resolve: try scaleResolve(view, path: path),
                         wrapped: false, shorthand: true)
    }

    /// One panel per facet value (row × column cells present in the data, row by row).
    func facet(_ def: JSONValue, facetPath: String, inner: JSONValue, innerPath: String, view: JSONValue,
               inherited: Inherited, resolve: Resolve, wrapped: Bool, shorthand: Bool = false) throws(ChartProblem) -> Layout {
        if inner["data"] != nil { throw r.problem(inner["data"]!, "\(innerPath).data", "a faceted view takes its data from the facet; move \"data\" up beside \"facet\"") }
        // Vega-Lite bins before it splits the rows: every panel's bins span the whole data.
        let inner = Self.withSharedBinExtents(inner, frame: inherited.frame)
        var axes: [(name: String, def: ChartSpec.ChannelDef)] = []
        var wrapColumns: Int?
        /// A facet field definition: a channel's keys plus the layout ones (`columns` read, the rest drawing).
        func facetDef(_ value: JSONValue, _ name: String, _ p: String) throws(ChartProblem) -> ChartSpec.ChannelDef {
            guard case .object(let members) = value.value else { return try ChartSpec.channelDef(value, name, p, r) }
            if let c = value["columns"] { wrapColumns = try columnsValue(JSONValue(value: .object([("columns", c)]), line: c.line), path: p) }
            let layout: Set<String> = ["columns", "spacing", "align", "center", "bounds", "header", "labelAngle"]
            return try ChartSpec.channelDef(JSONValue(value: .object(members.filter { !layout.contains($0.key) }), line: value.line), name, p, r)
        }
        if wrapped {
            axes = [("facet", try facetDef(def, "facet", facetPath))]
        } else {
            guard case .object(let members) = def.value else { throw r.problem(def, facetPath, "expected {\"row\": …, \"column\": …} or a field definition, found \(def.kindName)") }
            for (key, value) in members {
                let p = "\(facetPath).\(key)"
                guard Self.facetChannels.contains(key) else { throw r.problem(value, p, "\"\(key)\" is not a facet channel; use row, column or facet") }
                axes.append((key, try facetDef(value, key, p)))
            }
            axes.sort { $0.name == "row" && $1.name != "row" }
        }
        guard !axes.isEmpty else { throw r.problem(def, facetPath, "needs a row, a column or a facet field") }
        let builder = ChartBuilder(spec: ChartSpec(data: .sequence(start: 0, stop: 0, step: 1, as: "_")), frame: DataFrame(), specFile: file, id: id)
        // Per facet channel: each row's key, and the keys in panel order.
        var keyColumns: [[DataValue]] = []
        var orders: [[DataValue]] = []
        for (name, c) in axes {
            let path = shorthand ? "\(facetPath).\(name)" : wrapped ? facetPath : "\(facetPath).\(name)"
            let column = try keyColumn(c, path: path, def: def, frame: inherited.frame)
            keyColumns.append(column)
            orders.append(try facetOrder(column, c, path: path, frame: inherited.frame))
        }
        // Panels: every combination present, in the facets' orders (row major).
        var groups: [[DataValue]: [Int]] = [:]
        for i in 0..<inherited.frame.rowCount { groups[keyColumns.map { $0[i] }, default: []].append(i) }
        var keys: [[DataValue]] = [[]]
        for order in orders { keys = keys.flatMap { prefix in order.map { prefix + [$0] } } }
        let panels = try panels(keys, groups: groups, axes: axes, inner: inner, innerPath: innerPath, inherited: inherited, builder: builder)
        var drafts = panels.drafts
        // A shared row axis sorted by the data (by a channel or a field's aggregate) is sorted
        // over every panel's rows together, as Vega-Lite sorts the shared domain: by the sort's
        // op over the raw rows of each row value.
        if resolve.rows ?? true, let order = sharedRowOrder(inner, frame: inherited.frame) {
            for i in drafts.indices {
                if let reordered = drafts[i].chart.rowsReordered(like: order) { drafts[i].chart = reordered }
            }
        }
        let columnCount: Int
        if let wrapColumns { columnCount = wrapColumns }
        else if wrapped { columnCount = try columnsValue(view, path: innerPath == "$" ? "$" : String(innerPath.dropLast(".spec".count))) ?? drafts.count }
        else if let c = axes.firstIndex(where: { $0.name == "column" }) { columnCount = orders[c].count }
        else if axes.contains(where: { $0.name == "row" }) { columnCount = 1 }
        else { columnCount = try columnsValue(view, path: "$") ?? drafts.count }
        let titles = axes.map { $0.def.title ?? $0.def.field ?? "" }
        return Layout(drafts: drafts, columns: max(1, columnCount), composition: .facet, panelField: titles.joined(separator: " and "),
                      sharedValue: resolve.value ?? true, sharedRows: resolve.rows ?? true, emptyPanels: panels.empty)
    }

    /// Each row's key on one facet channel: the field's values, as dates for a temporal field,
    /// through the channel's `timeUnit`.
    private func keyColumn(_ c: ChartSpec.ChannelDef, path: String, def: JSONValue, frame: DataFrame) throws(ChartProblem) -> [DataValue] {
        guard let field = c.field else { throw r.problem(def, path, "a facet needs a \"field\"") }
        guard frame.index(of: field) != nil else {
            throw ChartProblem(file: file, line: c.line, jsonPath: "\(path).field", message: "no field \"\(field)\" in the data; fields: \(frame.fields.joined(separator: ", "))")
        }
        if c.bin != nil { throw ChartProblem(file: file, line: c.line, jsonPath: "\(path).bin", message: "a binned facet is not supported yet; facet by a field or a timeUnit") }
        if c.aggregate != nil { throw ChartProblem(file: file, line: c.line, jsonPath: "\(path).aggregate", message: "a facet cannot be aggregated") }
        var column = frame.column(field)!
        if c.type == .temporal || c.timeUnit != nil { column = column.map(SpecData.toDate) }
        if let unit = c.timeUnitJSON {
            let key = "facet_key"
            let t = DataValue.object(["timeUnit": SpecData.dataValue(unit), "field": .string(field), "as": .string(key)])
            do {
                let keyed = try Transform.parse(t).apply(DataFrame(fields: [field], columns: [column]))
                column = keyed.column(key) ?? column
            } catch {
                throw ChartProblem(file: file, line: c.line, jsonPath: "\(path).timeUnit", message: error.message)
            }
        }
        return column
    }

    /// A panel for every facet key present in the data (`groups`: the rows of each), in the
    /// order of `keys`; the headers of the cells Vega-Lite draws empty. Every cell empty: its problem.
    private func panels(
        _ keys: [[DataValue]], groups: [[DataValue]: [Int]], axes: [(name: String, def: ChartSpec.ChannelDef)], inner: JSONValue,
        innerPath: String, inherited: Inherited, builder: ChartBuilder
    ) throws(ChartProblem) -> (drafts: [Draft], empty: [String]) {
        var drafts: [Draft] = []
        var empty: [String] = []
        var firstEmpty: ChartProblem?
        for key in keys {
            guard let rows = groups[key] else { continue }
            let chart: Chart
            do {
                chart = try leaf(inner, path: innerPath, inherited: inherited, frame: inherited.frame.selecting(rows: rows))
            } catch where error.message.hasSuffix(ChartBuilder.noMarks) {
                // Vega-Lite draws this cell empty: no panel to hear; the overview names it.
                firstEmpty = firstEmpty ?? error
                empty.append(zip(key, axes).map { headerText($0, $1.def, builder) }.joined(separator: ", "))
                continue
            }
            let values = zip(key, axes).map { headerText($0, $1.def, builder) }
            drafts.append(Draft(chart: chart, header: values.joined(separator: ", "),
                                headingParts: zip(axes, values).map { PanelPlacement.HeadingPart(field: Self.headingTitle($0.def), value: $1) }))
        }
        // Every cell empty: why (the panel's own problem), not "no panels".
        if drafts.isEmpty, let firstEmpty { throw firstEmpty }
        return (drafts, empty)
    }

    /// The row values of a view whose x or y sorts by a channel or a field's aggregate, in that
    /// order over all of `frame`'s rows; nil for any other sort.
    func sharedRowOrder(_ view: JSONValue, frame: DataFrame) -> [XValue]? {
        for axis in ["x", "y"] {
            guard let def = view["encoding"]?[axis], let keyField = def["field"]?.string, def["timeUnit"] == nil, def["bin"] == nil,
                  let sort = def["sort"], let keys = frame.column(keyField) else { continue }
            var op: String?, field: String?, descending = false
            if let text = sort.string, !["ascending", "descending"].contains(text) {
                descending = text.hasPrefix("-")
                let by = view["encoding"]?[String(text.drop { $0 == "-" })]
                op = by?["aggregate"]?.string ?? "min"
                field = by?["field"]?.string
            } else if sort["op"] != nil || sort["field"] != nil {
                op = sort["op"]?.string ?? "sum"
                field = sort["field"]?.string
                descending = sort["order"]?.string == "descending"
            } else if let channel = sort["encoding"]?.string {
                let by = view["encoding"]?[channel]
                op = by?["aggregate"]?.string ?? "min"
                field = by?["field"]?.string
                descending = sort["order"]?.string == "descending"
            }
            guard let op else { continue }
            let measure = field.flatMap { frame.column($0) }
            var groups: [String: [Double]] = [:], first: [String: Int] = [:]
            for (i, k) in keys.enumerated() {
                let key = ChartBuilder.text(k)
                if first[key] == nil { first[key] = i }
                if let measure { if measure[i].isValid { groups[key, default: []].append(measure[i].number) } } else { groups[key, default: []].append(1) }
            }
            guard let scores = try? first.keys.map({ key throws(ChartProblem) in (key, try aggregateScore(op, groups[key] ?? [], line: def.line, path: "")) }) else { return nil }
            let ordered = scores.sorted { a, b in
                if a.1 == b.1 || (a.1.isNaN && b.1.isNaN) { return a.0.unicodeScalars.lexicographicallyPrecedes(b.0.unicodeScalars) }
                if a.1.isNaN { return false }
                if b.1.isNaN { return true }
                return descending ? a.1 > b.1 : a.1 < b.1
            }
            return ordered.map { .category($0.0) }
        }
        return nil
    }

    /// Vega's aggregate `op` over values, for sorting by it.
    func aggregateScore(_ op: String, _ xs: [Double], line: Int, path: String) throws(ChartProblem) -> Double {
        let sorted = xs.sorted()
        switch op {
        case "count", "valid": return Double(xs.count)
        case "sum": return xs.reduce(0, +)
        case "mean", "average": return xs.isEmpty ? .nan : xs.reduce(0, +) / Double(xs.count)
        case "min": return sorted.first ?? .nan
        case "max": return sorted.last ?? .nan
        case "median":
            guard !sorted.isEmpty else { return .nan }
            let m = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2
        default:
            throw ChartProblem(file: file, line: line, jsonPath: path, message: "sorting facets by \"\(op)\" is not supported yet; use count, sum, mean, median, min or max")
        }
    }

    /// The view with each encoding `bin` (true or parameters without `extent`) given the extent
    /// of its field over `frame`, so each panel bins as the whole data does; in a layered view,
    /// every layer's too.
    static func withSharedBinExtents(_ view: JSONValue, frame: DataFrame) -> JSONValue {
        guard case .object(var members) = view.value else { return view }
        for k in members.indices {
            switch (members[k].key, members[k].value.value) {
            case ("encoding", .object(let channels)):
                members[k].value = JSONValue(value: .object(channels.map { ($0.key, sharedBinExtent($0.value, frame: frame)) }), line: members[k].value.line)
            case ("layer", .array(let layers)):
                members[k].value = JSONValue(value: .array(layers.map { withSharedBinExtents($0, frame: frame) }), line: members[k].value.line)
            default: continue
            }
        }
        return JSONValue(value: .object(members), line: view.line)
    }

    /// A channel definition whose `bin` is given its field's extent over `frame` (others as they are).
    static func sharedBinExtent(_ channel: JSONValue, frame: DataFrame) -> JSONValue {
        guard let bin = channel["bin"], let field = channel["field"]?.string, let column = frame.column(field),
              case .object(var def) = channel.value else { return channel }
        var params: [(key: String, value: JSONValue)]
        switch bin.value {
        case .bool(true): params = []
        case .object(let p) where !p.contains(where: { $0.key == "extent" || $0.key == "binned" }): params = p
        default: return channel
        }
        let numbers = column.compactMap(\.validNumber)
        guard let lo = numbers.min(), let hi = numbers.max() else { return channel }
        params.append(("extent", JSONValue(value: .array([JSONValue(value: .number(lo), line: bin.line), JSONValue(value: .number(hi), line: bin.line)]), line: bin.line)))
        let b = def.firstIndex { $0.key == "bin" }!
        def[b].value = JSONValue(value: .object(params), line: bin.line)
        return JSONValue(value: .object(def), line: channel.line)
    }

    /// The title a facet value is said with in a panel's heading ("Year 2013"): the facet's
    /// title, else its field's name; none for a time unit without a title (its value, "2013" or
    /// "March", says what it is) or an empty title.
    static func headingTitle(_ def: ChartSpec.ChannelDef) -> String {
        if let title = def.title { return title }
        guard def.timeUnit == nil, let field = def.field else { return "" }
        return ChartBuilder.humanize(field)
    }

    /// A facet value as its header shows it: a discrete value as written (2013, not 2,013), a
    /// time unit by its unit ("2013", "March"), a quantitative one in the channel's format.
    func headerText(_ v: DataValue, _ def: ChartSpec.ChannelDef, _ builder: ChartBuilder) -> String {
        if case .number = v, def.timeUnit == nil, def.type != .quantitative { return ChartBuilder.text(v) }
        return builder.extraText(v, def) ?? "null"
    }

    /// A facet's values in panel order: ascending by default (numbers and dates by value, text by
    /// code point), `descending`, `null` (data order) or a custom list (the values not in it first).
    func facetOrder(_ column: [DataValue], _ c: ChartSpec.ChannelDef, path: String, frame: DataFrame) throws(ChartProblem) -> [DataValue] {
        var seen = Set<DataValue>(), values: [DataValue] = []
        for v in column where seen.insert(v).inserted { values.append(v) }
        func less(_ a: DataValue, _ b: DataValue) -> Bool {
            switch (a, b) {
            // Vega's ascending order puts null first.
            case (.null, .null): return false
            case (.null, _): return true
            case (_, .null): return false
            case (.string(let x), .string(let y)): return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
            case (.string, _): return false
            case (_, .string): return true
            default: return a.number < b.number
            }
        }
        switch c.sort {
        case .ascending: return values.sorted(by: less)
        case .descending: return values.sorted { less($1, $0) }
        case .dataOrder: return values
        case .custom(let wanted):
            let place = Dictionary(wanted.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            let first = Dictionary(uniqueKeysWithValues: values.enumerated().map { ($1, $0) })
            // As Vega-Lite's facet sort index (`indexof`): values not listed (−1) come first, in data order.
            return values.sorted { (place[ChartBuilder.text($0)] ?? -1, first[$0]!) < (place[ChartBuilder.text($1)] ?? -1, first[$1]!) }
        case .byField(let field, let op, let descending):
            // Vega-Lite sorts the facet values by the op over each facet's rows (ties: ascending).
            guard let measureField = field ?? (op == "count" ? c.field : nil), let measure = frame.column(measureField) else {
                throw ChartProblem(file: file, line: c.line, jsonPath: "\(path).sort.field", message: "no field \"\(field ?? "")\" in the data to sort the facets by")
            }
            var groups: [DataValue: [Double]] = [:]
            for (k, v) in zip(column, measure) where op == "count" || v.isValid { groups[k, default: []].append(v.number) }
            var scores: [DataValue: Double] = [:]
            for v in values { scores[v] = try aggregateScore(op, groups[v] ?? [], line: c.line, path: "\(path).sort.op") }
            let ascending = values.sorted(by: less)
            let rank = Dictionary(uniqueKeysWithValues: ascending.enumerated().map { ($1, $0) })
            return values.sorted { a, b in
                let x = scores[a]!, y = scores[b]!
                if x == y || (x.isNaN && y.isNaN) { return rank[a]! < rank[b]! }
                if x.isNaN { return false }
                if y.isNaN { return true }
                return descending ? x > y : x < y
            }
        case .byChannel:
            throw ChartProblem(file: file, line: c.line, jsonPath: "\(path).sort", message: "sorting facets by another channel is not supported yet; use \"ascending\", \"descending\", null, a list of values or {\"field\", \"op\"}")
        }
    }
}

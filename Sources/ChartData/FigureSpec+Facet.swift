import Foundation
import VegaLite

/// `facet` (operator and channels) and `repeat`.
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
        var axes: [(name: String, def: ChartSpec.ChannelDef)] = []
        if wrapped {
            axes = [("facet", try ChartSpec.channelDef(def, "facet", facetPath, r))]
        } else {
            guard case .object(let members) = def.value else { throw r.problem(def, facetPath, "expected {\"row\": …, \"column\": …} or a field definition, found \(def.kindName)") }
            for (key, value) in members {
                let p = "\(facetPath).\(key)"
                guard Self.facetChannels.contains(key) else { throw r.problem(value, p, "\"\(key)\" is not a facet channel; use row, column or facet") }
                axes.append((key, try ChartSpec.channelDef(value, key, p, r)))
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
            guard let field = c.field else { throw r.problem(def, path, "a facet needs a \"field\"") }
            guard inherited.frame.index(of: field) != nil else {
                throw ChartProblem(file: file, line: c.line, jsonPath: "\(path).field", message: "no field \"\(field)\" in the data; fields: \(inherited.frame.fields.joined(separator: ", "))")
            }
            if c.bin != nil { throw ChartProblem(file: file, line: c.line, jsonPath: "\(path).bin", message: "a binned facet is not supported yet; facet by a field or a timeUnit") }
            if c.aggregate != nil { throw ChartProblem(file: file, line: c.line, jsonPath: "\(path).aggregate", message: "a facet cannot be aggregated") }
            var column = inherited.frame.column(field)!
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
            keyColumns.append(column)
            orders.append(try facetOrder(column, c, path: path))
        }
        // Panels: every combination present, in the facets' orders (row major).
        var groups: [[DataValue]: [Int]] = [:]
        for i in 0..<inherited.frame.rowCount { groups[keyColumns.map { $0[i] }, default: []].append(i) }
        var keys: [[DataValue]] = [[]]
        for order in orders { keys = keys.flatMap { prefix in order.map { prefix + [$0] } } }
        var drafts: [Draft] = []
        for key in keys {
            guard let rows = groups[key] else { continue }
            let chart = try leaf(inner, path: innerPath, inherited: inherited, frame: inherited.frame.selecting(rows: rows))
            let header = zip(key, axes).map { v, axis in
                // A discrete facet shows its value as written (2013, not 2,013); a time unit by its
                // unit ("2013", "March"); a quantitative one in the channel's format.
                if case .number = v, axis.def.timeUnit == nil, axis.def.type != .quantitative { return ChartBuilder.text(v) }
                return builder.extraText(v, axis.def) ?? "null"
            }.joined(separator: ", ")
            drafts.append(Draft(chart: chart, header: header))
        }
        let columnCount: Int
        if wrapped { columnCount = try columnsValue(view, path: innerPath == "$" ? "$" : String(innerPath.dropLast(".spec".count))) ?? drafts.count }
        else if let c = axes.firstIndex(where: { $0.name == "column" }) { columnCount = orders[c].count }
        else if axes.contains(where: { $0.name == "row" }) { columnCount = 1 }
        else { columnCount = try columnsValue(view, path: "$") ?? drafts.count }
        let titles = axes.map { $0.def.title ?? $0.def.field ?? "" }
        return Layout(drafts: drafts, columns: max(1, columnCount), composition: .facet, panelField: titles.joined(separator: " and "),
                      sharedValue: resolve.value ?? true, sharedRows: resolve.rows ?? true)
    }

    /// A facet's values in panel order: ascending by default (numbers and dates by value, text by
    /// code point), `descending`, `null` (data order) or a custom list (then the rest as they come).
    func facetOrder(_ column: [DataValue], _ c: ChartSpec.ChannelDef, path: String) throws(ChartProblem) -> [DataValue] {
        var seen = Set<DataValue>(), values: [DataValue] = []
        for v in column where seen.insert(v).inserted { values.append(v) }
        func less(_ a: DataValue, _ b: DataValue) -> Bool {
            switch (a, b) {
            case (.null, _): return false
            case (_, .null): return true
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
            return values.sorted { (place[ChartBuilder.text($0)] ?? wanted.count + first[$0]!) < (place[ChartBuilder.text($1)] ?? wanted.count + first[$1]!) }
        case .byField, .byChannel:
            throw ChartProblem(file: file, line: c.line, jsonPath: "\(path).sort", message: "sorting facets by another field is not supported yet; use \"ascending\", \"descending\", null or a list of values")
        }
    }

    /// One panel (or several, for a nested composition) per repeated field.
    func `repeat`(_ def: JSONValue, path: String, inner: JSONValue, innerPath: String, view: JSONValue,
                  inherited: Inherited?, resolve: Resolve) throws(ChartProblem) -> Layout {
        var rows: [String?] = [nil], columns: [String?] = [nil], list: [String]? = nil
        switch def.value {
        case .array: list = try r.strings(def, path)
        case .object(let members):
            for (key, value) in members {
                switch key {
                case "row": rows = try r.strings(value, "\(path).row")
                case "column": columns = try r.strings(value, "\(path).column")
                case "layer": throw r.problem(value, "\(path).layer", "a repeated layer is not supported yet; repeat a single view")
                default: throw r.problem(value, "\(path).\(key)", "\"\(key)\" is not supported here; use row, column, or an array of fields")
                }
            }
        default: throw r.problem(def, path, "expected an array of fields or {\"row\": […], \"column\": […]}, found \(def.kindName)")
        }
        var drafts: [Draft] = []
        var combos: [(row: String?, column: String?, item: String?)] = []
        if let list { combos = list.map { (nil, nil, $0) } } else {
            for row in rows { for column in columns { combos.append((row, column, nil)) } }
        }
        guard !combos.isEmpty, combos.first.map({ $0.row != nil || $0.column != nil || $0.item != nil }) == true else {
            throw r.problem(def, path, "names no field to repeat")
        }
        for combo in combos {
            let filled = try substitute(inner, path: innerPath, row: combo.row, column: combo.column, item: combo.item)
            let header = [combo.item, combo.row, combo.column].compactMap { $0 }.joined(separator: ", ")
            for var d in try panels(filled, path: innerPath, inherited: inherited, defaultHeader: header) {
                // Named by the repeated field as the panel shows it (its axis title).
                d.header = combo.item != nil ? d.chart.y.title : "\(d.chart.y.title) by \(d.chart.x.title)"
                drafts.append(d)
            }
        }
        let columnCount = list != nil ? (try columnsValue(view, path: String(path.dropLast(".repeat".count))) ?? drafts.count) : max(1, columns.count)
        return Layout(drafts: drafts, columns: columnCount, composition: .repeat, panelField: "field",
                      sharedValue: resolve.value ?? false, sharedRows: resolve.rows ?? false)
    }

    /// The view with every `{"repeat": "row" | "column" | "repeat"}` field reference filled in.
    func substitute(_ v: JSONValue, path: String, row: String?, column: String?, item: String?) throws(ChartProblem) -> JSONValue {
        switch v.value {
        case .object(let members):
            if members.count == 1, members[0].key == "repeat", let which = members[0].value.string {
                let field: String?
                switch which {
                case "row": field = row
                case "column": field = column
                case "repeat": field = item
                default: field = nil
                }
                guard let field else {
                    throw r.problem(v, "\(path).repeat", "\"\(which)\" is not repeated here; the repeat gives \([item == nil ? nil : "repeat", row == nil ? nil : "row", column == nil ? nil : "column"].compactMap { $0 }.joined(separator: ", "))")
                }
                return JSONValue(value: .string(field), line: v.line)
            }
            var out: [(key: String, value: JSONValue)] = []
            for (key, value) in members { out.append((key, try substitute(value, path: "\(path).\(key)", row: row, column: column, item: item))) }
            return JSONValue(value: .object(out), line: v.line)
        case .array(let items):
            var out: [JSONValue] = []
            for (k, element) in items.enumerated() { out.append(try substitute(element, path: "\(path)[\(k)]", row: row, column: column, item: item)) }
            return JSONValue(value: .array(out), line: v.line)
        default:
            return v
        }
    }
}

import Foundation
import VegaLite
import D3Format

/// From the evaluated frame to the chart: rows on the row axis, series from the grouping
/// channels, values, ranges, stacks and extra channels per point.
extension ChartBuilder {
    /// Channels whose nominal/ordinal field splits the data into series (one line, one colour each).
    static let seriesChannels = ["color", "fill", "stroke", "detail", "strokeDash", "shape", "xOffset", "yOffset"]
    /// Channels whose values are spoken with each point and shown in the table.
    static let extraChannels = ["size", "opacity", "fillOpacity", "strokeOpacity", "strokeWidth", "angle", "text", "href", "url", "description", "color", "fill", "stroke", "shape", "strokeDash", "radius", "radius2"]

    /// Marks evaluated as another kind but drawn and described as themselves (issue 14).
    static let ownMarks: [String: Mark] = ["tick": .tick, "rule": .rule, "text": .text]

    enum KeyKind { case date(TimeGranularity?), cycle(TimeUnitReading), number, category }

    func assemble(frame evaluated: DataFrame, roles: Roles, markKind: Mark, fieldOf: [String: String], binEnd: [String: String],
                  preAggregate: DataFrame? = nil, range: (lower: String, upper: String)? = nil,
                  onRows: (([DataValue]) -> Void)? = nil) throws(ChartProblem) -> Chart {
        let key = roles.key, value = roles.value
        var frame = evaluated
        // A stacked area over a continuous axis: Vega-Lite imputes 0 for a series missing at an x,
        // so every layer runs the whole width.
        if markKind == .area, value.stack != .none, roles.value2 == nil, value.type == .quantitative,
           let k = key, k.type == .temporal || k.type == .quantitative || k.timeUnit != nil,
           let keyField = fieldOf[k.channel], let valueField = fieldOf[value.channel] {
            let groups = spec.channels.filter { c in
                Self.seriesChannels.contains(c.channel) && c.aggregate == nil && (c.type == .nominal || c.type == .ordinal) && c.field != k.field
            }.compactMap { fieldOf[$0.channel] }
            if !groups.isEmpty {
                let impute: DataValue = .object(["impute": .string(valueField), "key": .string(keyField),
                                                 "groupby": .array(Array(Set(groups)).sorted().map(DataValue.string)), "value": .number(0)])
                if let out = try? Transform.parse(impute).apply(frame) { frame = out }
            }
        }
        let n = frame.rowCount

        // Keys.
        var keyColumn: [DataValue] = key.flatMap { k in fieldOf[k.channel].flatMap { frame.column($0) } ?? k.constant.map { c in [DataValue](repeating: SpecData.dataValue(c), count: n) } }
            ?? [DataValue](repeating: .string("all"), count: n)
        let keyKind: KeyKind
        if let k = key, let u = k.timeUnit, let unit = TimeUnitReading(u) {
            keyKind = unit.isInstant ? .date(unit.granularity) : .cycle(unit)
        } else if key?.type == .temporal {
            keyKind = .date(nil)
        } else if key?.type == .quantitative || key?.bin != nil {
            keyKind = .number
        } else {
            keyKind = .category
        }
        // Vega-Lite's `invalid` mode (`InvalidMode`): "show" draws an invalid key or value at the
        // scale's zero (or low end); "filter" on a line leaves a datum with an invalid value out
        // (the line joins its neighbours); the other modes leave invalid keys out and break lines.
        let isPath = markKind == .line || markKind == .area
        let showInvalid = spec.invalidMode == .show
        var invalidKeyPosition: Double?
        func keyNumber(_ v: DataValue) -> Double? {
            if v == Self.invalidKey { return invalidKeyPosition }
            switch keyKind {
            case .date, .cycle: if case .date(let ms) = v, ms.isFinite { return ms }; return nil
            case .number: return v.validNumber.flatMap { $0.isFinite ? $0 : nil }
            case .category: return nil
            }
        }

        if showInvalid, let k = key {
            switch keyKind {
            case .number, .date:
                var low = Double.infinity
                var any = false
                for (r, v) in keyColumn.enumerated() {
                    if let x = keyNumber(v) { low = min(low, x) } else if fieldOf[k.channel] != nil { keyColumn[r] = Self.invalidKey; any = true }
                }
                if any {
                    if case .date = keyKind { invalidKeyPosition = low.isFinite ? low : 0 } else {
                        invalidKeyPosition = Self.zeroOrMin(k, low: low.isFinite ? low : 0)
                    }
                }
            default: break
            }
        }

        // Values.
        var valueColumn: [DataValue] = fieldOf[value.channel].flatMap { frame.column($0) }
            ?? value.constant.map { c in [DataValue](repeating: SpecData.dataValue(c), count: n) } ?? []
        guard !valueColumn.isEmpty || n == 0 else {
            throw specProblem(value.path, line: value.line, "needs \"field\", \"aggregate\": \"count\" or \"datum\" (the values)")
        }
        var value2Column = roles.value2.flatMap { c in fieldOf[c.channel].flatMap { frame.column($0) } }
        // Dates as values (a temporal value channel): seconds since 1970, as the row axis keeps them.
        let temporalValues = Self.hasTemporalValues(value)
        if temporalValues {
            valueColumn = valueColumn.map(Self.dateSeconds)
            value2Column = value2Column?.map(Self.dateSeconds)
        }
        // An error bar's range around its centre (`ChartBuilder+Composite.swift`).
        let rangeColumns = range.flatMap { r in frame.column(r.lower).flatMap { lo in frame.column(r.upper).map { (lo, $0) } } }

        // Series keys.
        let heatmapY = markKind == .rect ? spec.channel("y") : nil  // a heatmap's rows are series
        let grouping = (heatmapY.map { [$0] } ?? roles.seriesPosition.flatMap { fieldOf[$0.channel] != nil ? [$0] : nil } ?? []) + spec.channels.filter { c in
            Self.seriesChannels.contains(c.channel) && c.aggregate == nil && fieldOf[c.channel] != nil
                && (c.type == .nominal || c.type == .ordinal || c.channel == "detail" || c.channel.hasPrefix("detail"))
                && c.field != key?.field
        } + spec.channels.filter { $0.channel.hasPrefix("detail[") && fieldOf[$0.channel] != nil }
        var groupFields: [String] = []
        for c in grouping where !groupFields.contains(fieldOf[c.channel]!) { groupFields.append(fieldOf[c.channel]!) }
        let groupColumns = groupFields.map { frame.column($0)! }

        // A series' name: the grouping value; a place in a cycle ("Monday") for a timeUnit, a bin's
        // span for a binned channel (a positional channel that splits the series).
        let groupDefs = groupFields.map { f in grouping.first { fieldOf[$0.channel] == f }! }
        let groupUnits = groupDefs.map { $0.timeUnit.flatMap(TimeUnitReading.init).flatMap { $0.isInstant ? nil : $0 } }
        let groupBinEnds = groupDefs.map { binEnd[$0.channel].flatMap { frame.column($0) } }
        func groupLabel(_ g: Int, _ r: Int) -> String {
            let v = groupColumns[g][r]
            if let unit = groupUnits[g], case .date(let ms) = v { return unit.cycleLabel(ms) }
            if let ends = groupBinEnds[g], let a = v.validNumber, let b = ends[r].validNumber {
                return Messages.english["series.binSpan", ["title": title(of: groupDefs[g], fallback: "bin"), "low": Self.text(.number(a)), "high": Self.text(.number(b))]]
            }
            return Self.text(v)
        }

        // Datums that become rows (Vega-Lite's `invalid: "filter"` leaves the rest out of the marks).
        var invalid = 0
        var datums: [Int] = []
        var seriesKeyOf = [String](repeating: "", count: n)
        var seriesOrder: [String] = []
        var seenSeries: Set<String> = []
        var heatmapRaw: [String: DataValue] = [:]
        for r in 0..<n {
            let keyValid: Bool
            // On a discrete axis null is a category of its own (Vega-Lite draws a "null" bar).
            if case .category = keyKind { keyValid = true } else { keyValid = keyNumber(keyColumn[r]) != nil }
            // A row with no valid key has no place on the axis: left out and counted. A valid key
            // with an invalid value keeps its row as a missing value (no mark, said as "no data").
            guard keyValid else { invalid += 1; continue }
            // "filter" on a line: a datum with an invalid value is left out, as if it were not there.
            if spec.invalidMode.joinsPaths(isPath: isPath), fieldOf[value.channel] != nil, valueColumn[r].validNumber == nil { invalid += 1; continue }
            // A continuous y that splits the series (a grid of circles) drops invalid values too.
            if let p = roles.seriesPosition, p.type == .quantitative || p.type == .temporal || p.bin != nil,
               let f = fieldOf[p.channel], let i = groupFields.firstIndex(of: f), !groupColumns[i][r].isValid { invalid += 1; continue }
            let sk = groupColumns.isEmpty ? "" : groupColumns.count == 1 ? (heatmapY.map { heatmapRowName(groupColumns[0][r], $0) } ?? groupLabel(0, r)) : groupColumns.indices.map { groupLabel($0, r) }.joined(separator: ", ")
            seriesKeyOf[r] = sk
            if seenSeries.insert(sk).inserted {
                seriesOrder.append(sk)
                if heatmapY != nil { heatmapRaw[sk] = groupColumns[0][r] }
            }
            datums.append(r)
        }
        // Series from a positional channel of numbers, dates or bins run in the axis' order.
        if let p = roles.seriesPosition, p.type != .nominal, groupColumns.count == 1 {
            var first: [String: Double] = [:]
            for r in datums where first[seriesKeyOf[r]] == nil { first[seriesKeyOf[r]] = groupColumns[0][r].validNumber ?? .infinity }
            seriesOrder.sort { first[$0]! < first[$1]! }
        }

        guard datums.contains(where: { valueColumn[$0].validNumber != nil }) else {
            let c = key ?? value
            let what: String
            switch keyKind {
            case .date, .cycle: what = "date"
            case .number: what = "number"
            case .category: what = "value"
            }
            let sample = keyColumn.first { $0.isValid }.map { " (e.g. \"\(Self.text($0))\")" } ?? ""
            throw specProblem(c.path, line: c.line, "no row has both a valid \(what) in \(c.field.map { "\"\($0)\"" } ?? "the row field")\(sample) and a number in \(value.field.map { "\"\($0)\"" } ?? "the value field"); \(ChartBuilder.noMarks)")
        }

        // Stack (Vega-Lite's rules: bar and area stack by default when a grouping channel splits
        // them or the data repeats a row; an explicit `stack` on the value channel wins).
        var offset: StackOffset?
        switch value.stack {
        case .none: offset = nil
        case .offset(let o): offset = o
        case .unset: offset = (markKind == .bar && spec.markName == "bar" || markKind == .area) ? .zero : nil
        }
        if value.aggregate != nil && grouping.isEmpty && value.stack == .unset { offset = nil }
        // Grouped bars (an offset channel beside the rows) stand side by side, each from zero.
        if value.stack == .unset, spec.channel(roles.orientation == .horizontal ? "yOffset" : "xOffset")?.field != nil { offset = nil }
        if value.type != .quantitative || value.bin != nil || roles.value2 != nil || range != nil || [.log, .pow, .sqrt, .symlog].contains(value.scale.type) { offset = nil }

        // Rows: distinct keys, or one per datum when a series repeats a key (scatter, raw bars).
        if let y = heatmapY { seriesOrder = heatmapRowOrder(seriesOrder, raw: heatmapRaw, y: y) }
        var sortedKeys = try orderedKeys(datums: datums, keyColumn: keyColumn, keyKind: keyKind, keyNumber: keyNumber, frame: frame, roles: roles, fieldOf: fieldOf, valueColumn: valueColumn, preAggregate: preAggregate)
        if markKind == .arc { sortedKeys = arcSliceOrder(sortedKeys, datums: datums, keyColumn: keyColumn, frame: frame, fieldOf: fieldOf) }
        var rowOfKey: [DataValue: Int] = [:]
        for (i, k) in sortedKeys.enumerated() { rowOfKey[k] = i }
        // Does a series repeat a row key? (Integers, not strings: this runs once per data row.)
        let seriesIndex = Dictionary(uniqueKeysWithValues: seriesOrder.enumerated().map { ($1, $0) })
        var seen = Set<Int>()
        var repeats = false
        for r in datums where !seen.insert(seriesIndex[seriesKeyOf[r]]! * sortedKeys.count + rowOfKey[keyColumn[r]]!).inserted {
            repeats = true
            break
        }
        if fieldOf[value.channel] == nil { offset = nil }  // a constant (`datum`) does not stack
        // One segment per stack tells the reader nothing: a single series that never repeats a row is not stacked.
        if seriesOrder.count <= 1 && !repeats { offset = nil }
        var rowOfDatum = [Int](repeating: -1, count: n)
        var xValues: [XValue] = []
        var rowKeys: [DataValue] = []
        if repeats {
            // Per x, as many rows as the series with the most points there; each series fills
            // them in order (ascending value for points, data order for lines and bars), so
            // series share rows and a scatter has no more gaps than it needs.
            var atKey: [[String: [Int]]] = Array(repeating: [:], count: sortedKeys.count)
            for r in datums { atKey[rowOfKey[keyColumn[r]]!][seriesKeyOf[r], default: []].append(r) }
            let byValue = markKind == .point
            for (k, groups) in atKey.enumerated() {
                let first = xValues.count
                let slots = groups.values.map(\.count).max() ?? 0
                for _ in 0..<slots { rowKeys.append(sortedKeys[k]); xValues.append(xValue(sortedKeys[k], keyKind)) }
                for (_, rows) in groups {
                    let ordered = byValue ? rows.sorted { (valueColumn[$0].validNumber ?? .infinity, $0) < (valueColumn[$1].validNumber ?? .infinity, $1) } : rows
                    for (i, r) in ordered.enumerated() { rowOfDatum[r] = first + i }
                }
            }
        } else {
            for k in sortedKeys { rowKeys.append(k); xValues.append(xValue(k, keyKind)) }
            for r in datums { rowOfDatum[r] = rowOfKey[keyColumn[r]]! }
        }
        // Rows whose key is invalid are drawn at the row scale's zero or low end (`InvalidDrawing`).
        var invalidKeyRows: Set<Int> = []
        if let position = invalidKeyPosition {
            for (i, k) in rowKeys.enumerated() where k == Self.invalidKey {
                invalidKeyRows.insert(i)
                if case .date = keyKind { xValues[i] = .date(Date(timeIntervalSince1970: position / 1000)) } else { xValues[i] = .number(position) }
            }
        }
        onRows?(rowKeys)

        // Stack positions: groups are rows of equal key; order by the `order` channel, else the
        // series key ascending (Vega-Lite sorts by the stacking field).
        var stacked = [(start: Double, end: Double, total: Double)?](repeating: nil, count: n)
        if let offset {
            // Vega's stack over the rows with a value, grouped by row key, sorted by the `order`
            // channel or else by the grouping fields ascending (Vega-Lite sorts by the stacking field).
            let withValue = datums.filter { valueColumn[$0].validNumber != nil }
            var stackFrame = frame.selecting(rows: withValue)
            var sort: [SortField] = []
            if let o = spec.channel("order"), let f = fieldOf["order"] {
                sort = [SortField(field: FieldRef(f), descending: o.sort == .descending)]
            } else if let first = grouping.first, let f = fieldOf[first.channel] {
                // Vega-Lite sorts the stack by the grouping field (or its place in the channel's
                // custom sort or scale domain), descending for vertical stacks and ascending for
                // horizontal ones.
                var order: [String]?
                if case .custom(let wanted) = first.sort { order = wanted } else { order = first.domainCategories }
                var sortField = f
                if let order {
                    let index = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
                    sortField = "__stack_sort_index"
                    stackFrame.setColumn(sortField, stackFrame.column(f)!.map { .number(Double(index[Self.text($0)] ?? order.count)) })
                }
                sort = [SortField(field: FieldRef(sortField), descending: roles.orientation == .vertical)]
                    + groupFields.dropFirst().map { SortField(field: FieldRef($0), descending: roles.orientation == .vertical) }
            }
            var groupby: [String] = []
            if let k = key, let f = fieldOf[k.channel] { groupby.append(f) }
            let transform = StackTransform(stack: fieldOf[value.channel]!, groupby: groupby, sort: sort,
                                           offset: StackTransform.Offset(rawValue: offset.rawValue)!, as: ["__stack_start", "__stack_end"])
            let out: DataFrame
            do { out = try Transform.stack(transform).apply(stackFrame) } catch {
                throw specProblem("\(value.path).stack", line: value.line, error.message)
            }
            let starts = out.column("__stack_start")!, ends = out.column("__stack_end")!
            var totals: [DataValue: Double] = [:]
            for r in withValue { totals[keyColumn[r], default: 0] += valueColumn[r].validNumber! }
            for (i, r) in withValue.enumerated() {
                if let a = starts[i].validNumber, let b = ends[i].validNumber { stacked[r] = (a, b, totals[keyColumn[r]]!) }
            }
        }

        // Extra channels.
        let extras = spec.channels.filter { c in
            (Self.extraChannels.contains(c.channel) || c.channel.hasPrefix("tooltip")) && fieldOf[c.channel] != nil
                && !grouping.contains { $0.channel == c.channel }
                && fieldOf[c.channel] != fieldOf[value.channel] && (key == nil || fieldOf[c.channel] != fieldOf[key!.channel])
        }
        var extraDefs: [ChartSpec.ChannelDef] = []
        for c in extras where !extraDefs.contains(where: { fieldOf[$0.channel] == fieldOf[c.channel] }) { extraDefs.append(c) }
        let extraColumns = extraDefs.map { frame.column(fieldOf[$0.channel]!)! }

        // Series.
        let rowCount = xValues.count
        let normalize = offset == .normalize
        let hasDetails = offset != nil || value2Column != nil || rangeColumns != nil || !extraDefs.isEmpty
        var series: [Series] = []
        let valueTitle = title(of: value, fallback: value.aggregate == "count" ? "Count" : "Value")
        // A colour (or dash, shape) given as a `datum` names the one series, as Vega-Lite's legend
        // does (`"color": {"datum": "temp_max"}`, how a repeated layer tells its layers apart).
        let constantSeriesName = Self.seriesChannels.lazy.compactMap { spec.channel($0)?.constant }.first
            .map { Self.text(SpecData.dataValue($0)) }
        for sk in seriesOrder {
            var values = [Double?](repeating: nil, count: rowCount)
            var details = hasDetails ? [PointDetail](repeating: PointDetail(), count: rowCount) : []
            var points: [Int] = []
            var drawnInvalid: Set<Int> = []
            for r in datums where seriesKeyOf[r] == sk {
                let row = rowOfDatum[r]
                let v = valueColumn[r].validNumber
                points.append(row)
                if showInvalid, v == nil, fieldOf[value.channel] != nil { drawnInvalid.insert(row) }
                if let s = offset != nil ? stacked[r] : nil {
                    values[row] = normalize ? s.end - s.start : v
                    details[row].lower = s.start
                    details[row].upper = s.end
                    details[row].stackTotal = s.total
                    if normalize { details[row].share = s.end - s.start }
                } else {
                    values[row] = v
                }
                if let v2 = value2Column?[r].validNumber, let v {
                    details[row].lower = v
                    details[row].upper = v2
                }
                if let (lo, hi) = rangeColumns, let a = lo[r].validNumber, let b = hi[r].validNumber, v != nil {
                    details[row].lower = a
                    details[row].upper = b
                }
                if !extraDefs.isEmpty { details[row].extras = zip(extraDefs, extraColumns).map { c, col in extraText(col[r], c) } }
            }
            let name = spec.seriesTitles[sk] ?? (grouping.isEmpty ? constantSeriesName ?? valueTitle : sk)
            // The author's column (or colour value) and its place, for the CSV download.
            let sourceKey = grouping.isEmpty ? (value.field ?? name) : sk
            series.append(Series(name: name, values: values, details: details, pointRows: repeats && seriesOrder.count > 1 ? points.sorted() : nil,
                                 sourceKey: sourceKey, sourceIndex: grouping.isEmpty ? frame.index(of: sourceKey) ?? series.count : series.count))
            series[series.count - 1].invalidRows = drawnInvalid
            series[series.count - 1].nameFromData = !grouping.isEmpty && spec.seriesTitles[sk] == nil
        }
        if series.isEmpty { series = [Series(name: valueTitle, values: [Double?](repeating: nil, count: rowCount))] }
        var spoken: [String: String] = [:]
        for (sk, one) in zip(seriesOrder, series) {
            if let s = spec.seriesNames[sk] ?? spec.seriesNames[one.name] { spoken[one.name] = s }
        }
        if grouping.isEmpty, let f = value.field, let s = spec.seriesNames[f] { spoken[series[0].name] = s }
        series = ordered(series, keys: seriesOrder)

        // Axes.
        var bins: [BinRange]?
        if let k = key, k.bin != nil {
            let endColumn = binEnd[k.channel].flatMap { frame.column($0) } ?? roles.key2.flatMap { c in fieldOf[c.channel].flatMap { frame.column($0) } }
            if let endColumn {
                var endOf: [DataValue: Double] = [:]
                for r in datums { if let e = endColumn[r].validNumber { endOf[keyColumn[r]] = e } }
                bins = rowKeys.map { k in BinRange(start: k.validNumber ?? 0, end: endOf[k] ?? k.validNumber ?? 0) }
            }
        }
        let keyTitle = key.map { title(of: $0, fallback: "Rows") } ?? ""
        var granularity: TimeGranularity?
        if case .date(let g) = keyKind { granularity = g ?? Self.granularity(xValues) }
        let keyType: FieldType
        switch keyKind {
        case .date: keyType = key?.type == .ordinal ? .ordinal : .temporal
        case .cycle: keyType = .ordinal
        case .number: keyType = key?.bin != nil ? .quantitative : (key?.type ?? .quantitative)
        case .category: keyType = key?.type == .ordinal ? .ordinal : .nominal
        }
        let xAxis = XAxis(field: key?.field ?? "", title: keyTitle, type: keyType, granularity: granularity,
                          unit: keyType == .quantitative ? spec.xUnit : nil,
                          format: key?.format.flatMap { keyType == .temporal || NumberFormat.isSupported($0) ? $0 : nil })  // time formats for dates (D3Format)
        var yFormat = spec.format ?? value.format.flatMap { NumberFormat.isSupported($0) && !$0.isEmpty ? $0 : nil }
        if normalize && yFormat == nil { yFormat = ".0%" }
        let unit = spec.unit
        var yAxis = YAxis(field: value.field ?? (value.aggregate == "count" ? "count" : ""), title: valueTitle, unit: unit, spokenUnit: spec.spokenUnit,
                          format: yFormat, aggregate: value.aggregate,
                          decimals: temporalValues ? nil : ([value] + [roles.value2].compactMap { $0 }).map { c in
                              Self.sourceDecimals(c, aggregated: preAggregate, frame: frame, field: fieldOf[c.channel]) }
                              .reduce(nil as Int?) { a, b in b.map { max(a ?? 0, $0) } ?? a })
        if temporalValues {
            yAxis.type = .temporal
            yAxis.timeUnit = value.timeUnit
            yAxis.granularity = value.timeUnit.flatMap(TimeUnitReading.init)?.granularity
                ?? Self.granularity(series.flatMap { $0.values.compactMap { $0.map { .date(Date(timeIntervalSince1970: $0)) } } })
            yAxis.format = value.format.flatMap { $0.isEmpty ? nil : $0 }  // a d3 time format for the axis
        } else if value.type == .ordinal, value.aggregate == nil {
            yAxis.type = .ordinal  // ranks on an ordinal y (a bump chart, `LayerMerge.readRangeIdiom`)
        }
        var notes: [String] = []
        if spec.paramCount > 0 {
            notes.append("\(spec.paramCount) parameter\(spec.paramCount == 1 ? "" : "s") (selections) read but not interactive in Pitchline: the audio scrubber is the interaction")
        }
        var semantics = ChartSemantics(
            specMark: spec.markName == markKind.rawValue ? nil : SpecMark(rawValue: spec.markName), orientation: roles.orientation, bins: bins, stack: offset,
            valueScale: value.scale, rowScale: key?.scale ?? ScaleInfo(),
            extraFields: extraDefs.map { ExtraField(channel: $0.channel.split(separator: "[").first.map(String.init) ?? $0.channel, title: title(of: $0, fallback: $0.channel)) },
            invalidRows: invalid, pointPerDatum: repeats, notes: notes)
        semantics.kind = chartKind(markKind: markKind, heatmapY: heatmapY, series: &series, datums: datums, rowOfDatum: rowOfDatum, rowCount: rowCount,
                                   frame: frame, fieldOf: fieldOf, ranged: roles.value2 != nil)
        semantics.valueChannel = ValueChannel(rawValue: value.channel) ?? .y  // the roles hold one of them (`ChartBuilder.roles`, `kindRoles`)
        if showInvalid && (!invalidKeyRows.isEmpty || series.contains { !$0.invalidRows.isEmpty }) {
            var low = Double.infinity
            for s in series { for case let v? in s.values { low = min(low, v) } }
            semantics.invalidDrawn = InvalidDrawing(value: temporalValues ? (low.isFinite ? low : 0) : Self.zeroOrMin(value, low: low.isFinite ? low : 0),
                                                    row: invalidKeyPosition.map { p in if case .date = keyKind { p / 1000 } else { p } }, keyRows: invalidKeyRows)
        }
        return Chart(id: id, sourcePath: specFile, title: spec.title ?? Self.titleFromID(id), subtitle: spec.subtitle,
                     authorDescription: spec.description, mark: Self.ownMarks[spec.markName] ?? markKind, x: xAxis, y: yAxis, xValues: xValues,
                     series: series, options: ChartOptions(audio: spec.audio, spokenSeriesNames: spoken, language: spec.language), semantics: semantics)
    }

    /// Stands in for an invalid row key drawn at the row scale's zero or low end (`InvalidDrawing`).
    static let invalidKey = DataValue.string("\u{1}invalid")

    /// Where Vega-Lite draws an invalid value of a continuous channel (`zeroOrMin`): zero when the
    /// scale holds it (an explicit domain around zero; by default for a linear, pow, sqrt or
    /// symlog scale that is not binned), else the domain's low end (`low`: the data's lowest value).
    static func zeroOrMin(_ c: ChartSpec.ChannelDef, low: Double) -> Double {
        if let d = c.scale.domain, d.count == 2 { return min(d[0], d[1]) <= 0 && max(d[0], d[1]) >= 0 ? 0 : min(d[0], d[1]) }
        if c.scale.type == .log || c.bin != nil || c.type == .temporal { return low }
        return 0
    }

    /// True when the value channel holds dates (temporal, or a time unit without an aggregate
    /// that makes numbers of them).
    static func hasTemporalValues(_ c: ChartSpec.ChannelDef) -> Bool {
        (c.type == .temporal || c.timeUnit != nil) && (c.aggregate == nil || ["min", "max", "argmin", "argmax"].contains(c.aggregate!))
    }

    /// A date value as seconds since 1970; anything else is invalid (no mark, "no data").
    static func dateSeconds(_ v: DataValue) -> DataValue {
        switch v {
        case .date(let ms) where ms.isFinite, .number(let ms) where ms.isFinite: return .number(ms / 1000)  // min/max give numbers
        default: return .null
        }
    }

    /// Decimals the values deserve (`YAxis.decimals`): the source field's own (the most any of its
    /// first 20,000 numbers has, at most 6), one more for a mean, median or spread; 0 for counts.
    /// Keeps a monthly mean of temperatures given to 0.1 °C at "8.23 °C", not "8.229 °C".
    static func sourceDecimals(_ value: ChartSpec.ChannelDef, aggregated: DataFrame?, frame: DataFrame, field: String?) -> Int? {
        if ["count", "distinct", "valid", "missing"].contains(value.aggregate ?? "") { return 0 }
        let column = value.aggregate != nil ? value.field.flatMap { aggregated?.column($0) } : field.flatMap { frame.column($0) }
        guard let column else { return nil }
        var most = -1
        for v in column.prefix(20_000) {
            guard let n = v.validNumber, n.isFinite else { continue }
            let text = TextFormat.plainNumber(n)
            guard !text.contains("e") else { return nil }
            let d = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
            most = max(most, min(d, 6))
        }
        guard most >= 0 else { return nil }
        let derived: Set<String> = ["mean", "average", "median", "stdev", "stdevp", "variance", "variancep", "stderr", "ci0", "ci1", "q1", "q3"]
        return most + (derived.contains(value.aggregate ?? "") ? 1 : 0)
    }

    /// The axis title as Vega-Lite would show it, humanized when it is only the field name.
    func title(of c: ChartSpec.ChannelDef, fallback: String) -> String {
        if let t = c.axisTitle ?? c.title { return t }
        guard let f = c.field else { return fallback }
        return Self.humanize(f)
    }

    /// Distinct keys in display order: ascending for numbers and dates, else as `sort` says.
    func orderedKeys(datums: [Int], keyColumn: [DataValue], keyKind: KeyKind, keyNumber: (DataValue) -> Double?, frame: DataFrame,
                     roles: Roles, fieldOf: [String: String], valueColumn: [DataValue], preAggregate: DataFrame?) throws(ChartProblem) -> [DataValue] {
        var keys: [DataValue] = []
        var seen: Set<DataValue> = []
        for r in datums where seen.insert(keyColumn[r]).inserted { keys.append(keyColumn[r]) }
        let sort = roles.key?.sort ?? .ascending
        switch keyKind {
        case .date, .cycle, .number:
            keys.sort { keyNumber($0)! < keyNumber($1)! }
            if sort == .descending { keys.reverse() }
            return keys
        case .category: break
        }
        func ascending(_ a: DataValue, _ b: DataValue) -> Bool {
            if case .number(let x) = a, case .number(let y) = b { return x < y }
            return Self.text(a) < Self.text(b)
        }
        func byMeasure(_ column: [DataValue], op: String, descending: Bool, keyed: [DataValue]? = nil) throws(ChartProblem) -> [DataValue] {
            // The op over each key's rows, by the VegaLite aggregate (over the rows before the
            // encoding's aggregate when `keyed` gives their keys).
            let pairs = keyed.map { DataFrame(fields: ["k", "v"], columns: [$0, column]) }
                ?? DataFrame(fields: ["k", "v"], columns: [datums.map { keyColumn[$0] }, datums.map { column[$0] }])
            guard let aggregateOp = AggregateOp(rawValue: op),
                  let scored = try? Transform.aggregate(AggregateTransform(measures: [AggregateMeasure(op: aggregateOp, field: "v", as: "s")], groupby: ["k"])).apply(pairs) else {
                throw specProblem("\(roles.key!.path).sort", line: roles.key!.line, "cannot sort by \"\(op)\"")
            }
            var score: [DataValue: Double] = [:]
            for i in 0..<scored.rowCount { score[scored[i, "k"]] = scored[i, "s"].validNumber ?? -.infinity }
            // Ties keep the order the keys first appear in (Vega's stable sort).
            let original = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            return keys.sorted { a, b in score[a]! == score[b]! ? original[a]! < original[b]! : descending ? score[a]! > score[b]! : score[a]! < score[b]! }
        }
        switch sort {
        case .ascending: keys.sort(by: ascending)
        case .descending: keys.sort { ascending($1, $0) }
        case .dataOrder: break
        case .custom(let wanted):
            let position = Dictionary(wanted.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            let original = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            keys.sort { (position[Self.text($0)] ?? wanted.count + original[$0]!) < (position[Self.text($1)] ?? wanted.count + original[$1]!) }
        case .byField(let field, let op, let descending):
            if let raw = preAggregate, let k = roles.key.flatMap({ fieldOf[$0.channel] }), let keyed = raw.column(k) {
                // Vega-Lite sorts by the op over the data rows, not over the aggregated ones.
                let column = field.flatMap { raw.column($0) } ?? [DataValue](repeating: .null, count: raw.rowCount)
                keys = try byMeasure(column, op: op, descending: descending, keyed: keyed)
            } else {
                keys = try byMeasure(field.flatMap { frame.column($0) } ?? valueColumn, op: op, descending: descending)
            }
        case .byChannel(let channel, let descending):
            guard let c = spec.channel(channel), let f = fieldOf[c.channel], let column = frame.column(f) else {
                throw specProblem("\(roles.key!.path).sort", line: roles.key!.line, "sorts by \"\(channel)\", which has no field in this chart")
            }
            keys = try byMeasure(column, op: c.aggregate == nil ? "sum" : "max", descending: descending)
        }
        return keys
    }

    func xValue(_ v: DataValue, _ kind: KeyKind) -> XValue {
        switch kind {
        case .date: if case .date(let ms) = v { return .date(Date(timeIntervalSince1970: ms / 1000)) }; return .category(Self.text(v))
        case .cycle(let unit): if case .date(let ms) = v { return .category(unit.cycleLabel(ms)) }; return .category(Self.text(v))
        case .number: return .number(v.validNumber ?? .nan)
        case .category: return .category(Self.text(v))
        }
    }

    /// A value as a label: strings as they are, numbers as JavaScript writes them, dates as days.
    static func text(_ v: DataValue) -> String {
        switch v {
        case .string(let s): return s
        case .date(let ms):
            guard ms.isFinite else { return "invalid date" }
            let (y, m, d) = UTCCalendar.civil(fromDays: Int((ms / 86_400_000).rounded(.down)))
            return "\(d) \(SpeechFormatter.monthNames[m - 1]) \(y)"
        case .null: return "null"
        default: return v.text
        }
    }

    /// An extra channel's value for speech and the table, in the channel's format when it has one.
    func extraText(_ v: DataValue, _ c: ChartSpec.ChannelDef) -> String? {
        guard v.isValid else { return nil }
        // The channel's own d3 format, as Vega-Lite shows it in a tooltip or text mark.
        if let f = c.format, !f.isEmpty {
            if case .date(let ms) = v { return TimeFormat(f)(ms) }
            if case .number(let n) = v, c.formatType != "time", let format = try? D3Format.NumberFormat(f) { return format(n) }
        }
        if let unit = c.timeUnit.flatMap(TimeUnitReading.init), case .date(let ms) = v {
            guard unit.isInstant else { return unit.cycleLabel(ms) }
            let (y, m, _) = UTCCalendar.civil(fromDays: Int((ms / 86_400_000).rounded(.down)))
            switch unit.granularity {
            case .year: return "\(y)"
            case .month: return "\(SpeechFormatter.monthNames[m - 1]) \(y)"
            case .quarter: return TextFormat.date(Date(timeIntervalSince1970: ms / 1000), granularity: .quarter)
            default: return Self.text(v)
            }
        }
        if case .number(let n) = v {
            if let f = c.format.flatMap({ NumberFormat(d3: $0) }) { return f.fitted(to: [n]).format(n) }
            var f = NumberFormat.automatic(for: [n])
            f.trim = true
            return f.format(n)
        }
        return Self.text(v)
    }

    /// The finest calendar unit the dates use.
    static func granularity(_ values: [XValue]) -> TimeGranularity {
        var g = TimeGranularity.year
        var count = 0
        for case .date(let d) in values {
            count += 1
            let s = d.timeIntervalSince1970
            let days = (s / 86_400).rounded(.down)
            let sod = s - days * 86_400
            if sod.truncatingRemainder(dividingBy: 60) != 0 { return .second }
            if sod.truncatingRemainder(dividingBy: 3600) != 0 { g = min(g, .minute) }
            else if sod != 0 { g = min(g, .hour) }
            let (_, m, day) = UTCCalendar.civil(fromDays: Int(days))
            if day != 1 { g = min(g, .day) } else if m != 1 { g = min(g, .month) }
        }
        return count == 1 && g == .year ? .day : g
    }

    func ordered(_ series: [Series], keys: [String]) -> [Series] {
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
}

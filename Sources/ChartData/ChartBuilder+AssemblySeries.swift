import ChartModel
import Foundation
import SpecReading
import VegaLite

/// `ChartBuilder.assemble`, continued: rows, stack positions, extra channels, series and axes
/// from the datums `ChartBuilder+Assembly.swift` selected.
extension ChartBuilder.Assembly {
    /// Rows: distinct keys, or one per datum when a series repeats a key (scatter, raw bars).
    mutating func placeRows() throws(ChartProblem) {
        if let y = heatmapY { seriesOrder = builder.heatmapRowOrder(seriesOrder, raw: heatmapRaw, y: y) }
        let kind = keyKind, position = invalidKeyPosition
        var sortedKeys = try builder.orderedKeys(datums: datums, keyColumn: keyColumn, keyKind: kind,
                                                 keyNumber: { ChartBuilder.keyNumber($0, kind: kind, invalidPosition: position) }, frame: frame, roles: roles,
                                                 fieldOf: fieldOf, valueColumn: valueColumn, preAggregate: preAggregate)
        if markKind == .arc { sortedKeys = builder.arcSliceOrder(sortedKeys, datums: datums, keyColumn: keyColumn, frame: frame, fieldOf: fieldOf) }
        if placePathRows() { return placeInvalidKeyRows() }  // a connected scatter plot: rows in the `order` field's order
        var rowOfKey: [DataValue: Int] = [:]
        for (i, k) in sortedKeys.enumerated() { rowOfKey[k] = i }
        // Does a series repeat a row key? (Integers, not strings: this runs once per data row.)
        let seriesIndex = Dictionary(uniqueKeysWithValues: seriesOrder.enumerated().map { ($1, $0) })
        var seen = Set<Int>()
        for r in datums where !seen.insert(seriesIndex[seriesKeyOf[r]]! * sortedKeys.count + rowOfKey[keyColumn[r]]!).inserted {
            repeats = true
            break
        }
        if fieldOf[value.channel] == nil { offset = nil }  // a constant (`datum`) does not stack
        // One segment per stack tells the reader nothing: a single series that never repeats a row is not stacked.
        if seriesOrder.count <= 1 && !repeats { offset = nil }
        rowOfDatum = [Int](repeating: -1, count: n)
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
                for _ in 0..<slots { rowKeys.append(sortedKeys[k]); xValues.append(builder.xValue(sortedKeys[k], keyKind)) }
                for (_, rows) in groups {
                    let values = valueColumn
                    let ordered = byValue ? rows.sorted { (values[$0].validNumber ?? .infinity, $0) < (values[$1].validNumber ?? .infinity, $1) } : rows
                    for (i, r) in ordered.enumerated() { rowOfDatum[r] = first + i }
                }
            }
        } else {
            for k in sortedKeys { rowKeys.append(k); xValues.append(builder.xValue(k, keyKind)) }
            for r in datums { rowOfDatum[r] = rowOfKey[keyColumn[r]]! }
        }
        placeInvalidKeyRows()
    }

    /// Rows whose key is invalid are drawn at the row scale's zero or low end (`InvalidDrawing`).
    mutating func placeInvalidKeyRows() {
        if let position = invalidKeyPosition {
            for (i, k) in rowKeys.enumerated() where k == ChartBuilder.invalidKey {
                invalidKeyRows.insert(i)
                if case .date = keyKind { xValues[i] = .date(Date(timeIntervalSince1970: position / 1000)) } else { xValues[i] = .number(position) }
            }
        }
    }

    /// Stack positions: Vega's stack over the rows with a value, grouped by row key, sorted by
    /// the `order` channel or else by the grouping fields (Vega-Lite sorts by the stacking field).
    mutating func stackPositions() throws(ChartProblem) {
        stacked = [(start: Double, end: Double, total: Double)?](repeating: nil, count: n)
        guard let offset else { return }
        let values = valueColumn
        let withValue = datums.filter { values[$0].validNumber != nil }
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
                stackFrame.setColumn(sortField, stackFrame.column(f)!.map { .number(Double(index[ChartBuilder.text($0)] ?? order.count)) })
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
            throw builder.specProblem("\(value.path).stack", line: value.line, error.message)
        }
        let starts = out.column("__stack_start")!, ends = out.column("__stack_end")!
        var totals: [DataValue: Double] = [:]
        for r in withValue { totals[keyColumn[r], default: 0] += valueColumn[r].validNumber! }
        for (i, r) in withValue.enumerated() {
            if let a = starts[i].validNumber, let b = ends[i].validNumber { stacked[r] = (a, b, totals[keyColumn[r]]!) }
        }
    }

    /// Extra channels: data-carrying channels besides the rows, values and series, one per field.
    mutating func readExtras() {
        let fieldOf = fieldOf, grouping = grouping, key = key, value = value
        let extras = spec.channels.filter { c in
            (ChartBuilder.extraChannels.contains(c.channel) || c.channel.hasPrefix("tooltip")) && fieldOf[c.channel] != nil
                && !grouping.contains { $0.channel == c.channel }
                && fieldOf[c.channel] != fieldOf[value.channel] && (key == nil || fieldOf[c.channel] != fieldOf[key!.channel])
        }
        for c in extras + [pathOrderDef].compactMap({ $0 }) where !extraDefs.contains(where: { fieldOf[$0.channel] == fieldOf[c.channel] }) {
            extraDefs.append(c)  // a connected scatter plot's order field is said with each point
        }
        let frame = frame
        extraColumns = extraDefs.map { frame.column(fieldOf[$0.channel]!)! }
    }

    /// The series, each with its values (and details: stack segments, ranges, extra channels)
    /// on the rows, in the spec's series order; the spoken names the spec gives them.
    mutating func buildSeries() {
        let valueTitle = valueTitle, spec = spec
        // A colour (or dash, shape) given as a `datum` names the one series, as Vega-Lite's legend
        // does (`"color": {"datum": "temp_max"}`, how a repeated layer tells its layers apart).
        let constantSeriesName = ChartBuilder.seriesChannels.lazy.compactMap { spec.channel($0)?.constant }.first
            .map { ChartBuilder.text(SpecData.dataValue($0)) }
        for sk in seriesOrder {
            let one = seriesValues(sk)
            let name = spec.seriesTitles[sk] ?? (grouping.isEmpty ? constantSeriesName ?? valueTitle : sk)
            // The author's column (or colour value) and its place, for the CSV download.
            let sourceKey = grouping.isEmpty ? (value.field ?? name) : sk
            var s = Series(name: name, values: one.values, details: one.details, pointRows: pointRows(one),
                           sourceKey: sourceKey, sourceIndex: grouping.isEmpty ? frame.index(of: sourceKey) ?? series.count : series.count)
            s.invalidRows = one.drawnInvalid
            s.nameFromData = !grouping.isEmpty && spec.seriesTitles[sk] == nil
            series.append(s)
        }
        if series.isEmpty { series = [Series(name: valueTitle, values: [Double?](repeating: nil, count: xValues.count))] }
        for (sk, one) in zip(seriesOrder, series) {
            if let s = spec.seriesNames[sk] ?? spec.seriesNames[one.name] { spoken[one.name] = s }
        }
        if grouping.isEmpty, let f = value.field, let s = spec.seriesNames[f] { spoken[series[0].name] = s }
        series = builder.ordered(series, keys: seriesOrder)
    }

    /// The rows a series is scrubbed on when not every row: its own points where rows repeat or a
    /// path orders them; a scatter plot's series only where it has a point Vega-Lite draws (a
    /// value, or an invalid one drawn), never a stop padded in from another series' x or from a
    /// datum whose value Vega-Lite filters out (issue 27).
    func pointRows(_ one: (values: [Double?], details: [PointDetail], points: [Int], drawnInvalid: Set<Int>)) -> [Int]? {
        if markKind == .point, ChartSpec.markKinds[spec.markName] == .point {  // a scatter plot, not a box plot's outliers
            let own = Set(one.points.filter { one.values[$0] != nil || one.drawnInvalid.contains($0) }).sorted()
            if own.count < xValues.count { return own }
        }
        return (repeats || pathLabels != nil) && seriesOrder.count > 1 ? one.points.sorted() : nil
    }

    /// One series' values and details per row, the rows it has points on and the rows where an
    /// invalid value is drawn (`invalid: "show"`).
    func seriesValues(_ sk: String) -> (values: [Double?], details: [PointDetail], points: [Int], drawnInvalid: Set<Int>) {
        let rowCount = xValues.count
        let normalize = offset == .normalize
        let hasDetails = offset != nil || value2Column != nil || rangeColumns != nil || colourColumn != nil || sizeColumn != nil || !extraDefs.isEmpty
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
            if !extraDefs.isEmpty { details[row].extras = zip(extraDefs, extraColumns).map { c, col in builder.extraText(col[r], c) } }
            if case .string(let colour)? = colourColumn?[r] { details[row].colour = colour }
            if let size = sizeColumn?[r].validNumber { details[row].size = size }
        }
        return (values, details, points, drawnInvalid)
    }

    /// The row axis (with its bins) and the value axis.
    func axes() -> (x: XAxis, y: YAxis, bins: [BinRange]?) {
        var bins: [BinRange]?
        if let k = key, k.bin != nil {
            let endColumn = binEnd[k.channel].flatMap { frame.column($0) } ?? roles.key2.flatMap { c in fieldOf[c.channel].flatMap { frame.column($0) } }
            if let endColumn {
                var endOf: [DataValue: Double] = [:]
                for r in datums { if let e = endColumn[r].validNumber { endOf[keyColumn[r]] = e } }
                bins = rowKeys.map { k in BinRange(start: k.validNumber ?? 0, end: endOf[k] ?? k.validNumber ?? 0) }
            }
        }
        var keyTitle = key.map { builder.title(of: $0, fallback: "Rows") } ?? ""
        var keyUnit = spec.xUnit
        if keyUnit == nil, case .number = keyKind, key?.bin == nil, let (name, unit) = ChartBuilder.titleUnit(keyTitle) { (keyTitle, keyUnit) = (name, unit) }
        var granularity: TimeGranularity?
        if case .date(let g) = keyKind { granularity = g ?? ChartBuilder.granularity(xValues) }
        let keyType: FieldType
        switch keyKind {
        case .date: keyType = key?.type == .ordinal ? .ordinal : .temporal
        case .cycle: keyType = .ordinal
        case .number: keyType = key?.bin != nil ? .quantitative : (key?.type ?? .quantitative)
        case .category: keyType = key?.type == .ordinal ? .ordinal : .nominal
        }
        var xAxis = XAxis(field: key?.field ?? "", title: keyTitle, type: keyType, granularity: granularity)
        xAxis.unit = keyType == .quantitative ? keyUnit : nil
        xAxis.format = key?.format.flatMap { keyType == .temporal || NumberFormat.isSupported($0) ? $0 : nil }  // time formats for dates (D3Format)
        return (xAxis, valueAxis(), bins)
    }

    func valueAxis() -> YAxis {
        var yFormat = spec.format ?? value.format.flatMap { NumberFormat.isSupported($0) && !$0.isEmpty ? $0 : nil }
        if offset == .normalize && yFormat == nil { yFormat = ".0%" }
        let unit = spec.unit ?? titledUnit
        var yAxis = YAxis(field: value.field ?? (value.aggregate == "count" ? "count" : ""), title: valueTitle, unit: unit)
        yAxis.spokenUnit = spec.spokenUnit
        yAxis.format = yFormat
        yAxis.aggregate = value.aggregate
        yAxis.decimals = temporalValues ? nil : ([value] + [roles.value2].compactMap { $0 }).map { c in
            ChartBuilder.sourceDecimals(c, aggregated: preAggregate, frame: frame, field: fieldOf[c.channel]) }
            .reduce(nil as Int?) { a, b in b.map { max(a ?? 0, $0) } ?? a }
        if temporalValues {
            yAxis.type = .temporal
            yAxis.timeUnit = value.timeUnit
            yAxis.granularity = value.timeUnit.flatMap(TimeUnitReading.init)?.granularity
                ?? ChartBuilder.granularity(series.flatMap { $0.values.compactMap { $0.map { .date(Date(timeIntervalSince1970: $0)) } } })
            yAxis.format = value.format.flatMap { $0.isEmpty ? nil : $0 }  // a d3 time format for the axis
        } else if value.type == .ordinal, value.aggregate == nil {
            yAxis.type = .ordinal  // ranks on an ordinal y (a bump chart, `LayerMerge.readRangeIdiom`)
        }
        return yAxis
    }

    /// The chart: axes, semantics (its kind from `ChartBuilder+Kinds.swift`) and series.
    mutating func chart() -> Chart {
        let (xAxis, yAxis, bins) = axes()
        var notes: [String] = []
        // Selections the page makes controls of (issue 28) are not in the note.
        // So is a variable bound to an input a site makes a page per value of (`ChartLoader.withInputVariants`).
        let paged = spec.params.first { $0.name == ChartSpec.pageInput(spec.params)?.param }
        let readOnly = spec.params.filter { $0.chartSelection == nil && $0.name != paged?.name }
        if !readOnly.isEmpty {
            let which = readOnly.map(\.noteText).joined(separator: ", ")
            notes.append("\(readOnly.count) parameter\(readOnly.count == 1 ? "" : "s") read but not interactive in Pitchline yet: \(which); the chart is read at the initial values (an empty selection selects every row)")
        }
        if let paged { notes.append("\(paged.noteText)\(ChartBuilder.pagedNoteEnd)") }
        // Colours by condition that are not drawn: a test that is no expression, or rows aggregated away from their datums.
        if let path = spec.undrawnColour ?? (spec.colourField != nil && colourColumn == nil ? "$.encoding.color.condition" : nil) {
            notes.append("\(path): colours by condition are not drawn (only an expression \"test\" on the data's own rows is); every mark has its series' colour")
        }
        if let note = yearsAsMillisecondsNote { notes.append(note) }  // ChartBuilder+Warnings.swift
        var semantics = ChartSemantics()
        semantics.specMark = spec.markName == markKind.rawValue ? nil : SpecMark(rawValue: spec.markName)
        (semantics.orientation, semantics.bins, semantics.stack) = (roles.orientation, bins, offset)
        (semantics.valueScale, semantics.rowScale) = (value.scale, key?.scale ?? ScaleInfo())
        semantics.extraFields = extraDefs.map { ExtraField(channel: $0.channel.split(separator: "[").first.map(String.init) ?? $0.channel, title: builder.title(of: $0, fallback: $0.channel)) }
        (semantics.invalidRows, semantics.pointPerDatum, semantics.notes) = (invalid, repeats, notes)
        semantics.kind = builder.chartKind(markKind: markKind, heatmapY: heatmapY, series: &series, datums: datums, rowOfDatum: rowOfDatum, rowCount: xValues.count,
                                           frame: frame, fieldOf: fieldOf, ranged: roles.value2 != nil)
        semantics.selections = spec.params.compactMap(\.chartSelection)
        semantics.linePoints = spec.markPoints && (markKind == .line || markKind == .area)
        semantics.pathOrder = pathOrderDef.flatMap { o in pathLabels.map { PathOrder(title: builder.title(of: o, fallback: "order"), labels: $0) } }
        semantics.valueChannel = ValueChannel(rawValue: value.channel) ?? .y  // the roles hold one of them (`ChartBuilder.roles`, `kindRoles`)
        if showInvalid && (!invalidKeyRows.isEmpty || series.contains { !$0.invalidRows.isEmpty }) {
            var low = Double.infinity
            for s in series { for case let v? in s.values { low = min(low, v) } }
            semantics.invalidDrawn = InvalidDrawing(value: temporalValues ? (low.isFinite ? low : 0) : ChartBuilder.zeroOrMin(value, low: low.isFinite ? low : 0),
                                                    row: invalidKeyPosition.map { p in if case .date = keyKind { p / 1000 } else { p } }, keyRows: invalidKeyRows)
        }
        let id = builder.id
        return Chart(id: id, sourcePath: builder.specFile, title: spec.title ?? ChartBuilder.titleFromID(id), subtitle: spec.subtitle,
                     authorDescription: spec.description, mark: ChartBuilder.ownMarks[spec.markName] ?? markKind, x: xAxis, y: yAxis, xValues: xValues,
                     series: series, options: ChartOptions(audio: spec.audio, spokenSeriesNames: spoken, language: spec.language, live: spec.live), semantics: semantics)
    }
}

extension Series {
    /// A series read from the author's column (or colour value) `sourceKey`, the `sourceIndex`-th
    /// of the chart's sources (the CSV download keeps their names and order), with points only at
    /// `pointRows` (nil: at every row).
    package init(name: String, values: [Double?], details: [PointDetail] = [], pointRows: [Int]? = nil, sourceKey: String?, sourceIndex: Int?) {
        self.init(name: name, values: values, details: details)
        (self.pointRows, self.sourceKey, self.sourceIndex) = (pointRows, sourceKey, sourceIndex)
    }
}

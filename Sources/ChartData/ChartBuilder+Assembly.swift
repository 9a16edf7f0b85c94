import ChartModel
import Foundation
import SpecReading
import VegaLite

/// `ChartBuilder.assemble` step by step: the evaluated frame read into keys, values, series
/// keys and the datums that become rows (this file), then rows, stacks, extra channels, series
/// and axes (`ChartBuilder+AssemblySeries.swift`). Each step fills the fields after it.
extension ChartBuilder {
    struct Assembly {
        let builder: ChartBuilder
        let roles: Roles
        let markKind: Mark
        let fieldOf: [String: String]
        let binEnd: [String: String]
        let preAggregate: DataFrame?
        /// An error bar's range around its centre (`ChartBuilder+Composite.swift`).
        let range: (lower: String, upper: String)?
        var frame: DataFrame
        var n = 0

        // Keys (`readKeys`).
        var keyColumn: [DataValue] = []
        var keyKind = KeyKind.category
        var invalidKeyPosition: Double?
        // Values (`readValues`).
        var valueColumn: [DataValue] = []
        var value2Column: [DataValue]?
        /// Each datum's colour when the author colours by conditions (`ChartSpec.colourField`).
        var colourColumn: [DataValue]?
        /// Each datum's `size` value when size is a channel besides the value (a bubble chart).
        var sizeColumn: [DataValue]?
        var temporalValues = false
        var rangeColumns: ([DataValue], [DataValue])?
        // Series keys (`readGrouping`).
        var heatmapY: ChartSpec.ChannelDef?
        var grouping: [ChartSpec.ChannelDef] = []
        var groupFields: [String] = []
        var groupColumns: [[DataValue]] = []
        var groupDefs: [ChartSpec.ChannelDef] = []
        var groupUnits: [TimeUnitReading?] = []
        var groupBinEnds: [[DataValue]?] = []
        // Datums that become rows (`selectDatums`).
        var invalid = 0
        var datums: [Int] = []
        var seriesKeyOf: [String] = []
        var seriesOrder: [String] = []
        var heatmapRaw: [String: DataValue] = [:]
        // Stack, rows, extra channels, series (`ChartBuilder+AssemblySeries.swift`).
        var offset: StackOffset?
        var repeats = false
        var rowOfDatum: [Int] = []
        var xValues: [XValue] = []
        var rowKeys: [DataValue] = []
        /// A connected scatter plot's order value per row, as said (`ChartBuilder+PathOrder.swift`).
        var pathLabels: [String]?
        var invalidKeyRows: Set<Int> = []
        var stacked: [(start: Double, end: Double, total: Double)?] = []
        var extraDefs: [ChartSpec.ChannelDef] = []
        var extraColumns: [[DataValue]] = []
        var series: [Series] = []
        var spoken: [String: String] = [:]

        var spec: ChartSpec { builder.spec }
        var key: ChartSpec.ChannelDef? { roles.key }
        var value: ChartSpec.ChannelDef { roles.value }
        /// Vega-Lite's `invalid` mode (`InvalidMode`): "show" draws an invalid key or value at the
        /// scale's zero (or low end); "filter" on a line leaves a datum with an invalid value out
        /// (the line joins its neighbours); the other modes leave invalid keys out and break lines.
        var isPath: Bool { markKind == .line || markKind == .area }
        var showInvalid: Bool { spec.invalidMode == .show }
        /// The value axis' title, without a unit it gives when the spec gives none (`titledUnit`).
        var valueTitle: String {
            let title = builder.title(of: value, fallback: value.aggregate == "count" ? "Count" : "Value")
            return spec.unit == nil ? ChartBuilder.titleUnit(title)?.name ?? title : title
        }
        /// The value's unit from its title ("Temperature (°C)"), when the spec gives none.
        var titledUnit: String? {
            spec.unit == nil ? ChartBuilder.titleUnit(builder.title(of: value, fallback: ""))?.unit : nil
        }

        init(builder: ChartBuilder, frame: DataFrame, roles: Roles, markKind: Mark, fieldOf: [String: String], binEnd: [String: String],
             preAggregate: DataFrame?, range: (lower: String, upper: String)?) {
            self.builder = builder
            self.frame = frame
            self.roles = roles
            self.markKind = markKind
            self.fieldOf = fieldOf
            self.binEnd = binEnd
            self.preAggregate = preAggregate
            self.range = range
        }

        /// A stacked area over a continuous axis: Vega-Lite imputes 0 for a series missing at an
        /// x, so every layer runs the whole width.
        mutating func imputeStackGaps() {
            if markKind == .area, value.stack != .none, roles.value2 == nil, value.type == .quantitative,
               let k = key, k.type == .temporal || k.type == .quantitative || k.timeUnit != nil,
               let keyField = fieldOf[k.channel], let valueField = fieldOf[value.channel] {
                let groups = spec.channels.filter { c in
                    ChartBuilder.seriesChannels.contains(c.channel) && c.aggregate == nil && (c.type == .nominal || c.type == .ordinal) && c.field != k.field
                }.compactMap { fieldOf[$0.channel] }
                if !groups.isEmpty {
                    let impute: DataValue = .object(["impute": .string(valueField), "key": .string(keyField),
                                                     "groupby": .array(Array(Set(groups)).sorted().map(DataValue.string)), "value": .number(0)])
                    if let out = try? Transform.parse(impute).apply(frame) { frame = out }
                }
            }
            n = frame.rowCount
        }

        func keyNumber(_ v: DataValue) -> Double? {
            ChartBuilder.keyNumber(v, kind: keyKind, invalidPosition: invalidKeyPosition)
        }

        /// The row keys and how they read; with `invalid: "show"`, where an invalid key is drawn.
        mutating func readKeys() {
            let n = n, frame = frame
            keyColumn = key.flatMap { k in fieldOf[k.channel].flatMap { frame.column($0) } ?? k.constant.map { c in [DataValue](repeating: SpecData.dataValue(c), count: n) } }
                ?? [DataValue](repeating: .string("all"), count: n)
            if let k = key, let u = k.timeUnit, let unit = TimeUnitReading(u) {
                keyKind = unit.isInstant ? .date(unit.granularity) : .cycle(unit)
            } else if key?.type == .temporal {
                keyKind = .date(nil)
            } else if key?.type == .quantitative || key?.bin != nil {
                keyKind = .number
            } else {
                keyKind = .category
            }
            if showInvalid, let k = key {
                switch keyKind {
                case .number, .date:
                    var low = Double.infinity
                    var any = false
                    for (r, v) in keyColumn.enumerated() {
                        if let x = keyNumber(v) { low = min(low, x) } else if fieldOf[k.channel] != nil { keyColumn[r] = ChartBuilder.invalidKey; any = true }
                    }
                    if any {
                        if case .date = keyKind { invalidKeyPosition = low.isFinite ? low : 0 } else {
                            invalidKeyPosition = ChartBuilder.zeroOrMin(k, low: low.isFinite ? low : 0)
                        }
                    }
                default: break
                }
            }
        }

        /// The values (dates as seconds since 1970, as the row axis keeps them), a second value
        /// (x2/y2) and an error bar's range.
        mutating func readValues() throws(ChartProblem) {
            let n = n, frame = frame
            valueColumn = fieldOf[value.channel].flatMap { frame.column($0) }
                ?? value.constant.map { c in [DataValue](repeating: SpecData.dataValue(c), count: n) } ?? []
            guard !valueColumn.isEmpty || n == 0 else {
                throw builder.specProblem(value.path, line: value.line, "needs \"field\", \"aggregate\": \"count\" or \"datum\" (the values)")
            }
            value2Column = roles.value2.flatMap { c in fieldOf[c.channel].flatMap { frame.column($0) } }
            colourColumn = spec.colourField.flatMap { frame.column($0) }
            sizeColumn = value.channel == "size" ? nil : fieldOf["size"].flatMap { frame.column($0) }
            temporalValues = ChartBuilder.hasTemporalValues(value)
            if temporalValues {
                valueColumn = valueColumn.map(ChartBuilder.dateSeconds)
                value2Column = value2Column?.map(ChartBuilder.dateSeconds)
            }
            rangeColumns = range.flatMap { r in frame.column(r.lower).flatMap { lo in frame.column(r.upper).map { (lo, $0) } } }
        }

        /// The channels that split the rows into series (a heatmap's rows are series).
        mutating func readGrouping() {
            let fieldOf = fieldOf, frame = frame, key = key
            heatmapY = markKind == .rect ? spec.channel("y") : nil
            grouping = (heatmapY.map { [$0] } ?? roles.seriesPosition.flatMap { fieldOf[$0.channel] != nil ? [$0] : nil } ?? []) + spec.channels.filter { c in
                ChartBuilder.seriesChannels.contains(c.channel) && c.aggregate == nil && fieldOf[c.channel] != nil
                    && (c.type == .nominal || c.type == .ordinal || c.channel == "detail" || c.channel.hasPrefix("detail"))
                    && c.field != key?.field
            } + spec.channels.filter { $0.channel.hasPrefix("detail[") && fieldOf[$0.channel] != nil }
            for c in grouping where !groupFields.contains(fieldOf[c.channel]!) { groupFields.append(fieldOf[c.channel]!) }
            groupColumns = groupFields.map { frame.column($0)! }
            let grouping = grouping
            groupDefs = groupFields.map { f in grouping.first { fieldOf[$0.channel] == f }! }
            groupUnits = groupDefs.map { $0.timeUnit.flatMap(TimeUnitReading.init).flatMap { $0.isInstant ? nil : $0 } }
            groupBinEnds = groupDefs.map { binEnd[$0.channel].flatMap { frame.column($0) } }
        }

        /// A series' name: the grouping value; a place in a cycle ("Monday") for a timeUnit, a
        /// bin's span for a binned channel (a positional channel that splits the series).
        func groupLabel(_ g: Int, _ r: Int) -> String {
            let v = groupColumns[g][r]
            if let unit = groupUnits[g], case .date(let ms) = v { return unit.cycleLabel(ms) }
            if let ends = groupBinEnds[g], let a = v.validNumber, let b = ends[r].validNumber {
                return Messages.english[.seriesBinSpan, ["title": builder.title(of: groupDefs[g], fallback: "bin"),
                                                           "low": ChartBuilder.text(.number(a)), "high": ChartBuilder.text(.number(b))]]
            }
            return ChartBuilder.text(v)
        }

        /// Datums that become rows (Vega-Lite's `invalid: "filter"` leaves the rest out of the
        /// marks), each with its series key; the series in order of appearance.
        mutating func selectDatums() throws(ChartProblem) {
            seriesKeyOf = [String](repeating: "", count: n)
            var seenSeries: Set<String> = []
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
                let sk = groupColumns.isEmpty ? "" : groupColumns.count == 1 ? (heatmapY.map { builder.heatmapRowName(groupColumns[0][r], $0) } ?? groupLabel(0, r)) : groupColumns.indices.map { groupLabel($0, r) }.joined(separator: ", ")
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
            guard datums.contains(where: { valueColumn[$0].validNumber != nil }) else { throw noValidRow() }
        }

        /// The problem when no datum has both a valid key and a number.
        func noValidRow() -> ChartProblem {
            let c = key ?? value
            let what: String
            switch keyKind {
            case .date, .cycle: what = "date"
            case .number: what = "number"
            case .category: what = "value"
            }
            let sample = keyColumn.first { $0.isValid }.map { " (e.g. \"\(ChartBuilder.text($0))\")" } ?? ""
            return builder.specProblem(c.path, line: c.line, "no row has both a valid \(what) in \(c.field.map { "\"\($0)\"" } ?? "the row field")\(sample) and a number in \(value.field.map { "\"\($0)\"" } ?? "the value field"); \(ChartBuilder.noMarks)")
        }

        /// Stack (Vega-Lite's rules: bar and area stack by default when a grouping channel splits
        /// them or the data repeats a row; an explicit `stack` on the value channel wins).
        mutating func decideStack() {
            switch value.stack {
            case .none: offset = nil
            case .offset(let o): offset = o
            case .unset: offset = (markKind == .bar && spec.markName == "bar" || markKind == .area) ? .zero : nil
            }
            if value.aggregate != nil && grouping.isEmpty && value.stack == .unset { offset = nil }
            // Grouped bars (an offset channel beside the rows) stand side by side, each from zero.
            if value.stack == .unset, spec.channel(roles.orientation == .horizontal ? "yOffset" : "xOffset")?.field != nil { offset = nil }
            if value.type != .quantitative || value.bin != nil || roles.value2 != nil || range != nil || [.log, .pow, .sqrt, .symlog].contains(value.scale.type) { offset = nil }
        }
    }

    /// A row key as a number on the row axis (dates in milliseconds); nil for categories and
    /// invalid keys (an invalid key drawn with `invalid: "show"` at `invalidPosition`).
    static func keyNumber(_ v: DataValue, kind: KeyKind, invalidPosition: Double?) -> Double? {
        if v == invalidKey { return invalidPosition }
        switch kind {
        case .date, .cycle: if case .date(let ms) = v, ms.isFinite { return ms }; return nil
        case .number: return v.validNumber.flatMap { $0.isFinite ? $0 : nil }
        case .category: return nil
        }
    }
}

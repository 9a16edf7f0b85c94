import Foundation
import VegaLite

/// Vega-Lite's composite marks compiled as Vega-Lite normalises them (src/compositemark/):
/// `boxplot` (quartiles by Vega's quantile method, Tukey whiskers at the most extreme data within
/// `extent` × IQR of the quartiles, or `"min-max"`; outliers beyond), `errorbar` and `errorband`
/// (`extent` stderr/stdev/ci/iqr around `center` mean/median from raw data; or `x2`/`y2`;
/// or `xError`/`yError`). The result is an ordinary `Chart`: a box plot's statistics are series
/// over the groups, an error bar's centre is the value and its range the point's detail.
extension ChartBuilder {
    /// Channels a composite mark reads besides x and y; anything else carrying data is refused.
    static let compositeSeriesChannels = ["color", "fill", "stroke", "detail"]

    struct CompositeAxes {
        var value: ChartSpec.ChannelDef
        var key: ChartSpec.ChannelDef?
        var orientation: Orientation
    }

    /// Vega-Lite's `compositeMarkOrient`: the continuous (quantitative or temporal) axis holds the values.
    func compositeAxes() throws(ChartProblem) -> CompositeAxes {
        let x = spec.channel("x"), y = spec.channel("y")
        func continuous(_ c: ChartSpec.ChannelDef?) -> Bool {
            guard let c, c.field != nil || c.constant != nil else { return false }
            return (c.type == .quantitative || c.type == .temporal) && c.bin == nil
        }
        let horizontal: Bool
        if let o = spec.markOrient {
            horizontal = o == "horizontal"
        } else if continuous(x) && continuous(y) {
            horizontal = y?.type == .temporal && x?.type != .temporal
        } else if continuous(x) {
            horizontal = true
        } else if continuous(y) {
            horizontal = false
        } else {
            let c = y ?? x
            throw specProblem(c?.path ?? "$.encoding", line: c?.line ?? spec.markLine, "a \(spec.markName) needs a continuous (quantitative or temporal) x or y for its values")
        }
        guard let value = horizontal ? x : y else {
            throw specProblem("$.encoding", line: spec.markLine, "a \(spec.markName) needs \(horizontal ? "x" : "y") for its values")
        }
        if let a = value.aggregate, a != spec.markName {
            throw specProblem("\(value.path).aggregate", line: value.line, "a \(spec.markName) computes its own statistics; remove \"aggregate\": \"\(a)\"")
        }
        return CompositeAxes(value: value, key: horizontal ? y : x, orientation: horizontal ? .horizontal : .vertical)
    }

    /// Refuses data-carrying channels a composite mark would silently drop.
    func checkCompositeChannels(_ axes: CompositeAxes, allowed: Set<String>) throws(ChartProblem) {
        for c in spec.channels where c.field != nil && !allowed.contains(c.channel) && c.channel != axes.value.channel && c.channel != axes.key?.channel {
            let same = c.field == axes.key?.field && Self.compositeSeriesChannels.contains(c.channel)
            if same { continue }  // colour by the group itself (the gallery's box plots)
            throw specProblem(c.path, line: c.line, "\"\(c.channel)\" with a field is not read on a \(spec.markName) yet; Pitchline reads x, y\(allowed.isEmpty ? "" : ", " + allowed.sorted().joined(separator: ", ")) here")
        }
    }

    func buildComposite(frame: DataFrame, fieldOf: [String: String], binEnd: [String: String]) throws(ChartProblem) -> Chart {
        spec.markName == "boxplot"
            ? try buildBoxPlot(frame: frame, fieldOf: fieldOf, binEnd: binEnd)
            : try buildErrorRange(frame: frame, fieldOf: fieldOf, binEnd: binEnd)
    }

    /// The groupby fields of the key (with a bin's end, as Vega-Lite groups by both).
    private func groupFields(_ key: ChartSpec.ChannelDef?, _ fieldOf: [String: String], _ binEnd: [String: String]) -> [String] {
        guard let key, let f = fieldOf[key.channel] else { return [] }
        return [f] + (binEnd[key.channel].map { [$0] } ?? [])
    }

    // MARK: Box plot

    func buildBoxPlot(frame: DataFrame, fieldOf: [String: String], binEnd: [String: String]) throws(ChartProblem) -> Chart {
        let axes = try compositeAxes()
        try checkCompositeChannels(axes, allowed: [])
        guard let valueField = fieldOf[axes.value.channel] else {
            throw specProblem(axes.value.path, line: axes.value.line, "a box plot needs a field for its values")
        }
        // `extent`: a number (Tukey, default 1.5) or "min-max".
        var k: Double? = 1.5
        if let e = spec.markExtent {
            if e.string == "min-max" { k = nil } else if let n = e.number { k = n } else {
                throw specProblem("$.mark.extent", line: e.line, "expected a number or \"min-max\", found \(e.kindName)")
            }
        }
        let groupby = groupFields(axes.key, fieldOf, binEnd)
        // Quartiles, median and extremes with Vega's own aggregate (d3's R-7 quantiles).
        let stats: DataFrame
        do {
            stats = try Transform.aggregate(AggregateTransform(measures: [
                AggregateMeasure(op: .q1, field: valueField, as: "q1"), AggregateMeasure(op: .q3, field: valueField, as: "q3"),
                AggregateMeasure(op: .median, field: valueField, as: "median"), AggregateMeasure(op: .min, field: valueField, as: "min"),
                AggregateMeasure(op: .max, field: valueField, as: "max"), AggregateMeasure(op: .valid, field: valueField, as: "valid"),
            ], groupby: groupby)).apply(frame)
        } catch {
            throw specProblem(axes.value.path, line: axes.value.line, error.message)
        }
        let values = frame.column(valueField)!
        let keyColumns = groupby.map { frame.column($0)! }
        var members = [[Double]](repeating: [], count: stats.rowCount)
        if keyColumns.count == 1 {
            // One key field (the usual case): look groups up by the value itself, no array per row.
            let keys = keyColumns[0]
            var groupOf: [DataValue: Int] = [:]
            for g in 0..<stats.rowCount { groupOf[stats[g, groupby[0]]] = g }
            for r in 0..<frame.rowCount { if let v = values[r].validNumber, let g = groupOf[keys[r]] { members[g].append(v) } }
        } else {
            var groupOf: [[DataValue]: Int] = [:]
            for g in 0..<stats.rowCount { groupOf[groupby.map { stats[g, $0] }] = g }
            for r in 0..<frame.rowCount { if let v = values[r].validNumber, let g = groupOf[keyColumns.map { $0[r] }] { members[g].append(v) } }
        }

        struct Group { var five: [Double?]; var lower: [Double]; var upper: [Double]; var count: Int }
        var groups: [Group] = []
        for g in 0..<stats.rowCount {
            let q1 = stats[g, "q1"].validNumber, q3 = stats[g, "q3"].validNumber
            var group = Group(five: [stats[g, "min"].validNumber, q1, stats[g, "median"].validNumber, q3, stats[g, "max"].validNumber],
                              lower: [], upper: [], count: Int(stats[g, "valid"].validNumber ?? 0))
            if let k, let q1, let q3 {
                // As Vega-Lite's filters: lower_box - k * (upper_box - lower_box) <= v <= upper_box + k * (…).
                let low = q1 - k * (q3 - q1), high = q3 + k * (q3 - q1)
                let inside = members[g].filter { low <= $0 && $0 <= high }
                group.five[0] = inside.min()
                group.five[4] = inside.max()
                group.lower = members[g].filter { $0 < low }.sorted()
                group.upper = members[g].filter { $0 > high }.sorted()
            }
            groups.append(group)
        }
        var statistics: [BoxStatistic] = [.minimum, .lowerQuartile, .median, .upperQuartile, .maximum]
        if groups.contains(where: { !$0.lower.isEmpty }) { statistics.insert(.lowerOutliers, at: 0) }
        if groups.contains(where: { !$0.upper.isEmpty }) { statistics.append(.upperOutliers) }

        // The statistics in long form (group, statistic, value), read as series by statistic.
        var keyOut = [[DataValue]](repeating: [], count: groupby.count)
        var statOut: [DataValue] = [], valueOut: [DataValue] = []
        for (g, group) in groups.enumerated() {
            for s in statistics {
                for (i, f) in groupby.enumerated() { keyOut[i].append(stats[g, f]) }
                statOut.append(.string(s.title))
                let v: Double?
                switch s {
                case .lowerOutliers: v = group.lower.first  // the most extreme one sets the pitch
                case .upperOutliers: v = group.upper.last
                case .minimum: v = group.five[0]
                case .lowerQuartile: v = group.five[1]
                case .median: v = group.five[2]
                case .upperQuartile: v = group.five[3]
                case .maximum: v = group.five[4]
                }
                valueOut.append(v.map(DataValue.number) ?? .null)
            }
        }
        let long = DataFrame(fields: groupby + ["__statistic", "__value"], columns: keyOut + [statOut, valueOut])
        var valueDef = axes.value
        valueDef.field = "__value"
        valueDef.title = title(of: axes.value, fallback: "Value")
        valueDef.axisTitle = nil
        valueDef.type = .quantitative
        valueDef.aggregate = nil
        valueDef.timeUnit = nil
        valueDef.timeUnitJSON = nil
        valueDef.stack = .none
        var statDef = ChartSpec.ChannelDef(channel: "color", path: "$.mark", line: spec.markLine)
        statDef.field = "__statistic"
        statDef.type = .nominal
        var longSpec = spec
        longSpec.channels = (axes.key.map { [$0] } ?? []) + [valueDef, statDef]
        longSpec.seriesOrder = statistics.map(\.title)
        var longFieldOf = ["color": "__statistic", valueDef.channel: "__value"]
        if let key = axes.key, let f = fieldOf[key.channel] { longFieldOf[key.channel] = f }
        var rowKeys: [DataValue] = []
        let builder = ChartBuilder(spec: longSpec, frame: long, specFile: specFile, id: id)
        var chart = try builder.assemble(frame: long, roles: Roles(key: axes.key, value: valueDef, orientation: axes.orientation), markKind: .point,
                                         fieldOf: longFieldOf, binEnd: binEnd, onRows: { rowKeys = $0 })
        for s in chart.series.indices { chart.series[s].nameFromData = false }  // statistic names ("Median") are titles
        // Rows are the groups in the key's order; find each row's group.
        let firstKey = groupby.first
        var groupOfRow: [Int] = []
        for key in rowKeys {
            let g = (0..<stats.rowCount).first { firstKey == nil || stats[$0, firstKey!] == key } ?? 0
            groupOfRow.append(g)
        }
        chart.mark = .boxplot
        chart.y.field = axes.value.field ?? chart.y.field
        chart.semantics.specMark = nil
        chart.semantics.invalidRows /= statistics.count
        chart.semantics.kind = .boxPlot(BoxPlotInfo(
            whiskerIQR: k, statistics: statistics, counts: groupOfRow.map { groups[$0].count },
            lowerOutliers: groupOfRow.map { groups[$0].lower }, upperOutliers: groupOfRow.map { groups[$0].upper }))
        for (s, statistic) in statistics.enumerated() where statistic.isOutliers {
            // Details make the table read the whole list (SpeechFormatter.pointValueText).
            chart.series[s].details = [PointDetail](repeating: PointDetail(), count: chart.pointCount)
        }
        return chart
    }

    // MARK: Error bar and band

    func buildErrorRange(frame input: DataFrame, fieldOf: [String: String], binEnd: [String: String]) throws(ChartProblem) -> Chart {
        var frame = input
        let axes = try compositeAxes()
        let v = axes.value.channel
        let range2 = spec.channel(v + "2"), error = spec.channel(v + "Error"), error2 = spec.channel(v + "Error2")
        try checkCompositeChannels(axes, allowed: Set(Self.compositeSeriesChannels + [v + "2", v + "Error", v + "Error2"]))
        guard let valueField = fieldOf[v] else {
            throw specProblem(axes.value.path, line: axes.value.line, "a \(spec.markName) needs a field for its values")
        }
        var info: ErrorRangeInfo
        var center = valueField
        var range: (lower: String, upper: String)?
        var roles = Roles(key: axes.key, value: axes.value, orientation: axes.orientation)
        if let range2, range2.field != nil {
            // Aggregated upper and lower: the range as given, no centre.
            info = ErrorRangeInfo(extent: "range", center: nil)
            roles.value2 = range2
        } else if let error, let errorField = error.field.flatMap({ fieldOf[error.channel] ?? $0 }) {
            // Aggregated error: value + error, value − error (or value + error2).
            info = ErrorRangeInfo(extent: "error", center: "value")
            let base = frame.column(valueField)!, e = frame.column(errorField)!
            let e2 = error2.flatMap { c in c.field.flatMap { frame.column(fieldOf[c.channel] ?? $0) } }
            frame.setColumn("__upper", zip(base, e).map { a, b in .number(a.number + b.number) })
            frame.setColumn("__lower", base.indices.map { i in .number(base[i].number + (e2.map { $0[i].number } ?? -e[i].number)) })
            range = ("__lower", "__upper")
        } else {
            // Raw data: Vega-Lite's `center` and `extent` defaults and aggregates.
            let centerName = spec.markCenter ?? (spec.markExtent?.string == "iqr" ? "median" : "mean")
            let extent = spec.markExtent?.string ?? (centerName == "mean" ? "stderr" : "iqr")
            guard ["stderr", "stdev", "ci", "iqr"].contains(extent) else {
                throw specProblem("$.mark.extent", line: spec.markExtent?.line ?? spec.markLine, "expected \"stderr\", \"stdev\", \"ci\" or \"iqr\"")
            }
            var groupby = groupFields(axes.key, fieldOf, binEnd)
            for c in spec.channels where Self.compositeSeriesChannels.contains(c.channel) {
                if let f = fieldOf[c.channel], !groupby.contains(f) { groupby.append(f) }
            }
            let measures: [AggregateMeasure]
            switch extent {
            case "stderr", "stdev":
                measures = [AggregateMeasure(op: extent == "stderr" ? .stderr : .stdev, field: valueField, as: "__extent"),
                            AggregateMeasure(op: centerName == "median" ? .median : .mean, field: valueField, as: "__center")]
            case "ci":
                measures = [AggregateMeasure(op: .ci0, field: valueField, as: "__lower"), AggregateMeasure(op: .ci1, field: valueField, as: "__upper"),
                            AggregateMeasure(op: .mean, field: valueField, as: "__center")]
            default:
                measures = [AggregateMeasure(op: .q1, field: valueField, as: "__lower"), AggregateMeasure(op: .q3, field: valueField, as: "__upper"),
                            AggregateMeasure(op: .median, field: valueField, as: "__center")]
            }
            do {
                frame = try Transform.aggregate(AggregateTransform(measures: measures, groupby: groupby)).apply(frame)
            } catch {
                throw specProblem(axes.value.path, line: axes.value.line, error.message)
            }
            if extent == "stderr" || extent == "stdev" {
                let c = frame.column("__center")!, e = frame.column("__extent")!
                // As Vega-Lite's calculates: center + extent, center − extent (null stays null).
                frame.setColumn("__upper", zip(c, e).map { a, b in a.isValid && b.isValid ? .number(a.number + b.number) : .null })
                frame.setColumn("__lower", zip(c, e).map { a, b in a.isValid && b.isValid ? .number(a.number - b.number) : .null })
            }
            center = "__center"
            range = ("__lower", "__upper")
            info = ErrorRangeInfo(extent: extent, center: extent == "ci" ? "mean" : extent == "iqr" ? "median" : centerName)
        }
        var specOut = spec
        var valueDef = axes.value
        valueDef.stack = .none
        if center != valueField {
            valueDef.title = title(of: axes.value, fallback: "Value")
            valueDef.axisTitle = nil
        }
        specOut.channels = spec.channels.map { $0.channel == v ? valueDef : $0 }
        var outFieldOf = fieldOf
        outFieldOf[v] = center
        if let r2 = roles.value2, let f = r2.field { outFieldOf[r2.channel] = fieldOf[r2.channel] ?? f }
        roles.value = valueDef
        let builder = ChartBuilder(spec: specOut, frame: frame, specFile: specFile, id: id)
        var chart = try builder.assemble(frame: frame, roles: roles, markKind: .point, fieldOf: outFieldOf, binEnd: binEnd, range: range)
        chart.mark = spec.markName == "errorband" ? .errorband : .errorbar
        // One series of centres from raw data is named by its centre: "Mean of temp max".
        if center == "__center", chart.series.count == 1, spec.seriesTitles.isEmpty, info.center != nil {
            info.namedByCenter = true
            chart.series[0].name = info.seriesName(field: chart.y.title, .english)
        }
        chart.y.field = axes.value.field ?? chart.y.field
        chart.y.aggregate = nil
        chart.semantics.specMark = nil
        chart.semantics.kind = .errorRange(info)
        return chart
    }
}

extension ChartSpec {
    /// `extent` and `center` of a composite mark definition (other mark properties are drawing).
    mutating func readCompositeMarkProperties(_ m: JSONValue, _ r: SpecReader) throws(ChartProblem) {
        guard ["boxplot", "errorbar", "errorband"].contains(markName) else { return }
        if let e = m["extent"] {
            if markName == "boxplot" {
                guard e.number != nil || e.string == "min-max" else { throw r.problem(e, "$.mark.extent", "expected a number (times the interquartile range) or \"min-max\"") }
            } else {
                guard let s = e.string, ["stderr", "stdev", "ci", "iqr"].contains(s) else {
                    throw r.problem(e, "$.mark.extent", "expected one of \"stderr\", \"stdev\", \"ci\", \"iqr\"")
                }
            }
            markExtent = e
        }
        if let c = m["center"], markName != "boxplot" {
            guard let s = c.string, s == "mean" || s == "median" else { throw r.problem(c, "$.mark.center", "expected \"mean\" or \"median\"") }
            markCenter = s
        }
    }
}

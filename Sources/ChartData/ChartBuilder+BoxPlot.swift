import ChartModel
import Foundation
import SpecReading
import VegaLite

/// A `boxplot` compiled as Vega-Lite normalises it (src/compositemark/boxplot.ts): quartiles by
/// Vega's quantile method, Tukey whiskers at the most extreme data within `extent` × IQR of the
/// quartiles (or `"min-max"`), outliers beyond; the statistics are series over the groups and
/// the chart's kind is `.boxPlot` (`Chart+BoxPlot.swift`).
extension ChartBuilder {
    func buildBoxPlot(frame: DataFrame, fieldOf: [String: String], binEnd: [String: String]) throws(ChartProblem) -> Chart {
        let axes = try compositeAxes()
        try checkCompositeChannels(axes, allowed: [])
        guard let valueField = fieldOf[axes.value.channel] else {
            throw specProblem(axes.value.path, line: axes.value.line, "a box plot needs a field for its values")
        }
        let k = try boxWhiskerIQR()
        let groupby = groupFields(axes.key, fieldOf, binEnd)
        let (stats, groups) = try boxGroups(frame: frame, valueField: valueField, groupby: groupby, whiskerIQR: k, axes: axes)
        var statistics: [BoxStatistic] = [.minimum, .lowerQuartile, .median, .upperQuartile, .maximum]
        if groups.contains(where: { !$0.lower.isEmpty }) { statistics.insert(.lowerOutliers, at: 0) }
        if groups.contains(where: { !$0.upper.isEmpty }) { statistics.append(.upperOutliers) }
        let long = Self.boxLongForm(groups, stats: stats, groupby: groupby, statistics: statistics)
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

    /// `extent`: a number (Tukey, default 1.5) or "min-max" (nil).
    func boxWhiskerIQR() throws(ChartProblem) -> Double? {
        guard let e = spec.markExtent else { return 1.5 }
        if e.string == "min-max" { return nil }
        if let n = e.number { return n }
        throw specProblem("$.mark.extent", line: e.line, "expected a number or \"min-max\", found \(e.kindName)")
    }

    /// One box per group: its five numbers (whiskers at the most extreme values inside the
    /// fences), outliers beyond them and count.
    struct BoxGroup { var five: [Double?]; var lower: [Double]; var upper: [Double]; var count: Int }

    /// The groups' quartiles, median and extremes with Vega's own aggregate (d3's R-7
    /// quantiles), and each group's box.
    func boxGroups(frame: DataFrame, valueField: String, groupby: [String], whiskerIQR: Double?, axes: CompositeAxes) throws(ChartProblem) -> (DataFrame, [BoxGroup]) {
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

        var groups: [BoxGroup] = []
        for g in 0..<stats.rowCount {
            let q1 = stats[g, "q1"].validNumber, q3 = stats[g, "q3"].validNumber
            var group = BoxGroup(five: [stats[g, "min"].validNumber, q1, stats[g, "median"].validNumber, q3, stats[g, "max"].validNumber],
                              lower: [], upper: [], count: Int(stats[g, "valid"].validNumber ?? 0))
            if let k = whiskerIQR, let q1, let q3 {
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
        return (stats, groups)
    }

    /// The statistics in long form (group, statistic, value), read as series by statistic.
    static func boxLongForm(_ groups: [BoxGroup], stats: DataFrame, groupby: [String], statistics: [BoxStatistic]) -> DataFrame {
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
        return DataFrame(fields: groupby + ["__statistic", "__value"], columns: keyOut + [statOut, valueOut])
    }
}

import ChartModel
import Foundation
import SpecReading
import VegaLite

/// `errorbar` and `errorband` compiled as Vega-Lite normalises them (src/compositemark/):
/// `extent` stderr/stdev/ci/iqr around `center` mean/median from raw data; or `x2`/`y2`; or
/// `xError`/`yError`. The centre is the value, the range each point's detail, and the chart's
/// kind `.errorRange`.
extension ChartBuilder {
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
            (frame, info) = try rawErrorRange(frame: frame, valueField: valueField, axes: axes, fieldOf: fieldOf, binEnd: binEnd)
            center = "__center"
            range = ("__lower", "__upper")
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

    /// An error bar over raw data: Vega-Lite's `center` and `extent` defaults and aggregates, per
    /// group; the frame gains `__center`, `__lower` and `__upper`.
    func rawErrorRange(frame input: DataFrame, valueField: String, axes: CompositeAxes, fieldOf: [String: String],
                       binEnd: [String: String]) throws(ChartProblem) -> (DataFrame, ErrorRangeInfo) {
        var frame = input
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
        return (frame, ErrorRangeInfo(extent: extent, center: extent == "ci" ? "mean" : extent == "iqr" ? "median" : centerName))
    }
}

import ChartModel
import Foundation
import SpecReading
import VegaLite

/// Vega-Lite's composite marks compiled as Vega-Lite normalises them (src/compositemark/):
/// `boxplot` (`ChartBuilder+BoxPlot.swift`), `errorbar` and `errorband`
/// (`ChartBuilder+ErrorRange.swift`). The result is an ordinary `Chart` of kind `.boxPlot` or
/// `.errorRange`: a box plot's statistics are series over the groups, an error bar's centre is
/// the value and its range the point's detail. Here: the axes and channels they share.
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
    func groupFields(_ key: ChartSpec.ChannelDef?, _ fieldOf: [String: String], _ binEnd: [String: String]) -> [String] {
        guard let key, let f = fieldOf[key.channel] else { return [] }
        return [f] + (binEnd[key.channel].map { [$0] } ?? [])
    }
}

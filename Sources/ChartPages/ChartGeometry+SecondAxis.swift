import ChartModel
import Foundation

/// A dual-axis chart (`resolve.scale.y: "independent"` over two layers): the second layer's
/// series are drawn on their own value scale, with its ticks and title on the right, as
/// Vega-Lite orients the second axis. Vertical, linear, numeric value axes only; other
/// independent charts keep one shared axis.
extension ChartGeometry {
    /// The second value axis and the series drawn on it.
    public struct SecondAxis: Sendable {
        public let scale: LinearScale
        public let ticks: [Tick]
        public let title: String
        public let series: Set<Int>
    }

    /// The series of the second layer, when the chart has a second value axis; empty otherwise.
    static func secondAxisSeries(_ chart: Chart) -> Set<Int> {
        let layers = chart.semantics.seriesLayers
        guard chart.semantics.independentValueScales, chart.semantics.orientation == .vertical,
            chart.semantics.kind == .series, chart.y.type != .temporal, chart.pitchCurve == .linear,
            !chart.valueAxisDescends, layers.count == chart.series.count, let first = layers.first?.layer,
            Set(layers.map(\.layer)).count == 2
        else { return [] }
        return Set(layers.indices.filter { layers[$0].layer != first })
    }

    /// The chart without the second axis' series (what the left axis spans).
    static func firstAxisPart(_ chart: Chart, second: Set<Int>) -> Chart {
        guard !second.isEmpty else { return chart }
        var part = chart
        part.series = chart.series.indices.filter { !second.contains($0) }.map { chart.series[$0] }
        return part
    }

    /// The second axis over its series' values (ranges and bands included), from zero as
    /// Vega-Lite's scale starts unless the author says `"zero": false`, made nice.
    static func secondAxis(_ chart: Chart, series: Set<Int>, range: (Double, Double)) -> SecondAxis? {
        var lo = Double.infinity, hi = -Double.infinity
        for s in series.sorted() {
            let bounds = chart.series[s].details.flatMap { [$0.lower, $0.upper, $0.bandLower, $0.bandUpper] }
            for case let v? in chart.series[s].values + bounds where v.isFinite { lo = min(lo, v); hi = max(hi, v) }
        }
        guard lo <= hi, let first = series.min() else { return nil }
        let value = chart.semantics.secondValueScale ?? chart.semantics.valueScale
        let standsOnZero = series.contains { [.bar, .area].contains(chart.drawnMark(series: $0)) }
        if value.zero != false, standsOnZero || value.includesZero { lo = min(lo, 0); hi = max(hi, 0) }
        // The second layer's own `scale.domain` as given, else made nice.
        let given = chart.semantics.secondValueScale.flatMap { givenDomain($0, curve: .linear, temporal: false) }
        if let given { (lo, hi) = given }
        let count = max(2, Int((range.0 - range.1) / 48))
        let (scale, ticks) = localized(valueAxis(chart, lo, hi, range: range, count: count, nice: given == nil), chart)
        return SecondAxis(scale: scale, ticks: ticks, title: chart.seriesHeading(first), series: series)
    }

    /// Room right of the plot for the second axis' labels and title (as the left axis has).
    static func secondAxisRoom(_ axis: SecondAxis) -> Double {
        44 + Double(axis.ticks.map(\.label.count).max() ?? 1) * charWidth * narrowTextScale + 10
    }

    /// This geometry with series `s`'s value scale: the second axis' for a series on it.
    public func forSeries(_ s: Int) -> ChartGeometry {
        guard let axis = secondAxis, axis.series.contains(s) else { return self }
        var g = self
        g.yScale = axis.scale
        g.yTicks = axis.ticks
        g.secondAxis = nil
        return g
    }
}

extension ChartSVG {
    /// A dual-axis chart's second value axis: tick marks and labels right of the plot, its
    /// title turned to run down the right side (Vega-Lite's `orient: "right"`).
    func writeSecondAxis(into out: inout String) {
        let g = geometry
        guard let axis = g.secondAxis else { return }
        out += "<g class=\"pl-axis pl-axis-y pl-axis-y2\">"
        for tick in axis.ticks {
            out += "<line class=\"pl-tick\" x1=\"\(num(g.plotRight))\" x2=\"\(num(g.plotRight + 5))\" y1=\"\(num(tick.position))\" y2=\"\(num(tick.position))\"/>"
            out += "<text x=\"\(num(g.plotRight + 8))\" y=\"\(num(tick.position))\" dy=\"0.32em\" text-anchor=\"start\">\(xmlEscape(tick.label))</text>"
        }
        let midY = (g.plotTop + g.plotBottom) / 2
        out += "<g transform=\"translate(\(num(ChartGeometry.width - 18)) \(num(midY))) rotate(90)\"><text class=\"pl-axis-title pl-axis-title-turned\" text-anchor=\"middle\">\(xmlEscape(axis.title))</text></g>"
        out += "</g>"
    }
}

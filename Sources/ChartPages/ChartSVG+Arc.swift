import ChartData
import ChartModel
import Foundation

/// A pie or donut: slices clockwise from twelve o'clock in the chart's row order (Vega-Lite's
/// stack order), colours from the series classes (`pl-s0` …). Each slice carries `data-row`
/// (its scrubber index): the page script marks the current one `pl-current` (outlined).
extension ChartSVG {
    /// Outer radius and centre of the pie in the 720 × 400 drawing.
    static let arcRadius = 160.0
    static let arcCentre = (x: 300.0, y: 200.0)
    /// Vega-Lite's default pie radius (a 200 × 200 view): `innerRadius` is read against it.
    static let vegaLiteArcRadius = 100.0

    /// The slice's angles (radians, clockwise from twelve o'clock) per row; nil for no slice: its
    /// span on the theta scale (zero to the largest end, a whole turn), as Vega-Lite draws it.
    static func arcAngles(_ chart: Chart) -> [(start: Double, end: Double)?] {
        var spans = chart.semantics.arc.arcSpans
        if spans.isEmpty, let s = chart.series.first {  // a model made without spans: one pie by shares
            var end = 0.0
            spans = s.details.map { d in d.share.map { share in end += share; return .init(start: end - share, end: end) } }
        }
        let turn = spans.compactMap { $0?.end }.max() ?? 0
        return spans.map { span in
            guard let span, turn > 0, span.end > span.start else { return nil }
            return (span.start / turn * 2 * .pi, span.end / turn * 2 * .pi)
        }
    }

    /// Each slice's outer radius in the drawing: the pie's, or on a radial chart its radius
    /// value on the radius scale (linear or square root, from zero) between the hole and the pie's.
    static func outerRadii(_ chart: Chart) -> [Double] {
        let rows = chart.pointCount
        guard let radii = chart.semantics.arc.radii else { return Array(repeating: arcRadius, count: rows) }
        let sqrtScale = chart.semantics.arc.radiusScale?.type == .sqrt
        let f = { (v: Double) in sqrtScale ? v.squareRoot() : v }
        let top = radii.compactMap { $0.map { f(max($0, 0)) } }.max() ?? 0
        let inner = arcRadius * innerRatio(chart)
        return (0..<rows).map { row in
            guard radii.indices.contains(row), let v = radii[row], top > 0 else { return inner }
            return inner + (arcRadius - inner) * f(max(v, 0)) / top
        }
    }

    static func innerRatio(_ chart: Chart) -> Double {
        min(max((chart.semantics.arc.innerRadius ?? 0) / vegaLiteArcRadius, 0), 0.9)
    }

    func renderArc(into out: inout String) {
        let chart = geometry.chart
        let (cx, cy) = Self.arcCentre
        let inner = Self.arcRadius * Self.innerRatio(chart), outer = Self.outerRadii(chart)
        func point(_ radius: Double, _ angle: Double) -> String { "\(num(cx + radius * sin(angle))),\(num(cy - radius * cos(angle)))" }
        for (row, slice) in Self.arcAngles(chart).enumerated() {
            guard let slice, outer[row] > inner else { continue }
            let r = outer[row]
            var (a, b) = slice
            if b - a >= 2 * .pi - 1e-9 { b = a + 2 * .pi - 1e-4 }  // one slice: a full ring
            let large = b - a > .pi ? 1 : 0
            var d = "M\(point(r, a))A\(num(r)),\(num(r)) 0 \(large) 1 \(point(r, b))"
            if inner > 0 {
                d += "L\(point(inner, b))A\(num(inner)),\(num(inner)) 0 \(large) 0 \(point(inner, a))Z"
            } else {
                d += "L\(num(cx)),\(num(cy))Z"
            }
            out += "<g class=\"pl-series pl-s\(Self.colour(row))\"><path class=\"pl-slice\" data-row=\"\(row)\" d=\"\(d)\" fill=\"currentColor\"/></g>"
        }
    }

    /// The pie's legend: one swatch per slice with its category and share, as an HTML list.
    func arcLegendHTML() -> String {
        let chart = geometry.chart
        let speech = SpeechFormatter(chart: chart)
        var out = "<ul class=\"pl-legend pl-legend-arc\" aria-hidden=\"true\">"
        for row in chart.xValues.indices {
            let share = chart.series.first?.details[row].share.map { " (\(speech.shareText($0)))" } ?? ""
            out += "<li><svg class=\"pl-swatch\" viewBox=\"0 0 14 14\" width=\"14\" height=\"14\" focusable=\"false\">"
            out += "<g class=\"pl-series pl-s\(Self.colour(row))\"><rect x=\"1\" y=\"1\" width=\"12\" height=\"12\" fill=\"currentColor\"/></g></svg>"
            out += "\(xmlEscape(speech.xText(row) + share))</li>"
        }
        return out + "</ul>"
    }
}

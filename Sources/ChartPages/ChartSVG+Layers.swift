import ChartData
import ChartModel
import Foundation

/// What layers add to the drawing: bands under their lines, lollipop stems, dumbbell connectors,
/// rules and labels (`ChartAnnotation`, drawn upright in screen coordinates). Styles in `Public/layers.css` (classes only: the strict
/// CSP allows no inline styles); every text through `xmlEscape`.
extension ChartSVG {
    /// Filled areas from each point's band (`PointDetail.bandLower`/`bandUpper`), one path per
    /// run of rows with a band.
    func writeBands(into out: inout String) {
        let g = geometry
        let chart = g.chart
        for s in chart.series.indices where chart.series[s].details.contains(where: { $0.bandLower != nil }) {
            let g = geometry.forSeries(s)  // a dual-axis chart's second layer: its own scale
            let details = chart.series[s].details
            var runs: [[Int]] = []
            var current: [Int] = []
            for row in details.indices {
                if details[row].bandLower != nil && details[row].bandUpper != nil { current.append(row) }
                else if !current.isEmpty { runs.append(current); current = [] }
            }
            if !current.isEmpty { runs.append(current) }
            var d = ""
            for run in runs {
                for (i, row) in run.enumerated() { d += (i == 0 ? "M" : "L") + "\(num(g.x(row: row))),\(num(g.y(details[row].bandUpper!)))" }
                for row in run.reversed() { d += "L\(num(g.x(row: row))),\(num(g.y(details[row].bandLower!)))" }
                d += "Z"
            }
            out += "<g class=\"pl-series pl-s\(Self.colour(s))\"><path class=\"pl-band\" d=\"\(d)\" fill=\"currentColor\"/></g>"
        }
    }

    /// Stems (lollipops), connectors (dumbbells) and a waterfall's steps, in row/value
    /// coordinates (inside the axis-swapping group of a horizontal chart).
    func writeLayerShapes(into out: inout String) {
        let g = geometry
        let chart = g.chart
        switch chart.semantics.idiom {
        case .lollipop:
            let zero = g.y(max(min(0, g.yScale.domainMax), g.yScale.domainMin))
            for s in chart.series.indices {
                var d = ""
                for (row, v) in chart.series[s].values.enumerated() { if let v { d += "M\(num(g.x(row: row))),\(num(zero))V\(num(g.y(v)))" } }
                out += "<g class=\"pl-series pl-s\(Self.colour(s))\"><path class=\"pl-stem\" d=\"\(d)\" stroke=\"currentColor\"/></g>"
            }
        case .dumbbell:
            var byRow: [XValue: [Double]] = [:]
            var at: [XValue: Int] = [:]
            for s in chart.series {
                for (row, v) in s.values.enumerated() { if let v { byRow[chart.xValues[row], default: []].append(v); at[chart.xValues[row]] = at[chart.xValues[row]] ?? row } }
            }
            var d = ""
            for (key, row) in at.sorted(by: { $0.value < $1.value }) {  // in row order: the same page every time
                guard let values = byRow[key], values.count > 1 else { continue }
                let x = num(g.x(row: row))
                d += "M\(x),\(num(g.y(values.min()!)))V\(num(g.y(values.max()!)))"
            }
            out += "<path class=\"pl-connector\" d=\"\(d)\"/>"
        case .waterfall:
            // Steps joining each bar's end to the next bar's start.
            guard case .band(_, let band) = g.xLayout, let s = chart.series.first else { break }
            var d = ""
            for row in s.details.indices.dropLast() {
                guard let end = s.details[row].upper else { continue }
                d += "M\(num(g.x(row: row) + band * 0.4)),\(num(g.y(end)))H\(num(g.x(row: row + 1) - band * 0.4))"
            }
            out += "<path class=\"pl-connector\" d=\"\(d)\"/>"
        case .gantt, .diverging, .bump, nil: break
        }
    }

    /// Every rule and label, in screen coordinates (outside the axis-swapping group, so a
    /// horizontal chart's labels read upright): a value rule runs across the rows, a row rule
    /// across the values. A label from a text layer stands where Vega-Lite puts it (its position,
    /// or the middle of the plot along an axis it does not set, moved by its `dx`/`dy`, aligned
    /// by its `align`/`baseline`); a rule's own label (its aggregate) sits at the rule's far end.
    func writeAnnotations(into out: inout String) {
        let g = geometry
        let chart = g.chart
        // Labels that repeat the values (labelled bars) are drawn with them, as Vega-Lite does.
        let all = chart.semantics.annotations + chart.semantics.valueLabels
        guard !all.isEmpty else { return }
        let speech = SpeechFormatter(chart: chart)
        let (rowStart, rowEnd) = g.rowExtent, (valueStart, valueEnd) = g.valueExtent
        let rowMiddle = (rowStart + rowEnd) / 2, valueMiddle = (valueStart + valueEnd) / 2
        out += "<g class=\"pl-annotations\">"
        for a in all {
            var text = speech.annotationDrawnLabel(a)
            // Where the label would stand without a placement of its own (a rule's aggregate name).
            var own: (x: Double, y: Double, anchor: String)?
            // Where a text layer puts it: its anchor in screen coordinates.
            let anchor: (Double, Double)
            if let row = a.row, chart.xValues.indices.contains(row) {
                let r = g.x(row: row)
                if a.atPoint, let v = a.value {
                    anchor = g.screen(row: r, value: g.y(v))
                    own = g.horizontal ? (anchor.0 + 8, anchor.1, "start") : (anchor.0, anchor.1 - 8, "middle")
                } else {
                    if a.kind == .rule { out += line(g.screen(row: r, value: valueStart), g.screen(row: r, value: valueEnd)) }
                    anchor = g.screen(row: r, value: valueMiddle)
                    own = g.horizontal ? (g.plotRight - 4, r - 6, "end") : (r, g.plotTop + 12, "middle")
                }
            } else if let v = a.value {
                let p = g.y(v)
                if a.kind == .rule { out += line(g.screen(row: rowStart, value: p), g.screen(row: rowEnd, value: p)) }
                anchor = g.screen(row: rowMiddle, value: p)
                own = g.horizontal ? (p + 4, g.plotTop + 12, "start") : (g.plotRight - 4, p - 6, "end")
                // A value mark's label says its value too ("Mean 3.03").
                text = [text, speech.annotationValueText(v, aggregate: a.aggregate)].compactMap { $0 }.joined(separator: " ")
            } else {
                continue  // a note without a position: said in the description only
            }
            guard let text, !text.isEmpty, let own else { continue }
            if let place = a.placement {
                let textAnchor = place.align == "left" ? "start" : place.align == "right" ? "end" : "middle"
                out += "<text class=\"pl-rule-label\" x=\"\(num(anchor.0 + place.dx))\" y=\"\(num(anchor.1 + place.dy))\"\(Self.baselineShift(place.baseline)) text-anchor=\"\(textAnchor)\">\(xmlEscape(text))</text>"
            } else {
                out += "<text class=\"pl-rule-label\" x=\"\(num(own.x))\" y=\"\(num(own.y))\"\(g.horizontal && a.atPoint ? Self.baselineShift("middle") : "") text-anchor=\"\(own.anchor)\">\(xmlEscape(text))</text>"
            }
        }
        out += "</g>"
    }

    /// A rule between two screen points.
    private func line(_ a: (Double, Double), _ b: (Double, Double)) -> String {
        "<line class=\"pl-rule\" x1=\"\(num(a.0))\" x2=\"\(num(b.0))\" y1=\"\(num(a.1))\" y2=\"\(num(b.1))\"/>"
    }

    /// Vega-Lite's text baselines as a shift from the alphabetic baseline SVG draws on.
    static func baselineShift(_ baseline: String) -> String {
        switch baseline {
        case "top", "line-top": " dy=\"0.71em\""
        case "middle": " dy=\"0.32em\""
        default: ""  // bottom, alphabetic, line-bottom
        }
    }
}

extension ChartGeometry {
    /// A point given in row/value coordinates (`x(row:)`, `y(_:)`) on the screen.
    func screen(row: Double, value: Double) -> (Double, Double) { horizontal ? (value, row) : (row, value) }

    /// A bump chart's rank axis, as Vega-Lite draws an ordinal y: one tick per rank, rank 1 at
    /// the top, half a step of padding at either end (`range` is the upward axis, reversed here).
    static func rankAxis(_ chart: Chart, range: (Double, Double)) -> (LinearScale, [Tick]) {
        let n = max(chart.rankCount ?? 1, 1)
        let scale = LinearScale(domain: (0.5, Double(n) + 0.5), range: (range.1, range.0))
        let step = max(1, Int((Double(n) / 12).rounded(.up)))  // at most about 12 labels
        let ranks = Array(stride(from: 1, through: n, by: step))
        return (scale, ranks.map { Tick(position: scale(Double($0)), label: String($0)) })
    }

    /// Where the rows run on the screen: left to right, or top to bottom when `horizontal`.
    var rowExtent: (Double, Double) { horizontal ? (plotTop, plotBottom) : (plotLeft, plotRight) }

    /// The values bands, value rules and labels reach (and a lollipop's zero), so the value scale shows them.
    static func layerExtent(_ chart: Chart) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        for s in chart.series {
            for d in s.details {
                for v in [d.bandLower, d.bandUpper].compactMap({ $0 }) where v.isFinite { lo = min(lo, v); hi = max(hi, v) }
            }
        }
        for a in chart.semantics.annotations where a.row == nil || a.atPoint {
            if let v = a.value, v.isFinite { lo = min(lo, v); hi = max(hi, v) }
        }
        // A lollipop's stems stand on zero (Vega-Lite's scale includes it).
        if chart.semantics.idiom == .lollipop, chart.y.type != .temporal, chart.pitchCurve != .log { lo = min(lo, 0); hi = max(hi, 0) }
        return lo <= hi ? (lo, hi) : nil
    }
}

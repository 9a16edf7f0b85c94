import ChartData
import Foundation

/// What layers add to the drawing: bands under their lines, lollipop stems, dumbbell connectors,
/// rules and labels (`ChartAnnotation`). Styles in `Public/layers.css` (classes only: the strict
/// CSP allows no inline styles); every text through `xmlEscape`.
extension ChartSVG {
    /// Filled areas from each point's band (`PointDetail.bandLower`/`bandUpper`), one path per
    /// run of rows with a band.
    func writeBands(into out: inout String) {
        let g = geometry
        let chart = g.chart
        for s in chart.series.indices where chart.series[s].details.contains(where: { $0.bandLower != nil }) {
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

    /// Stems (lollipops), connectors (dumbbells), then every rule and label.
    func writeLayerMarks(into out: inout String) {
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
            for (key, values) in byRow where values.count > 1 {
                let x = num(g.x(row: at[key]!))
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
        case nil: break
        }
        guard !chart.semantics.annotations.isEmpty else { return }
        let speech = SpeechFormatter(chart: chart)
        out += "<g class=\"pl-annotations\">"
        for a in chart.semantics.annotations {
            let text = speech.annotationDrawnLabel(a)
            if let row = a.row, chart.xValues.indices.contains(row) {
                let x = num(g.x(row: row))
                if a.kind == .rule {
                    out += "<line class=\"pl-rule\" x1=\"\(x)\" x2=\"\(x)\" y1=\"\(num(g.plotTop))\" y2=\"\(num(g.plotBottom))\"/>"
                }
                if let text {
                    let y = a.kind == .rule ? g.plotTop + 12 : g.y(a.value ?? g.yScale.domainMax) - 8
                    out += "<text class=\"pl-rule-label\" x=\"\(x)\" y=\"\(num(y))\" text-anchor=\"middle\">\(xmlEscape(text))</text>"
                }
            } else if let v = a.value {
                let y = num(g.y(v))
                if a.kind == .rule {
                    out += "<line class=\"pl-rule\" x1=\"\(num(g.plotLeft))\" x2=\"\(num(g.plotRight))\" y1=\"\(y)\" y2=\"\(y)\"/>"
                }
                let label = [text, speech.annotationValueText(v, aggregate: a.aggregate)].compactMap { $0 }.joined(separator: " ")
                out += "<text class=\"pl-rule-label\" x=\"\(num(g.plotRight - 4))\" y=\"\(num(g.y(v) - 6))\" text-anchor=\"end\">\(xmlEscape(label))</text>"
            }
        }
        out += "</g>"
    }
}

extension ChartGeometry {
    /// The values bands and value rules reach, so the y scale shows them.
    static func layerExtent(_ chart: Chart) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        for s in chart.series {
            for d in s.details {
                for v in [d.bandLower, d.bandUpper].compactMap({ $0 }) where v.isFinite { lo = min(lo, v); hi = max(hi, v) }
            }
        }
        for a in chart.semantics.annotations where a.row == nil {
            if let v = a.value, v.isFinite { lo = min(lo, v); hi = max(hi, v) }
        }
        return lo <= hi ? (lo, hi) : nil
    }
}

import ChartData
import ChartModel
import Foundation

/// Drawing of the issue-14 "box" marks: box plots (boxes, whiskers, caps, median, outlier dots),
/// error bars and bands, ticks (strip plots), rules and text marks. Colours come from the series'
/// CSS class; every text goes through `xmlEscape`; no inline styles (the page's CSP).
extension ChartSVG {
    /// Width of a box, an error bar's caps or a tick across its band (SVG units).
    func markWidth(fraction: Double, cap: Double) -> Double {
        switch geometry.xLayout {
        case .band(_, let band): return min(max(band * fraction, 3), cap)
        case .linear: return min(cap, 12)
        }
    }

    /// The whole box plot: one box per row (group) from the statistic series.
    func writeBoxPlot(into out: inout String) {
        let g = geometry, chart = g.chart
        guard let box = chart.semantics.box else { return }
        let w = markWidth(fraction: 0.5, cap: 56)
        func value(_ stat: BoxStatistic, _ row: Int) -> Double? { box.series(stat).flatMap { chart.series[$0].values[row] } }
        out += "<g class=\"pl-series pl-s0 pl-boxplot\">"
        for row in chart.xValues.indices {
            let x = g.x(row: row)
            if let lo = value(.minimum, row), let q1 = value(.lowerQuartile, row) {
                out += "<line class=\"pl-whisker\" x1=\"\(num(x))\" x2=\"\(num(x))\" y1=\"\(num(g.y(lo)))\" y2=\"\(num(g.y(q1)))\" stroke=\"currentColor\"/>"
                out += "<line class=\"pl-whisker\" x1=\"\(num(x - w / 4))\" x2=\"\(num(x + w / 4))\" y1=\"\(num(g.y(lo)))\" y2=\"\(num(g.y(lo)))\" stroke=\"currentColor\"/>"
            }
            if let hi = value(.maximum, row), let q3 = value(.upperQuartile, row) {
                out += "<line class=\"pl-whisker\" x1=\"\(num(x))\" x2=\"\(num(x))\" y1=\"\(num(g.y(q3)))\" y2=\"\(num(g.y(hi)))\" stroke=\"currentColor\"/>"
                out += "<line class=\"pl-whisker\" x1=\"\(num(x - w / 4))\" x2=\"\(num(x + w / 4))\" y1=\"\(num(g.y(hi)))\" y2=\"\(num(g.y(hi)))\" stroke=\"currentColor\"/>"
            }
            if let q1 = value(.lowerQuartile, row), let q3 = value(.upperQuartile, row) {
                let top = min(g.y(q1), g.y(q3)), height = max(abs(g.y(q1) - g.y(q3)), 1)
                out += "<rect class=\"pl-box\" x=\"\(num(x - w / 2))\" y=\"\(num(top))\" width=\"\(num(w))\" height=\"\(num(height))\" fill=\"currentColor\" stroke=\"currentColor\"/>"
            }
            if let m = value(.median, row) {
                out += "<line class=\"pl-median\" x1=\"\(num(x - w / 2))\" x2=\"\(num(x + w / 2))\" y1=\"\(num(g.y(m)))\" y2=\"\(num(g.y(m)))\"/>"
            }
            for v in box.lowerOutliers[row] + box.upperOutliers[row] {
                out += "<circle class=\"pl-outlier\" cx=\"\(num(x))\" cy=\"\(num(g.y(v)))\" r=\"3.5\" stroke=\"currentColor\"/>"
            }
        }
        out += "</g>"
    }

    /// Error bars and bands, ticks, rules and text marks of series `s` (inside its `pl-series` group).
    func writeOwnMark(_ s: Int, into out: inout String) {
        let g = geometry, chart = g.chart
        let series = chart.series[s]
        let values = series.values
        let offset = g.ownMarkOffset(series: s)
        func range(_ row: Int) -> (Double, Double)? {
            guard series.details.indices.contains(row), let lo = series.details[row].lower, let hi = series.details[row].upper else { return nil }
            return (lo, hi)
        }
        switch chart.mark {
        case .errorband:
            var upper = "", lower = ""
            var runs: [String] = []
            for row in ChartSVG.drawnRows(values) {
                guard let (lo, hi) = range(row) else {
                    if !upper.isEmpty { runs.append(upper + lower + "Z"); upper = ""; lower = "" }
                    continue
                }
                let x = num(g.x(row: row) + offset)
                upper += (upper.isEmpty ? "M" : "L") + "\(x),\(num(g.y(hi)))"
                lower = "L\(x),\(num(g.y(lo)))" + lower
            }
            if !upper.isEmpty { runs.append(upper + lower + "Z") }
            out += "<path class=\"pl-band\" d=\"\(runs.joined())\" fill=\"currentColor\" stroke=\"currentColor\"/>"
        case .errorbar:
            let cap = markWidth(fraction: 0.3, cap: 16)
            for row in ChartSVG.drawnRows(values) {
                let x = g.x(row: row) + offset
                if let (lo, hi) = range(row) {
                    out += "<path class=\"pl-errorbar\" d=\"M\(num(x)),\(num(g.y(lo)))V\(num(g.y(hi)))M\(num(x - cap / 2)),\(num(g.y(lo)))H\(num(x + cap / 2))M\(num(x - cap / 2)),\(num(g.y(hi)))H\(num(x + cap / 2))\" stroke=\"currentColor\" fill=\"none\"/>"
                }
                if let v = values[row], chart.semantics.errorRange?.center != nil {
                    out += "<circle class=\"pl-center\" cx=\"\(num(x))\" cy=\"\(num(g.y(v)))\" r=\"3\" fill=\"currentColor\"/>"
                }
            }
        case .tick:
            let half = markWidth(fraction: 0.5, cap: 28) / 2
            var d = ""
            for row in ChartSVG.drawnRows(values) {
                guard let v = values[row], v.isFinite else { continue }
                let x = g.x(row: row) + offset
                d += "M\(num(x - half)),\(num(g.y(v)))H\(num(x + half))"
            }
            out += "<path class=\"pl-tickmark\" d=\"\(d)\" stroke=\"currentColor\" fill=\"none\"/>"
        case .rule:
            // One path per colour: the series' own, then each colour the author gives by a condition.
            var paths: [String: String] = [:]
            let zero = g.y(max(min(0, g.yScale.domainMax), g.yScale.domainMin))
            for row in ChartSVG.drawnRows(values) {
                guard let v = values[row], v.isFinite else { continue }
                let x = g.x(row: row) + offset
                let colour = ChartSVG.colourAttribute(series, row)
                if let (lo, hi) = range(row), chart.semantics.stack == nil {
                    paths[colour, default: ""] += "M\(num(x)),\(num(g.y(lo)))V\(num(g.y(hi)))"
                } else {
                    paths[colour, default: ""] += "M\(num(x)),\(num(zero))V\(num(g.y(v)))"
                }
            }
            for (colour, d) in paths.sorted(by: { $0.key < $1.key }) {
                out += "<path class=\"pl-rulemark\" d=\"\(d)\" stroke=\"currentColor\" fill=\"none\"\(colour)/>"
            }
        case .text:
            // The text channel's value, else the number; at most `markerLimit` × 4 labels.
            let textIndex = chart.semantics.extraFields.firstIndex { $0.channel == "text" }
            let speech = SpeechFormatter(chart: chart)
            for row in ChartSVG.drawnRows(values).prefix(ChartSVG.markerLimit * 4) {
                guard let v = values[row], v.isFinite else { continue }
                var label = speech.numberText(v)
                if let t = textIndex, series.details.indices.contains(row), series.details[row].extras.indices.contains(t),
                   let text = series.details[row].extras[t] { label = text }
                out += "<text class=\"pl-textmark\" x=\"\(num(g.x(row: row)))\" y=\"\(num(g.y(v)))\" dy=\"0.32em\" text-anchor=\"middle\" fill=\"currentColor\">\(xmlEscape(label))</text>"
            }
        default:
            break
        }
    }
}

extension ChartGeometry {
    /// Where series `s` of an error bar, band, tick or rule chart sits across its row's band:
    /// several series side by side (as grouped bars), one series centred. The drawing and the
    /// cursor (the data script's `cx`) both use it.
    func ownMarkOffset(series s: Int) -> Double {
        guard case .band(_, let band) = xLayout, chart.series.count > 1,
              [.errorbar, .errorband, .tick, .rule].contains(chart.mark) else { return 0 }
        let group = band * 0.6
        return -group / 2 + (Double(s) + 0.5) * group / Double(chart.series.count)
    }
}

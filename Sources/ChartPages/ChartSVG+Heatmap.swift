import ChartData
import ChartModel
import Foundation

/// A heatmap: one row of cells per series (top to bottom), one column per x category, each cell
/// filled on one sequential colour scale over every value (viridis stops, fill attributes, no
/// inline styles); a gap is left empty with a hatched outline class. The cursor is a cell
/// outline the page script moves to `(cx, cy)` of the current cell.
public struct HeatmapLayout: Sendable {
    public let left: Double, top: Double, cellWidth: Double, cellHeight: Double
    public let low: Double, high: Double

    public init(chart: Chart) {
        let rowLabel = Double(chart.series.map(\.name.count).max() ?? 1)
        // Room for the row labels at the narrow drawing's text size too (a phone: twice as large).
        left = min(60 + rowLabel * ChartGeometry.charWidth * ChartGeometry.narrowTextScale, 300)
        top = 20
        let width = ChartGeometry.width - 30 - left, height = ChartGeometry.plotHeight - 70 - top
        cellWidth = width / Double(max(chart.pointCount, 1))
        cellHeight = height / Double(max(chart.series.count, 1))
        var lo = Double.infinity, hi = -Double.infinity
        for s in chart.series { for case let v? in s.values where v.isFinite { lo = min(lo, v); hi = max(hi, v) } }
        if lo > hi { (lo, hi) = (0, 1) }
        low = lo
        high = hi
    }

    public func cx(row: Int) -> Double { left + (Double(row) + 0.5) * cellWidth }
    public func cy(series: Int) -> Double { top + (Double(series) + 0.5) * cellHeight }

    /// Viridis at 9 stops (matplotlib's, as Vega's default sequential scheme), low to high.
    static let stops: [(Double, Double, Double)] = [
        (68, 1, 84), (71, 44, 122), (59, 81, 139), (44, 113, 142), (33, 144, 141),
        (39, 173, 129), (92, 200, 99), (170, 220, 50), (253, 231, 37),
    ]

    /// The fill of a value, as `#rrggbb`.
    public func colour(_ v: Double) -> String {
        let t = high > low ? min(max((v - low) / (high - low), 0), 1) : 0.5
        let p = t * Double(Self.stops.count - 1)
        let i = min(Int(p), Self.stops.count - 2), f = p - Double(i)
        let a = Self.stops[i], b = Self.stops[i + 1]
        func hex(_ x: Double, _ y: Double) -> String {
            let n = Int((x + (y - x) * f).rounded())
            let h = String(n, radix: 16)
            return n < 16 ? "0" + h : h
        }
        return "#" + hex(a.0, b.0) + hex(a.1, b.1) + hex(a.2, b.2)
    }
}

extension ChartSVG {
    func renderHeatmap(into out: inout String) {
        let chart = geometry.chart
        let h = HeatmapLayout(chart: chart)
        let speech = SpeechFormatter(chart: chart)
        let gridBottom = h.top + h.cellHeight * Double(chart.series.count)
        let w = num(h.cellWidth), ht = num(h.cellHeight)
        // One cell shape, used by every cell (its fill from the <use>): ~40 bytes a cell, so a
        // 100 × 100 heatmap's page stays well under 1 MB.
        let cell = "\(xmlEscape(idPrefix))-cell"
        out.reserveCapacity(chart.series.count * chart.pointCount * 44)
        out += "<defs><rect id=\"\(cell)\" width=\"\(w)\" height=\"\(ht)\"/></defs><g class=\"pl-series pl-heatmap\">"
        let xs = chart.xValues.indices.map { num(h.left + Double($0) * h.cellWidth) }
        for (s, series) in chart.series.enumerated() {
            out += "<g transform=\"translate(0 \(num(h.top + Double(s) * h.cellHeight)))\">"
            for (row, v) in series.values.enumerated() {
                if let v, v.isFinite {
                    out += "<use href=\"#\(cell)\" x=\"\(xs[row])\" fill=\"\(h.colour(v))\"/>"
                } else {
                    out += "<use href=\"#\(cell)\" class=\"pl-cell-gap\" x=\"\(xs[row])\"/>"
                }
            }
            out += "</g>"
        }
        out += "</g><g class=\"pl-axis pl-axis-y\">"
        let rowStep = max(1, Int((16 * ChartGeometry.narrowTextScale / max(h.cellHeight, 0.01)).rounded(.up)))  // never overlapping, on a phone either
        for s in stride(from: 0, to: chart.series.count, by: rowStep) {
            out += "<text x=\"\(num(h.left - 6))\" y=\"\(num(h.cy(series: s)))\" dy=\"0.32em\" text-anchor=\"end\">\(xmlEscape(chart.series[s].name))</text>"
        }
        out += Self.verticalTitle(chart.semantics.heatmap.rowTitle ?? "", x: 24, y: (h.top + gridBottom) / 2)
        out += "</g><g class=\"pl-axis pl-axis-x\">"
        let widest = Double(chart.xValues.indices.map { speech.xText($0).count }.max() ?? 1) * ChartGeometry.charWidth * ChartGeometry.narrowTextScale + 8
        let columnStep = max(1, Int((widest / max(h.cellWidth, 0.01)).rounded(.up)))
        for row in stride(from: 0, to: chart.pointCount, by: columnStep) {
            out += "<text x=\"\(num(h.cx(row: row)))\" y=\"\(num(gridBottom + 18))\" text-anchor=\"middle\">\(xmlEscape(speech.xText(row)))</text>"
        }
        out += "<text class=\"pl-axis-title\" x=\"\(num(h.left + h.cellWidth * Double(chart.pointCount) / 2))\" y=\"\(num(gridBottom + 42))\" text-anchor=\"middle\">\(xmlEscape(geometry.xTitle))</text>"
        out += "</g>"
        // Colour legend: the gradient as 9 swatches with the lowest and highest value.
        // The high value with its unit too, and room for it on the right at the narrow text size.
        let highText = speech.valueText(h.high)
        let legendY = gridBottom + 52, legendX = ChartGeometry.width - 9 * 16 - 8 - Double(highText.count) * ChartGeometry.charWidth * ChartGeometry.narrowTextScale
        out += "<g class=\"pl-heatmap-legend\">"
        for (i, _) in HeatmapLayout.stops.enumerated() {
            let v = h.low + (h.high - h.low) * Double(i) / Double(HeatmapLayout.stops.count - 1)
            out += "<rect x=\"\(num(legendX + Double(i) * 16))\" y=\"\(num(legendY))\" width=\"16\" height=\"10\" fill=\"\(h.colour(v))\"/>"
        }
        out += "<text x=\"\(num(legendX - 6))\" y=\"\(num(legendY + 5))\" dy=\"0.32em\" text-anchor=\"end\">\(xmlEscape(speech.valueText(h.low)))</text>"
        out += "<text x=\"\(num(legendX + 9 * 16 + 4))\" y=\"\(num(legendY + 5))\" dy=\"0.32em\">\(xmlEscape(highText))</text>"
        out += "</g>"
        // The cursor: a cell outline centred on (0, 0), moved by the script.
        out += "<g class=\"pl-cursor pl-cursor-cell\" hidden=\"\"><circle class=\"pl-cursor-dot\" cx=\"0\" cy=\"0\" r=\"0\"/>"
        out += "<rect class=\"pl-cursor-rect\" x=\"\(num(-h.cellWidth / 2))\" y=\"0\" width=\"\(w)\" height=\"\(ht)\"/></g>"
    }
}

import ChartData
import Foundation

/// Writes a chart as inline SVG: axes, grid, marks, legend and the scrubber cursor.
///
/// The SVG is a single image for assistive technology (`role="img"`, named by its `<title>`,
/// described by the summary paragraph); every text put into it goes through `xmlEscape`.
/// Colours come from CSS classes (`pl-s0` …) so light, dark and forced-colours modes all apply.
public struct ChartSVG: Sendable {
    /// Series with at least this many points are drawn min/max-downsampled.
    public static let downsamplingThreshold = 5_000
    /// Buckets for min/max downsampling (two kept points per bucket; about one per device pixel).
    static let downsamplingBuckets = 1_000
    /// At most this many points per series get a marker drawn on line and area charts.
    static let markerLimit = 60

    /// Dash patterns per series index (repeats after the last), also used in the legend.
    public static let dashPatterns = ["", "8 4", "2 3", "10 3 2 3", "5 2", "12 6"]
    /// Marker shapes centred on (0, 0), per series index.
    static let markerPaths = [
        "M-4,0a4,4 0 1,0 8,0a4,4 0 1,0 -8,0z",  // circle
        "M-3.6,-3.6h7.2v7.2h-7.2z",  // square
        "M0,-4.8L4.6,3.4H-4.6z",  // triangle
        "M0,-5.2L5.2,0L0,5.2L-5.2,0z",  // diamond
        "M-1.6,-5h3.2v3.4h3.4v3.2h-3.4v3.4h-3.2v-3.4h-3.4v-3.2h3.4z",  // plus
        "M0,4.8L4.6,-3.4H-4.6z",  // inverted triangle
    ]

    public let geometry: ChartGeometry
    /// Prefix for ids inside the SVG (the chart id), so several charts share a page.
    public let idPrefix: String

    public init(geometry: ChartGeometry, idPrefix: String) {
        self.geometry = geometry
        self.idPrefix = idPrefix
    }

    static func dash(_ series: Int) -> String { dashPatterns[series % dashPatterns.count] }

    /// Rows of one series to draw: all, or min/max-downsampled for large series.
    public static func drawnRows(_ values: [Double?]) -> [Int] {
        if values.count >= downsamplingThreshold {
            return Downsampling.minMax(values: values, buckets: downsamplingBuckets)
        }
        return Array(values.indices)
    }

    /// The complete `<svg>` element.
    public func render() -> String {
        let g = geometry
        let chart = g.chart
        let id = xmlEscape(idPrefix)
        var out = ""
        out.reserveCapacity(64 * 1024)
        // Named by its kind only: the figure carries the title and the summary, each said once.
        out += "<svg role=\"img\" aria-label=\"\(xmlEscape(chart.mark.chartKindName))\" "
        out += "viewBox=\"0 0 \(Int(ChartGeometry.width)) \(Int(ChartGeometry.height))\" class=\"pl-svg pl-mark-\(chart.mark.rawValue)\" focusable=\"false\">"
        // Everything drawn is hidden from the accessibility tree: the image is one node, named by
        // its kind (Chromium otherwise keeps tick labels as text). The title is the drawing's
        // tooltip inside the hidden group (as the svg's own <title> it would be read as its description).
        out += "<g aria-hidden=\"true\"><title id=\"\(id)-svgtitle\">\(xmlEscape(chart.title))</title><defs>"
        for (i, path) in Self.markerPaths.enumerated() {
            out += "<path id=\"\(id)-mk\(i)\" d=\"\(path)\"/>"
        }
        out += "</defs>"
        writeAxes(into: &out)
        for s in chart.series.indices {
            writeSeries(s, into: &out)
        }
        writeLegend(into: &out)
        out += "<g class=\"pl-cursor\" hidden=\"\">"
        out += "<line class=\"pl-cursor-line\" x1=\"0\" x2=\"0\" y1=\"\(num(g.plotTop))\" y2=\"\(num(g.plotBottom))\"/>"
        out += "<circle class=\"pl-cursor-dot\" cx=\"0\" cy=\"0\" r=\"6\"/></g>"
        out += "</g></svg>"
        return out
    }

    func writeAxes(into out: inout String) {
        let g = geometry
        out += "<g class=\"pl-axis pl-axis-y\">"
        for tick in g.yTicks {
            out += "<line class=\"pl-grid\" x1=\"\(num(g.plotLeft))\" x2=\"\(num(g.plotRight))\" y1=\"\(num(tick.position))\" y2=\"\(num(tick.position))\"/>"
            out += "<text x=\"\(num(g.plotLeft - 8))\" y=\"\(num(tick.position))\" dy=\"0.32em\" text-anchor=\"end\">\(xmlEscape(tick.label))</text>"
        }
        let midY = (g.plotTop + g.plotBottom) / 2
        out += "<text class=\"pl-axis-title\" transform=\"translate(18 \(num(midY))) rotate(-90)\" text-anchor=\"middle\">\(xmlEscape(g.yTitle))</text>"
        out += "</g><g class=\"pl-axis pl-axis-x\">"
        out += "<line class=\"pl-baseline\" x1=\"\(num(g.plotLeft))\" x2=\"\(num(g.plotRight))\" y1=\"\(num(g.plotBottom))\" y2=\"\(num(g.plotBottom))\"/>"
        if g.yScale.domainMin < 0, g.yScale.domainMax > 0 {
            let zero = g.y(0)
            out += "<line class=\"pl-zero\" x1=\"\(num(g.plotLeft))\" x2=\"\(num(g.plotRight))\" y1=\"\(num(zero))\" y2=\"\(num(zero))\"/>"
        }
        for tick in g.xTicks {
            out += "<line class=\"pl-tick\" x1=\"\(num(tick.position))\" x2=\"\(num(tick.position))\" y1=\"\(num(g.plotBottom))\" y2=\"\(num(g.plotBottom + 5))\"/>"
            out += "<text x=\"\(num(tick.position))\" y=\"\(num(g.plotBottom + 20))\" text-anchor=\"middle\">\(xmlEscape(tick.label))</text>"
        }
        let midX = (g.plotLeft + g.plotRight) / 2
        out += "<text class=\"pl-axis-title\" x=\"\(num(midX))\" y=\"\(num(ChartGeometry.height - 12))\" text-anchor=\"middle\">\(xmlEscape(g.xTitle))</text>"
        out += "</g>"
    }

    func writeSeries(_ s: Int, into out: inout String) {
        let g = geometry
        let chart = g.chart
        let values = chart.series[s].values
        let dash = Self.dash(s)
        let dashAttr = dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
        let marker = "#\(xmlEscape(idPrefix))-mk\(s % Self.markerPaths.count)"
        out += "<g class=\"pl-series pl-s\(s % 8)\">"
        switch chart.mark {
        case .bar:
            guard case .band(_, let band) = g.xLayout else { break }
            let group = band * 0.8
            let barWidth = group / Double(chart.series.count)
            let zero = g.y(max(min(0, g.yScale.domainMax), g.yScale.domainMin))
            if values.count >= Self.downsamplingThreshold {
                // Bars thinner than a pixel: one vertical stroke per kept (min/max) row.
                var d = ""
                for row in Self.drawnRows(values) {
                    guard let v = values[row], v.isFinite else { continue }
                    d += "M\(num(g.x(row: row))),\(num(zero))V\(num(g.y(v)))"
                }
                out += "<path class=\"pl-bar-lines\" d=\"\(d)\" fill=\"none\" stroke=\"currentColor\"\(dashAttr)/>"
                break
            }
            for row in values.indices {
                guard let v = values[row], v.isFinite else { continue }
                let x = g.x(row: row) - group / 2 + Double(s) * barWidth
                let y = g.y(v)
                let top = min(y, zero), height = abs(zero - y)
                out += "<rect class=\"pl-bar\" x=\"\(num(x))\" y=\"\(num(top))\" width=\"\(num(max(barWidth - 0.5, 0.5)))\" height=\"\(num(height))\" fill=\"currentColor\"\(dashAttr)/>"
            }
        case .point:
            for row in Self.drawnRows(values) {
                guard let v = values[row], v.isFinite else { continue }
                out += "<use href=\"\(marker)\" class=\"pl-marker\" x=\"\(num(g.x(row: row)))\" y=\"\(num(g.y(v)))\"/>"
            }
        case .line, .area:
            let rows = Self.drawnRows(values)
            let segments = Self.segments(rows: rows, values: values, downsampled: rows.count != values.count)
            if chart.mark == .area {
                let base = g.y(max(min(0, g.yScale.domainMax), g.yScale.domainMin))
                var d = ""
                for seg in segments where !seg.isEmpty {
                    d += "M\(num(g.x(row: seg[0]))),\(num(base))"
                    for row in seg { d += "L\(num(g.x(row: row))),\(num(g.y(values[row]!)))" }
                    d += "L\(num(g.x(row: seg[seg.count - 1]))),\(num(base))Z"
                }
                out += "<path class=\"pl-area\" d=\"\(d)\" fill=\"currentColor\"/>"
            }
            var d = ""
            for seg in segments where !seg.isEmpty {
                for (i, row) in seg.enumerated() {
                    d += (i == 0 ? "M" : "L") + "\(num(g.x(row: row))),\(num(g.y(values[row]!)))"
                }
            }
            out += "<path class=\"pl-line\" d=\"\(d)\" fill=\"none\" stroke=\"currentColor\"\(dashAttr)/>"
            let drawn = rows.filter { values[$0] != nil }
            if drawn.count <= Self.markerLimit {
                for row in drawn {
                    out += "<use href=\"\(marker)\" class=\"pl-marker\" x=\"\(num(g.x(row: row)))\" y=\"\(num(g.y(values[row]!)))\"/>"
                }
            }
        }
        out += "</g>"
    }

    /// Splits drawn rows into runs without missing values (a gap breaks the line). When the rows
    /// were downsampled, missing values are skipped instead, since a bucket spans many rows.
    static func segments(rows: [Int], values: [Double?], downsampled: Bool) -> [[Int]] {
        var result: [[Int]] = []
        var current: [Int] = []
        var previous = -1
        for row in rows {
            let missing = values[row].map { !$0.isFinite } ?? true
            if missing {
                if !downsampled, !current.isEmpty { result.append(current); current = [] }
                continue
            }
            if !downsampled, previous >= 0, row != previous + 1, !current.isEmpty,
                (previous + 1..<row).contains(where: { values[$0] == nil })
            {
                result.append(current)
                current = []
            }
            current.append(row)
            previous = row
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    func writeLegend(into out: inout String) {
        let g = geometry
        guard !g.legend.isEmpty else { return }
        out += "<g class=\"pl-legend\">"
        for item in g.legend {
            let dash = Self.dash(item.series)
            let dashAttr = dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
            out += "<g class=\"pl-series pl-s\(item.series % 8)\">"
            if g.chart.mark == .bar {
                out += "<rect class=\"pl-bar\" x=\"\(num(item.x + 8))\" y=\"\(num(item.y - 8))\" width=\"16\" height=\"12\" fill=\"currentColor\"\(dashAttr)/>"
            } else if g.chart.mark == .point {
                out += "<use href=\"#\(xmlEscape(idPrefix))-mk\(item.series % Self.markerPaths.count)\" class=\"pl-marker\" x=\"\(num(item.x + 16))\" y=\"\(num(item.y - 2))\"/>"
            } else {
                out += "<line class=\"pl-line\" x1=\"\(num(item.x))\" x2=\"\(num(item.x + 32))\" y1=\"\(num(item.y - 2))\" y2=\"\(num(item.y - 2))\" stroke=\"currentColor\"\(dashAttr)/>"
                out += "<use href=\"#\(xmlEscape(idPrefix))-mk\(item.series % Self.markerPaths.count)\" class=\"pl-marker\" x=\"\(num(item.x + 16))\" y=\"\(num(item.y - 2))\"/>"
            }
            out += "</g><text x=\"\(num(item.x + 40))\" y=\"\(num(item.y))\" dy=\"0.1em\">\(xmlEscape(item.name))</text>"
        }
        out += "</g>"
    }
}

/// A coordinate with at most one decimal, written quickly and without exponents.
@inline(__always)
func num(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let tenths = Int((value * 10).rounded())
    let whole = tenths / 10, fraction = abs(tenths % 10)
    if fraction == 0 { return String(whole) }
    return (tenths < 0 && whole == 0 ? "-0" : String(whole)) + "." + String(fraction)
}

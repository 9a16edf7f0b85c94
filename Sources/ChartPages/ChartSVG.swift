import ChartData
import ChartModel
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
    /// At most this many points per series get a marker drawn on line and area charts (all of
    /// them when the spec asks for points, `ChartSemantics.linePoints`).
    static let markerLimit = 60

    /// Colours (CSS classes `pl-s0` … `pl-s5`, the distinct Okabe–Ito colours that keep 3:1
    /// contrast in light and dark mode) × dash patterns: series i has colour i mod 6 and dash
    /// ⌊i / 6⌋ mod 4, so the first 24 series all differ in colour or dash, and their markers
    /// (shifted by ⌊i / 6⌋) differ too. Also used in the legend.
    public static let colourCount = 6
    public static let dashPatterns = ["", "8 4", "2 3", "10 3 2 3"]
    /// Series that get a unique colour × dash × marker combination.
    public static let distinctStyles = colourCount * dashPatterns.count
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

    static func dash(_ series: Int) -> String { dashPatterns[(series / colourCount) % dashPatterns.count] }
    static func colour(_ series: Int) -> Int { series % colourCount }
    static func marker(_ series: Int) -> Int { (series + series / colourCount) % markerPaths.count }

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
        let kind = chart.mark == .arc ? SpeechFormatter(chart: chart).kindName : nil  // a donut is named so
        out += "<svg role=\"img\" aria-label=\"\(xmlEscape(kind ?? Messages(tag: chart.options.language ?? "en")[chart.kindKey]))\" "
        // A narrow drawing (a phone, a panel) stands taller than its viewBox (pitchline.css,
        // `pl-stretch`): only a vertical cartesian chart of the standard height, never a pie.
        let stretch = chart.mark != .arc && !g.horizontal && g.height == ChartGeometry.plotHeight
        out += "viewBox=\"0 0 \(Int(ChartGeometry.width)) \(Int(g.height))\"\(stretch ? " preserveAspectRatio=\"none\"" : "") "
        out += "class=\"pl-svg pl-mark-\(chart.mark.rawValue)\(g.horizontal ? " pl-horizontal" : "")\(stretch ? " pl-stretch" : "")\" "
        // The plot box (left top right bottom), for tools that compare the drawing (vegalite-diff/drawing.py).
        out += "data-plot=\"\(num(g.plotLeft)) \(num(g.plotTop)) \(num(g.plotRight)) \(num(g.plotBottom))\" focusable=\"false\">"
        // Everything drawn is hidden from the accessibility tree: the image is one node, named by
        // its kind (Chromium otherwise keeps tick labels as text). The title is the drawing's
        // tooltip inside the hidden group (as the svg's own <title> it would be read as its description).
        out += "<g aria-hidden=\"true\"><title id=\"\(id)-svgtitle\">\(xmlEscape(chart.title))</title><defs>"
        for (i, path) in Self.markerPaths.enumerated() {
            out += "<path id=\"\(id)-mk\(i)\" d=\"\(path)\"/>"
        }
        out += "</defs>"
        switch chart.semantics.kind {
        case .arc:  // ChartSVG+Arc.swift: the current slice is outlined, no cursor
            renderArc(into: &out)
            return out + "</g></svg>"
        case .heatmap:  // ChartSVG+Heatmap.swift
            renderHeatmap(into: &out)
            return out + "</g></svg>"
        case .series, .boxPlot, .errorRange, .candlestick:
            break
        }
        if g.horizontal { writeHorizontalAxes(into: &out) } else { writeAxes(into: &out) }
        // Marks and cursor share the row/value coordinates of `ChartGeometry` (swapped when horizontal).
        out += g.marksTransform.map { "<g transform=\"\($0)\">" } ?? "<g>"
        writeBands(into: &out)  // layers: bands under the lines (ChartSVG+Layers.swift)
        switch chart.semantics.kind {
        case .boxPlot:
            writeBoxPlot(into: &out)  // ChartSVG+Box.swift
        case .candlestick(let c):  // the wicks (low–high) as the series' rules, then the bodies or ticks
            for s in chart.series.indices { writeSeries(s, into: &out) }
            writeCandles(c, into: &out)  // ChartSVG+Candlestick.swift
        case .series, .errorRange, .arc, .heatmap:
            for s in chart.series.indices { writeSeries(s, into: &out) }
        }
        // A horizontal chart's stems and connectors run in the swapped coordinates too.
        if g.horizontal { writeLayerShapes(into: &out) }
        out += "</g>"
        // Value labels on top of the marks (vertical charts; a horizontal chart's are under the plot).
        if !g.horizontal {
            writeYLabels(into: &out)
            writeLayerShapes(into: &out)  // layers: stems, connectors (ChartSVG+Layers.swift)
        }
        writeAnnotations(into: &out)  // layers: rules and labels, upright on the screen
        // The cursor shares the marks' coordinates (the same group transform).
        out += g.marksTransform.map { "<g transform=\"\($0)\">" } ?? "<g>"
        let (valueStart, valueEnd) = g.valueExtent
        out += "<g class=\"pl-cursor\" hidden=\"\">"
        out += "<line class=\"pl-cursor-line\" x1=\"0\" x2=\"0\" y1=\"\(num(valueStart))\" y2=\"\(num(valueEnd))\"/>"
        out += "<circle class=\"pl-cursor-dot\" cx=\"0\" cy=\"0\" r=\"6\"/></g>"
        out += "</g></g></svg>"
        return out
    }

    /// An axis title turned to run up the left side, centred on (`x`, `y`). The turn is its
    /// group's, so the text itself can be kept unstretched in a taller drawing (pitchline.css).
    static func verticalTitle(_ title: String, x: Double, y: Double) -> String {
        "<g transform=\"translate(\(num(x)) \(num(y))) rotate(-90)\"><text class=\"pl-axis-title pl-axis-title-turned\" text-anchor=\"middle\">\(xmlEscape(title))</text></g>"
    }

    /// The value axis' tick labels, drawn after the marks (on top of them).
    func writeYLabels(into out: inout String) {
        let g = geometry
        out += "<g class=\"pl-axis pl-axis-y pl-axis-y-labels\">"
        for tick in g.yTicks {
            out += "<text x=\"\(num(g.plotLeft - 8))\" y=\"\(num(tick.position))\" dy=\"0.32em\" text-anchor=\"end\">\(xmlEscape(tick.label))</text>"
        }
        out += "</g>"
    }

    func writeAxes(into out: inout String) {
        let g = geometry
        out += "<g class=\"pl-axis pl-axis-y\">"
        for tick in g.yTicks {
            out += "<line class=\"pl-grid\" x1=\"\(num(g.plotLeft))\" x2=\"\(num(g.plotRight))\" y1=\"\(num(tick.position))\" y2=\"\(num(tick.position))\"/>"
        }
        let midY = (g.plotTop + g.plotBottom) / 2
        out += Self.verticalTitle(g.yTitle, x: 18, y: midY)
        out += "</g><g class=\"pl-axis pl-axis-x\">"
        out += "<line class=\"pl-baseline\" x1=\"\(num(g.plotLeft))\" x2=\"\(num(g.plotRight))\" y1=\"\(num(g.plotBottom))\" y2=\"\(num(g.plotBottom))\"/>"
        if g.zeroInside {
            let zero = g.y(0)
            out += "<line class=\"pl-zero\" x1=\"\(num(g.plotLeft))\" x2=\"\(num(g.plotRight))\" y1=\"\(num(zero))\" y2=\"\(num(zero))\"/>"
        }
        // Every other label is `pl-tick-alt`: on a phone the text is larger and those step aside.
        let keepsEvery = g.xTicks.count > 1 && (g.xTicks[1].position - g.xTicks[0].position) >= 180
        for (i, tick) in g.xTicks.enumerated() {
            out += "<line class=\"pl-tick\" x1=\"\(num(tick.position))\" x2=\"\(num(tick.position))\" y1=\"\(num(g.plotBottom))\" y2=\"\(num(g.plotBottom + 5))\"/>"
            let alt = i % 2 == 1 && !keepsEvery ? " class=\"pl-tick-alt\"" : ""
            out += "<text\(alt) x=\"\(num(tick.position))\" y=\"\(num(g.plotBottom + 20))\" text-anchor=\"middle\">\(xmlEscape(tick.label))</text>"
        }
        let midX = (g.plotLeft + g.plotRight) / 2
        out += "<text class=\"pl-axis-title\" x=\"\(num(midX))\" y=\"\(num(g.plotBottom + 46))\" text-anchor=\"middle\">\(xmlEscape(g.xTitle))</text>"
        out += "</g>"
        writeSecondAxis(into: &out)
    }

    func writeSeries(_ s: Int, into out: inout String) {
        if geometry.secondAxis?.series.contains(s) == true {  // a dual-axis chart's second layer, on its own scale
            return ChartSVG(geometry: geometry.forSeries(s), idPrefix: idPrefix).writeSeries(s, into: &out)
        }
        let g = geometry
        let chart = g.chart
        let values = chart.drawnValues(series: s)  // invalid values at zero when the spec shows them (Chart+Invalid.swift)
        let dash = Self.dash(s)
        let dashAttr = dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
        let marker = "#\(xmlEscape(idPrefix))-mk\(Self.marker(s))"
        // data-series: the page's legend toggles and point selections find a series' marks (issue 28).
        out += "<g class=\"pl-series pl-s\(Self.colour(s))\" data-series=\"\(s)\">"
        let mark = chart.drawnMark(series: s)
        switch mark {
        case .bar:
            writeBars(s, values: values, dashAttr: dashAttr, into: &out)
        case .point where chart.series[s].details.contains { $0.size != nil }:
            writeSizedPoints(s, values: values, into: &out)
        case .point:
            for row in Self.drawnRows(values) {
                guard let v = values[row], v.isFinite else { continue }
                out += "<use href=\"\(marker)\" class=\"pl-marker\" x=\"\(num(g.x(row: row)))\" y=\"\(num(g.y(v)))\"\(Self.colourAttribute(chart.series[s], row))/>"
            }
        case .arc, .rect: break  // drawn by renderArc / renderHeatmap
        case .boxplot, .errorbar, .errorband, .tick, .rule, .text:
            writeOwnMark(s, into: &out)  // ChartSVG+Box.swift
        case .line, .area:
            writeLine(s, area: mark == .area, values: values, dashAttr: dashAttr, marker: marker, into: &out)
        }
        out += "</g>"
    }

    /// A bar series: bars side by side in the band (or stacked segments, ranges); one stroke per
    /// kept row when the bars would be thinner than a pixel.
    func writeBars(_ s: Int, values: [Double?], dashAttr: String, into out: inout String) {
        let g = geometry
        let chart = g.chart
        let group = Self.barGroupWidth(g)
        // Stacked segments share the band (each from its lower to its upper bound); other
        // bar series stand side by side.
        let stacked = chart.semantics.stack != nil
        let bars = chart.series.indices.filter { chart.drawnMark(series: $0) == .bar }
        let barWidth = stacked ? group : group / Double(max(1, bars.count))
        let slot = stacked ? 0 : bars.firstIndex(of: s) ?? 0
        let zero = g.y(g.baseValue)
        // Range bars (x/x2): a row without its end is a mark at its start, not a bar from the axis.
        let rangeBars = !stacked && chart.series[s].details.contains { $0.lower != nil && $0.upper != nil }
        if values.count >= Self.downsamplingThreshold {
            // Bars thinner than a pixel: one vertical stroke per kept (min/max) row.
            var d = ""
            for row in Self.drawnRows(values) {
                guard let v = values[row], v.isFinite else { continue }
                d += "M\(num(g.x(row: row))),\(num(zero))V\(num(g.y(v)))"
            }
            out += "<path class=\"pl-bar-lines\" d=\"\(d)\" fill=\"none\" stroke=\"currentColor\"\(dashAttr)/>"
            return
        }
        let details = chart.series[s].details
        for row in values.indices {
            guard let v = values[row], v.isFinite else { continue }
            let x = g.x(row: row) - group / 2 + Double(slot) * barWidth
            var (y, base) = (g.y(v), zero)
            // A range (x2/y2: a waterfall step, a Gantt bar) or a stack segment spans its bounds.
            if details.indices.contains(row), let lo = details[row].lower, let hi = details[row].upper {
                (y, base) = (g.y(hi), g.y(lo))
            } else if rangeBars {
                base = y
            }
            let top = min(y, base) - (base == y ? 1 : 0), height = max(abs(base - y), 2)
            out += "<rect class=\"pl-bar\" x=\"\(num(x))\" y=\"\(num(top))\" width=\"\(num(max(barWidth - 0.5, 0.5)))\" height=\"\(num(height))\" fill=\"currentColor\"\(dashAttr)\(Self.colourAttribute(chart.series[s], row))/>"
        }
    }

    /// The width a row's bars share: on bands, 80 % of the band; on a continuous row axis (dates: a
    /// candlestick's bodies), a fixed width as Vega-Lite's `continuousBandSize`, narrower where rows
    /// stand closer.
    static func barGroupWidth(_ g: ChartGeometry) -> Double {
        switch g.xLayout {
        case .band(_, let band): abs(band) * 0.8
        case .linear: continuousBarWidth(g)
        }
    }

    /// A bar's width on a continuous row axis: 0.6 of the closest rows' distance, 2 to 12 units.
    static func continuousBarWidth(_ g: ChartGeometry) -> Double {
        let xs = g.chart.xValues.indices.map { g.x(row: $0) }.sorted()
        let closest = zip(xs, xs.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.min() ?? 20
        return min(max(closest * 0.6, 2), 12)
    }

    /// Points whose area is their `size` value (a bubble chart), as Vega-Lite's default size scale
    /// draws them: area from 0 at 0 to `maxArea` px² at the largest size of the chart.
    func writeSizedPoints(_ s: Int, values: [Double?], into out: inout String) {
        let g = geometry, chart = g.chart
        let largest = chart.series.flatMap { $0.details.compactMap(\.size) }.map(abs).max() ?? 0
        for row in Self.drawnRows(values) {
            guard let v = values[row], v.isFinite else { continue }
            let size = chart.series[s].details.indices.contains(row) ? chart.series[s].details[row].size : nil
            let area = largest > 0 ? Self.maxArea * abs(size ?? 0) / largest : Self.maxArea / 4
            let r = max(1, (area / Double.pi).squareRoot())
            out += "<circle class=\"pl-marker pl-sized\" cx=\"\(num(g.x(row: row)))\" cy=\"\(num(g.y(v)))\" r=\"\(num(r))\"\(Self.colourAttribute(chart.series[s], row))/>"
        }
    }

    /// The largest point's area in px² (Vega-Lite's default `maxSize` for points on continuous axes).
    static let maxArea = 361.0

    /// The author's colour for this point (a condition on its datum, `PointDetail.colour`) as the
    /// mark's own `color`, which its `currentColor` fill or stroke takes; "" for the series' colour.
    static func colourAttribute(_ series: Series, _ row: Int) -> String {
        guard series.details.indices.contains(row), let colour = series.details[row].colour else { return "" }
        return " color=\"\(xmlEscape(colour))\""
    }

    /// A line (with the area under it, or its band, for an area mark) broken at gaps, with
    /// markers when there are few enough points.
    func writeLine(_ s: Int, area: Bool, values: [Double?], dashAttr: String, marker: String, into out: inout String) {
        let g = geometry
        let chart = g.chart
        var rows = Self.drawnRows(values)
        var segments = Self.segments(rows: rows, values: values, downsampled: rows.count != values.count)
        if chart.semantics.pathOrder != nil, let own = chart.series[s].pointRows {
            // A connected scatter plot's series runs along its own rows only (the others' rows between are no gap).
            rows = own
            segments = Self.segments(rows: Array(own.indices), values: own.map { values[$0] }, downsampled: false).map { $0.map { own[$0] } }
        }
        // A stacked layer or a y/y2 band spans its bounds (`details.lower/upper`); a stacked
        // layer's line runs along its top.
        let bounds = chart.series[s].details
        let stacked = chart.semantics.stack != nil && !bounds.isEmpty
        let lineY = { (row: Int) in g.y((stacked ? bounds[row].upper : nil) ?? values[row]!) }
        if area {
            let base = g.baseValue
            let upper = { (row: Int) in g.y(row < bounds.count ? bounds[row].upper ?? values[row]! : values[row]!) }
            let lower = { (row: Int) in g.y(row < bounds.count ? bounds[row].lower ?? base : base) }
            var d = ""
            for seg in segments where !seg.isEmpty {
                for (i, row) in seg.enumerated() { d += (i == 0 ? "M" : "L") + "\(num(g.x(row: row))),\(num(upper(row)))" }
                for row in seg.reversed() { d += "L\(num(g.x(row: row))),\(num(lower(row)))" }
                d += "Z"
            }
            // A range area (y to y2, not stacked) is the band alone, as Vega-Lite draws it: no
            // line and points along its lower values; filled stronger (`pl-range`) to stand out without them.
            let ranged = !stacked && bounds.contains { $0.lower != nil && $0.upper != nil }
            out += "<path class=\"pl-area\(ranged ? " pl-range" : "")\" d=\"\(d)\" fill=\"currentColor\"/>"
            if ranged { return }
        }
        var d = ""
        for seg in segments where !seg.isEmpty {
            for (i, row) in seg.enumerated() {
                d += (i == 0 ? "M" : "L") + "\(num(g.x(row: row))),\(num(lineY(row)))"
            }
        }
        out += "<path class=\"pl-line\" d=\"\(d)\" fill=\"none\" stroke=\"currentColor\"\(dashAttr)/>"
        let drawn = rows.filter { values[$0] != nil }
        if drawn.count <= Self.markerLimit || chart.semantics.linePoints {  // the author's `mark.point`: all of them
            for row in drawn {
                out += "<use href=\"\(marker)\" class=\"pl-marker\" x=\"\(num(g.x(row: row)))\" y=\"\(num(lineY(row)))\"/>"
            }
        }
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

    /// The legend: an HTML list after the drawing that wraps with the page (text at the page's
    /// size, never scaled down with the drawing), one swatch per series with its colour, dash
    /// and marker. Hidden from assistive technology: the summary names every series.
    public func legendHTML() -> String {
        let g = geometry
        if g.chart.mark == .arc { return arcLegendHTML() }
        guard !g.legend.isEmpty, g.chart.mark != .rect else { return "" }  // a heatmap's legend is in the drawing
        let id = xmlEscape(idPrefix)
        var out = "<ul class=\"pl-legend\" aria-hidden=\"true\">"
        for item in g.legend {
            let dash = Self.dash(item.series)
            let dashAttr = dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
            out += "<li><svg class=\"pl-swatch\" viewBox=\"0 0 36 14\" width=\"36\" height=\"14\" focusable=\"false\">"
            out += "<defs><path id=\"\(id)-lg\(item.series)\" d=\"\(Self.markerPaths[Self.marker(item.series)])\"/></defs>"
            out += "<g class=\"pl-series pl-s\(Self.colour(item.series))\">"
            if g.chart.mark == .bar {
                out += "<rect class=\"pl-bar\" x=\"10\" y=\"1\" width=\"16\" height=\"12\" fill=\"currentColor\"/>"
            } else {
                if g.chart.mark != .point {
                    out += "<line class=\"pl-line\" x1=\"0\" x2=\"36\" y1=\"7\" y2=\"7\" stroke=\"currentColor\"\(dashAttr)/>"
                }
                out += "<use href=\"#\(id)-lg\(item.series)\" class=\"pl-marker\" x=\"18\" y=\"7\"/>"
            }
            out += "</g></svg>\(xmlEscape(item.name))</li>"
        }
        return out + "</ul>"
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

import ChartData

extension ChartSVG {
    /// Axes of a horizontal chart: the rows down the left side (band labels or a continuous
    /// scale), the values along the bottom with vertical grid lines. The marks are written by
    /// `writeSeries` as for a vertical chart, inside the axis-swapping group.
    func writeHorizontalAxes(into out: inout String) {
        let g = geometry
        out += "<g class=\"pl-axis pl-axis-y\">"
        out += "<line class=\"pl-baseline\" x1=\"\(num(g.plotLeft))\" x2=\"\(num(g.plotLeft))\" y1=\"\(num(g.plotTop))\" y2=\"\(num(g.plotBottom))\"/>"
        // Labels closer than two lines apart step aside on a phone, where the text is larger.
        let crowded = g.xTicks.count > 1 && abs(g.xTicks[1].position - g.xTicks[0].position) < 2 * ChartGeometry.fontSize + 6
        for (i, tick) in g.xTicks.enumerated() {
            out += "<line class=\"pl-tick\" x1=\"\(num(g.plotLeft - 5))\" x2=\"\(num(g.plotLeft))\" y1=\"\(num(tick.position))\" y2=\"\(num(tick.position))\"/>"
            let alt = i % 2 == 1 && crowded ? " class=\"pl-tick-alt\"" : ""
            out += "<text\(alt) x=\"\(num(g.plotLeft - 8))\" y=\"\(num(tick.position))\" dy=\"0.32em\" text-anchor=\"end\">\(xmlEscape(Self.shortened(tick.label)))</text>"
        }
        let midY = (g.plotTop + g.plotBottom) / 2
        out += "<text class=\"pl-axis-title\" transform=\"translate(18 \(num(midY))) rotate(-90)\" text-anchor=\"middle\">\(xmlEscape(g.xTitle))</text>"
        out += "</g><g class=\"pl-axis pl-axis-x\">"
        let keepsEvery = g.yTicks.count > 1 && abs(g.yTicks[1].position - g.yTicks[0].position) >= 180
        for (i, tick) in g.yTicks.enumerated() {
            out += "<line class=\"pl-grid\" x1=\"\(num(tick.position))\" x2=\"\(num(tick.position))\" y1=\"\(num(g.plotTop))\" y2=\"\(num(g.plotBottom))\"/>"
            let alt = i % 2 == 1 && !keepsEvery ? " class=\"pl-tick-alt\"" : ""
            out += "<text\(alt) x=\"\(num(tick.position))\" y=\"\(num(g.plotBottom + 20))\" text-anchor=\"middle\">\(xmlEscape(tick.label))</text>"
        }
        if g.zeroInside {
            let zero = g.y(0)
            out += "<line class=\"pl-zero\" x1=\"\(num(zero))\" x2=\"\(num(zero))\" y1=\"\(num(g.plotTop))\" y2=\"\(num(g.plotBottom))\"/>"
        }
        let midX = (g.plotLeft + g.plotRight) / 2
        out += "<text class=\"pl-axis-title\" x=\"\(num(midX))\" y=\"\(num(g.plotBottom + 46))\" text-anchor=\"middle\">\(xmlEscape(g.yTitle))</text>"
        out += "</g>"
    }

    /// A row label cut to `ChartGeometry.rowLabelLimit` characters with "…".
    static func shortened(_ label: String) -> String {
        label.count <= ChartGeometry.rowLabelLimit ? label : String(label.prefix(ChartGeometry.rowLabelLimit - 1)) + "…"
    }
}

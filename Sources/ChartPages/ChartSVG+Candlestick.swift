import ChartData
import ChartModel

extension ChartSVG {
    /// A candlestick's bodies (a bar from open to close, as the spec's `bar` layer) or an OHLC
    /// chart's open and close ticks (left and right of the wick), over the wicks that the series'
    /// rules draw; each in the author's colour for its row (a condition such as up green, down red).
    func writeCandles(_ c: CandlestickInfo, into out: inout String) {
        let g = geometry
        guard let series = g.chart.series.first, c.open.count == g.chart.xValues.count else { return }
        let width = max(Self.barGroupWidth(g) - 0.5, 0.5)
        out += "<g class=\"pl-series pl-s0 pl-candles\">"
        for row in c.open.indices {
            guard let open = c.open[row], let close = c.close[row], open.isFinite, close.isFinite else { continue }
            let x = g.x(row: row), colour = Self.colourAttribute(series, row)
            let (yOpen, yClose) = (g.y(open), g.y(close))
            switch c.style {
            case .candlestick:
                let top = min(yOpen, yClose), height = max(abs(yOpen - yClose), 1)
                out += "<rect class=\"pl-bar\" x=\"\(num(x - width / 2))\" y=\"\(num(top))\" width=\"\(num(width))\" height=\"\(num(height))\" fill=\"currentColor\"\(colour)/>"
            case .ohlc:
                let d = "M\(num(x - width / 2)),\(num(yOpen))H\(num(x))M\(num(x)),\(num(yClose))H\(num(x + width / 2))"
                out += "<path class=\"pl-tickmark\" d=\"\(d)\" stroke=\"currentColor\" fill=\"none\"\(colour)/>"
            }
        }
        out += "</g>"
    }
}

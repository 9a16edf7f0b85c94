import Foundation

/// What a candlestick or OHLC chart carries beyond the one model: each row's open, high, low
/// and close. The chart's one series holds the closes (its values: statistics of the centre,
/// shape, trend and pitch follow the close) with each row's low–high range as
/// `PointDetail.lower`/`upper` (the wick, which the value axis includes).
public struct CandlestickInfo: Sendable, Equatable {
    /// How the open and close are drawn: a body from open to close (`bar` layer) or ticks (`tick` layers).
    public enum Style: String, Sendable, Equatable { case candlestick, ohlc }
    /// Whether a row closed above its open, below it, or at it.
    public enum Direction: String, Sendable, Equatable { case up, down, unchanged }

    public var style: Style
    /// Per row (aligned with `Chart.xValues`); nil where the source has no value.
    public var open: [Double?]
    public var high: [Double?]
    public var low: [Double?]
    public var close: [Double?]
    /// The source's field names of open, high, low and close, in that order (the CSV's header).
    public var fields: [String]
    /// The source's other columns (a signal, a return…), each row's text, for the CSV download.
    public var otherColumns: [SourceColumn] = []

    /// A source column kept for the download: its name and each row's cell text (nil: empty).
    public struct SourceColumn: Sendable, Equatable {
        public var name: String
        public var texts: [String?]

        package init(name: String, texts: [String?]) {
            self.name = name
            self.texts = texts
        }
    }

    /// Every field (the memberwise initializer, for ChartData's builders and the tests).
    package init(
        style: Style, open: [Double?], high: [Double?], low: [Double?], close: [Double?], fields: [String],
        otherColumns: [SourceColumn] = []
    ) {
        self.style = style
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.fields = fields
        self.otherColumns = otherColumns
    }

    /// Up when the close is above the open (Vega-Lite's gallery colours it green), down below.
    public func direction(row: Int) -> Direction? {
        guard open.indices.contains(row), let o = open[row], let c = close[row] else { return nil }
        return c > o ? .up : c < o ? .down : .unchanged
    }
}

extension Chart {
    /// A candlestick or OHLC chart's prices per row; nil for the other kinds.
    public var candlestick: CandlestickInfo? { if case .candlestick(let c) = semantics.kind { c } else { nil } }
}

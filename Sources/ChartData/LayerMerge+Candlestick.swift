import ChartModel
import Foundation
import SpecReading
import VegaLite

/// A candlestick (a `rule` from low to high under a `bar` from open to close, the Vega-Lite
/// gallery's `layer_candlestick`) or an OHLC chart (the rule with a `tick` at the open and one
/// at the close) read as one chart of kind `.candlestick`: one series of closes (pitch follows
/// the close) with each row's low–high range, and the four prices per row in `CandlestickInfo`.
extension LayerMerge {
    /// The candlestick the data layers make, or nil when they are something else.
    func candlestick() -> Chart? {
        let data = parts.filter { !$0.isBand && !$0.isTrend }
        guard let rule = data.first(where: { $0.spec.markName == "rule" }), Self.isPriceLayer(rule, ranged: true) else { return nil }
        let others = data.filter { $0.index != rule.index }
        let style: CandlestickInfo.Style
        var open: [Double?], close: [Double?]
        var fields: (open: String, close: String)
        if others.count == 1, others[0].spec.markName == "bar", Self.isPriceLayer(others[0], ranged: true), others[0].chart.xValues == rule.chart.xValues {
            // The body: y is the open and y2 the close (as the gallery writes it), unless the names say otherwise.
            let body = others[0], d = body.chart.series[0].details
            guard let y = body.spec.channel("y")?.field, let y2 = body.spec.channel("y2")?.field else { return nil }
            let swapped = Self.names(y, "close") && Self.names(y2, "open")
            open = d.map { swapped ? $0.upper : $0.lower }
            close = d.map { swapped ? $0.lower : $0.upper }
            fields = swapped ? (y2, y) : (y, y2)
            style = .candlestick
        } else if others.count == 2, others.allSatisfy({ $0.spec.markName == "tick" && Self.isPriceLayer($0, ranged: false) && $0.chart.xValues == rule.chart.xValues }) {
            // OHLC: a tick at the open and one at the close, told apart by their fields' names (else in layer order).
            guard let a = others[0].spec.channel("y")?.field, let b = others[1].spec.channel("y")?.field else { return nil }
            let swapped = Self.names(a, "close") || Self.names(b, "open")
            let (o, c) = swapped ? (others[1], others[0]) : (others[0], others[1])
            open = o.chart.series[0].values
            close = c.chart.series[0].values
            fields = swapped ? (b, a) : (a, b)
            style = .ohlc
        } else {
            return nil
        }
        guard let ruleY = rule.spec.channel("y")?.field, let ruleY2 = rule.spec.channel("y2")?.field else { return nil }
        let wicks = rule.chart.series[0].details
        let low = wicks.map { d in d.lower.flatMap { a in d.upper.map { min(a, $0) } } }
        let high = wicks.map { d in d.lower.flatMap { a in d.upper.map { max(a, $0) } } }
        // The field holding the lows: the one whose values are lower in most rows.
        let yLow = wicks.filter { ($0.lower ?? 0) <= ($0.upper ?? 0) }.count * 2 >= wicks.count
        let info = CandlestickInfo(style: style, open: open, high: high, low: low, close: close,
                                   fields: [fields.open, yLow ? ruleY2 : ruleY, yLow ? ruleY : ruleY2, fields.close])

        var chart = rule.chart
        var series = chart.series[0]
        series.values = close
        // Each row's wick and the author's colour for it (a condition such as up green, down red).
        series.details = wicks.indices.map { row in
            var d = PointDetail()
            (d.lower, d.upper, d.colour) = (low[row], high[row], wicks[row].colour)
            return d
        }
        series.sourceKey = fields.close
        series.sourceIndex = 0
        chart.series = [series]
        chart.y.field = fields.close
        var semantics = chart.semantics
        semantics.kind = .candlestick(info)
        semantics.idiom = nil
        semantics.extraFields = []
        semantics.seriesLayers = []
        semantics.notes += [Self.note(rule, "the low–high range of each \(style == .candlestick ? "candle" : "bar")")]
            + others.map { Self.note($0, style == .candlestick ? "the open–close body of each candle" : "the \($0.index == others[0].index ? "first" : "second") of open and close") }
            + ["read as one \(style == .candlestick ? "candlestick" : "OHLC") chart: open, high, low and close per row; the pitch follows the close"]
            + labelNotes
        semantics.annotations = placedAnnotations(annotations, rowsOn: "x", xValues: chart.xValues)
        chart.semantics = semantics
        return chart
    }

    /// A layer of one series over the same rows as a candle needs: vertical, no repeated or
    /// aggregated rows, y (and y2 when `ranged`) read from fields.
    static func isPriceLayer(_ p: Part, ranged: Bool) -> Bool {
        let spec = p.spec
        guard p.chart.series.count == 1, p.chart.series[0].pointRows == nil, p.chart.semantics.orientation == .vertical,
              p.chart.semantics.stack == nil, let y = spec.channel("y"), y.field != nil, y.aggregate == nil,
              Set(p.chart.xValues).count == p.chart.xValues.count else { return false }
        guard ranged else { return spec.channel("y2") == nil }
        guard let y2 = spec.channel("y2"), y2.field != nil, y2.aggregate == nil else { return false }
        return p.chart.series[0].details.count == p.chart.xValues.count
    }

    /// A field named like `word` ("Close", "close_price", "adj close").
    static func names(_ field: String, _ word: String) -> Bool { field.lowercased().contains(word) }
}

extension ChartLoader {
    /// A candlestick's other source columns (a signal, a return…), each row's text, so the CSV
    /// download keeps every column of the source: read from the body layer's data after its
    /// transforms, matched to the chart's rows by the row field.
    static func addSourceColumns(_ chart: inout Chart, leaves: [LayerLeaf], file: String, readFile: (String) throws -> Data) {
        guard var info = chart.candlestick,
              let leaf = leaves.first(where: { $0.spec.channel("y")?.field == info.fields[0] || $0.spec.channel("y2")?.field == info.fields[0] }),
              let xField = leaf.spec.channel("x")?.field,
              var frame = try? leaf.frame(leaf.spec, file: file, readFile: readFile) else { return }
        let temporal = leaf.spec.channel("x")?.type == .temporal
        if temporal, let column = frame.column(xField) { frame.setColumn(xField, column.map(SpecData.toDate)) }
        guard let transformed = try? SpecTransforms.apply(leaf.spec.transforms, to: frame, spec: leaf.spec, file: file, readFile: readFile),
              let keys = transformed.column(xField) else { return }
        frame = transformed
        let rowOf = Dictionary(chart.xValues.enumerated().map { ($1, $0) }) { a, _ in a }
        let datumRows: [Int?] = keys.map { v in
            let key: XValue? = if temporal, case .date(let ms) = v, ms.isFinite { .date(Date(timeIntervalSince1970: ms / 1000)) }
                else if let n = v.validNumber { .number(n) } else if v.isValid { .category(ChartBuilder.text(v)) } else { nil }
            return key.flatMap { rowOf[$0] }
        }
        // The drawing's own colour column (a condition's value per datum) is no source column.
        let used = Set([xField, ChartSpec.colourColumn] + info.fields)
        info.otherColumns = frame.fields.filter { !used.contains($0) }.compactMap { name in
            guard let column = frame.column(name) else { return nil }
            var texts = [String?](repeating: nil, count: chart.pointCount)
            for (datum, row) in datumRows.enumerated() {
                guard let row, column[datum].isValid else { continue }
                texts[row] = column[datum].validNumber.map(TextFormat.plainNumber) ?? ChartBuilder.text(column[datum])
            }
            return CandlestickInfo.SourceColumn(name: name, texts: texts)
        }
        chart.semantics.kind = .candlestick(info)
    }
}

import ChartModel
import Foundation
import SpecReading

extension Chart {
    /// What names an arc chart's kind beyond its mark: "radial" (slices of different radii, or
    /// arcs that are not one pie: unstacked, theta to theta2), "donut" (a hole in the middle),
    /// nil for a pie and every other mark.
    public var kindVariant: String? {
        if let c = candlestick { return c.style.rawValue }  // "candlestick", "ohlc"
        guard mark == .arc else { return nil }
        if semantics.arc.radii != nil || !semantics.arc.thetaStacked { return "radial" }
        return (semantics.arc.innerRadius ?? 0) > 0 ? "donut" : nil
    }

    /// The catalogue key of the kind with its indefinite article, for inside a sentence ("a
    /// heatmap", "eine Heatmap", "une carte de chaleur"): the article agrees with the noun in the
    /// catalogue, once per language, never chosen in code.
    public var kindPhraseKey: MessageKey { .family(.kind, kindWord + ".a") }
}

extension ChartBuilder {
    /// Where Vega-Lite draws each slice (vega-lite stack.ts): `stacked`, each starts where the
    /// one before in its group ends (`groups`: the radius value when radius reads another field,
    /// so equal radii share a stack; nil: one stack); `ranged`, from theta to theta2 (the
    /// details' lower and upper); else from zero. A missing or negative value has no slice.
    static func arcSpans(values: [Double?], details: [PointDetail], groups: [Double?]?, stacked: Bool, ranged: Bool) -> [ArcInfo.ArcSpan?] {
        var ends: [Double?: Double] = [:]
        return values.indices.map { row in
            if ranged {
                guard details.indices.contains(row), let a = details[row].lower, let b = details[row].upper else { return nil }
                return .init(start: min(a, b), end: max(a, b))
            }
            guard let v = values[row], v >= 0 else { return nil }
            guard stacked else { return .init(start: 0, end: v) }
            let group = groups?[row] ?? nil
            let start = ends[group] ?? 0
            ends[group] = start + v
            return .init(start: start, end: start + v)
        }
    }

    /// A pie's series with each slice's share of the total (`PointDetail.share`, 0…1); a missing
    /// or negative value has no share (Vega-Lite draws no slice for it).
    static func withShares(_ s: Series) -> Series {
        var s = s
        let total = s.values.reduce(0.0) { $0 + max($1 ?? 0, 0) }
        if s.details.isEmpty { s.details = [PointDetail](repeating: PointDetail(), count: s.values.count) }
        for (row, v) in s.values.enumerated() {
            if let v, v >= 0, total > 0 { s.details[row].share = v / total }
        }
        return s
    }
}

extension Chart {
    /// The name of each audio graph download, aligned with `renditionValues`.
    public func renditionNames(_ m: Messages) -> [String] {
        mark == .rect ? [m[.rectRendition, ["rows": m.plural(.countRows, count: series.count)]]] : series.map(\.name)
    }

    /// The kind's own summary as sentences (pie: the largest shares; heatmap: where the highs and
    /// lows are, by cell, column and row; box plot: the groups' medians and spreads; candlestick:
    /// the closes, extremes and directions); nil for series and error ranges (the series summary).
    func kindSummary(_ speech: SpeechFormatter) -> [Sentence]? {
        switch semantics.kind {
        case .arc: return arcSummary(speech)
        case .heatmap: return heatmapSummary(speech)
        case .boxPlot(let box): return boxPlotSummary(box, speech)
        case .candlestick(let c): return candlestickSummary(c, speech)
        case .series, .errorRange: return nil
        }
    }

    /// Slices named in the pie's summary before "and N more".
    static let summarySliceLimit = 4

    private func arcSummary(_ speech: SpeechFormatter) -> [Sentence] {
        let m = speech.messages
        let counted = m.plural(.countSlices, count: pointCount)
        let kind = speech.kindName ?? m[.kindArc]
        var head = title.isEmpty ? m[.arcSummaryUntitled, ["kind": kind, "slices": counted]] : m[.arcSummary, ["kind": kind, "title": title, "slices": counted]]
        // A slice is a sum anyway ("3 slices (totals)" says nothing); other aggregates are named.
        if let aggregate = y.aggregate, aggregate != "sum" { head += " (\(aggregatePhrase(aggregate, m)))" }
        var sentences = [Sentence(head + ".")]
        guard let values = series.first?.values, let slices = arcSlicesSentences(values, speech) else { return sentences + [Sentence(m[.arcNoValue])] }
        sentences += slices
        if let radius = radiusField, let radii = semantics.arc.radii?.compactMap({ $0 }), let low = radii.min(), let high = radii.max() {
            var f = NumberFormat.automatic(for: radii)
            if radii.contains(where: { $0.magnitude >= 10 }), let tenths = NumberFormat(d3: ",.1~f") { f = tenths }  // "20.1", not "20.084"
            sentences.append(Sentence(m[.arcRadius, ["title": SpeechFormatter.lowercasedKeepingAcronyms(radius.title),
                                                     "low": m.locale.localized(f.format(low)), "high": m.locale.localized(f.format(high))]]))
        }
        let missing = values.filter { $0 == nil }.count
        if missing > 0 { sentences.append(Sentence(m.plural(.arcMissing, count: missing))) }
        return sentences
    }

    /// The largest slices (one pie: with their shares, then the total); nil when no slice has a value.
    private func arcSlicesSentences(_ values: [Double?], _ speech: SpeechFormatter) -> [Sentence]? {
        let m = speech.messages
        if semantics.arc.thetaStacked {
            let slices = slicesByShare
            guard let first = slices.first else { return nil }
            let total = values.reduce(0.0) { $0 + max($1 ?? 0, 0) }
            var marks = ClaimMarks()
            let largest = marks.said(Claim.at(.highest, series: 0, row: first.row, value: values[first.row]), speech.valueText(values[first.row]))
            var text = m[.arcLargest, ["name": speech.xText(first.row), "share": speech.shareText(first.share), "value": largest]]
            let next = slices.dropFirst().prefix(Self.summarySliceLimit - 1).map { m[.arcItem, ["name": speech.xText($0.row), "share": speech.shareText($0.share)]] }
            if !next.isEmpty { text += m[.arcThen, ["list": m.list(next)]] }
            let rest = slices.count - 1 - next.count
            text += rest > 0 ? m.plural(.arcRest, count: rest) : "."
            return [Sentence(text, claims: marks.claims), Sentence(m[.arcTotal, ["value": speech.valueText(total)]])]
        }
        // Not one pie (unstacked, ranges, a stack per radius): the largest values (an arc from
        // theta to theta2: the widest, with its range), no shares.
        let details = series.first?.details ?? []
        func range(_ row: Int) -> (low: Double, high: Double)? {
            guard details.indices.contains(row), let a = details[row].lower, let b = details[row].upper else { return nil }
            return (min(a, b), max(a, b))
        }
        let slices = values.indices.compactMap { row in values[row].map { v in (row: row, value: range(row).map { $0.high - $0.low } ?? v) } }
            .enumerated().sorted { $0.element.value == $1.element.value ? $0.offset < $1.offset : $0.element.value > $1.element.value }.map(\.element)
        func said(_ row: Int, _ value: Double) -> String {
            range(row).map { m[.rangeFromTo, ["low": speech.valueText($0.low), "high": speech.valueText($0.high)]] } ?? speech.valueText(value)
        }
        guard let first = slices.first else { return nil }
        var text = m[.arcLargestValue, ["name": speech.xText(first.row), "value": said(first.row, first.value)]]
        let next = slices.dropFirst().prefix(Self.summarySliceLimit - 1).map { m[.arcItemValue, ["name": speech.xText($0.row), "value": said($0.row, $0.value)]] }
        if !next.isEmpty { text += m[.arcThen, ["list": m.list(next)]] }
        let rest = slices.count - 1 - next.count
        text += rest > 0 ? m.plural(.arcRest, count: rest) : "."
        return [Sentence(text)]
    }

    /// A radial chart's radius channel when it reads another field than theta (said with each
    /// slice as an extra field); nil otherwise.
    var radiusField: ExtraField? { semantics.extraFields.first { $0.channel == "radius" } }

    private func heatmapSummary(_ speech: SpeechFormatter) -> [Sentence] {
        let m = speech.messages
        let lower = { (t: String) in m.language == .de ? t : t.lowercased() }
        var sentences = [Sentence(m[.rectSummary, [
            "title": title.isEmpty ? m[.kindRect] : title,
            "rows": m.plural(.countRows, count: series.count), "rowTitle": lower(semantics.heatmap.rowTitle ?? m[.axisRows]),
            "columns": m.plural(.countColumns, count: pointCount), "columnTitle": lower(x.title),
            "value": m.language == .de ? y.title : SpeechFormatter.lowercasedKeepingAcronyms(y.title)]])]
        var low: (s: Int, row: Int, v: Double)?, high: (s: Int, row: Int, v: Double)?
        var missing = 0
        for (s, one) in series.enumerated() {
            for (row, v) in one.values.enumerated() {
                guard let v else { missing += 1; continue }
                if low == nil || v < low!.v { low = (s, row, v) }
                if high == nil || v > high!.v { high = (s, row, v) }
            }
        }
        guard let low, let high else { return sentences + [Sentence(m[.rectNoValue])] }
        var marks = ClaimMarks()  // the catalogue says the highest first
        let highText = marks.said(Claim(.highest, series: high.s, value: high.v, rows: [high.row]), speech.valueText(high.v))
        let lowText = marks.said(Claim(.lowest, series: low.s, value: low.v, rows: [low.row]), speech.valueText(low.v))
        sentences.append(Sentence(m[.rectExtremes, ["high": highText, "highCell": speech.cellName(series: high.s, row: high.row),
                                                     "low": lowText, "lowCell": speech.cellName(series: low.s, row: low.row)]], claims: marks.claims))
        // Where the highs and lows are: the columns and rows with the highest and lowest means.
        let columns = heatmapMeans(byRow: false), rows = heatmapMeans(byRow: true)
        if columns.count > 1, let hi = columns.max(by: { $0.mean < $1.mean }), let lo = columns.min(by: { $0.mean < $1.mean }), hi.index != lo.index {
            sentences.append(Sentence(m[.rectByColumn, ["high": speech.xText(hi.index), "highMean": speech.derivedValueText(hi.mean),
                                                         "low": speech.xText(lo.index), "lowMean": speech.derivedValueText(lo.mean)]]))
        }
        if rows.count > 1, let hi = rows.max(by: { $0.mean < $1.mean }), let lo = rows.min(by: { $0.mean < $1.mean }), hi.index != lo.index {
            sentences.append(Sentence(m[.rectByRow, ["high": series[hi.index].name, "highMean": speech.derivedValueText(hi.mean),
                                                      "low": series[lo.index].name, "lowMean": speech.derivedValueText(lo.mean)]]))
        }
        if missing > 0 { sentences.append(Sentence(m.plural(.rectGaps, count: missing))) }
        return sentences
    }

    /// Mean of each heatmap row (`byRow`) or column with at least one value: (index, mean).
    func heatmapMeans(byRow: Bool) -> [(index: Int, mean: Double)] {
        let count = byRow ? series.count : pointCount
        return (0..<count).compactMap { i in
            let values = byRow ? series[i].values.compactMap { $0 } : series.compactMap { $0.values[i] }
            return values.isEmpty ? nil : (i, values.reduce(0, +) / Double(values.count))
        }
    }
}

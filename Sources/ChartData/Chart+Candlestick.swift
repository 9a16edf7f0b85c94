import ChartModel
import Foundation
import SpecReading

extension Chart {
    /// The statistics of a candlestick's series: count, mean and median of the closes, the
    /// lowest low and the highest high (with their rows) as its extremes.
    func candlestickStatistics(_ c: CandlestickInfo) -> SeriesStatistics {
        var stats = SeriesStatistics(values: c.close)
        let low = SeriesStatistics.extremeRows(c.low).low, high = SeriesStatistics.extremeRows(c.high).high
        stats.minRow = low
        stats.min = low.flatMap { c.low[$0] }
        stats.maxRow = high
        stats.max = high.flatMap { c.high[$0] }
        return stats
    }

    /// "Price: 44 candles, none missing; lowest low 25.08 on …, highest high 33.05 on …, mean close …".
    func candlestickStatisticsSentence(_ stats: SeriesStatistics, _ speech: SpeechFormatter) -> Sentence {
        let m = speech.messages
        let missing = stats.missing == 0 ? m[.statsNoneMissing] : m.plural(.statsMissing, count: stats.missing)
        guard let minRow = stats.minRow, let maxRow = stats.maxRow, let mean = stats.mean, let median = stats.median else {
            return Sentence(m[.statsNoValues, ["name": series.first?.name ?? "", "missing": missing]])
        }
        var marks = ClaimMarks()
        let (low, high) = extremeTexts(stats, speech, &marks)
        return Sentence(m[.candleStats, [
            "name": series.first?.name ?? "", "values": m.plural(.countCandles, count: stats.count), "missing": missing,
            "low": low, "lowAt": speech.atX(minRow), "high": high, "highAt": speech.atX(maxRow),
            "mean": speech.derivedValueText(mean), "median": speech.derivedValueText(median)]], claims: marks.claims)
    }

    /// The lowest low's and highest high's texts, marked as claims about the rows' low and high
    /// (`Claim.Part`), in the order the sentence says them (`highFirst`).
    private func extremeTexts(_ stats: SeriesStatistics, _ speech: SpeechFormatter, _ marks: inout ClaimMarks, highFirst: Bool = false) -> (low: String, high: String) {
        let low = Claim.at(.lowest, series: 0, row: stats.minRow, value: stats.min).map { var c = $0; c.part = .lower; return c }
        let high = Claim.at(.highest, series: 0, row: stats.maxRow, value: stats.max).map { var c = $0; c.part = .upper; return c }
        if highFirst {
            let highText = marks.said(high, speech.valueText(stats.max))
            return (marks.said(low, speech.valueText(stats.min)), highText)
        }
        let lowText = marks.said(low, speech.valueText(stats.min))
        return (lowText, marks.said(high, speech.valueText(stats.max)))
    }

    /// The summary: kind, title, dates and count; where the close went; the highest high and
    /// lowest low; how many rows closed up and down; that the pitch follows the close.
    func candlestickSummary(_ c: CandlestickInfo, _ speech: SpeechFormatter) -> [Sentence] {
        let m = speech.messages
        let kind = m[kindKey]
        let first = title.isEmpty ? m[.summaryKindUntitled, ["kind": kind]] : m[.summaryKind, ["kind": kind, "title": title]]
        var parts = [Sentence("\(first), \(speech.xRangeText), \(m.plural(.countCandles, count: c.close.compactMap { $0 }.count)).")]
        if let f = c.close.firstIndex(where: { $0 != nil }), let l = c.close.lastIndex(where: { $0 != nil }), f != l {
            let change = c.close[l]! - c.close[f]!
            var marks = ClaimMarks()
            let firstText = marks.said(Claim.at(.start, series: 0, row: f, value: c.close[f]), speech.valueText(c.close[f]))
            let lastText = marks.said(Claim.at(.end, series: 0, row: l, value: c.close[l]), speech.valueText(c.close[l]))
            var text = m[.candleCloses, ["first": firstText, "firstAt": speech.atX(f), "last": lastText, "lastAt": speech.atX(l)]]
            if c.close[f]! != 0 {
                text += " (" + m[change >= 0 ? .candleChangeUp : .candleChangeDown, ["percent": speech.shareText(abs(change / c.close[f]!))]] + ")"
            }
            parts.append(Sentence(text + ".", claims: marks.claims))
        }
        let stats = candlestickStatistics(c)
        if let lowRow = stats.minRow, let highRow = stats.maxRow {
            var marks = ClaimMarks()
            let (low, high) = extremeTexts(stats, speech, &marks, highFirst: true)
            parts.append(Sentence(m[.candleExtremes, ["high": high, "highAt": speech.atX(highRow), "low": low, "lowAt": speech.atX(lowRow)]],
                                  claims: marks.claims))
        }
        let directions = c.close.indices.compactMap { c.direction(row: $0) }
        let up = directions.filter { $0 == .up }.count, down = directions.filter { $0 == .down }.count
        var counts = m[.candleCounts, ["up": m.plural(.candleUpCount, count: up), "down": m.plural(.candleDownCount, count: down)]]
        let flat = directions.count - up - down
        if flat > 0 { counts += m.plural(.candleUnchangedCount, count: flat) }
        parts.append(Sentence(counts + "."))
        parts.append(Sentence(m[.candlePitch]))
        return parts + speech.annotationSentenceList.map { Sentence($0) }
    }
}

extension SpeechFormatter {
    /// One row of a candlestick: "up: open 28.7, high 30.05, low 28.45, close 30.04" (numbers in
    /// the chart's format; `withUnit` adds the unit symbol to each); nil where a price is missing.
    public func candleText(row: Int, withUnit: Bool = false) -> String? {
        guard let c = chart.candlestick, c.close.indices.contains(row), let o = c.open[row], let h = c.high[row],
              let l = c.low[row], let cl = c.close[row], let direction = c.direction(row: row) else { return nil }
        let number = { (v: Double) in withUnit ? self.valueText(v) : self.numberText(v) }
        return messages[.candleLabel, ["direction": messages[direction == .up ? .candleWordUp : direction == .down ? .candleWordDown : .candleWordUnchanged],
                                       "open": number(o), "high": number(h), "low": number(l), "close": number(cl)]]
    }
}

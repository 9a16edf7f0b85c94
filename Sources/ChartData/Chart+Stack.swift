import ChartModel
import Foundation

/// A stacked chart's totals (issue 27): Vega-Lite draws each row's segments one on another, so
/// the value axis reaches the stacks' tops, not one segment's value. The axis text says the
/// stacked range, the summary the totals' extremes, and `[`/`]` in the all-series view go to
/// the lowest and highest total.
extension Chart {
    /// Per row, the total of its stack (the sum of its segments); nil when the totals say
    /// nothing to a reader: not stacked, normalized (every stack is 100 %), a diverging pyramid
    /// (its sides are not parts of one whole), or one segment per stack.
    public var stackTotals: [Double?]? {
        guard semantics.stack == .zero || semantics.stack == .center, semantics.idiom != .diverging,
              series.count > 1 || semantics.pointPerDatum else { return nil }
        var totals = [Double?](repeating: nil, count: xValues.count)
        for s in series {
            for (row, d) in s.details.enumerated() where totals.indices.contains(row) && totals[row] == nil && s.values[row] != nil {
                totals[row] = d.stackTotal
            }
        }
        return totals.contains { $0 != nil } ? totals : nil
    }

    /// The rows of the lowest and highest stack total (the first row wins a tie).
    public var stackTotalExtremeRows: (low: Int, high: Int)? {
        guard let totals = stackTotals else { return nil }
        let rows = totals.indices.filter { totals[$0] != nil }
        guard let low = rows.min(by: { totals[$0]! < totals[$1]! }), let high = rows.max(by: { totals[$0]! < totals[$1]! }) else { return nil }
        // `max(by:)` keeps the last of equals: the first row wins, as `[`/`]` do elsewhere.
        return (low, rows.first { totals[$0]! == totals[high]! }!)
    }

    /// The summary's sentence on the totals: "Stack totals range from 1,200 in March to 2,130
    /// in January." nil without totals or when every stack has the same total.
    func stackTotalsSentence(_ speech: SpeechFormatter) -> Sentence? {
        guard let totals = stackTotals, let (low, high) = stackTotalExtremeRows, totals[low]! < totals[high]! else { return nil }
        return Sentence(speech.messages[.summaryStackTotals, [
            "min": speech.valueText(totals[low]!), "minAt": speech.atX(low),
            "max": speech.valueText(totals[high]!), "maxAt": speech.atX(high)]] + ".")
    }
}

extension SpeechFormatter {
    /// The value axis of a stack from zero as drawn: from the lowest segment's start to the
    /// highest stack's top ("stacked, from 0 to 2,130"), not one segment's range; nil otherwise.
    var stackedRangeText: String? {
        guard chart.semantics.stack == .zero, chart.stackTotals != nil else { return nil }
        var low = 0.0, high = 0.0
        for s in chart.series {
            for (row, d) in s.details.enumerated() where s.values.indices.contains(row) && s.values[row] != nil {
                for case let v? in [d.lower, d.upper] where v.isFinite { low = min(low, v); high = max(high, v) }
            }
        }
        return messages[.rangeStacked, ["low": valueText(low), "high": valueText(high)]]
    }
}

import ChartModel
import Foundation
import SpecReading

/// What a point says beyond its value, from `Chart.semantics` and `Series.details`: a bin's span
/// ("from 10 to 12"), a range ("from 3 to 8"), a stack segment's total ("total 5,120"), extra
/// channels ("size 120"). Every figure comes from the evaluated data.
extension SpeechFormatter {
    /// The value as heard at a point: "3,988 thousand MWh, total 5,120", "from 3 to 8",
    /// "62%, total 5,120", "11.7 °C, population 3,000"; nil for a missing value.
    public func pointValueText(series: Int, row: Int) -> String? {
        if chart.hasDrawnInvalidValue(series: series, row: row), let d = chart.semantics.invalidDrawn {
            return invalidDrawnText(d.value, onRowAxis: false, withUnit: true)
        }
        if let box = chart.semantics.box, box.statistics.indices.contains(series), box.statistics[series].isOutliers, chart.xValues.indices.contains(row) {
            // A group without outliers reads "no upper outliers", as the scrubber says it, not "no data".
            let values = box.outliers(series: series, row: row)
            guard !values.isEmpty else { return messages[.family(.boxNonePart, box.statistics[series].rawValue)] }
            let text = messages.list(values.map { numberText($0) })  // all of them: the table is complete (speech shortens past five)
            return chart.y.unit.map { Self.withUnit(text, $0) } ?? text
        }
        guard chart.series.indices.contains(series), chart.xValues.indices.contains(row),
              let value = chart.series[series].values[row] else { return nil }
        if chart.candlestick != nil { return candleText(row: row, withUnit: true) }
        let s = chart.series[series]
        guard s.details.indices.contains(row) else { return valueText(value, series: series) }
        let d = s.details[row]
        var text: String
        if chart.semantics.stack == nil, let lower = d.lower, let upper = d.upper, chart.semantics.errorRange?.center != nil {
            // An error bar or band around its centre: "12.1 °C, range 10.3 °C to 13.9 °C".
            text = messages[.rangeAround, ["value": valueText(value, series: series), "low": valueText(lower, series: series), "high": valueText(upper, series: series)]]
        } else if chart.semantics.stack == nil, let lower = d.lower, let upper = d.upper {
            text = messages[.rangeFromTo, ["low": valueText(lower, series: series), "high": valueText(upper, series: series)]]
        } else {
            text = valueText(value, series: series)
        }
        text += detailSuffix(d) + layerSuffix(series: series, row: row)
        return text
    }

    /// ", total 5,120, size 120" for a point's stack total and extra channels ("" when none).
    public func detailSuffix(_ d: PointDetail, withTotal: Bool = true) -> String {
        var text = ""
        if withTotal, let total = d.stackTotal, chart.semantics.idiom != .diverging, chart.series.count > 1 || chart.semantics.pointPerDatum {
            text += messages[.labelTotal, ["total": totalText(total)]]
        }
        for (field, extra) in zip(chart.semantics.extraFields, d.extras) {
            guard let extra, !extra.isEmpty else { continue }
            text += ", \(Self.lowercasedKeepingAcronyms(field.title)) \(extra)"
        }
        return text
    }

    /// The all-series view of a stacked chart says the stack total once, after every series'
    /// segment (", total 124"); nil when the row has no stack total.
    public func allSeriesTotalText(row: Int) -> String? {
        guard chart.semantics.stack != nil, chart.semantics.idiom != .diverging, chart.series.count > 1 else { return nil }
        for s in chart.series where s.details.indices.contains(row) {
            if let total = s.details[row].stackTotal { return forEars(messages[.labelTotal, ["total": totalText(total)]]) }
        }
        return nil
    }

    /// A stack total in the values' units (a normalized stack's total is in the data's units,
    /// not a percentage).
    func totalText(_ total: Double) -> String {
        guard chart.semantics.stack == .normalize else { return numberText(total) }
        var f = NumberFormat.automatic(for: [total])
        f.trim = true
        return locale.localized(f.format(total))
    }

    /// A bin after a value: "for wind between 10 and 12".
    func binAtText(_ bin: BinRange) -> String {
        let (low, high) = binBounds(bin)
        guard !chart.x.title.isEmpty else { return messages[.atBinUntitled, ["low": low, "high": high]] }
        return messages[.atBin, ["title": Self.lowercasedKeepingAcronyms(chart.x.title), "low": low, "high": high]]
    }

    /// A bin's span for speech: "from 10 to 12" (x in the row axis' format).
    func binText(_ bin: BinRange) -> String {
        let (low, high) = binBounds(bin)
        return messages[.rangeFromTo, ["low": low, "high": high]]
    }

    private func binBounds(_ bin: BinRange) -> (String, String) {
        var f = chart.x.format.flatMap { NumberFormat(d3: $0)?.fitted(to: [bin.start, bin.end]) } ?? NumberFormat.automatic(for: [bin.start, bin.end])
        f.trim = true
        if bin.start.magnitude < 10_000 && bin.end.magnitude < 10_000 { f.grouping = false }
        let unit = chart.x.unit.map { " \($0)" } ?? ""
        return (locale.localized(f.format(bin.start)), locale.localized(f.format(bin.end)) + unit)
    }
}

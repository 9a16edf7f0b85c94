import Foundation
import SpecReading

/// Words for the kinds (pie slices, heatmap cells), from the message catalogue (`arc.*`,
/// `rect.*`), made once here and carried to the page script as templates and texts (the
/// browser rebuilds none of them).
extension SpeechFormatter {
    /// A share of the total: "62%", "0.4%" (one decimal under 1 %); "62 %" where the language
    /// spaces it (CLDR).
    public func shareText(_ share: Double) -> String {
        var f = NumberFormat(d3: share < 0.01 && share > 0 ? ".1%" : ".0%")!
        f.trim = false
        return locale.localized(f.format(share)).replacingOccurrences(of: "%", with: locale.percentSign)  // "52 %" in German
    }

    /// Templates of a pie slice ("{x}, {v} thousand megawatt hours") or a heatmap cell
    /// ("{x}, 2014: mean maximum {v} degrees Celsius"); nil for the other marks.
    func kindTemplates(series: Int) -> PointTemplates? {
        let symbol = (chart.y.unit?.isEmpty == false && chart.y.format?.hasSuffix("%") != true) ? chart.y.unit : nil
        let shown = symbol.map { Self.withUnit("{v}", $0) } ?? "{v}"
        let said = spokenUnit.map { "{v} \($0)" } ?? "{v}"
        let m = messages
        switch chart.semantics.kind {
        case .arc:
            return PointTemplates(say: m[.arcLabel, ["value": said]], sayGap: m[.arcGap], show: m[.arcLabel, ["value": shown]],
                                  showGap: m[.arcGap], part: "{v}", partGap: m[.valueNoData])
        case .heatmap:
            let row = chart.series.indices.contains(series) ? chart.series[series].name : "", name = heatmapValueName
            return PointTemplates(say: m[.rectLabel, ["row": row, "name": name, "value": said]], sayGap: m[.rectGap, ["row": row]],
                                  show: m[.rectLabel, ["row": row, "name": name, "value": shown]], showGap: m[.rectGap, ["row": row]],
                                  part: m[.rectPart, ["row": row, "value": "{v}"]], partGap: m[.rectPartGap, ["row": row]])
        case .candlestick:
            // "3 June 2009, up: open 29.62, high 31.79, low 29.62, close 31.02": `{v}` is the candle (`candleText`).
            let say = spokenUnit.map { "{x}, {v} \($0)" } ?? "{x}, {v}", show = symbol.map { "{x}, {v} \($0)" } ?? "{x}, {v}"
            return PointTemplates(say: say, sayGap: m[.candleGap], show: show, showGap: m[.candleGap], part: "{v}", partGap: m[.valueNoData])
        case .series, .boxPlot, .errorRange:
            return nil
        }
    }

    /// The heatmap's value name inside a label: "mean daily high" (German keeps its nouns' case).
    var heatmapValueName: String {
        messages.language == .de ? chart.y.title : Self.lowercasedKeepingAcronyms(chart.y.title)
    }

    /// A heatmap cell's value-first label keeps the value's name and says the column and row
    /// after it: "mean daily high 7.1 degrees Celsius, January, 2012"; nil for other marks.
    func kindVariants(series: Int) -> LabelVariants? {
        guard chart.mark == .rect else { return nil }
        let m = messages, row = chart.series.indices.contains(series) ? chart.series[series].name : ""
        let said = spokenUnit.map { "{v} \($0)" } ?? "{v}"
        return LabelVariants(valueFirst: m[.rectValueFirst, ["name": heatmapValueName, "value": said, "row": row]],
                             valueFirstGap: m[.rectValueFirstGap, ["row": row]], terse: "{v}", terseGap: m[.valueNoData])
    }

    /// Said after a slice's value: ", 62% of the total, 1 of 3" ("" for other marks and gaps).
    func kindDetail(series: Int, row: Int) -> String {
        guard chart.mark == .arc else { return "" }
        let place = ["n": TextFormat.count(row + 1, locale: locale), "count": TextFormat.count(chart.pointCount, locale: locale)]
        guard let share = chart.series[series].details[row].share else {  // not one pie: no share, the place only
            return chart.semantics.arc.thetaStacked ? "" : messages[.arcPosition, place]
        }
        return messages[.arcDetail, place.merging(["share": shareText(share)]) { a, _ in a }]
    }

    /// A heatmap cell by its column and row: "August, 2015".
    public func cellName(series: Int, row: Int) -> String {
        messages[.rectCell, ["x": xText(row), "row": chart.series[series].name]]
    }

    /// R on a heatmap: one row's mean, lowest and highest cells and gaps.
    public func heatmapRowSummary(series s: Int) -> String {
        let values = chart.series[s].values
        return heatmapLine(name: chart.series[s].name, cells: values.indices.map { (values[$0], xText($0)) }, unit: .countColumns)
    }

    /// C on a heatmap: one column's mean, lowest and highest cells and gaps.
    public func heatmapColumnSummary(row: Int) -> String {
        heatmapLine(name: xText(row), cells: chart.series.map { ($0.values[row], $0.name) }, unit: .countRows)
    }

    private func heatmapLine(name: String, cells: [(Double?, String)], unit: PluralKey) -> String {
        let m = messages
        let present = cells.compactMap { c in c.0.map { ($0, c.1) } }
        guard let low = present.min(by: { $0.0 < $1.0 }), let high = present.max(by: { $0.0 < $1.0 }) else { return forEars(m[.rectLineNoData, ["name": name]]) }
        let mean = present.reduce(0) { $0 + $1.0 } / Double(present.count)
        var text = m[.rectLine, ["name": name, "mean": derivedValueText(mean), "cells": m.plural(unit, count: present.count),
                                   "low": valueText(low.0), "lowAt": low.1, "high": valueText(high.0), "highAt": high.1]]
        let gaps = cells.count - present.count
        if gaps > 0 { text += m[.rectLineGaps, ["count": TextFormat.count(gaps, locale: locale)]] }
        return forEars(text + ".")
    }
}

extension SpeechFormatter {
    /// What the page's "Axes" list and the X/Y keys say for a pie or heatmap (their axes are not
    /// a row axis and a value axis): (name, text) pairs for the page; nil for the other marks.
    public var kindAxes: [(name: String, text: String)]? {
        let m = messages
        switch chart.semantics.kind {
        case .arc:
            return [(m[.axisSlices], m[.arcAxisSlices, ["title": chart.x.title.isEmpty ? m[.axisCategories] : chart.x.title,
                                                             "slices": m.plural(.countSlices, count: chart.pointCount)]]),
                    (m[.axisSizes], "\(chart.y.title), \(yRangeText)")]
        case .heatmap(let heatmap):
            let rows = chart.series.map(\.name)
            let rowRange = rows.count > 1 ? m[.rangeFromTo, ["low": rows[0], "high": rows[rows.count - 1]]] : rows.first.map { m[.rangeAt, ["x": $0]] } ?? ""
            return [(m[.axisColumns], m[.rectAxis, ["title": chart.x.title, "counted": m.plural(.countColumns, count: chart.pointCount), "range": xRangeText]]),
                    (m[.axisRows], m[.rectAxis, ["title": heatmap.rowTitle ?? m[.axisRows], "counted": m.plural(.countRows, count: rows.count), "range": rowRange]]),
                    (m[.axisColour], "\(chart.y.title), \(yRangeText)")]
        case .series, .boxPlot, .errorRange, .candlestick:
            return nil
        }
    }

    /// "Pie chart", "Donut chart", "Radial chart" or "Heatmap" in the reader's language; nil for the other marks.
    public var kindName: String? {
        switch chart.semantics.kind {
        case .arc, .heatmap, .candlestick: return messages[chart.kindKey]
        case .series, .boxPlot, .errorRange: return nil
        }
    }

    /// The page's kind sentence for a pie ("Donut chart with 3 slices.") or heatmap ("Heatmap
    /// with 4 rows and 12 columns."); nil for the other marks.
    public var kindSentence: String? {
        let m = messages
        switch chart.semantics.kind {
        case .arc: return m[.arcSentence, ["kind": kindName ?? "", "slices": m.plural(.countSlices, count: chart.pointCount)]]
        case .heatmap:
            return m[.rectSentence, ["rows": m.plural(.countRows, count: chart.series.count), "columns": m.plural(.countColumns, count: chart.pointCount)]]
        case .candlestick: return m[.candleSentence, ["kind": kindName ?? "", "candles": m.plural(.countCandles, count: chart.pointCount)]]
        case .series, .boxPlot, .errorRange: return nil
        }
    }

    /// The scrubber's name on a pie or heatmap, so Tab says the kind with the chart's title
    /// ("Audio pie chart", "Audio donut chart", "Audio heatmap"); nil: the usual `slider.label`.
    public var kindSliderLabel: String? {
        switch chart.semantics.kind {
        case .arc: return messages[.family(.sliderLabel, chart.kindVariant ?? "arc")]
        case .heatmap: return messages[.sliderLabelRect]
        case .candlestick(let c): return messages[.family(.sliderLabel, c.style.rawValue)]
        case .series, .boxPlot, .errorRange: return nil
        }
    }
}

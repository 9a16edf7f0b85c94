import Foundation

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
            return PointTemplates(say: m["arc.label", ["value": said]], sayGap: m["arc.gap"], show: m["arc.label", ["value": shown]],
                                  showGap: m["arc.gap"], part: "{v}", partGap: m["value.noData"])
        case .heatmap:
            let row = chart.series.indices.contains(series) ? chart.series[series].name : "", name = heatmapValueName
            return PointTemplates(say: m["rect.label", ["row": row, "name": name, "value": said]], sayGap: m["rect.gap", ["row": row]],
                                  show: m["rect.label", ["row": row, "name": name, "value": shown]], showGap: m["rect.gap", ["row": row]],
                                  part: m["rect.part", ["row": row, "value": "{v}"]], partGap: m["rect.partGap", ["row": row]])
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
        return LabelVariants(valueFirst: m["rect.valueFirst", ["name": heatmapValueName, "value": said, "row": row]],
                             valueFirstGap: m["rect.valueFirstGap", ["row": row]], terse: "{v}", terseGap: m["value.noData"])
    }

    /// Said after a slice's value: ", 62% of the total, 1 of 3" ("" for other marks and gaps).
    func kindDetail(series: Int, row: Int) -> String {
        guard chart.mark == .arc else { return "" }
        let place = ["n": TextFormat.count(row + 1, locale: locale), "count": TextFormat.count(chart.pointCount, locale: locale)]
        guard let share = chart.series[series].details[row].share else {  // not one pie: no share, the place only
            return chart.semantics.arc.thetaStacked ? "" : messages["arc.position", place]
        }
        return messages["arc.detail", place.merging(["share": shareText(share)]) { a, _ in a }]
    }

    /// A heatmap cell by its column and row: "August, 2015".
    public func cellName(series: Int, row: Int) -> String {
        messages["rect.cell", ["x": xText(row), "row": chart.series[series].name]]
    }

    /// R on a heatmap: one row's mean, lowest and highest cells and gaps.
    public func heatmapRowSummary(series s: Int) -> String {
        let values = chart.series[s].values
        return heatmapLine(name: chart.series[s].name, cells: values.indices.map { (values[$0], xText($0)) }, unit: "count.columns")
    }

    /// C on a heatmap: one column's mean, lowest and highest cells and gaps.
    public func heatmapColumnSummary(row: Int) -> String {
        heatmapLine(name: xText(row), cells: chart.series.map { ($0.values[row], $0.name) }, unit: "count.rows")
    }

    private func heatmapLine(name: String, cells: [(Double?, String)], unit: String) -> String {
        let m = messages
        let present = cells.compactMap { c in c.0.map { ($0, c.1) } }
        guard let low = present.min(by: { $0.0 < $1.0 }), let high = present.max(by: { $0.0 < $1.0 }) else { return forEars(m["rect.lineNoData", ["name": name]]) }
        let mean = present.reduce(0) { $0 + $1.0 } / Double(present.count)
        var text = m["rect.line", ["name": name, "mean": derivedValueText(mean), "cells": m.plural(unit, count: present.count),
                                   "low": valueText(low.0), "lowAt": low.1, "high": valueText(high.0), "highAt": high.1]]
        let gaps = cells.count - present.count
        if gaps > 0 { text += m["rect.lineGaps", ["count": TextFormat.count(gaps, locale: locale)]] }
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
            return [(m["axis.slices"], m["arc.axisSlices", ["title": chart.x.title.isEmpty ? m["axis.categories"] : chart.x.title,
                                                             "slices": m.plural("count.slices", count: chart.pointCount)]]),
                    (m["axis.sizes"], "\(chart.y.title), \(yRangeText)")]
        case .heatmap(let heatmap):
            let rows = chart.series.map(\.name)
            let rowRange = rows.count > 1 ? m["range.fromTo", ["low": rows[0], "high": rows[rows.count - 1]]] : rows.first.map { m["range.at", ["x": $0]] } ?? ""
            return [(m["axis.columns"], m["rect.axis", ["title": chart.x.title, "counted": m.plural("count.columns", count: chart.pointCount), "range": xRangeText]]),
                    (m["axis.rows"], m["rect.axis", ["title": heatmap.rowTitle ?? m["axis.rows"], "counted": m.plural("count.rows", count: rows.count), "range": rowRange]]),
                    (m["axis.colour"], "\(chart.y.title), \(yRangeText)")]
        case .series, .boxPlot, .errorRange:
            return nil
        }
    }

    /// "Pie chart", "Donut chart", "Radial chart" or "Heatmap" in the reader's language; nil for the other marks.
    public var kindName: String? {
        switch chart.semantics.kind {
        case .arc, .heatmap: return messages[chart.kindKey]
        case .series, .boxPlot, .errorRange: return nil
        }
    }

    /// The page's kind sentence for a pie ("Donut chart with 3 slices.") or heatmap ("Heatmap
    /// with 4 rows and 12 columns."); nil for the other marks.
    public var kindSentence: String? {
        let m = messages
        switch chart.semantics.kind {
        case .arc: return m["arc.sentence", ["kind": kindName ?? "", "slices": m.plural("count.slices", count: chart.pointCount)]]
        case .heatmap:
            return m["rect.sentence", ["rows": m.plural("count.rows", count: chart.series.count), "columns": m.plural("count.columns", count: chart.pointCount)]]
        case .series, .boxPlot, .errorRange: return nil
        }
    }

    /// The scrubber's name on a pie or heatmap, so Tab says the kind with the chart's title
    /// ("Audio pie chart", "Audio donut chart", "Audio heatmap"); nil: the usual `slider.label`.
    public var kindSliderLabel: String? {
        switch chart.semantics.kind {
        case .arc: return messages["slider.label." + (chart.kindVariant ?? "arc")]
        case .heatmap: return messages["slider.label.rect"]
        case .series, .boxPlot, .errorRange: return nil
        }
    }
}

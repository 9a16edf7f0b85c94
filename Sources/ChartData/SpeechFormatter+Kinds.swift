import Foundation

/// Words for the kinds (pie slices, heatmap cells), written once here and carried to the page
/// script as templates and texts (the browser rebuilds none of them).
extension SpeechFormatter {
    /// A share of the total: "62%", "0.4%" (one decimal under 1 %).
    public func shareText(_ share: Double) -> String {
        var f = NumberFormat(d3: share < 0.01 && share > 0 ? ".1%" : ".0%")!
        f.trim = false
        return locale.localized(f.format(share))
    }

    /// Templates of a pie slice ("{x}, {v} thousand megawatt hours") or a heatmap cell
    /// ("{x}, 2014: mean maximum {v} degrees Celsius"); nil for the other marks.
    func kindTemplates(series: Int) -> PointTemplates? {
        let symbol = (chart.y.unit?.isEmpty == false && chart.y.format?.hasSuffix("%") != true) ? chart.y.unit : nil
        let shown = symbol.map { Self.withUnit("{v}", $0) } ?? "{v}"
        let said = spokenUnit.map { "{v} \($0)" } ?? "{v}"
        switch chart.mark {
        case .arc:
            return PointTemplates(say: "{x}, \(said)", sayGap: "{x}, no data", show: "{x}, \(shown)", showGap: "{x}, no data",
                                  part: "{v}", partGap: "no data")
        case .rect:
            let row = chart.series.indices.contains(series) ? chart.series[series].name : ""
            let value = Self.lowercasedKeepingAcronyms(chart.y.title)
            return PointTemplates(say: "{x}, \(row): \(value) \(said)", sayGap: "{x}, \(row): no data",
                                  show: "{x}, \(row): \(value) \(shown)", showGap: "{x}, \(row): no data",
                                  part: "\(row) {v}", partGap: "\(row) no data")
        default:
            return nil
        }
    }

    /// Said after a slice's value: ", 62% of the total, 1 of 3" ("" for other marks and gaps).
    func kindDetail(series: Int, row: Int) -> String {
        guard chart.mark == .arc, let share = chart.series[series].details[row].share else { return "" }
        return ", \(shareText(share)) of the total, \(TextFormat.count(row + 1, locale: locale)) of \(TextFormat.count(chart.pointCount, locale: locale))"
    }

    /// A heatmap cell by its column and row: "August, 2015".
    public func cellName(series: Int, row: Int) -> String {
        "\(xText(row)), \(chart.series[series].name)"
    }

    /// R on a heatmap: one row's mean, lowest and highest cells and gaps.
    public func heatmapRowSummary(series s: Int) -> String {
        let values = chart.series[s].values
        return heatmapLine(name: chart.series[s].name, cells: values.indices.map { (values[$0], xText($0)) }, of: "column")
    }

    /// C on a heatmap: one column's mean, lowest and highest cells and gaps.
    public func heatmapColumnSummary(row: Int) -> String {
        heatmapLine(name: xText(row), cells: chart.series.map { ($0.values[row], $0.name) }, of: "row")
    }

    private func heatmapLine(name: String, cells: [(Double?, String)], of unitName: String) -> String {
        let present = cells.compactMap { c in c.0.map { ($0, c.1) } }
        guard let low = present.min(by: { $0.0 < $1.0 }), let high = present.max(by: { $0.0 < $1.0 }) else { return forEars("\(name): no data.") }
        let mean = present.reduce(0) { $0 + $1.0 } / Double(present.count)
        var text = "\(name): mean \(derivedValueText(mean)) over \(TextFormat.count(present.count, locale: locale)) \(unitName)\(present.count == 1 ? "" : "s"); lowest \(valueText(low.0)) (\(low.1)), highest \(valueText(high.0)) (\(high.1))"
        let gaps = cells.count - present.count
        if gaps > 0 { text += "; \(TextFormat.count(gaps, locale: locale)) with no data" }
        return forEars(text + ".")
    }
}

extension SpeechFormatter {
    /// What the page's "Axes" list and the X/Y keys say for a pie or heatmap (their axes are not
    /// a row axis and a value axis): (name, text) pairs for the page; nil for the other marks.
    public var kindAxes: [(name: String, text: String)]? {
        switch chart.mark {
        case .arc:
            return [("Slices", "\(chart.x.title.isEmpty ? "Categories" : chart.x.title), \(TextFormat.count(chart.pointCount, locale: locale)) \(chart.pointCount == 1 ? "slice" : "slices")"),
                    ("Sizes", "\(chart.y.title), \(yRangeText)")]
        case .rect:
            let rows = chart.series.map(\.name)
            let rowRange = rows.count > 1 ? "from \(rows[0]) to \(rows[rows.count - 1])" : rows.first.map { "at \($0)" } ?? "no rows"
            return [("Columns", "\(chart.x.title), \(TextFormat.count(chart.pointCount, locale: locale)) columns \(xRangeText)"),
                    ("Rows", "\(chart.semantics.kind.rowTitle ?? "Rows"), \(TextFormat.count(rows.count, locale: locale)) rows \(rowRange)"),
                    ("Colour", "\(chart.y.title), \(yRangeText)")]
        default:
            return nil
        }
    }

    /// The scrubber's name on a pie or heatmap, so Tab says the kind with the chart's title
    /// ("Audio pie chart", "Audio donut chart", "Audio heatmap"); nil: "Audio chart".
    public var kindSliderLabel: String? {
        switch chart.mark {
        case .arc: return (chart.semantics.kind.innerRadius ?? 0) > 0 ? "Audio donut chart" : "Audio pie chart"
        case .rect: return "Audio heatmap"
        default: return nil
        }
    }

    /// The page's kind sentence for a pie ("Donut chart with 3 slices.") or heatmap ("Heatmap
    /// with 4 rows and 12 columns."); nil for the other marks.
    public var kindSentence: String? {
        let count = { (n: Int) in TextFormat.count(n, locale: self.locale) }
        switch chart.mark {
        case .arc:
            let kind = (chart.semantics.kind.innerRadius ?? 0) > 0 ? "Donut chart" : "Pie chart"
            return "\(kind) with \(count(chart.pointCount)) \(chart.pointCount == 1 ? "slice" : "slices")."
        case .rect:
            return "Heatmap with \(count(chart.series.count)) \(chart.series.count == 1 ? "row" : "rows") and \(count(chart.pointCount)) \(chart.pointCount == 1 ? "column" : "columns")."
        default:
            return nil
        }
    }
}

import Foundation

/// How one series' point labels are made from an x text and a number text, written once here.
/// `{x}` and `{v}` are the only placeholders; the page script fills them in one pass and
/// formats nothing itself (docs/architecture.md, "Page ↔ script contract").
public struct PointTemplates: Sendable, Equatable, Encodable {
    /// Spoken: "{x}, maximum temperature {v} degrees Celsius".
    public var say: String
    /// Spoken for a missing value: "{x}, maximum temperature, no data".
    public var sayGap: String
    /// Shown (symbols kept): "{x}, maximum temperature {v} °C".
    public var show: String
    public var showGap: String
    /// This series inside the all-series view, where the unit is said once: "maximum temperature {v}".
    public var part: String
    public var partGap: String
}

/// The all-series view: `say`/`show` with `{x}`, then each series' `part`, joined by `join`.
public struct AllSeriesTemplates: Sendable, Equatable, Encodable {
    public var say: String
    public var show: String
    public var join: String
}

extension SpeechFormatter {
    /// Fills `{x}` and `{v}` (`fill(_:_:)`).
    public static func fill(_ template: String, x: String, value: String? = nil) -> String {
        fill(template, ["x": x, "v": value ?? ""])
    }

    /// The y unit in words for speech: the author's `spokenUnit`, else `SpokenUnits.words`.
    public var spokenUnit: String? {
        guard let unit = chart.y.unit, !unit.isEmpty, chart.y.format?.hasSuffix("%") != true else { return nil }
        return chart.y.spokenUnit ?? SpokenUnits.words(for: unit, language: messages.language)
    }

    /// `text` (a sentence made for the page) with the y unit (and each series' own) said in words.
    public func forEars(_ text: String) -> String {
        var text = text
        for s in chart.series.indices {
            guard let unit = chart.series[s].unit, let spoken = spokenUnit(series: s) else { continue }
            text = SpokenUnits.speak(text, unit: unit, as: spoken)
        }
        guard let unit = chart.y.unit, let spoken = spokenUnit else { return text }
        return SpokenUnits.speak(text, unit: unit, as: spoken)
    }

    /// Series `s`' unit in words: its own (`Series.unit`), else the chart's (`spokenUnit`).
    public func spokenUnit(series s: Int) -> String? {
        guard chart.series.indices.contains(s), let own = chart.series[s].unit else { return spokenUnit }
        guard let unit = unitSymbol(series: s), unit == own else { return nil }
        return SpokenUnits.words(for: unit, language: messages.language)
    }

    /// A value for the label templates: the number in the chart's format, no unit; nil for a gap.
    public func templateValue(_ value: Double?) -> String? { value.map { numberText($0) } }

    /// The `{v}` of one point: its number, or "from 3 to 8" for a range (x2/y2); nil for a gap.
    public func templateValue(series: Int, row: Int) -> String? {
        if chart.hasDrawnInvalidValue(series: series, row: row), let d = chart.semantics.invalidDrawn { return invalidDrawnText(d.value, onRowAxis: false) }
        guard chart.series.indices.contains(series), chart.xValues.indices.contains(row),
              let value = chart.series[series].values[row] else { return nil }
        let s = chart.series[series]
        if chart.candlestick != nil { return candleText(row: row) }  // "up: open 28.7, high 30.05, low 28.45, close 30.04"
        if let box = chart.semantics.box, box.statistics.indices.contains(series), box.statistics[series].isOutliers {
            return outliersText(box.outliers(series: series, row: row))
        }
        if chart.semantics.stack == nil, s.details.indices.contains(row), let lower = s.details[row].lower, let upper = s.details[row].upper {
            // An error bar or band around its centre: "12.1, range 10.3 to 13.9".
            if chart.semantics.errorRange?.center != nil {
                return messages[.rangeAround, ["value": numberText(value), "low": numberText(lower), "high": numberText(upper)]]
            }
            return messages[.rangeFromTo, ["low": numberText(lower), "high": numberText(upper)]]
        }
        if saysMagnitude(series: series) { return numberText(abs(value)) }  // a pyramid's left side
        return rankText(value) ?? numberText(value)  // a bump chart: "rank 1 of 5"
    }

    /// A box's outliers, ascending: "33.9, 34.4 and 35.6"; more than five: "7 values from 30.6 to 35.6".
    public func outliersText(_ values: [Double]) -> String {
        guard let first = values.first, let last = values.last else { return "" }
        if values.count > 5 {
            return messages[.boxManyOutliers, ["values": messages.plural(.countValues, count: values.count), "low": numberText(first), "high": numberText(last)]]
        }
        return messages.list(values.map { numberText($0) })
    }

    /// What follows a point's label (", total 5,120, size 120"), in words for ears; nil when nothing.
    /// `withTotal` false: without the stack total (the all-series view says it once, `allSeriesTotalText`).
    public func detailText(series: Int, row: Int, withTotal: Bool = true) -> String? {
        guard chart.series.indices.contains(series), chart.series[series].values.indices.contains(row),
              chart.series[series].values[row] != nil,
              chart.series[series].details.indices.contains(row) else { return nil }
        let text = kindDetail(series: series, row: row) + detailSuffix(chart.series[series].details[row], withTotal: withTotal) + layerSuffix(series: series, row: row)
        return text.isEmpty ? nil : forEars(text)
    }

    /// The series' name where its value follows: a name ending in a digit ("1932", "Region 2")
    /// is set off by a colon, so two numbers are not heard as one ("Duluth, 1932: 25.7").
    func nameBeforeValue(_ series: Int) -> String {
        let name = spokenName(series)
        return name.last?.isNumber == true ? messages[.labelNumberedName, ["name": name]] : name
    }

    /// Label templates of `series` (escaped neither for HTML nor JSON: plain text).
    public func pointTemplates(series: Int) -> PointTemplates {
        if let kind = kindTemplates(series: series) { return kind }  // pie slices, heatmap cells
        let name = spokenName(series)
        var pointName = name
        // A scatter whose series are data categories names the value too: "drizzle, temp max 6.1".
        if chart.mark == .point, chart.series.count > 1, chart.series.indices.contains(series), chart.series[series].nameFromData,
           chart.semantics.valueChannel == .y, !chart.y.title.isEmpty {
            let title = messages.language == .de ? chart.y.title : Self.lowercasedKeepingAcronyms(chart.y.title)
            pointName = messages[.labelSeriesAndValue, ["series": name, "title": title]]
        }
        let named = pointName == name ? nameBeforeValue(series) : pointName
        let symbol = unitSymbol(series: series)  // a dual-axis chart's series each have their own
        let shown = symbol.map { Self.withUnit("{v}", $0) } ?? "{v}"
        let said = spokenUnit(series: series).map { "{v} \($0)" } ?? "{v}"
        let own = chart.series.indices.contains(series) && chart.series[series].unit != nil
        let m = messages
        if let box = chart.semantics.box, box.statistics.indices.contains(series), box.statistics[series].isOutliers {
            // A group without outliers says so, not "no data".
            let none = m[.family(.boxNone, box.statistics[series].rawValue)], nonePart = m[.family(.boxNonePart, box.statistics[series].rawValue)]
            return PointTemplates(
                say: m[.labelPoint, ["name": named, "value": said]], sayGap: none,
                show: m[.labelPoint, ["name": named, "value": shown]], showGap: none,
                part: m[.labelPart, ["name": named, "value": "{v}"]], partGap: nonePart)
        }
        return PointTemplates(
            say: m[.labelPoint, ["name": named, "value": said]], sayGap: m[.labelGap, ["name": pointName]],
            show: m[.labelPoint, ["name": named, "value": shown]], showGap: m[.labelGap, ["name": pointName]],
            part: m[.labelPart, ["name": nameBeforeValue(series), "value": own ? said : "{v}"]], partGap: m[.labelPartGap, ["name": name]])
    }

    /// The all-series view: the unit once, before the values ("3 January 2012, in degrees
    /// Celsius: maximum temperature 11.7, minimum temperature 7.2").
    public var allSeriesTemplates: AllSeriesTemplates {
        let symbol = (chart.y.unit?.isEmpty == false && chart.y.format?.hasSuffix("%") != true) ? chart.y.unit : nil
        return AllSeriesTemplates(
            say: spokenUnit.map { messages[.labelAllUnit, ["unit": $0]] } ?? messages[.labelAll],
            show: symbol.map { messages[.labelAllSymbol, ["unit": $0]] } ?? messages[.labelAll],
            join: ", ")
    }

    /// The spoken label of one point in the default wording: what the scrubber's `aria-valuetext` says there.
    public func spokenLabel(series: Int, row: Int) -> String { label(view: series, row: row, wording: .standard) }

    /// The spoken label of a row in the all-series view, in the default wording.
    public func spokenAllLabel(row: Int) -> String { label(view: chart.series.count, row: row, wording: .standard) }
}

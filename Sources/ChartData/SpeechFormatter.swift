import ChartModel
import Foundation
import SpecReading

/// Text for ears (and for the readout): dates as "3 January 2012", values as "11.7 °C" with a
/// true minus sign and thousands separators, never ISO timestamps or exponents.
public struct SpeechFormatter: Sendable {
    public internal(set) var chart: Chart
    /// The number format used for y values (the spec's, or one that fits the data).
    public let valueFormat: NumberFormat
    /// Per series, the format for table cells: fixed decimals so a column lines up, as many as
    /// that series needs (whole job counts stay whole even beside a series with decimals).
    public let tableFormats: [NumberFormat]
    /// True when the spec gave no precision: trailing zeros are dropped and tiny values keep
    /// three significant digits.
    let automaticValues: Bool
    let xFormat: NumberFormat?
    /// True when x holds whole numbers that are years (1000–2999, or an axis titled "year"):
    /// spoken "in 1998", rates "a year".
    public let xIsYears: Bool
    /// Spoken series names, computed once (labels are built per point).
    var spokenNames: [String]
    /// English cycle labels a timeUnit made ("January", "Sunday", "3 January") in the chart's
    /// language; empty for English.
    let cycleNames: [String: String]

    /// Every word said or shown, in the chart's language (`chart.options.language`).
    public let messages: Messages
    /// Month names, separators and date patterns of that language.
    public var locale: TextLocale { messages.locale }

    /// The English names cycle labels are made with (`TimeUnitReading.cycleLabel`), before
    /// `cycleNames` puts them in the chart's language.
    static var monthNames: [String] { TextLocale.english.monthNames }
    static var weekdayNames: [String] { TextLocale.english.weekdayNames }

    /// `language` (a BCP 47 tag) overrides the chart's own.
    public init(chart: Chart, language: String? = nil) {
        self.chart = chart
        let messages = Messages(tag: language ?? chart.options.language ?? "en")
        self.messages = messages
        // German capitalises nouns: "Höchsttemperatur" stays as written.
        cycleNames = messages.language == .en ? [:] : Self.cycleNames(messages.locale)
        spokenNames = chart.series.indices.map { s in
            let series = chart.series[s]
            if let said = chart.options.spokenSeriesNames[series.name] { return said }
            // A box plot's statistic as said mid-sentence ("Februar, unteres Quartil 7,8").
            if let box = chart.semantics.box, box.statistics.indices.contains(s) { return messages[.family(.boxSaid, box.statistics[s].rawValue)] }
            // Names from data values ("Europe", "Fossil Fuels") are said as written; titles lowered.
            return messages.language == .de || series.nameFromData ? series.name : Self.lowercasedKeepingAcronyms(series.name)
        }
        // An SI axis format ("~s": "150k") is for tick labels; speech keeps the data's digits.
        if let f = chart.y.format, var parsed = NumberFormat(d3: f), parsed.kind != .short {
            automaticValues = !parsed.hasPrecision
            parsed = parsed.fitted(to: Self.sampleValues(chart))
            // An axis format shapes tick labels, not the data's precision (issue 27): under ".0%"
            // or "$,.0f" a source cell of 0.113 or 53.3 is still said "11.3%", "$53.3"; digits
            // past the author's are only the data's own ("9.6", not "9.60"), and a mean keeps
            // the author's precision where the source cells have no more.
            let derived = ChartBuilder.derivedAggregates.contains(chart.y.aggregate ?? "") ? 1 : 0
            if let d = chart.y.decimals.map({ $0 - derived - (parsed.kind == .percent ? 2 : 0) }), d > parsed.decimals {
                parsed.decimals = d
                parsed.trim = true
            }
            valueFormat = parsed
        } else {
            automaticValues = true
            valueFormat = Self.automatic(for: Self.sampleValues(chart), sourceDecimals: chart.y.decimals)
        }
        tableFormats = chart.series.map { [valueFormat, automaticValues] s in
            guard automaticValues else { return valueFormat }
            // A "%" without precision keeps its kind: "14%", padded per column like other tables.
            if valueFormat.kind == .percent { var f = valueFormat.fitted(to: Array(s.values.prefix(20_000))); f.trim = false; return f }
            return Self.automatic(for: Array(s.values.prefix(20_000)), sourceDecimals: chart.y.decimals)
        }
        xIsYears = Self.looksLikeYears(chart)
        if chart.x.type == .quantitative || chart.xValues.first.map({ if case .number = $0 { true } else { false } }) == true {
            let numbers = chart.xValues.prefix(20_000).map(\.numeric)
            if let f = chart.x.format.flatMap({ NumberFormat(d3: $0) }) {
                xFormat = f.fitted(to: Array(numbers))
            } else {
                var f = NumberFormat.automatic(for: Array(numbers))
                f.trim = true
                // Years and other small whole numbers read better without a separator: 2012, not 2,012.
                if xIsYears { f.grouping = false }
                xFormat = f
            }
        } else {
            xFormat = nil
        }
    }

    /// As many decimals as `values` need, never more than their source's (`YAxis.decimals`: a
    /// mean of tenths is "8.23", not "8.229"), and never fewer: a price of 1,394.46 keeps its
    /// cents (issue 27; `NumberFormat.automatic` alone gives values past 1,000 one decimal).
    static func automatic(for values: [Double?], sourceDecimals: Int?) -> NumberFormat {
        var f = NumberFormat.automatic(for: values)
        guard let d = sourceDecimals else { return f }
        var needed = 0  // the decimals the values' fractions need, up to the source's
        for case let v? in values.prefix(20_000) where v.isFinite {
            let fraction = abs(v - v.rounded(.towardZero))
            while needed < d {
                let scaled = fraction * pow(10, Double(needed))
                if abs(scaled - scaled.rounded()) < 1e-6 * max(1, scaled) { break }
                needed += 1
            }
        }
        f.decimals = min(max(f.decimals, needed), d)
        return f
    }

    /// The x value of a row: "3 January 2012", "January 2012", "2012", "3 January 2012, 14:00",
    /// a formatted number, or the category label.
    public func xText(_ row: Int) -> String {
        guard chart.xValues.indices.contains(row) else { return "" }
        if chart.hasInvalidKey(row), let p = chart.semantics.invalidDrawn?.row { return invalidDrawnText(p, onRowAxis: true) }  // Chart+Invalid.swift
        if let bins = chart.semantics.bins, bins.indices.contains(row) { return binText(bins[row]) }
        switch chart.xValues[row] {
        case .category(let label): return cycleNames.isEmpty ? label : localizedCycle(label)
        case .number(let n):
            let text = locale.localized((xFormat ?? NumberFormat(decimals: 0)).format(n))
            return chart.x.unit.map { Self.withUnit(text, $0) } ?? text
        case .date(let d): return dateText(d, granularity: chart.x.granularity ?? .day)
        }
    }

    /// A date at the given granularity, in UTC.
    public func dateText(_ date: Date, granularity: TimeGranularity) -> String {
        TextFormat.date(date, granularity: granularity, locale: locale)
    }

    /// A number in the chart's value format, without unit: "35,361", "−1.6".
    public func numberText(_ value: Double) -> String { numberText(value, extraDecimals: 0) }

    /// `extraDecimals` adds precision for derived figures such as a mean.
    public func numberText(_ value: Double, extraDecimals: Int) -> String {
        if chart.y.type == .temporal { return valueDateText(value) }
        guard automaticValues, valueFormat.kind == .fixed else { return locale.localized(valueFormat.format(value)) }
        var format = valueFormat
        format.trim = true
        format.decimals += extraDecimals
        let magnitude = abs(value)
        if magnitude > 0 && magnitude < 1 {
            // Keep three significant digits for small values: 0.000123, not 0.
            let needed = Int((-log10(magnitude)).rounded(.down)) + 3
            format.decimals = max(format.decimals, min(needed, 12))
        }
        return locale.localized(format.format(value))
    }

    /// A derived value (mean, median) with one more decimal than the data, and its unit.
    public func derivedValueText(_ value: Double?) -> String {
        guard let value else { return messages[.valueNoData] }
        return withUnitIfAny(numberText(value, extraDecimals: 1))
    }

    private func withUnitIfAny(_ text: String, series: Int? = nil) -> String {
        guard let unit = unitSymbol(series: series) else { return text }
        return Self.withUnit(text, unit)
    }

    /// The unit written after series `series`' values: its own (`Series.unit`, a dual-axis
    /// chart's layers), else the chart's; nil for none or under a `%` format.
    public func unitSymbol(series: Int?) -> String? {
        let own = series.flatMap { chart.series.indices.contains($0) ? chart.series[$0].unit : nil }
        guard let unit = own ?? chart.y.unit, !unit.isEmpty, chart.y.format?.hasSuffix("%") != true else { return nil }
        return unit
    }

    /// A value with its unit: "11.7 °C", "35,361 thousand MWh"; "no data" for a gap.
    public func valueText(_ value: Double?, series: Int = 0) -> String {
        guard let value else { return messages[.valueNoData] }
        if let rank = rankText(value) { return rank }  // a bump chart: "rank 1 of 5" (SpeechFormatter+Layers.swift)
        return withUnitIfAny(numberText(value), series: series)
    }

    /// Whole numbers on an x titled "year", or (except in a scatter plot) all between 1000 and 2999.
    public static func looksLikeYears(_ chart: Chart) -> Bool {
        let numbers = chart.xValues.prefix(20_000).compactMap { if case .number(let n) = $0 { n } else { nil } }
        guard !numbers.isEmpty, numbers.count == min(chart.xValues.count, 20_000),
              numbers.allSatisfy({ $0 == $0.rounded() }) else { return false }
        let titled = chart.x.title.lowercased().contains("year") || chart.x.field.lowercased().contains("year")
        return titled || (chart.mark != .point && numbers.allSatisfy { (1000...2999).contains($0) })
    }

    /// "about 16.4 °C" when `approximate` (a smoothed level), else `valueText`.
    public func valueText(_ value: Double?, approximate: Bool) -> String {
        approximate && value != nil ? messages[.valueAbout, ["value": valueText(value)]] : valueText(value)
    }

    /// True when values are percentages (a `%` format or unit): changes are in percentage points.
    public var valuesArePercentages: Bool { chart.y.format?.hasSuffix("%") == true || chart.y.unit == "%" }

    /// A change of a percentage in points: 0.032 under a `%` format → "3.2".
    public func numberText(_ change: Double, asPercentagePoints: Bool) -> String {
        guard asPercentagePoints, chart.y.format?.hasSuffix("%") == true else { return numberText(change) }
        var format = valueFormat
        format.kind = .fixed
        return locale.localized(format.format(change * 100))
    }

    /// "early July 2012", "mid July 2012", "late July 2012" for a date finer than a month (a
    /// smoothed turning point is not exact to the day); otherwise `xText`.
    public func approximateXText(_ row: Int) -> String {
        guard let (part, monthYear) = approximateParts(row) else { return untilXText(row) }
        return messages[.family(.approx, part), ["date": monthYear]]
    }

    /// ("early" | "mid" | "late", "July 2012") for a date row finer than a month.
    private func approximateParts(_ row: Int) -> (String, String)? {
        guard chart.xValues.indices.contains(row), case .date(let d) = chart.xValues[row],
              (chart.x.granularity ?? .day) <= .day else { return nil }
        let c = TextFormat.civil(d.timeIntervalSince1970)
        return (c.day <= 10 ? "early" : c.day <= 20 ? "mid" : "late", dateText(d, granularity: .month))
    }

    /// "from one month to the next" (by the x granularity), else "from one point to the next".
    public var stepPhrase: String {
        guard chart.x.type == .temporal, let g = chart.x.granularity else { return messages[.stepPoint] }
        return messages[.family(.step, g.rawValue)]
    }

    /// What follows "until": "9 March 2012", "1998", "index 9", "Tuesday".
    public func untilXText(_ row: Int) -> String {
        if let path = pathPlaceText(row) { return path }  // a connected scatter plot (Chart+Path.swift)
        guard chart.xValues.indices.contains(row), case .number = chart.xValues[row], !xIsYears else { return xText(row) }
        let title = chart.x.title.isEmpty ? "x" : ChartBuilder.humanize(chart.x.title).lowercased()
        return "\(title) \(xText(row))"
    }

    /// "until 9 March 2012", "until 1998" (with the language's preposition: "jusqu'au 9 mars 2012").
    public func untilText(_ row: Int, approximate: Bool = false) -> String {
        if approximate, let (part, monthYear) = approximateParts(row) {
            return messages[.untilApprox, ["date": messages[.family(.approx, part), ["date": monthYear]]]]
        }
        let text = untilXText(row)
        guard chart.xValues.indices.contains(row), case .date = chart.xValues[row] else { return messages[.untilPosition, ["x": text]] }
        switch chart.x.granularity ?? .day {
        case .year: return messages[.untilYear, ["date": text]]
        case .month, .quarter: return messages[.untilMonth, ["date": text]]
        default: return messages[.untilDay, ["date": text]]
        }
    }

    /// "in late July 2012" (see `approximateXText`), else `atX`.
    public func approximatelyAtX(_ row: Int) -> String {
        guard let (part, monthYear) = approximateParts(row) else { return atX(row) }
        return messages[.family(.approxAt, part), ["date": monthYear]]
    }

    /// A table cell: the series' table format and the unit, "no data" for a gap.
    public func tableText(_ value: Double?, series: Int) -> String {
        guard let value else { return messages[.valueNoData] }
        if chart.y.type == .temporal { return valueDateText(value) }
        // A box's statistics are derived (a quartile between two days): read as spoken, "6.1", not a padded "6.100".
        if chart.semantics.box != nil { return withUnitIfAny(numberText(value)) }
        let format = tableFormats.indices.contains(series) ? tableFormats[series] : valueFormat
        return withUnitIfAny(locale.localized(format.format(value)))
    }

    static func withUnit(_ text: String, _ unit: String) -> String {
        unit == "%" || unit == "‰" ? text + unit : unit.hasPrefix("$") || unit == "£" || unit == "€" ? unit + text : "\(text) \(unit)"
    }

    /// The series name for speech: the author's `seriesNames` entry, else the legend name in
    /// lower case with acronyms kept ("Maximum temperature" → "maximum temperature", "CO2 level" → "CO2 level").
    public func spokenName(_ series: Int) -> String {
        spokenNames.indices.contains(series) ? spokenNames[series] : ""
    }

    static func lowercasedKeepingAcronyms(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let letters = word.filter(\.isLetter)
            let uppercaseAfterFirst = word.dropFirst().contains { $0.isUppercase }
            if letters.count > 1 && (letters == letters.uppercased() || uppercaseAfterFirst) { return String(word) }
            if word.count == 1 && letters == letters.uppercased() { return String(word) }  // "Region A"
            return word.lowercased()
        }.joined(separator: " ")
    }

    /// "3 January 2012, maximum temperature 11.7 °C"; a scatter plot names both coordinates:
    /// "miles 3,675, price 2.38 USD per gallon".
    public func pointLabel(series: Int, row: Int) -> String {
        let t = templateMaker.pointTemplates(series: series)
        let value = templateValue(series: series, row: row)
        return Self.fill(value == nil ? t.showGap : t.show, x: xLabel(row), value: value) + (detailText(series: series, row: row) ?? "")
    }

    /// The x part of a point label: the x name before the number for a scatter plot.
    public func xLabel(_ row: Int) -> String {
        guard chart.xValues.indices.contains(row) else { return xText(row) }
        var named = namesNumberedCategory(row)
        if chart.mark == .point || chart.mark == .text, case .number = chart.xValues[row] { named = true }
        guard named else { return categoryDateText(row) ?? xText(row) }
        let name = chart.x.title.isEmpty ? "x" : Self.lowercasedKeepingAcronyms(chart.x.title)
        return "\(name) \(xText(row))"
    }

    /// A strip plot's category that is a number ("3" cylinders) is said with its axis' name,
    /// "cylinders 3, horsepower 90", not two numbers in a row.
    func namesNumberedCategory(_ row: Int) -> Bool {
        guard chart.isStripPlot, !chart.x.title.isEmpty, chart.xValues.indices.contains(row), case .category(let c) = chart.xValues[row] else { return false }
        return Double(c) != nil
    }

    /// "from 1 January 2012 to 31 December 2015" (or "across 3 categories" for nominal x).
    public var xRangeText: String {
        // Rows drawn at zero for an invalid key (Chart+Invalid.swift) are not the range's ends.
        let real = chart.semantics.invalidDrawn.map { d in chart.xValues.indices.filter { !d.keyRows.contains($0) } } ?? Array(chart.xValues.indices)
        guard let first = real.first, let last = real.last else { return messages[.rangeNoData] }
        if let path = pathAxisRangeText { return path }  // a connected scatter plot (Chart+Path.swift)
        if let bins = chart.semantics.bins, let a = bins.first, let b = bins.last { return binText(BinRange(start: a.start, end: b.end)) }
        if chart.x.type == .nominal { return messages.plural(.rangeCategories, count: chart.xValues.count) }
        if first == last { return messages[.rangeAt, ["x": xText(first)]] }
        // Days take their own prepositions in some languages: "du 1er janvier 2012 au 31 décembre 2015".
        if case .date = chart.xValues[first], (chart.x.granularity ?? .day) <= .day {
            return messages[.rangeDays, ["low": xText(first), "high": xText(last)]]
        }
        return messages[.rangeFromTo, ["low": xText(first), "high": xText(last)]]
    }

    /// "from −7.1 °C to 35.6 °C", over every series.
    public var yRangeText: String {
        if let stacked = stackedRangeText { return stacked }  // the stacks' tops (Chart+Stack.swift)
        if let own = independentRanges() { return own }  // a dual-axis chart's two axes (Chart+AxisScales.swift)
        var low = Double.infinity, high = -Double.infinity
        for s in chart.series {
            for case let v? in s.values {
                if v < low { low = v }
                if v > high { high = v }
            }
            for d in s.details {  // a layered band around the line reaches further (review R7)
                for case let v? in [d.bandLower, d.bandUpper] { low = min(low, v); high = max(high, v) }
            }
        }
        guard low <= high else { return messages[.rangeNoValues] }
        return messages[.rangeFromTo, ["low": valueText(low), "high": valueText(high)]]
    }

    /// The preposition that reads well before `xText`: "on 3 January 2012", "in 2012", "at 14:00"
    /// ("am 3. Januar 2012", "le 3 janvier 2012", "el 3 de enero de 2012").
    public func atX(_ row: Int) -> String {
        if let path = pathAtText(row) { return path }  // a connected scatter plot (Chart+Path.swift)
        if let bins = chart.semantics.bins, bins.indices.contains(row) { return binAtText(bins[row]) }
        let text = xText(row)
        switch chart.xValues.indices.contains(row) ? chart.xValues[row] : nil {
        case .date?:
            switch chart.x.granularity ?? .day {
            case .year: return messages[.atYear, ["date": text]]
            case .month, .quarter: return messages[.atMonth, ["date": text]]
            default: return messages[.atDay, ["date": text]]
            }
        case .number? where xIsYears: return messages[.atYear, ["date": text]]
        case .number?: return messages[.atNumber, ["title": chart.x.title.isEmpty ? "x" : ChartBuilder.humanize(chart.x.title).lowercased(), "x": text]]
        case .category? where namesNumberedCategory(row):
            return messages[.atNamedCategory, ["title": Self.lowercasedKeepingAcronyms(chart.x.title), "x": text]]
        case .category? where categoryDateText(row) != nil:
            return messages[.atDay, ["date": categoryDateText(row) ?? text]]
        case .category?:
            let isMonth = locale.monthNames.contains(text) || TextLocale.english.monthNames.contains(text)
            return chart.x.type == .ordinal && isMonth ? messages[.atMonthName, ["x": text]] : messages[.atCategory, ["x": text]]
        case nil: return ""
        }
    }
}

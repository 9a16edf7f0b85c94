import Foundation

extension Chart {
    /// Statistics, trend and a plain-English summary, computed once; no HTML, no audio.
    public func describe() -> ChartDescription {
        let speech = SpeechFormatter(chart: self)
        var descriptions: [SeriesDescription] = []
        for (index, s) in series.enumerated() {
            var stats = SeriesStatistics(values: s.values)
            // In a scatter, rows of other series' points are not this series' missing values.
            if let rows = s.pointRows { stats.missing = rows.filter { s.values[$0] == nil }.count }
            let trend = computeTrend(s.values, stats: stats)
            descriptions.append(SeriesDescription(
                name: s.name, statistics: stats, trend: trend,
                statisticsSentence: statisticsSentence(index, stats, speech),
                trendSentence: trendSentence(index, trend, speech)))
        }
        var text = summary(descriptions, speech)
        if semantics.invalidRows > 0 {
            // Rows Vega-Lite leaves out of the marks (no valid x) are said, never silently dropped.
            let n = semantics.invalidRows
            text += " \(CSVReader.grouped(n)) data row\(n == 1 ? " has" : "s have") no valid \(x.title.lowercased()) and \(n == 1 ? "is" : "are") left out."
        }
        return ChartDescription(summary: text, series: descriptions)
    }

    private func summary(_ descriptions: [SeriesDescription], _ speech: SpeechFormatter) -> String {
        var parts: [String] = []
        let names = series.indices.map { speech.spokenName($0) }
        var first = "\(mark.chartKindName) of \(title.isEmpty ? "data" : title)"
        if let aggregate = y.aggregate { first += " (\(aggregatePhrase(aggregate)))" }
        if names.count > 1 { first += ", \(names.count) series: \(Self.list(names))" }
        // A scatter's series share rows: count their own points instead.
        let shared = series.contains { $0.pointRows != nil }
        let count = shared ? series.reduce(0) { $0 + ($1.pointRows?.count ?? $1.values.count) } : pointCount
        let perSeries = series.count > 1 && !shared ? " per series" : ""
        let unitWord = mark == .bar ? "bar" : "point"
        parts.append("\(first), \(speech.xRangeText), \(CSVReader.grouped(count)) \(unitWord)\(count == 1 ? "" : "s")\(perSeries).")
        for (index, d) in descriptions.enumerated() {
            let name = series.count == 1 ? "Values" : Self.capitalized(speech.spokenName(index))
            guard let minRow = d.statistics.minRow, let maxRow = d.statistics.maxRow else {
                parts.append("\(name): no data.")
                continue
            }
            if d.statistics.count == 1 {
                parts.append("\(name): one value, \(speech.valueText(d.statistics.min)) \(speech.atX(minRow)).")
                continue
            }
            var sentence = "\(name) range\(series.count == 1 ? "" : "s") from \(speech.valueText(d.statistics.min)) \(speech.atX(minRow)) to \(speech.valueText(d.statistics.max)) \(speech.atX(maxRow))"
            if d.statistics.missing > 0 {
                sentence += ", with \(CSVReader.grouped(d.statistics.missing)) missing value\(d.statistics.missing == 1 ? "" : "s")"
            }
            parts.append(sentence + ".")
        }
        let trends = descriptions.map { Self.trendWords($0.trend) }
        // Categories in no particular order have no trend to speak of.
        if x.type != .nominal, pointCount > 1, let first = trends.first {
            if Set(trends).count == 1 {
                parts.append("Overall trend: \(first).")
            } else {
                let each = zip(series.indices, trends).map { "\(speech.spokenName($0.0)) \($0.1)" }
                parts.append("Overall trend: \(each.joined(separator: "; ")).")
            }
        }
        return parts.joined(separator: " ")
    }

    static func trendWords(_ trend: Trend) -> String {
        trend.direction.rawValue + (trend.yearlyCycle ? ", with a yearly cycle" : "")
    }

    /// "monthly totals", "yearly averages", "totals".
    func aggregatePhrase(_ aggregate: String) -> String {
        let word = Self.aggregateWord(aggregate)
        let lowerTitle = title.lowercased()
        guard x.type == .temporal, let g = x.granularity,
              !["daily", "monthly", "yearly", "annual"].contains(where: lowerTitle.contains) else { return word }
        switch g {
        case .year: return "yearly \(word)"
        case .month: return "monthly \(word)"
        case .day: return "daily \(word)"
        default: return word
        }
    }

    static func aggregateWord(_ aggregate: String) -> String {
        switch aggregate {
        case "sum": "totals"
        case "mean": "averages"
        case "min": "minimums"
        case "max": "maximums"
        case "count": "counts"
        default: aggregate
        }
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        case 2: "\(items[0]) and \(items[1])"
        default: items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }

    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    private func statisticsSentence(_ index: Int, _ stats: SeriesStatistics, _ speech: SpeechFormatter) -> String {
        let name = series[index].name
        let values = "\(CSVReader.grouped(stats.count)) value\(stats.count == 1 ? "" : "s")"
        let missing = stats.missing == 0 ? "none missing" : "\(CSVReader.grouped(stats.missing)) missing"
        guard let minRow = stats.minRow, let maxRow = stats.maxRow, let mean = stats.mean, let median = stats.median else {
            return "\(name): no values, \(missing)."
        }
        return "\(name): \(values), \(missing); lowest \(speech.valueText(stats.min)) \(speech.atX(minRow)), highest \(speech.valueText(stats.max)) \(speech.atX(maxRow)), mean \(speech.derivedValueText(mean)), median \(speech.derivedValueText(median))."
    }

    private func trendSentence(_ index: Int, _ trend: Trend, _ speech: SpeechFormatter) -> String {
        let name = series[index].name
        if x.type == .nominal {
            return "\(name): the categories have no order, so there is no trend."
        }
        guard let firstRow = trend.firstRow, let lastRow = trend.lastRow, firstRow != lastRow else {
            return "\(name): too few values for a trend."
        }
        var sentence = "\(name) is \(trend.direction.rawValue) overall"
        if trend.direction != .flat, let rate = slopePhrase(trend, speech) { sentence += ", \(rate)" }
        if trend.yearlyCycle { sentence += ", with a yearly cycle" }
        if let first = trend.firstRow, let last = trend.lastRow, first != last, let change = trend.change {
            let values = series[index].values
            let sign = change > 0 ? "+" : ""
            var changeText = "\(sign)\(speech.valueText(change))"
            if change == 0 {
                changeText = "no change"
            } else if let percent = trend.changePercent {
                changeText += ", \(percent > 0 ? "+" : "")\(NumberFormat(decimals: abs(percent) < 10 ? 1 : 0).format(percent))%"
            }
            sentence += "; from \(speech.valueText(values[first])) \(speech.atX(first)) to \(speech.valueText(values[last])) \(speech.atX(last)) (\(changeText))"
        }
        return sentence + "."
    }

    /// "by about 1,281 thousand MWh per year" (the least-squares slope in a unit that suits the x span).
    private func slopePhrase(_ trend: Trend, _ speech: SpeechFormatter) -> String? {
        guard let first = xValues.first, let last = xValues.last else { return nil }
        let perStep: Double
        let unit: String
        switch (first, last) {
        case (.date(let a), .date(let b)):
            let days = b.timeIntervalSince(a) / 86_400
            let (seconds, name) = days >= 730 ? (365.2425 * 86_400, "year") : days >= 60 ? (30.436875 * 86_400, "month")
                : days >= 2 ? (86_400.0, "day") : (3600.0, "hour")
            perStep = trend.slope * seconds
            unit = name
        case (.number, .number):
            perStep = trend.slope
            unit = x.unit ?? (x.title.isEmpty ? "unit of x" : "unit of \(Self.lowercasedTitle(x.title))")
        default:
            perStep = trend.slopePerRow
            unit = "step"
        }
        guard perStep.isFinite, perStep != 0 else { return nil }
        return "by about \(speech.derivedValueText(abs(perStep))) per \(unit)"
    }

    static func lowercasedTitle(_ title: String) -> String { SpeechFormatter.lowercasedKeepingAcronyms(title) }

    func computeTrend(_ values: [Double?], stats: SeriesStatistics) -> Trend {
        let cycleLag = yearlyCycleLag(values)
        // A yearly cycle would tilt a straight-line fit by where the data starts in the year, so
        // the direction is judged on one-year moving averages.
        let fitted = cycleLag.map { movingAverage(values, window: $0) } ?? values
        var trend = linearTrend(fitted, stats: stats, rawValues: values)
        trend.yearlyCycle = cycleLag != nil
        return trend
    }

    private func movingAverage(_ values: [Double?], window: Int) -> [Double?] {
        var out = [Double?](repeating: nil, count: values.count)
        var sum = 0.0, count = 0
        for i in values.indices {
            if let v = values[i] { sum += v; count += 1 }
            if i >= window, let old = values[i - window] { sum -= old; count -= 1 }
            if i >= window - 1 && count * 2 >= window { out[i - window / 2] = sum / Double(count) }
        }
        return out
    }

    private func linearTrend(_ values: [Double?], stats: SeriesStatistics, rawValues: [Double?]) -> Trend {
        // Least squares against the x position (numeric x when there is one, else the row number).
        let xs: [Double] = xValues.indices.map { xValues[$0].numeric ?? Double($0) }
        var n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0, sr = 0.0, srr = 0.0, sry = 0.0
        var firstRow: Int?, lastRow: Int?
        let x0 = xs.first ?? 0
        for (row, value) in values.enumerated() {
            guard let v = value, v.isFinite else { continue }
            if firstRow == nil { firstRow = row }
            lastRow = row
            let x = xs[row] - x0
            let r = Double(row)
            n += 1; sx += x; sy += v; sxx += x * x; sxy += x * v; sr += r; srr += r * r; sry += r * v
        }
        let denominator = n * sxx - sx * sx
        let slope = n > 1 && denominator != 0 ? (n * sxy - sx * sy) / denominator : 0
        let rowDenominator = n * srr - sr * sr
        let slopePerRow = n > 1 && rowDenominator != 0 ? (n * sry - sr * sy) / rowDenominator : 0
        var direction = Trend.Direction.flat
        if let f = firstRow, let l = lastRow, let lo = stats.min, let hi = stats.max, hi > lo {
            // Rising or falling only when the fitted line moves by more than 10 % of the value range.
            let fitted = slope * (xs[l] - xs[f])
            if abs(fitted) > 0.1 * (hi - lo) { direction = fitted > 0 ? .rising : .falling }
        }
        var change: Double?, percent: Double?
        firstRow = rawValues.firstIndex { $0 != nil }
        lastRow = rawValues.lastIndex { $0 != nil }
        if let f = firstRow, let l = lastRow, let a = rawValues[f], let b = rawValues[l] {
            change = b - a
            percent = a != 0 ? (b - a) / abs(a) * 100 : nil
        }
        return Trend(slopePerRow: slopePerRow, slope: slope, direction: direction, firstRow: firstRow, lastRow: lastRow,
                     change: change, changePercent: percent, yearlyCycle: false)
    }

    /// Autocorrelation at a one-year lag (365 daily rows or 12 monthly rows) above 0.5, over at
    /// least two years of data.
    /// The row lag of one year (365 or 12) when the series has a yearly cycle, else nil.
    func yearlyCycleLag(_ values: [Double?]) -> Int? {
        guard x.type == .temporal, let first = xValues.first?.numeric, let last = xValues.last?.numeric else { return nil }
        let lag: Int
        switch x.granularity {
        case .day?: lag = 365
        case .month?: lag = 12
        default: return nil
        }
        let span = (last - first) / 86_400
        guard span >= 730, values.count > 2 * lag else { return nil }
        // Rows must be roughly evenly spaced for a row lag to mean one year.
        let expectedRows = x.granularity == .day ? span + 1 : span / 30.44 + 1
        guard abs(Double(values.count) - expectedRows) / expectedRows < 0.05 else { return nil }
        var sum = 0.0, count = 0.0
        for case let v? in values { sum += v; count += 1 }
        guard count > 0 else { return nil }
        let mean = sum / count
        var numerator = 0.0, variance = 0.0
        for v in values { if let v { variance += (v - mean) * (v - mean) } }
        for i in 0..<(values.count - lag) {
            if let a = values[i], let b = values[i + lag] { numerator += (a - mean) * (b - mean) }
        }
        guard variance > 0 else { return nil }
        return numerator / variance > 0.5 ? lag : nil
    }
}

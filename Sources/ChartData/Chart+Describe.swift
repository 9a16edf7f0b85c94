import ChartModel
import Foundation
import SpecReading

extension Chart {
    /// Statistics, trend and a plain-language summary (in `language`, else the chart's own),
    /// computed once; no HTML, no audio.
    public func describe(language: String? = nil) -> ChartDescription {
        let speech = SpeechFormatter(chart: self, language: language)
        var descriptions: [SeriesDescription] = []
        for (index, s) in series.enumerated() {
            var stats = SeriesStatistics(values: s.values)
            // In a scatter, rows of other series' points are not this series' missing values.
            if let rows = s.pointRows { stats.missing = rows.filter { s.values[$0] == nil }.count }
            let trend = computeTrend(s.values, stats: stats)
            if let candle = candlestick {
                // Extremes are the lowest low and highest high; the centre and shape follow the close.
                let prices = candlestickStatistics(candle)
                descriptions.append(SeriesDescription(name: s.name, statistics: prices, trend: trend,
                                                      statisticsText: candlestickStatisticsSentence(prices, speech), trendText: trendSentence(index, trend, speech)))
                continue
            }
            if let box = semantics.box, box.statistics.indices.contains(index), box.statistics[index].isOutliers {
                // Outliers are counted, not read as a shape across the groups.
                let sentence = boxOutliersSentence(box, series: index, speech)
                descriptions.append(SeriesDescription(name: s.name, statistics: stats, trend: trend, statisticsText: sentence, trendText: [sentence]))
                continue
            }
            if isStripPlot {
                // A strip plot's rows are values within categories: no shape along them.
                descriptions.append(SeriesDescription(name: s.name, statistics: stats, trend: trend,
                                                      statisticsText: statisticsSentence(index, stats, speech), trendText: [stripSentence(series: index, speech)]))
                continue
            }
            descriptions.append(SeriesDescription(
                name: s.name, statistics: stats, trend: trend,
                statisticsText: statisticsSentence(index, stats, speech),
                trendText: relationSentence(index, speech) ?? trendSentence(index, trend, speech)))  // a scatter: a relation (Chart+Relation.swift)
        }
        var text = kindSummary(speech) ?? summary(descriptions, speech)
        if isStripPlot {
            let total = descriptions.reduce(0) { $0 + $1.statistics.count }
            text = [Sentence(speech.messages[.stripSummary, ["kind": speech.messages[.kindTick], "title": title.isEmpty ? speech.messages[.boxData] : title,
                                                               "values": speech.messages.plural(.countValues, count: total)]])] + descriptions.flatMap(\.trendText)
        }
        if let e = semantics.errorRange { text.append(Sentence(e.sentence(band: mark == .errorband, speech.messages))) }
        if semantics.invalidRows > 0 {
            // Rows Vega-Lite leaves out of the marks (no valid x) are said, never silently dropped.
            text.append(Sentence(speech.messages.plural(.summaryInvalidRows, count: semantics.invalidRows, ["field": x.title.lowercased()])))
        }
        if let drawn = semantics.invalidDrawn {
            // `invalid: "show"`: where the chart draws rows without a valid key or value (Chart+Invalid.swift).
            if let p = drawn.row, !drawn.keyRows.isEmpty {
                text.append(Sentence(speech.messages.plural(.summaryInvalidDrawn, count: drawn.keyRows.count,
                                                            ["field": x.title.lowercased(), "value": speech.invalidPlaceText(p, onRowAxis: true)])))
            }
            let values = series.reduce(0) { $0 + $1.invalidRows.count }
            if values > 0 {
                text.append(Sentence(speech.messages.plural(.summaryInvalidDrawn, count: values, [
                    "field": y.title.lowercased(), "value": speech.invalidPlaceText(drawn.value, onRowAxis: false, withUnit: true)])))
            }
        }
        return ChartDescription(sentences: text, series: descriptions)
    }

    private func summary(_ descriptions: [SeriesDescription], _ speech: SpeechFormatter) -> [Sentence] {
        var parts: [Sentence] = []
        let m = speech.messages
        let names = series.indices.map { speech.spokenName($0) }
        let kind = m[kindKey]
        var first = title.isEmpty ? m[.summaryKindUntitled, ["kind": kind]] : m[.summaryKind, ["kind": kind, "title": title]]
        if let aggregate = y.aggregate { first += " (\(aggregatePhrase(aggregate, m)))" }
        if names.count > 1 { first += m[.summarySeries, ["count": TextFormat.count(names.count, locale: speech.locale), "list": m.list(names)]] }
        // A scatter's series share rows: count their own points instead.
        let shared = series.contains { $0.pointRows != nil }
        if isPointCloud {
            // A scatter plot's rows are shared slots: count each series' own points.
            let total = descriptions.reduce(0) { $0 + $1.statistics.count }
            let counted = m.plural(.countPoints, count: total)
            parts.append(Sentence("\(first), \(speech.xRangeText), \(series.count > 1 ? m[.countInAll, ["counted": counted]] : counted)."))
        } else {
            let counted = m.plural(mark == .bar ? .countBars : .countPoints, count: pointCount)
            parts.append(Sentence("\(first), \(speech.pathRangeText ?? speech.xRangeText), \(series.count > 1 && !shared ? m[.countPerSeries, ["counted": counted]] : counted)."))
        }
        if series.count > Self.summaryShapeLimit, let range = overallRange(descriptions, speech) {
            parts.append(range)
        }
        // A bump chart's ranks are told by who leads, rises and falls (`bumpSentences`), a Gantt
        // chart's bars by their span (`layer.sentence.gantt`), not as ranges of values.
        for (index, d) in descriptions.enumerated() where series.count <= Self.summaryShapeLimit && semantics.idiom != .bump && semantics.idiom != .gantt {
            let name = series.count == 1 ? m[.summaryValues] : Self.capitalized(speech.spokenName(index))
            guard let minRow = d.statistics.minRow, let maxRow = d.statistics.maxRow else {
                parts.append(Sentence(m[.summaryNoData, ["name": name]]))
                continue
            }
            if d.statistics.count == 1 {
                var marks = ClaimMarks()
                let value = marks.said(Claim.at(.value, series: index, row: minRow, value: d.statistics.min), speech.valueText(d.statistics.min, series: index))
                parts.append(Sentence(m[.summaryOneValue, ["name": name, "value": value, "at": speech.atX(minRow)]], claims: marks.claims))
                continue
            }
            if let spans = rangeSpanSentence(series: index, speech) {  // ranges as given (y/y2): from the lowest start to the highest end
                parts.append(Sentence(spans + "."))
                continue
            }
            let values = series[index].values
            var (low, lowRow, high, highRow) = (d.statistics.min, minRow, d.statistics.max, maxRow)
            if speech.saysMagnitude(series: index) {  // a pyramid's left side: from its smallest bar to its largest
                (low, lowRow, high, highRow) = (d.statistics.max.map(abs), maxRow, d.statistics.min.map(abs), minRow)
            }
            var marks = ClaimMarks()
            let minText = marks.said(Claim.at(.lowest, series: index, row: lowRow, value: values[lowRow]), speech.valueText(low, series: index))
            let maxText = marks.said(Claim.at(.highest, series: index, row: highRow, value: values[highRow]), speech.valueText(high, series: index))
            var sentence = m[series.count == 1 ? .summaryRangeValues : .summaryRange, [
                "name": name, "min": minText, "minAt": speech.atX(lowRow), "max": maxText, "maxAt": speech.atX(highRow)]]
            if d.statistics.missing > 0 && !isPointCloud {
                sentence += m.plural(.summaryMissing, count: d.statistics.missing)
            }
            parts.append(Sentence(sentence + ".", claims: marks.claims))
        }
        if let totals = stackTotalsSentence(speech) { parts.append(totals) }  // Chart+Stack.swift
        // Categories in no particular order have no shape to speak of; with many series the
        // shapes are in each series' own section.
        // A Gantt chart's starts have no trend to tell (its bars' span is `layer.sentence.gantt`).
        if x.type != .nominal, pointCount > 1, semantics.idiom != .bump, semantics.idiom != .gantt {
            if descriptions.count <= Self.summaryShapeLimit {
                // A pyramid's left side would "fall" as its bars grow: its shape is left to its section.
                parts += descriptions.indices.filter { !speech.saysMagnitude(series: $0) }.flatMap { descriptions[$0].trendText }
            } else {
                parts.append(Sentence(m[.summaryShapesInSections]))
            }
        }
        if semantics.independentValueScales {  // a dual-axis chart: no series is another's range
            parts.append(Sentence(m[.summaryOwnScales, ["list": m.list(series.indices.map(seriesHeading))]]))
        } else if pitchScalePerSeries {
            parts.append(Sentence(m[.summaryPitchScales]))
        }
        if let path = pathSentence(speech) { parts.append(Sentence(path)) }  // a connected scatter plot (Chart+Path.swift)
        parts += pitchCurveSentences(m).map { Sentence($0) }
        if let rows = rowScaleSentence(m) { parts.append(Sentence(rows)) }  // a log x (Chart+AxisScales.swift)
        parts += speech.annotationSentenceList.map { Sentence($0) }  // layers: rules, labels, bands
        return parts
    }

    /// "Values range from $40 (region A, in 2014) to $147 (region X, in 2017)." over every series.
    private func overallRange(_ descriptions: [SeriesDescription], _ speech: SpeechFormatter) -> Sentence? {
        var low: (Int, Int, Double)?, high: (Int, Int, Double)?
        for (s, d) in descriptions.enumerated() {
            if let row = d.statistics.minRow, let v = d.statistics.min, low == nil || v < low!.2 { low = (s, row, v) }
            if let row = d.statistics.maxRow, let v = d.statistics.max, high == nil || v > high!.2 { high = (s, row, v) }
        }
        guard let low, let high else { return nil }
        var marks = ClaimMarks()
        let minText = marks.said(Claim(.lowest, series: low.0, value: low.2, rows: [low.1]), speech.valueText(low.2))
        let maxText = marks.said(Claim(.highest, series: high.0, value: high.2, rows: [high.1]), speech.valueText(high.2))
        return Sentence(speech.messages[.summaryOverallRange, [
            "min": minText, "minName": speech.spokenName(low.0), "minAt": speech.atX(low.1),
            "max": maxText, "maxName": speech.spokenName(high.0), "maxAt": speech.atX(high.1)]], claims: marks.claims)
    }

    /// A scatter plot of several series: rows are shared slots, so a series' empty rows are not missing values.
    var isPointCloud: Bool { (mark == .point || mark == .tick || mark == .text) && series.count > 1 }

    /// Series whose shape sentence is part of the summary; more are described in their sections only.
    static let summaryShapeLimit = 4

    /// "monthly totals", "yearly averages", "totals" (`aggregate.<op>[.<granularity>]` in the catalogue).
    func aggregatePhrase(_ aggregate: String, _ m: Messages) -> String {
        let known = ["sum", "mean", "min", "max", "count"].contains(aggregate)
        guard known else { return aggregate }
        let lowerTitle = title.lowercased()
        guard x.type == .temporal, let g = x.granularity, [.year, .month, .day].contains(g),
              !["daily", "monthly", "yearly", "annual"].contains(where: lowerTitle.contains) else { return m[.family(.aggregate, aggregate)] }
        return m[.family(.aggregate, "\(aggregate).\(g.rawValue)")]
    }

    /// "a, b and c" in English (the language-aware form is `Messages.list`).
    static func list(_ items: [String]) -> String { Messages.english.list(items) }

    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    private func statisticsSentence(_ index: Int, _ stats: SeriesStatistics, _ speech: SpeechFormatter) -> Sentence {
        let m = speech.messages
        let name = series[index].name
        let values = m.plural(.statsValues, count: stats.count)
        let missing = stats.missing == 0 || isPointCloud ? m[.statsNoneMissing] : m.plural(.statsMissing, count: stats.missing)
        guard let minRow = stats.minRow, let maxRow = stats.maxRow, let mean = stats.mean, let median = stats.median else {
            return Sentence(m[.statsNoValues, ["name": name, "missing": missing]])
        }
        var marks = ClaimMarks()
        let minText = marks.said(Claim.at(.lowest, series: index, row: minRow, value: stats.min), speech.valueText(stats.min, series: index))
        let maxText = marks.said(Claim.at(.highest, series: index, row: maxRow, value: stats.max), speech.valueText(stats.max, series: index))
        return Sentence(m[.statsSentence, [
            "name": name, "values": values, "missing": missing, "min": minText, "minAt": speech.atX(minRow), "max": maxText, "maxAt": speech.atX(maxRow),
            "mean": speech.derivedValueText(mean), "median": speech.derivedValueText(median)]], claims: marks.claims)
    }

    /// Least squares against the x position (numeric x when there is one, else the row number),
    /// plus the shape, the cycle and the first-to-last change.
    func computeTrend(_ allValues: [Double?], stats: SeriesStatistics) -> Trend {
        // A row drawn at zero for an invalid x (Chart+Invalid.swift) has no place in a trend.
        var values = allValues
        for row in semantics.invalidDrawn?.keyRows ?? [] where values.indices.contains(row) { values[row] = nil }
        let xs: [Double] = xValues.indices.map { xValues[$0].numeric ?? Double($0) }
        var n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0, sr = 0.0, srr = 0.0, sry = 0.0
        let x0 = xs.first ?? 0
        for (row, value) in values.enumerated() {
            guard let v = value, v.isFinite else { continue }
            let x = xs[row] - x0
            let r = Double(row)
            n += 1; sx += x; sy += v; sxx += x * x; sxy += x * v; sr += r; srr += r * r; sry += r * v
        }
        let denominator = n * sxx - sx * sx
        let slope = n > 1 && denominator != 0 ? (n * sxy - sx * sy) / denominator : 0
        let rowDenominator = n * srr - sr * sr
        let slopePerRow = n > 1 && rowDenominator != 0 ? (n * sry - sr * sy) / rowDenominator : 0
        let analysis = analyzeShape(values)
        var direction = Trend.Direction.flat
        if let shape = analysis?.shape, let first = shape.segments.first, let last = shape.segments.last {
            let net = last.endValue - first.startValue
            if abs(net) >= shape.threshold { direction = net > 0 ? .rising : .falling }
        }
        var change: Double?, percent: Double?
        let firstRow = values.firstIndex { $0 != nil }
        let lastRow = values.lastIndex { $0 != nil }
        if let f = firstRow, let l = lastRow, let a = values[f], let b = values[l] {
            change = b - a
            let largest = max(abs(stats.min ?? 0), abs(stats.max ?? 0))
            if (a > 0 && b > 0) || (a < 0 && b < 0), abs(a) >= 0.1 * largest { percent = (b - a) / abs(a) * 100 }
        }
        return Trend(slopePerRow: slopePerRow, slope: slope, direction: direction, firstRow: firstRow, lastRow: lastRow,
                     change: change, changePercent: percent, shape: analysis?.shape, cycle: analysis?.cycle)
    }
}

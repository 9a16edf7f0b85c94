import ChartModel
import Foundation
import SpecReading

extension BoxStatistic {
    /// The series name: "Lower quartile", "Upper outliers".
    public var title: String {
        switch self {
        case .lowerOutliers: "Lower outliers"
        case .minimum: "Minimum"
        case .lowerQuartile: "Lower quartile"
        case .median: "Median"
        case .upperQuartile: "Upper quartile"
        case .maximum: "Maximum"
        case .upperOutliers: "Upper outliers"
        }
    }
}

extension ErrorRangeInfo {
    /// "Mean of price", "Mittelwert von price".
    public func seriesName(field: String, _ m: Messages) -> String {
        let word = m[center == "median" ? .errorCenterMedian : .errorCenterMean]
        return m[.errorSeriesName, ["center": word.prefix(1).uppercased() + word.dropFirst(), "field": SpeechFormatter.lowercasedKeepingAcronyms(field)]]
    }

    /// How the range is made, for the summary: "the mean plus or minus one standard error".
    public func sentence(band: Bool, _ m: Messages = .english) -> String {
        let spans = m[band ? .errorBand : .errorBar]
        let key: MessageKey = ["stderr", "stdev", "ci", "iqr", "error"].contains(extent) ? .family(.error, extent) : .errorRange
        return m[key, ["spans": spans, "center": m[center == "median" ? .errorCenterMedian : .errorCenterMean]]]
    }
}

extension Chart {
    /// "Upper outliers: 15 values in 8 groups, from 17.2 °C to 35.6 °C." for an outlier series;
    /// the lowest and highest outlier are claims on the groups holding them (`Claim.Part.outlier`).
    func boxOutliersSentence(_ box: BoxPlotInfo, series s: Int, _ speech: SpeechFormatter) -> Sentence {
        let m = speech.messages
        let lists = xValues.indices.map { box.outliers(series: s, row: $0) }
        let all = lists.joined().sorted()
        let name = Self.capitalized(speech.spokenName(s))
        guard let first = all.first, let last = all.last else { return Sentence(m[.boxNoOutlierSeries, ["name": name]]) }
        var marks = ClaimMarks()
        func said(_ kind: Claim.Kind, _ value: Double) -> String {
            var claim = Claim(kind, series: s, value: value, rows: lists.indices.filter { lists[$0].contains(value) })
            claim.part = .outlier
            return marks.said(claim, speech.valueText(value))
        }
        let range = first == last ? m[.rangeAt, ["x": said(.value, first)]]
            : m[.rangeFromTo, ["low": said(.lowest, first), "high": said(.highest, last)]]
        var clauses = m.clauses(.boxOutlierSeries, ["name": name, "values": m.plural(.countValues, count: all.count),
                                                    "groups": m.plural(.countGroups, count: lists.filter { !$0.isEmpty }.count), "range": range])
        // The claims belong to the clause that says their values (the range's).
        if let i = clauses.firstIndex(where: { $0.pieces.contains { $0.claim != nil } }) { clauses[i].claims = marks.claims }
        return Sentence(clauses: clauses)
    }

    /// The box plot's own summary: medians compared across groups, spread (IQR), outliers.
    func boxPlotSummary(_ box: BoxPlotInfo, _ speech: SpeechFormatter) -> [Sentence] {
        let m = speech.messages
        var values: [String: String] = [
            "kind": m[.kindBoxplot], "title": title.isEmpty ? m[.boxData] : title,
            "groups": m.plural(.countGroups, count: pointCount), "values": m.plural(.countValues, count: box.counts.reduce(0, +)),
        ]
        values["field"] = SpeechFormatter.lowercasedKeepingAcronyms(x.title)
        var parts = [Sentence(m[x.title.isEmpty ? .boxSummary : .boxSummaryBy, values])]
        guard let med = box.series(.median), let q1 = box.series(.lowerQuartile), let q3 = box.series(.upperQuartile) else { return parts }
        let medians = series[med].values.enumerated().compactMap { i, v in v.map { (i, $0) } }
        if let low = medians.min(by: { $0.1 < $1.1 }), let high = medians.max(by: { $0.1 < $1.1 }) {
            // Claims on the median series: J goes to the group with the lowest and the highest median.
            var marks = ClaimMarks()
            if medians.count == 1 {
                let value = marks.said(Claim(.value, series: med, value: high.1, rows: [high.0]), speech.valueText(high.1))
                parts.append(Sentence(m[.boxOneMedian, ["value": value]], claims: marks.claims))
            } else {
                let lowText = marks.said(Claim(.lowest, series: med, value: low.1, rows: [low.0]), speech.valueText(low.1))
                let highText = marks.said(Claim(.highest, series: med, value: high.1, rows: [high.0]), speech.valueText(high.1))
                parts.append(Sentence(m[.boxMedians, ["low": lowText, "lowAt": speech.atX(low.0), "high": highText, "highAt": speech.atX(high.0)]],
                                      claims: marks.claims))
            }
        }
        let spreads = series[q1].values.indices.compactMap { i -> (Int, Double)? in
            guard let a = series[q1].values[i], let b = series[q3].values[i] else { return nil }
            return (i, b - a)
        }
        if let wide = spreads.max(by: { $0.1 < $1.1 }), let narrow = spreads.min(by: { $0.1 < $1.1 }) {
            parts.append(Sentence(spreads.count == 1 || wide.1 == narrow.1 ? m[.boxSpreadOne, ["value": speech.valueText(wide.1)]]
                : m[.boxSpread, ["wideAt": speech.atX(wide.0), "wide": speech.valueText(wide.1), "narrowAt": speech.atX(narrow.0), "narrow": speech.valueText(narrow.1)]]))
        }
        let above = box.upperOutliers.reduce(0) { $0 + $1.count }, below = box.lowerOutliers.reduce(0) { $0 + $1.count }
        if let k = box.whiskerIQR {
            let factor = speech.locale.localized({ var f = NumberFormat.automatic(for: [k]); f.trim = true; return f.format(k) }())
            if above + below == 0 {
                parts.append(Sentence(m[.boxWhiskers, ["k": factor]]))
            } else {
                let groupsWith = Set(box.upperOutliers.indices.filter { !box.upperOutliers[$0].isEmpty } + box.lowerOutliers.indices.filter { !box.lowerOutliers[$0].isEmpty })
                parts.append(Sentence(m[.boxWhiskersOutliers, [
                    "k": factor, "outliers": m.plural(.countOutliers, count: above + below),
                    "above": TextFormat.count(above, locale: speech.locale), "below": TextFormat.count(below, locale: speech.locale),
                    "groups": m.plural(.countGroups, count: groupsWith.count)]]))
            }
        } else {
            parts.append(Sentence(m[.boxMinMax]))
        }
        return parts
    }

    /// Names a box plot's statistic series and an error bar's centre in the chart's language (the loader calls it once the
    /// language is known): the table, legend and speech use these names.
    public mutating func nameDerivedSeries() {
        let m = Messages(tag: options.language ?? "en")
        if let e = semantics.errorRange, e.namedByCenter, series.count == 1 { series[0].name = e.seriesName(field: y.title, m) }
        guard let box = semantics.box else { return }
        for (s, statistic) in box.statistics.enumerated() where series.indices.contains(s) {
            series[s].name = m[.family(.box, statistic.rawValue)]
        }
    }
}

extension Chart {
    /// An error bar, band or rule chart of ranges as given (`y`/`y2`, no centre): its extent is
    /// from the lowest start to the highest end, not the starts' range ("Ranges span from −2 for
    /// C to 13.9 for A"); nil for other charts.
    func rangeSpanSentence(series s: Int, _ speech: SpeechFormatter) -> String? {
        guard [.errorbar, .errorband, .rule].contains(mark), semantics.errorRange?.center == nil, semantics.stack == nil,
              series.indices.contains(s), !series[s].details.isEmpty else { return nil }
        var low: (row: Int, value: Double)?, high: (row: Int, value: Double)?
        for (row, d) in series[s].details.enumerated() where series[s].values.indices.contains(row) && series[s].values[row] != nil {
            guard let a = d.lower, let b = d.upper else { continue }
            let lo = min(a, b), hi = max(a, b)
            if low == nil || lo < low!.value { low = (row, lo) }
            if high == nil || hi > high!.value { high = (row, hi) }
        }
        guard let low, let high else { return nil }
        let m = speech.messages
        return m[series.count == 1 ? .summarySpans : .summarySpansSeries, [
            "name": Self.capitalized(speech.spokenName(s)), "min": speech.valueText(low.value), "minAt": speech.atX(low.row),
            "max": speech.valueText(high.value), "maxAt": speech.atX(high.row)]]
    }

    /// A strip plot (ticks, several per category) is read per category, not as a shape along
    /// the rows: "Horsepower: 4, 204 values from 46 to 115; 8, 103 values from 90 to 230; …".
    var isStripPlot: Bool { mark == .tick && semantics.pointPerDatum }

    func stripSentence(series s: Int, _ speech: SpeechFormatter) -> Sentence {
        let m = speech.messages
        var groups: [(label: String, values: [Double])] = []
        for row in xValues.indices {
            let label = speech.atX(row)
            if groups.last?.label != label { groups.append((label, [])) }
            if let v = series[s].values[row] { groups[groups.count - 1].values.append(v) }
        }
        let parts = groups.filter { !$0.values.isEmpty }.map { g -> String in
            let lo = g.values.min()!, hi = g.values.max()!
            let values = m.plural(.countValues, count: g.values.count)
            return lo == hi ? m[.stripGroupOne, ["at": g.label, "values": values, "value": speech.valueText(lo)]]
                : m[.stripGroup, ["at": g.label, "values": values, "low": speech.valueText(lo), "high": speech.valueText(hi)]]
        }
        let name = Self.capitalized(speech.spokenName(s))
        guard parts.count <= 8 else {
            return Sentence(clauses: m.clauses(.stripMany, ["name": name, "categories": m.plural(.countCategories, count: parts.count), "groups": parts.prefix(4).joined(separator: "; ")]))
        }
        // The first group is S's short sentence; the others are its detail.
        let said = parts.enumerated().map { i, part in i == 0 ? part : (i == 1 ? String(Messages.detailMark) : "") + "; " + part }.joined()
        return Sentence(clauses: m.clauses(.stripSeries, ["name": name, "groups": said]))
    }
}

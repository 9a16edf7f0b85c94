import ChartModel
import Foundation

/// What a figure's page says once for all its panels: what they are, the scales they share, and
/// how they compare (highest and lowest panel, where the single extremes are, how the trends
/// differ). Every number comes from the panels' own descriptions.
public struct FigureDescription: Sendable, Equatable {
    /// "4 panels by year (2012 to 2015), each a bar chart of precipitation by month."
    public var overview: String
    /// "Every panel uses the same value axis, 0 to 240 mm, so the same value sounds the same in every panel." (nil when independent)
    public var sharedScales: String?
    /// Highest and lowest panel, the extremes (or a ridgeline's peaks), the trends: a sentence each.
    public var comparison: [Sentence]
    /// The three together, for the page's summary and meta description.
    public var summary: String { [overview, sharedScales, comparison.text].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ") }
}

extension ChartFigure {
    public func describe() -> FigureDescription {
        let descriptions = panels.map { $0.describe() }
        let headers = panels.map { $0.panel?.header ?? $0.title }
        let count = panels.count
        let first = panels[0]
        let speech0 = SpeechFormatter(chart: first)
        let m = speech0.messages
        // Kind names and titles inside a sentence: lower case, except in German (nouns keep theirs).
        let lower = { (text: String) in m.language == .de ? text : text.lowercased() }
        let kind = { (chart: Chart) in lower(m[chart.kindKey]) }
        let aKind = { (chart: Chart) in m[chart.kindPhraseKey] }  // with its article: "eine Heatmap"
        let sameKind = panels.allSatisfy { $0.kindKey == first.kindKey }
        let panelCount = m.plural(.figurePanels, count: count)
        var overview: String
        if isRidgeline {
            overview = m[.figureOverviewRidgeline, [
                "rows": m.plural(.figureRows, count: count), "field": lower(panelField ?? ""), "first": headers.first!,
                "last": headers.last!, "x": lower(first.x.title), "y": lower(first.y.title)]]
        } else if composition == .facet, sameKind {
            overview = m[count > 1 ? .figureOverviewFacet : .figureOverviewFacetOne, [
                "panels": panelCount, "field": lower(panelField ?? ""), "first": headers.first!, "last": headers.last!,
                "aKind": aKind(first), "value": lower(first.y.title), "rows": lower(first.x.title)]]
        } else if composition == .repeat, sameKind {
            overview = m[.figureOverviewRepeat, ["panels": panelCount, "fields": m.list(headers), "aKind": aKind(first), "rows": lower(first.x.title)]]
        } else {
            overview = m[.figureOverviewList, [
                "panels": panelCount,
                "list": m.list(zip(headers, panels).map { m[.figureOverviewItem, ["header": $0, "kind": kind($1)]] })]]
        }
        if !emptyPanels.isEmpty {
            overview += " " + m.plural(.figureEmpty, count: emptyPanels.count, ["headers": m.list(emptyPanels)])
        }
        var shared: String?
        if let range = first.panel?.sharedValueRange, count > 1 {
            shared = m[.figureShared, ["low": speech0.valueText(range.low), "high": speech0.valueText(range.high)]]
        } else if count > 1 {
            shared = m[.figureIndependent]
        }
        return FigureDescription(overview: overview, sharedScales: shared, comparison: comparison(descriptions, headers: headers, m))
    }

    /// How the panels compare, by their first series: highest and lowest mean, the single
    /// extremes (claims on their panels' rows), the trend directions; a ridgeline's peaks.
    private func comparison(_ descriptions: [ChartDescription], headers: [String], _ m: Messages) -> [Sentence] {
        let count = panels.count
        var parts: [Sentence] = []
        let stats = descriptions.map { $0.series.first?.statistics }
        let means = stats.enumerated().compactMap { i, s in s?.mean.map { (i, $0) } }
        if count > 1, comparable, !isRidgeline, let hi = means.max(by: { $0.1 < $1.1 }), let lo = means.min(by: { $0.1 < $1.1 }), hi.0 != lo.0 {
            let speech = { (i: Int) in SpeechFormatter(chart: panels[i]) }
            parts.append(Sentence(m[.figureHighLow, [
                "high": headers[hi.0], "highMean": speech(hi.0).derivedValueText(hi.1),
                "low": headers[lo.0], "lowMean": speech(lo.0).derivedValueText(lo.1)]]))
            let maxes = stats.enumerated().compactMap { i, s in s?.max.map { (i, $0, s!.maxRow) } }
            let mins = stats.enumerated().compactMap { i, s in s?.min.map { (i, $0, s!.minRow) } }
            if let top = maxes.max(by: { $0.1 < $1.1 }), let bottom = mins.min(by: { $0.1 < $1.1 }) {
                let at = { (i: Int, row: Int?) in row.map { speech(i).xText($0) } ?? headers[i] }
                // Each extreme a claim on its row in the panel holding it (issue 30).
                var marks = ClaimMarks()
                let high = marks.said(Claim.at(.highest, series: 0, row: top.2, value: top.1)?.inPanel(top.0), speech(top.0).valueText(top.1))
                let low = marks.said(Claim.at(.lowest, series: 0, row: bottom.2, value: bottom.1)?.inPanel(bottom.0), speech(bottom.0).valueText(bottom.1))
                parts.append(Sentence(m[.figureExtremes, [
                    "high": headers[top.0], "highAt": at(top.0, top.2), "highValue": high,
                    "low": headers[bottom.0], "lowAt": at(bottom.0, bottom.2), "lowValue": low]], claims: marks.claims))
            }
        }
        if isRidgeline {
            // Where each row's distribution peaks, in order: the ridgeline's shape; each peak a
            // claim on its row's highest value (the x said is that row's).
            var marks = ClaimMarks()
            let peaks = descriptions.indices.compactMap { i -> String? in
                guard let st = descriptions[i].series.first?.statistics, let row = st.maxRow else { return nil }
                let x = marks.said(Claim.at(.highest, series: 0, row: row, value: st.max)?.inPanel(i), SpeechFormatter(chart: panels[i]).xText(row))
                return m[.figurePeak, ["header": headers[i], "x": x]]
            }
            if !peaks.isEmpty { parts.append(Sentence(m[.figurePeaks, ["peaks": peaks.joined(separator: "; ")]], claims: marks.claims)) }
        } else if count > 1 {
            var byDirection: [Trend.Direction: [String]] = [:]
            for (i, d) in descriptions.enumerated() { if let t = d.series.first?.trend { byDirection[t.direction, default: []].append(headers[i]) } }
            let clauses = [Trend.Direction.rising, .falling, .flat].compactMap { direction -> String? in
                guard let names = byDirection[direction], !names.isEmpty else { return nil }
                if names.count == count { return m[.family(.figureTrend, "\(direction.rawValue).all")] }
                let which = names.count <= 4 ? m.list(names) : m.plural(.figurePanels, count: names.count)
                return m[.family(.figureTrend, direction.rawValue), ["panels": which]]
            }
            if !clauses.isEmpty { parts.append(Sentence(m[.figureTrend, ["clauses": clauses.joined(separator: "; ")]])) }
        }
        return parts
    }

    /// A ridgeline plot (Vega-Lite's gallery idiom): a row facet of areas, each a distribution
    /// (a count or density over a quantitative x); read as rows of distributions and their peaks.
    public var isRidgeline: Bool {
        composition == .facet && columns == 1 && panels.count >= 2
            && panels.allSatisfy { $0.mark == .area && $0.x.type == .quantitative && $0.series.count == 1 }
    }

    /// Panels whose values can be compared with one another: the same value field and unit.
    var comparable: Bool {
        let first = panels[0]
        return panels.allSatisfy { $0.y.title == first.y.title && $0.y.unit == first.y.unit }
    }
}

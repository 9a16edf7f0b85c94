import Foundation

/// What a figure's page says once for all its panels: what they are, the scales they share, and
/// how they compare (highest and lowest panel, where the single extremes are, how the trends
/// differ). Every number comes from the panels' own descriptions.
public struct FigureDescription: Sendable, Equatable {
    /// "4 panels by year (2012 to 2015), each a bar chart of precipitation by month."
    public var overview: String
    /// "Every panel uses the same value axis, 0 to 240 mm, so the same value sounds the same in every panel." (nil when independent)
    public var sharedScales: String?
    /// Highest and lowest panel, the extremes, the trends.
    public var comparison: String
    /// The three together, for the page's summary and meta description.
    public var summary: String { [overview, sharedScales, comparison].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ") }
}

extension ChartFigure {
    public func describe() -> FigureDescription {
        let descriptions = panels.map { $0.describe() }
        let headers = panels.map { $0.panel?.header ?? $0.title }
        let count = panels.count
        let first = panels[0]
        let kind = first.mark.chartKindName.lowercased()
        let sameKind = panels.allSatisfy { $0.mark == first.mark }
        var overview = "\(TextFormat.count(count)) \(count == 1 ? "panel" : "panels")"
        if let field = panelField, composition == .facet {
            overview += " by \(field.lowercased())"
            if count > 1 { overview += " (\(headers.first!) to \(headers.last!))" }
        } else if composition == .repeat {
            overview += ", one per field (\(headers.joined(separator: ", ")))"
        }
        if isRidgeline {
            overview = "A ridgeline plot: \(TextFormat.count(count)) rows\(panelField.map { " by \($0.lowercased())" } ?? "") (\(headers.first!) to \(headers.last!)), each the distribution of \(first.x.title.lowercased()) (\(first.y.title.lowercased()))."
        } else if sameKind && composition != .concat {
            overview += ", each a \(kind) of \(first.y.title.lowercased()) by \(first.x.title.lowercased())."
        } else {
            overview += ": " + zip(headers, panels).map { "\($0) (\($1.mark.chartKindName.lowercased()))" }.joined(separator: ", ") + "."
        }

        if !emptyPanels.isEmpty {
            overview += " \(emptyPanels.count == 1 ? "One cell has" : "\(TextFormat.count(emptyPanels.count)) cells have") no values and no panel: \(emptyPanels.joined(separator: ", "))."
        }
        var shared: String?
        if let range = first.panel?.sharedValueRange, count > 1 {
            let speech = SpeechFormatter(chart: first)
            shared = "Every panel uses the same value axis, \(speech.valueText(range.low)) to \(speech.valueText(range.high)), so the same value sounds at the same pitch in every panel."
        } else if count > 1 {
            shared = "Each panel has its own value axis and pitch range."
        }

        // Compare panels by their first series: mean, extremes, trend direction.
        var parts: [String] = []
        let stats = descriptions.map { $0.series.first?.statistics }
        let means = stats.enumerated().compactMap { i, s in s?.mean.map { (i, $0) } }
        if count > 1, comparable, !isRidgeline, let hi = means.max(by: { $0.1 < $1.1 }), let lo = means.min(by: { $0.1 < $1.1 }), hi.0 != lo.0 {
            let speech = { (i: Int) in SpeechFormatter(chart: panels[i]) }
            parts.append("Highest on average: \(headers[hi.0]) (mean \(speech(hi.0).derivedValueText(hi.1))); lowest: \(headers[lo.0]) (mean \(speech(lo.0).derivedValueText(lo.1))).")
            let maxes = stats.enumerated().compactMap { i, s in s?.max.map { (i, $0, s!.maxRow) } }
            let mins = stats.enumerated().compactMap { i, s in s?.min.map { (i, $0, s!.minRow) } }
            if let top = maxes.max(by: { $0.1 < $1.1 }), let bottom = mins.min(by: { $0.1 < $1.1 }) {
                let at = { (i: Int, row: Int?) in row.map { ", \(SpeechFormatter(chart: panels[i]).xText($0))" } ?? "" }
                parts.append("The single highest value is in \(headers[top.0])\(at(top.0, top.2)), \(speech(top.0).valueText(top.1)); the lowest in \(headers[bottom.0])\(at(bottom.0, bottom.2)), \(speech(bottom.0).valueText(bottom.1)).")
            }
        }
        if isRidgeline {
            // Where each row's distribution peaks, in order: the ridgeline's shape.
            let peaks = zip(headers, zip(panels, descriptions)).compactMap { header, pd -> String? in
                guard let row = pd.1.series.first?.statistics.maxRow else { return nil }
                return "\(header) \(SpeechFormatter(chart: pd.0).xText(row))"
            }
            if !peaks.isEmpty { parts.append("Each row peaks at: \(peaks.joined(separator: "; ")).") }
        } else if count > 1 {
            var byDirection: [Trend.Direction: [String]] = [:]
            for (i, d) in descriptions.enumerated() { if let t = d.series.first?.trend { byDirection[t.direction, default: []].append(headers[i]) } }
            let words: [(Trend.Direction, String)] = [(.rising, "Rising"), (.falling, "falling"), (.flat, "flat")]
            let clauses = words.compactMap { direction, word -> String? in
                guard let names = byDirection[direction], !names.isEmpty else { return nil }
                if names.count == count { return "\(word.capitalized) in every panel" }
                return "\(word) in \(names.count <= 4 ? names.joined(separator: ", ") : "\(TextFormat.count(names.count)) panels")"
            }
            if !clauses.isEmpty {
                var sentence = clauses.joined(separator: "; ")
                sentence = sentence.prefix(1).uppercased() + sentence.dropFirst()
                parts.append("Overall trend: \(sentence.prefix(1).lowercased() + sentence.dropFirst()).")
            }
        }
        return FigureDescription(overview: overview, sharedScales: shared, comparison: parts.joined(separator: " "))
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

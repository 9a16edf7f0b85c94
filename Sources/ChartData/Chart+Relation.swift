import ChartModel
import Foundation
import SpecReading

/// A scatter plot (points, x and y both quantitative) is read as a relation, not a path along x:
/// the direction and strength of the linear relation (Pearson's r), the least-squares slope in
/// the axes' units, and the points that stand apart by either coordinate or from the line.
extension Chart {
    /// Points of quantitative x against quantitative y: a relation between two measures.
    var isRelation: Bool {
        mark == .point && x.type == .quantitative && y.type == .quantitative && semantics.valueChannel == .y
            && semantics.bins == nil && semantics.orientation == .vertical && semantics.kind == .series
    }

    /// The fit of one series' own points: r, slope, and the rows that stand apart.
    struct Relation {
        var count: Int
        var r: Double
        var slope: Double
        var outlierRows: [Int]
    }

    /// Least squares over the series' own points (`Series.pointRows`); nil under three points or
    /// when x or y does not vary.
    func relation(series s: Int) -> Relation? {
        let rows = (series[s].pointRows ?? Array(xValues.indices)).filter { series[s].values[$0] != nil && xValues[$0].numeric != nil }
        guard rows.count >= 3 else { return nil }
        let xs = rows.map { xValues[$0].numeric! }, ys = rows.map { series[s].values[$0]! }
        let n = Double(rows.count)
        let mx = xs.reduce(0, +) / n, my = ys.reduce(0, +) / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for (a, b) in zip(xs, ys) { sxx += (a - mx) * (a - mx); syy += (b - my) * (b - my); sxy += (a - mx) * (b - my) }
        guard sxx > 0, syy > 0 else { return nil }
        let slope = sxy / sxx, r = sxy / (sxx * syy).squareRoot()
        let residuals = zip(xs, ys).map { $1 - (my + slope * ($0 - mx)) }
        let sdx = (sxx / n).squareRoot(), sdy = (syy / n).squareRoot()
        let sde = (residuals.reduce(0) { $0 + $1 * $1 } / n).squareRoot()
        // Apart: more than 2.5 standard deviations from the mean of x or of y, or from the line.
        let apart = rows.indices.filter { i in
            abs(xs[i] - mx) > Self.apartDeviations * sdx || abs(ys[i] - my) > Self.apartDeviations * sdy
                || (sde > 0 && abs(residuals[i]) > Self.apartDeviations * sde)
        }
        return Relation(count: rows.count, r: r, slope: slope, outlierRows: apart.map { rows[$0] })
    }

    /// How far (in standard deviations) a point lies from the others to be said as standing apart.
    static let apartDeviations = 2.5

    /// "I: Y tends to rise with X, a strong correlation (r = 0.82); slope 0.5 per unit of X."
    /// with the points that stand apart: "One point stands apart: X 13, Y 12.74."
    func relationSentence(_ index: Int, _ speech: SpeechFormatter) -> [Sentence]? {
        guard isRelation, let rel = relation(series: index) else { return nil }
        let m = speech.messages
        let name = Self.capitalized(speech.spokenName(index))
        let xName = x.title.isEmpty ? x.field : x.title, yName = y.title.isEmpty ? y.field : y.title
        var f = NumberFormat(d3: ".2f")!
        f.trim = false
        let r = speech.locale.localized(f.format(rel.r)).replacingOccurrences(of: "-", with: "\u{2212}")
        let strength = abs(rel.r) >= 0.7 ? m[.relationStrong] : abs(rel.r) >= 0.4 ? m[.relationModerate] : m[.relationWeak]
        var sentence: [Clause]
        if abs(rel.r) < 0.2 {
            sentence = m.clauses(.relationNone, ["name": name, "x": xName, "y": yName, "r": r])
        } else {
            // Three significant digits: 0.5, 0.000123, 1,230.
            let decimals = rel.slope == 0 ? 0 : max(0, min(12, 2 - Int(log10(abs(rel.slope)).rounded(.down))))
            let slope = NumberFormat(d3: ",.\(decimals)~f") ?? NumberFormat.automatic(for: [rel.slope])
            let slopeText = speech.locale.localized(slope.format(rel.slope)).replacingOccurrences(of: "-", with: "\u{2212}")
            let per = x.unit.map { m[.relationPerUnit, ["unit": $0]] } ?? m[.relationPerStep, ["x": xName]]
            sentence = m.clauses(rel.r > 0 ? .relationRises : .relationFalls, [
                "name": name, "x": xName, "y": yName, "strength": strength, "r": r,
                "slope": y.unit.map { SpeechFormatter.withUnit(slopeText, $0) } ?? slopeText, "per": per])
        }
        var sentences = [Sentence(clauses: sentence)]
        if !rel.outlierRows.isEmpty {
            var marks = ClaimMarks()
            let points = rel.outlierRows.prefix(5).map { row in
                m[.relationPoint, ["x": xName, "xValue": speech.xText(row), "y": yName,
                                   "yValue": marks.said(Claim.at(.isolated, series: index, row: row, value: series[index].values[row]), speech.valueText(series[index].values[row]))]]
            }
            sentences.append(Sentence(m.plural(.relationApart, count: rel.outlierRows.count, ["list": m.list(points)]), claims: marks.claims))
        }
        return sentences
    }
}

import ChartModel
import Foundation
import SpecReading

/// What layered charts add to a point and to the description, in the chart's language (keys
/// `layer.*` of the message catalogue): a band's range (", range 11.9 to 16.5"), a dumbbell's
/// change (", up 6 from 1995"), a waterfall's step (", down 1,425"), the annotations ("A rule
/// marks the mean, 8.2 °C.") and the landmark key's words ("Mark 1 of 2: …").
extension SpeechFormatter {
    /// ", range 11.9 to 16.5" and ", up 6 from 1995" for a point ("" when none).
    public func layerSuffix(series: Int, row: Int) -> String {
        guard chart.series.indices.contains(series), chart.series[series].details.indices.contains(row) else { return "" }
        let m = messages
        let d = chart.series[series].details[row]
        var text = ""
        if let lo = d.bandLower, let hi = d.bandUpper {
            text += m[.layerRange, ["low": numberText(lo), "high": numberText(hi)]]
        }
        if let change = d.change {
            let amount = chart.y.type == .temporal ? durationText(abs(change)) : numberText(abs(change))  // dates as values: a duration
            let direction = amount == numberText(0) ? "same" : change > 0 ? "up" : "down"
            if chart.semantics.idiom == .gantt {
                text += m[.layerDuration, ["change": amount]]
            } else if chart.semantics.idiom == .waterfall {
                text += m[.family(.layerStep, direction), ["change": amount]]
            } else if series > 0 {
                text += m[.family(.layerChange, direction), ["change": amount, "series": chart.series[series - 1].name]]
            }
        }
        return text
    }

    /// What an annotation marks, for the description and the landmark key: "the mean, 16.4 °C",
    /// "Record high, 35.6 °C", "Peak, 2", "the mean distance, 2.333".
    public func annotationText(_ a: ChartAnnotation) -> String {
        let m = messages
        var parts: [String] = []
        if let label = a.label, !label.isEmpty {
            parts.append(label)
        } else if let op = a.aggregate {
            let the = m.text(.family(.layerThe, op)) != nil ? m[.family(.layerThe, op)] : op
            if let group = a.group { parts.append(m[.layerMarkGroup, ["the": the, "group": group]]) }
            else if a.row != nil && !chart.x.title.isEmpty { parts.append(m[.layerMarkField, ["the": the, "field": Self.lowercasedKeepingAcronyms(chart.x.title)]]) }
            else { parts.append(the) }
        }
        if a.row != nil, a.aggregate != nil, let v = a.value, chart.x.type == .quantitative {
            // An aggregate of the row field (a mean on a histogram): its own number, not the bin.
            var f = NumberFormat.automatic(for: [v])
            f.trim = true
            parts.append(locale.localized(f.format(v)) + (chart.x.unit.map { " \($0)" } ?? ""))
        } else if let row = a.row, chart.xValues.indices.contains(row) {
            parts.append(xLabel(row))
        } else if let v = a.value {
            parts.append(annotationValueText(v, aggregate: a.aggregate))
        }
        return parts.joined(separator: ", ")
    }

    /// A mark's value: an aggregate with the values' digits (one decimal where they have none,
    /// as a mean of whole numbers), a constant with the digits it was written with ("7.5 °C" on
    /// a chart of whole degrees).
    public func annotationValueText(_ v: Double, aggregate: String?) -> String {
        // With trailing zeros trimmed, a text that one more decimal does not change is exact.
        let exact = { (extra: Int) in self.numberText(v, extraDecimals: extra) == self.numberText(v, extraDecimals: extra + 1) }
        if aggregate != nil {
            return exact(0) || valueFormat.decimals > 0 ? valueText(v) : derivedValueText(v)
        }
        let extra = (0...4).first(where: exact) ?? 4
        return valueText(v).replacingOccurrences(of: numberText(v), with: numberText(v, extraDecimals: extra))  // the unit as valueText places it
    }

    /// The text drawn beside an annotation: its label, else what it stands for ("Mean").
    public func annotationDrawnLabel(_ a: ChartAnnotation) -> String? {
        if let label = a.label { return label }
        guard let op = a.aggregate else { return nil }
        return messages.text(.family(.layerOp, op)) != nil ? messages[.family(.layerOp, op)] : op
    }

    /// Sentences for the summary, one entry a sentence: each band's span, a dumbbell's changes,
    /// then one sentence per annotation (at most `annotationSentenceLimit`, then how many more).
    var annotationSentenceList: [String] {
        let m = messages
        let marks = chart.landmarks
        var sentences: [String] = []
        for (i, s) in chart.series.enumerated() {
            let lows = s.details.compactMap(\.bandLower), highs = s.details.compactMap(\.bandUpper)
            guard let lo = lows.min(), let hi = highs.max() else { continue }
            sentences.append(m[.layerSentenceBand, ["series": spokenName(i), "low": valueText(lo), "high": valueText(hi)]])
        }
        if let change = dumbbellSentence { sentences.append(change) }
        sentences += bumpSentences
        if chart.semantics.idiom == .diverging {
            let positive = chart.series.indices.filter { s in chart.series[s].values.contains { ($0 ?? 0) > 0 } && !chart.series[s].values.contains { ($0 ?? 0) < 0 } }
            let negative = chart.series.indices.filter { s in chart.series[s].values.contains { ($0 ?? 0) < 0 } && !chart.series[s].values.contains { ($0 ?? 0) > 0 } }
            if !positive.isEmpty && !negative.isEmpty {
                sentences.append(m[.layerSentenceDiverging, ["positive": m.list(positive.map { spokenName($0) }), "negative": m.list(negative.map { spokenName($0) })]])
            }
        }
        if chart.semantics.idiom == .gantt, let s = chart.series.first {
            let spans = s.details.indices.compactMap { r -> (Int, Double, Double)? in
                guard s.values[r] != nil, let lo = s.details[r].lower, let hi = s.details[r].upper else { return nil }
                return (r, min(lo, hi), max(lo, hi))
            }
            if let start = spans.map(\.1).min(), let end = spans.map(\.2).max(), let longest = spans.max(by: { $0.2 - $0.1 < $1.2 - $1.1 }) {
                sentences.append(m[.layerSentenceGantt, ["start": numberText(start), "end": numberText(end),
                                                            "name": xLabel(longest.0), "length": chart.y.type == .temporal ? durationText(longest.2 - longest.1) : numberText(longest.2 - longest.1)]])
            }
        }
        for a in marks.prefix(Self.annotationSentenceLimit) {
            sentences.append(m[a.kind == .rule ? .layerSentenceRule : .layerSentenceLabel, ["what": annotationText(a)]])
        }
        if marks.count > Self.annotationSentenceLimit {
            sentences.append(m.plural(.layerSentenceMore, count: marks.count - Self.annotationSentenceLimit))
        }
        return sentences
    }

    /// A dumbbell's changes: "From 1995 to 2000 (4 in all): 2 rise, 1 falls and 1 is unchanged;
    /// the largest change is up 7.75 for Peru."
    var dumbbellSentence: String? {
        guard chart.semantics.idiom == .dumbbell, chart.series.count == 2 else { return nil }
        let m = messages
        var up = 0, down = 0, same = 0
        var largest: (Double, Int)?
        for (r, d) in chart.series[1].details.enumerated() {
            guard let c = d.change else { continue }
            if numberText(abs(c)) == numberText(0) { same += 1 } else if c > 0 { up += 1 } else { down += 1 }
            if largest == nil || abs(c) > abs(largest!.0) { largest = (c, r) }
        }
        let total = up + down + same
        guard total > 0, let (c, r) = largest else { return nil }
        var parts: [String] = []
        if up > 0 { parts.append(m.plural(.layerRise, count: up)) }
        if down > 0 { parts.append(m.plural(.layerFall, count: down)) }
        if same > 0 { parts.append(m.plural(.layerSame, count: same)) }
        let amount = numberText(abs(c))
        let change = amount == numberText(0) ? m[.layerDeltaNone] : m[c > 0 ? .layerDeltaUp : .layerDeltaDown, ["change": amount]]
        return m[.layerSentenceDumbbell, [
            "first": chart.series[0].name, "second": chart.series[1].name, "count": TextFormat.count(total, locale: locale),
            "list": m.list(parts), "change": change, "at": atX(r)]]
    }

    /// True for a series of diverging bars that lies wholly below zero (a population pyramid's
    /// left side): the sign only places the bars, so its values are said without it ("female
    /// 1,064,581", not "minus 1,064,581"); the summary says which side it is on.
    public func saysMagnitude(series s: Int) -> Bool {
        guard chart.semantics.idiom == .diverging, chart.series.indices.contains(s) else { return false }
        let values = chart.series[s].values
        return values.contains { ($0 ?? 0) < 0 } && !values.contains { ($0 ?? 0) > 0 }
    }

    /// A bump chart's value: "rank 1 of 5"; nil for other charts.
    func rankText(_ value: Double) -> String? {
        guard chart.semantics.idiom == .bump, let count = chart.rankCount else { return nil }
        return messages[.bumpRank, ["rank": numberText(value), "count": TextFormat.count(count, locale: locale)]]
    }

    /// A bump chart: where rank 1 is and how it sounds, who holds rank 1 at the first and the
    /// last row, who rises and who falls most from their first rank to their last.
    var bumpSentences: [String] {
        guard chart.semantics.idiom == .bump else { return [] }
        let m = messages
        var out = [m[.bumpPitch]]
        let rows = chart.xValues.indices.filter { r in chart.series.contains { $0.values[r] != nil } }
        let leaders = { (row: Int) in chart.series.indices.filter { chart.series[$0].values[row] == 1 }.map { spokenName($0) } }
        if let start = rows.first, let end = rows.last, !leaders(start).isEmpty, !leaders(end).isEmpty {
            out.append(m[.bumpLeaders, ["start": xLabel(start), "first": m.list(leaders(start)), "end": xLabel(end), "last": m.list(leaders(end))]])
        }
        // Per series, its first and last rank: a rise is a smaller rank number.
        let moves = chart.series.indices.compactMap { s -> (Int, Double, Double)? in
            let ranks = chart.series[s].values.compactMap { $0 }
            guard let a = ranks.first, let b = ranks.last else { return nil }
            return (s, a, b)
        }
        if let rose = moves.max(by: { $0.1 - $0.2 < $1.1 - $1.2 }), rose.1 > rose.2 {
            out.append(m[.bumpRose, ["name": spokenName(rose.0), "from": numberText(rose.1), "to": numberText(rose.2)]])
        }
        if let fell = moves.max(by: { $0.2 - $0.1 < $1.2 - $1.1 }), fell.2 > fell.1 {
            out.append(m[.bumpFell, ["name": spokenName(fell.0), "from": numberText(fell.1), "to": numberText(fell.2)]])
        }
        return out
    }

    /// The landmark key's words: "Mark 1 of 2: the mean, 16.4 degrees Celsius".
    public func landmarkLabel(_ index: Int, of count: Int, _ a: ChartAnnotation) -> String {
        forEars(messages[.layerLandmark, ["n": TextFormat.count(index + 1, locale: locale), "count": TextFormat.count(count, locale: locale), "what": annotationText(a)]])
    }

    /// The numbers the automatic speech format fits: every series' values and the ends of its
    /// ranges and bands (a Gantt bar ending at 10.5 keeps its half), the first 20,000 of each.
    static func sampleValues(_ chart: Chart) -> [Double?] {
        chart.series.flatMap { s in
            Array(s.values.prefix(20_000)) + s.details.prefix(20_000).flatMap { d in
                [d.lower, d.upper, d.bandLower, d.bandUpper].filter { $0 != nil }
            }
        }
    }

    static let annotationSentenceLimit = 3
}

import Foundation

/// What layered charts add to a point and to the description, written once here: a band's range
/// ("range 11.9 to 16.5"), a dumbbell's change ("up 6 from 1995"), and the annotations ("A rule
/// marks the mean, 8.2 °C").
extension SpeechFormatter {
    /// ", range 11.9 to 16.5" and ", up 6 from 1995" for a point ("" when none).
    public func layerSuffix(series: Int, row: Int) -> String {
        guard chart.series.indices.contains(series), chart.series[series].details.indices.contains(row) else { return "" }
        let d = chart.series[series].details[row]
        var text = ""
        if let lo = d.bandLower, let hi = d.bandUpper {
            text += ", range \(numberText(lo)) to \(numberText(hi))"
        }
        if let change = d.change, chart.semantics.idiom == .waterfall {
            text += change == 0 ? ", no change" : ", \(change > 0 ? "up" : "down") \(numberText(abs(change)))"
        } else if let change = d.change, series > 0 {
            let from = chart.series[series - 1].name
            if change == 0 || numberText(abs(change)) == numberText(0) {
                text += ", no change from \(from)"
            } else {
                text += ", \(change > 0 ? "up" : "down") \(numberText(abs(change))) from \(from)"
            }
        }
        return text
    }

    /// What an annotation marks, for the description and the landmark key: "the mean, 16.4 °C",
    /// "Record high, 35.6 °C", "1 June 2014".
    public func annotationText(_ a: ChartAnnotation) -> String {
        var parts: [String] = []
        if let label = a.label, !label.isEmpty { parts.append(label) }
        else if let op = a.aggregate {
            let of = a.row != nil && !chart.x.title.isEmpty ? " " + Self.lowercasedKeepingAcronyms(chart.x.title) : ""
            parts.append("the \(Self.aggregateNames[op] ?? op)\(of)\(a.group.map { " of \($0)" } ?? "")")
        }
        if a.row != nil, a.aggregate != nil, let v = a.value, chart.x.type == .quantitative {
            // An aggregate of the row field (a mean on a histogram): its own number, not the bin.
            var f = NumberFormat.automatic(for: [v])
            f.trim = true
            parts.append(f.format(v) + (chart.x.unit.map { " \($0)" } ?? ""))
        } else if let row = a.row, chart.xValues.indices.contains(row) { parts.append(xLabel(row)) }
        else if let v = a.value { parts.append(annotationValueText(v, aggregate: a.aggregate)) }
        return parts.joined(separator: ", ")
    }

    /// A mark's value: an aggregate with the values' digits (one decimal where they have none,
    /// as a mean of whole numbers), a constant with the digits it was written with ("7.5 °C" on
    /// a chart of whole degrees).
    public func annotationValueText(_ v: Double, aggregate: String?) -> String {
        if aggregate != nil {
            let plain = numberText(v)
            return plain.contains(".") || v == v.rounded() ? valueText(v) : derivedValueText(v)
        }
        for extra in 0...4 {
            let text = numberText(v, extraDecimals: extra)
            let plain = text.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "\u{2212}", with: "-")
            if let back = Double(plain), abs(back - v) <= 1e-9 * max(1, abs(v)) || extra == 4 {
                return valueText(v).replacingOccurrences(of: numberText(v), with: text)  // the unit as valueText places it
            }
        }
        return valueText(v)
    }

    /// "A rule marks the mean, 16.4 °C." / "A label reads Record high, 35.6 °C.": one sentence per
    /// annotation (at most `annotationSentenceLimit`, then how many more).
    public var annotationSentences: String? {
        let marks = chart.landmarks
        var bands: [String] = []
        for (i, s) in chart.series.enumerated() {
            let lows = s.details.compactMap(\.bandLower), highs = s.details.compactMap(\.bandUpper)
            guard let lo = lows.min(), let hi = highs.max() else { continue }
            bands.append("A band around \(spokenName(i)) gives each point a range, from \(valueText(lo)) to \(valueText(hi)).")
        }
        if let change = dumbbellSentence { bands.append(change) }
        guard !marks.isEmpty || !bands.isEmpty else { return nil }
        var sentences = bands + marks.prefix(Self.annotationSentenceLimit).map { a -> String in
            switch a.kind {
            case .rule: return "A rule marks \(annotationText(a))."
            case .text: return "A label reads \(annotationText(a))."
            }
        }
        if marks.count > Self.annotationSentenceLimit {
            let more = marks.count - Self.annotationSentenceLimit
            sentences.append("\(TextFormat.count(more, locale: locale)) more label\(more == 1 ? "" : "s") in the chart.")
        }
        return sentences.joined(separator: " ")
    }

    /// A dumbbell's changes: "From 1995 to 2000, 2 of 4 rise, 1 falls and 1 is unchanged; the
    /// largest change is up 7.75 for Peru."
    var dumbbellSentence: String? {
        guard chart.semantics.idiom == .dumbbell, chart.series.count == 2 else { return nil }
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
        if up > 0 { parts.append("\(TextFormat.count(up, locale: locale)) rise\(up == 1 ? "s" : "")") }
        if down > 0 { parts.append("\(TextFormat.count(down, locale: locale)) fall\(down == 1 ? "s" : "")") }
        if same > 0 { parts.append("\(TextFormat.count(same, locale: locale)) \(same == 1 ? "is" : "are") unchanged") }
        let list = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts.last! : parts[0]
        let change = c == 0 ? "no change" : "\(c > 0 ? "up" : "down") \(numberText(abs(c)))"
        return "From \(chart.series[0].name) to \(chart.series[1].name) (\(TextFormat.count(total, locale: locale)) in all): \(list); the largest change is \(change) \(atX(r))."
    }

    /// The landmark key's words: "Mark 1 of 2: the mean, 16.4 degrees Celsius. ".
    public func landmarkLabel(_ index: Int, of count: Int, _ a: ChartAnnotation) -> String {
        forEars("Mark \(index + 1) of \(count): \(annotationText(a))")
    }

    /// The text drawn beside an annotation: its label, else what it stands for ("Mean").
    public func annotationDrawnLabel(_ a: ChartAnnotation) -> String? {
        if let label = a.label { return label }
        guard let op = a.aggregate else { return nil }
        let name = Self.aggregateNames[op] ?? op
        return name.prefix(1).uppercased() + name.dropFirst()
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
    static let aggregateNames = ["mean": "mean", "median": "median", "min": "minimum", "max": "maximum", "sum": "total", "q1": "lower quartile", "q3": "upper quartile", "count": "count"]
}

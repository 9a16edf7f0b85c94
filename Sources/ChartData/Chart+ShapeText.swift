import Foundation

/// The per-series shape sentence: stretches, peaks and troughs, any cycle, unusual values, and
/// the overall change and rate only where one line fits.
extension Chart {
    func trendSentence(_ index: Int, _ trend: Trend, _ speech: SpeechFormatter) -> String {
        let name = Self.capitalized(speech.spokenName(index))
        if x.type == .nominal {
            return "\(name): the categories have no order, so there is no trend."
        }
        guard let firstRow = trend.firstRow, let lastRow = trend.lastRow, firstRow != lastRow,
              let shape = trend.shape, !shape.segments.isEmpty else {
            return "\(name): too few values for a trend."
        }
        let values = series[index].values
        var sentence: String
        if let cycle = trend.cycle {
            sentence = "\(name) \(cycleText(cycle, speech))"
            if trend.isOneLine, let seg = shape.segments.first {
                sentence += seg.direction == .flat
                    ? ", around a steady level of about \(speech.valueText(seg.level))"
                    : ", and \(seg.direction == .rising ? "rises" : "falls") underneath it from about \(speech.valueText(seg.startValue)) \(speech.atX(seg.startRow)) to about \(speech.valueText(seg.endValue)) \(speech.atX(seg.endRow))"
            } else {
                sentence += "; underneath it, the level " + stretches(shape, speech, approximate: true, first: values[firstRow], last: values[lastRow])
            }
        } else if shape.isJumpy, shape.smoothingWindow == 1, shape.segments.count > 1 {
            // Too few values to smooth and too much swing for stretches to mean anything.
            let median = SeriesShape.medianOf(values.compactMap { $0 })
            sentence = "\(name) varies widely \(speech.stepPhrase), around a median of \(speech.derivedValueText(median))"
        } else if trend.isOneLine, let seg = shape.segments.first {
            if seg.direction == .flat {
                sentence = "\(name) \(Self.flatVerb(seg, shape)) \(speech.valueText(seg.level, approximate: shape.smoothingWindow > 1)) throughout"
            } else {
                sentence = "\(name) \(seg.direction == .rising ? "rises" : "falls") from \(speech.valueText(values[firstRow])) \(speech.atX(firstRow)) to \(speech.valueText(values[lastRow])) \(speech.atX(lastRow))"
                if let change = trend.change { sentence += " (\(changeText(change, percent: trend.changePercent, speech)))" }
                if let rate = ratePhrase(trend, speech) { sentence += ", \(rate)" }
            }
        } else {
            sentence = "\(name) " + stretches(shape, speech, approximate: shape.smoothingWindow > 1, first: values[firstRow], last: values[lastRow])
        }
        // A single flat stretch already "varies around" its level; elsewhere the stretches are an outline.
        if shape.isJumpy, shape.smoothingWindow > 1, shape.segments.count > 1 || shape.segments.first?.direction != .flat { sentence += ", with large swings \(speech.stepPhrase)" }
        sentence += "."
        if !shape.outlierRows.isEmpty {
            let each = shape.outlierRows.map { "\(speech.valueText(values[$0])) \(speech.atX($0))" }
            sentence += shape.outlierRows.count == 1 ? " One isolated value far from its neighbours: \(each[0])." : " Isolated values far from their neighbours: \(Self.list(each))."
        }
        return sentence
    }

    /// "rises from 7.1 °C in January 2012 to a peak of 26.1 °C in August 2012, then falls to 7.7 °C in December 2012".
    private func stretches(_ shape: SeriesShape, _ speech: SpeechFormatter, approximate: Bool, first: Double?, last: Double?) -> String {
        let segments = shape.segments
        var clauses: [String] = []
        for (i, seg) in segments.enumerated() {
            let isLast = i == segments.count - 1
            let endValue = isLast && !approximate ? last : seg.endValue
            let endRow = seg.jumpRow ?? seg.endRow
            let at = approximate && seg.jumpRow == nil ? speech.approximatelyAtX(endRow) : speech.atX(endRow)
            var clause: String
            switch seg.direction {
            case .flat:
                clause = "\(Self.flatVerb(seg, shape)) \(speech.valueText(seg.level, approximate: approximate))"
                if !isLast, let jump = segments[i + 1].jumpRow, jump - 1 >= seg.startRow {
                    clause += " until " + speech.untilXText(jump - 1)
                } else {
                    clause += " until " + (approximate && !isLast ? speech.approximateXText(seg.endRow) : speech.untilXText(seg.endRow))
                }
            case .rising, .falling:
                let verb = seg.isJump ? (seg.direction == .rising ? "jumps" : "drops") : (seg.direction == .rising ? "rises" : "falls")
                let next = isLast ? nil : segments[i + 1].direction
                let turn: String
                if seg.direction == .rising && next == .falling { turn = "a peak of " }
                else if seg.direction == .falling && next == .rising { turn = "a low of " }
                else { turn = "" }
                var from = ""
                if i == 0 {
                    let start = approximate ? seg.startValue : first
                    let startAt = approximate ? speech.approximatelyAtX(seg.startRow) : speech.atX(seg.startRow)
                    from = "from \(speech.valueText(start, approximate: approximate)) \(startAt) "
                }
                clause = "\(verb) \(from)to \(turn)\(speech.valueText(endValue, approximate: approximate)) \(at)"
            }
            if isLast && i > 0 { clause = "then " + clause }
            clauses.append(clause)
        }
        return clauses.joined(separator: ", ")
    }

    /// "stays close to" a level, or "varies around" it when the values' standard deviation over
    /// the stretch is above a tenth of the series' range.
    static func flatVerb(_ segment: SeriesShape.Segment, _ shape: SeriesShape) -> String {
        segment.spread > 0.1 * shape.range ? "varies around" : "stays close to"
    }

    /// "has a yearly cycle, highest in August and lowest in December".
    func cycleText(_ cycle: Cycle, _ speech: SpeechFormatter) -> String {
        switch cycle.period {
        case .yearly:
            let months = speech.locale.monthNames
            return "has a yearly cycle, highest in \(months[cycle.peakBin - 1]) and lowest in \(months[cycle.troughBin - 1])"
        case .daily:
            func hour(_ h: Int) -> String { h < 10 ? "0\(h):00" : "\(h):00" }
            return "has a daily cycle, highest around \(hour(cycle.peakBin)) and lowest around \(hour(cycle.troughBin))"
        }
    }

    /// "+2 kg, +100 %"; "+3.2 percentage points" for a percentage; "no change".
    func changeText(_ change: Double, percent: Double?, _ speech: SpeechFormatter) -> String {
        let sign = change > 0 ? "+" : ""
        if y.type == .temporal {  // dates as values: a change is a duration
            let text = speech.durationText(abs(change))
            return text.hasPrefix("0 ") ? "no change" : (change > 0 ? "+" : "\u{2212}") + text
        }
        if change == 0 || speech.numberText(change) == "0" { return "no change" }
        if speech.valuesArePercentages {
            return "\(sign)\(speech.numberText(change, asPercentagePoints: true)) percentage points"
        }
        var text = "\(sign)\(speech.valueText(change))"
        if let percent {
            text += ", \(percent > 0 ? "+" : "")\(NumberFormat(decimals: abs(percent) < 10 ? 1 : 0).format(percent))%"
        }
        return text
    }

    /// "by about 1,281 thousand MWh a year" (the least-squares slope in a unit that suits the x span).
    func ratePhrase(_ trend: Trend, _ speech: SpeechFormatter) -> String? {
        guard let first = xValues.first, let last = xValues.last else { return nil }
        let perStep: Double
        let unit: String
        switch (first, last) {
        case (.date(let a), .date(let b)):
            let days = b.timeIntervalSince(a) / 86_400
            let (seconds, name) = days >= 730 ? (365.2425 * 86_400, "a year") : days >= 60 ? (30.436875 * 86_400, "a month")
                : days >= 2 ? (86_400.0, "a day") : (3600.0, "an hour")
            perStep = trend.slope * seconds
            unit = name
        case (.number, .number):
            perStep = trend.slope
            if speech.xIsYears { unit = "a year" }
            else if let u = x.unit { unit = "per \(u)" }
            else { unit = x.title.isEmpty ? "per unit of x" : "per unit of \(SpeechFormatter.lowercasedKeepingAcronyms(x.title))" }
        default:
            perStep = trend.slopePerRow
            unit = x.title.isEmpty ? "from one point to the next" : "from one \(SpeechFormatter.lowercasedKeepingAcronyms(x.title)) to the next"
        }
        guard perStep.isFinite, perStep != 0 else { return nil }
        return "by about \(y.type == .temporal ? speech.durationText(abs(perStep)) : speech.derivedValueText(abs(perStep))) \(unit)"
    }
}

import ChartModel
import Foundation
import SpecReading

/// The per-series shape sentence: stretches, peaks and troughs, any cycle, unusual values, and
/// the overall change and rate only where one line fits.
extension Chart {
    func trendSentence(_ index: Int, _ trend: Trend, _ speech: SpeechFormatter) -> String {
        let m = speech.messages
        let name = Self.capitalized(speech.spokenName(index))
        if x.type == .nominal {
            return m[.trendNominal, ["name": name]]
        }
        guard let firstRow = trend.firstRow, let lastRow = trend.lastRow, firstRow != lastRow,
              let shape = trend.shape, !shape.segments.isEmpty else {
            return m[.trendTooFew, ["name": name]]
        }
        let values = series[index].values
        var sentence: String
        if let cycle = trend.cycle {
            var rest = cycleText(cycle, speech)
            if trend.isOneLine, let seg = shape.segments.first {
                rest += seg.direction == .flat
                    ? m[.trendCycleSteady, ["level": speech.valueText(seg.level)]]
                    : m[seg.direction == .rising ? .trendCycleRising : .trendCycleFalling, [
                        "from": speech.valueText(seg.startValue), "fromAt": speech.atX(seg.startRow),
                        "to": speech.valueText(seg.endValue), "toAt": speech.atX(seg.endRow)]]
            } else {
                rest += m[.trendCycleLevel, ["stretches": stretches(shape, speech, approximate: true, first: values[firstRow], last: values[lastRow])]]
            }
            sentence = m[.trendSubject, ["name": name, "rest": rest]]
        } else if shape.isJumpy, shape.smoothingWindow == 1, shape.segments.count > 1 {
            // Too few values to smooth and too much swing for stretches to mean anything.
            let median = SeriesShape.medianOf(values.compactMap { $0 })
            sentence = m[.trendJumpy, ["name": name, "step": speech.stepPhrase, "median": speech.derivedValueText(median)]]
        } else if trend.isOneLine, let seg = shape.segments.first {
            if seg.direction == .flat {
                let level = speech.valueText(seg.level, approximate: shape.smoothingWindow > 1)
                sentence = m[Self.isVaried(seg, shape) ? .trendFlatVaries : .trendFlatStays, ["name": name, "level": level]]
            } else {
                sentence = m[seg.direction == .rising ? .trendRises : .trendFalls, [
                    "name": name, "from": speech.valueText(values[firstRow]), "fromAt": speech.atX(firstRow),
                    "to": speech.valueText(values[lastRow]), "toAt": speech.atX(lastRow)]]
                if let change = trend.change { sentence += " (\(changeText(change, percent: trend.changePercent, speech)))" }
                if let rate = ratePhrase(trend, speech) { sentence += ", \(rate)" }
            }
        } else {
            sentence = m[.trendSubject, ["name": name, "rest": stretches(shape, speech, approximate: shape.smoothingWindow > 1, first: values[firstRow], last: values[lastRow])]]
        }
        // A single flat stretch already "varies around" its level; elsewhere the stretches are an outline.
        if shape.isJumpy, shape.smoothingWindow > 1, shape.segments.count > 1 || shape.segments.first?.direction != .flat {
            sentence += m[.trendSwings, ["step": speech.stepPhrase]]
        }
        sentence += "."
        if !shape.outlierRows.isEmpty {
            let each = shape.outlierRows.map { "\(speech.valueText(values[$0])) \(speech.atX($0))" }
            sentence += " " + (shape.outlierRows.count == 1 ? m[.trendOutlier, ["value": each[0]]] : m[.trendOutliers, ["list": m.list(each)]])
        }
        return sentence
    }

    /// "rises from 7.1 °C in January 2012 to a peak of 26.1 °C in August 2012, then falls to 7.7 °C in December 2012".
    private func stretches(_ shape: SeriesShape, _ speech: SpeechFormatter, approximate: Bool, first: Double?, last: Double?) -> String {
        let m = speech.messages
        let segments = shape.segments
        var clauses: [String] = []
        for (i, seg) in segments.enumerated() {
            let isLast = i == segments.count - 1
            let endValue = isLast && !approximate ? last : seg.endValue
            // Exact values (no smoothing) are said at their own row: a jump that lands below the
            // stretch's end ("jumps from 28 … to a peak of 60") must not take the jump's date, where the
            // value was 55. Smoothed ("about") values keep the jump's date, the step a listener hears.
            let endRow = approximate ? (seg.jumpRow ?? seg.endRow) : seg.endRow
            let at = approximate && seg.jumpRow == nil ? speech.approximatelyAtX(endRow) : speech.atX(endRow)
            var clause: String
            switch seg.direction {
            case .flat:
                let until: String
                if !isLast, let jump = segments[i + 1].jumpRow, jump - 1 >= seg.startRow {
                    until = speech.untilText(jump - 1)
                } else {
                    until = speech.untilText(seg.endRow, approximate: approximate && !isLast)
                }
                clause = m[Self.isVaried(seg, shape) ? .stretchVaries : .stretchStays, [
                    "level": speech.valueText(seg.level, approximate: approximate), "until": until]]
            case .rising, .falling:
                let verb = seg.isJump ? (seg.direction == .rising ? "jumps" : "drops") : (seg.direction == .rising ? "rises" : "falls")
                let next = isLast ? nil : segments[i + 1].direction
                var to = speech.valueText(endValue, approximate: approximate)
                if seg.direction == .rising && next == .falling { to = m[.stretchPeak, ["value": to]] }
                else if seg.direction == .falling && next == .rising { to = m[.stretchLow, ["value": to]] }
                if i == 0 {
                    let start = approximate ? seg.startValue : first
                    let startAt = approximate ? speech.approximatelyAtX(seg.startRow) : speech.atX(seg.startRow)
                    clause = m[.family(.stretch, "\(verb).from"), ["from": speech.valueText(start, approximate: approximate), "fromAt": startAt, "to": to, "toAt": at]]
                } else {
                    clause = m[.family(.stretch, verb), ["to": to, "toAt": at]]
                }
            }
            if isLast && i > 0 { clause = m[.stretchThen, ["clause": clause]] }
            clauses.append(clause)
        }
        return clauses.joined(separator: ", ")
    }

    /// A flat stretch "varies around" its level when the values' standard deviation over the
    /// stretch is above a tenth of the series' range, else it "stays close to" it.
    static func isVaried(_ segment: SeriesShape.Segment, _ shape: SeriesShape) -> Bool {
        segment.spread > 0.1 * shape.range
    }

    /// "has a yearly cycle, highest in August and lowest in December".
    func cycleText(_ cycle: Cycle, _ speech: SpeechFormatter) -> String {
        switch cycle.period {
        case .yearly:
            let months = speech.locale.monthNames
            return speech.messages[.trendCycleYearly, ["peak": months[cycle.peakBin - 1], "trough": months[cycle.troughBin - 1]]]
        case .daily:
            func hour(_ h: Int) -> String { h < 10 ? "0\(h):00" : "\(h):00" }
            return speech.messages[.trendCycleDaily, ["peak": hour(cycle.peakBin), "trough": hour(cycle.troughBin)]]
        }
    }

    /// "+2 kg, +100 %"; "+3.2 percentage points" for a percentage; "no change".
    func changeText(_ change: Double, percent: Double?, _ speech: SpeechFormatter) -> String {
        let m = speech.messages
        let sign = change > 0 ? "+" : ""
        if y.type == .temporal {  // dates as values: a change is a duration
            let text = speech.durationText(abs(change))
            return text.hasPrefix("0 ") ? m[.changeNone] : (change > 0 ? "+" : "\u{2212}") + text
        }
        if change == 0 || speech.numberText(change) == "0" { return m[.changeNone] }
        if speech.valuesArePercentages {
            return m[.changePoints, ["change": sign + speech.numberText(change, asPercentagePoints: true)]]
        }
        var text = "\(sign)\(speech.valueText(change))"
        if let percent {
            let number = speech.locale.localized(NumberFormat(decimals: abs(percent) < 10 ? 1 : 0).format(percent))
            text += ", " + m[.changePercent, ["percent": (percent > 0 ? "+" : "") + number]]
        }
        return text
    }

    /// "by about 1,281 thousand MWh a year" (the least-squares slope in a unit that suits the x span).
    func ratePhrase(_ trend: Trend, _ speech: SpeechFormatter) -> String? {
        guard let first = xValues.first, let last = xValues.last else { return nil }
        let m = speech.messages
        let perStep: Double
        let key: MessageKey
        var values: [String: String] = [:]
        switch (first, last) {
        case (.date(let a), .date(let b)):
            let days = b.timeIntervalSince(a) / 86_400
            let (seconds, rate): (Double, MessageKey) = days >= 730 ? (365.2425 * 86_400, .rateYear)
                : days >= 60 ? (30.436875 * 86_400, .rateMonth) : days >= 2 ? (86_400.0, .rateDay) : (3600.0, .rateHour)
            perStep = trend.slope * seconds
            key = rate
        case (.number, .number):
            perStep = trend.slope
            if speech.xIsYears { key = .rateYear }
            else if let u = x.unit { key = .ratePerUnit; values["unit"] = u }
            else if x.title.isEmpty { key = .ratePerX }
            else { key = .ratePerTitle; values["title"] = SpeechFormatter.lowercasedKeepingAcronyms(x.title) }
        default:
            perStep = trend.slopePerRow
            if x.title.isEmpty { key = .ratePerPoint }
            else { key = .ratePerStep; values["title"] = SpeechFormatter.lowercasedKeepingAcronyms(x.title) }
        }
        guard perStep.isFinite, perStep != 0 else { return nil }
        values["value"] = y.type == .temporal ? speech.durationText(abs(perStep)) : speech.derivedValueText(abs(perStep))
        return m[key, values]
    }
}

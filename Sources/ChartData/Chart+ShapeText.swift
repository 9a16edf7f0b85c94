import ChartModel
import Foundation
import SpecReading

/// The per-series shape sentence: stretches, peaks and troughs, any cycle, unusual values, and
/// the overall change and rate only where one line fits; each stretch a clause with its claims.
extension Chart {
    func trendSentence(_ index: Int, _ trend: Trend, _ speech: SpeechFormatter) -> [Sentence] {
        let m = speech.messages
        let name = Self.capitalized(speech.spokenName(index))
        if x.type == .nominal {
            return [Sentence(clauses: m.clauses(.trendNominal, ["name": name]))]
        }
        guard let firstRow = trend.firstRow, let lastRow = trend.lastRow, firstRow != lastRow,
              let shape = trend.shape, !shape.segments.isEmpty else {
            return [Sentence(m[.trendTooFew, ["name": name]])]
        }
        let values = series[index].values
        let claim = { (kind: Claim.Kind, row: Int) in Claim.at(kind, series: index, row: row, value: values[row]) }
        var clauses: [Clause]
        if let cycle = trend.cycle {
            var rest = cycleText(cycle, speech)
            if trend.isOneLine, let seg = shape.segments.first {
                if seg.direction == .flat {
                    rest.append(Clause(m[.trendCycleSteady, ["level": speech.valueText(seg.level)]], continues: true))
                } else {
                    var marks = ClaimMarks()
                    let from = marks.said(Claim(.start, series: index, value: seg.startValue, rows: [seg.startRow], approximate: true), speech.valueText(seg.startValue))
                    let to = marks.said(Claim(.end, series: index, value: seg.endValue, rows: [seg.endRow], approximate: true), speech.valueText(seg.endValue))
                    rest.append(Clause(m[seg.direction == .rising ? .trendCycleRising : .trendCycleFalling, [
                        "from": from, "fromAt": speech.atX(seg.startRow), "to": to, "toAt": speech.atX(seg.endRow)]], claims: marks.claims, continues: true))
                }
            } else {
                let level = stretches(index, shape, speech, approximate: true, first: values[firstRow], last: values[lastRow])
                rest += m.clauses(.trendCycleLevel, ["stretches": Messages.marked(level)]).withClaims(of: level)
            }
            clauses = m.clauses(.trendSubject, ["name": name, "rest": Messages.marked(rest)]).withClaims(of: rest)
        } else if shape.isJumpy, shape.smoothingWindow == 1, shape.segments.count > 1 {
            // Too few values to smooth and too much swing for stretches to mean anything.
            let median = SeriesShape.medianOf(values.compactMap { $0 })
            clauses = m.clauses(.trendJumpy, ["name": name, "step": speech.stepPhrase, "median": speech.derivedValueText(median)])
        } else if trend.isOneLine, let seg = shape.segments.first {
            if seg.direction == .flat {
                let level = speech.valueText(seg.level, approximate: shape.smoothingWindow > 1)
                clauses = [Clause(m[Self.isVaried(seg, shape) ? .trendFlatVaries : .trendFlatStays, ["name": name, "level": level]])]
            } else {
                var marks = ClaimMarks()
                let from = marks.said(claim(.start, firstRow), speech.valueText(values[firstRow]))
                let to = marks.said(claim(.end, lastRow), speech.valueText(values[lastRow]))
                let first = m[seg.direction == .rising ? .trendRises : .trendFalls, [
                    "name": name, "from": from, "fromAt": speech.atX(firstRow), "to": to, "toAt": speech.atX(lastRow)]]
                clauses = [Clause(first, claims: marks.claims)]
                if let change = trend.change {
                    clauses[0].append(" (" + changeText(change, percent: trend.changePercent, speech) + ")")
                }
                if let rate = ratePhrase(trend, speech) { clauses.append(Clause(", \(rate)", continues: true)) }
            }
        } else {
            let outline = stretches(index, shape, speech, approximate: shape.smoothingWindow > 1, first: values[firstRow], last: values[lastRow])
            clauses = m.clauses(.trendSubject, ["name": name, "rest": Messages.marked(outline)]).withClaims(of: outline)
        }
        // A single flat stretch already "varies around" its level; elsewhere the stretches are an outline.
        if shape.isJumpy, shape.smoothingWindow > 1, shape.segments.count > 1 || shape.segments.first?.direction != .flat {
            clauses.append(Clause(m[.trendSwings, ["step": speech.stepPhrase]], isDetail: clauses.last?.isDetail ?? false, continues: true))
        }
        clauses.append(Clause(".", isDetail: clauses.last?.isDetail ?? false))
        var sentences = [Sentence(clauses: clauses)]
        if !shape.outlierRows.isEmpty {
            var marks = ClaimMarks()
            let each = shape.outlierRows.map { "\(marks.said(claim(.isolated, $0), speech.valueText(values[$0]))) \(speech.atX($0))" }
            let text = shape.outlierRows.count == 1 ? m[.trendOutlier, ["value": each[0]]] : m[.trendOutliers, ["list": m.list(each)]]
            sentences.append(Sentence(text, claims: marks.claims))
        }
        return sentences
    }

    /// "rises from 7.1 °C in January 2012 to a peak of 26.1 °C in August 2012", "then falls to 7.7 °C in December 2012":
    /// a clause a stretch (the second on with its ", ", going on from the first: `Clause.continues`).
    private func stretches(_ index: Int, _ shape: SeriesShape, _ speech: SpeechFormatter, approximate: Bool, first: Double?, last: Double?) -> [Clause] {
        let values = series[index].values
        let m = speech.messages
        let segments = shape.segments
        var clauses: [Clause] = []
        for (i, seg) in segments.enumerated() {
            let isLast = i == segments.count - 1
            let endValue = isLast && !approximate ? last : seg.endValue
            // Exact values (no smoothing) are said at their own row: a jump that lands below the
            // stretch's end ("jumps from 28 … to a peak of 60") must not take the jump's date, where the
            // value was 55. Smoothed ("about") values keep the jump's date, the step a listener hears.
            let endRow = approximate ? (seg.jumpRow ?? seg.endRow) : seg.endRow
            // An end on an isolated value (left out of the outline, said in its own sentence) is
            // the outline's level there, not the row's value: "about", around that row.
            let endIsOutline = !approximate && !isLast && values.indices.contains(endRow) && values[endRow] != endValue
            let endApproximate = approximate || endIsOutline
            let at = endIsOutline || (approximate && seg.jumpRow == nil) ? speech.approximatelyAtX(endRow) : speech.atX(endRow)
            var clause: String
            var marks = ClaimMarks()
            /// The value said for `claim`, marked; "about …" around it when approximate.
            func said(_ claim: Claim?, _ value: Double?, approximate: Bool = approximate) -> String {
                let text = marks.said(claim, speech.valueText(value))
                return approximate && value != nil ? m[.valueAbout, ["value": text]] : text
            }
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
                let kind: Claim.Kind = seg.direction == .rising && next == .falling ? .peak : seg.direction == .falling && next == .rising ? .low : .end
                // The start's claim comes before the end's, as said.
                let start = approximate ? seg.startValue : first
                let from = i == 0 ? said(Claim.at(.start, series: index, row: seg.startRow, value: start, approximate: approximate), start) : ""
                var to = said(Claim.at(kind, series: index, row: endRow, value: endValue, approximate: endApproximate), endValue, approximate: endApproximate)
                if kind == .peak { to = m[.stretchPeak, ["value": to]] } else if kind == .low { to = m[.stretchLow, ["value": to]] }
                if i == 0 {
                    let startAt = approximate ? speech.approximatelyAtX(seg.startRow) : speech.atX(seg.startRow)
                    clause = m[.family(.stretch, "\(verb).from"), ["from": from, "fromAt": startAt, "to": to, "toAt": at]]
                } else {
                    clause = m[.family(.stretch, verb), ["to": to, "toAt": at]]
                }
            }
            if isLast && i > 0 { clause = m[.stretchThen, ["clause": clause]] }
            clauses.append(Clause(i == 0 ? clause : ", " + clause, claims: marks.claims, continues: i > 0))
        }
        return clauses
    }

    /// A flat stretch "varies around" its level when the values' standard deviation over the
    /// stretch is above a tenth of the series' range, else it "stays close to" it.
    static func isVaried(_ segment: SeriesShape.Segment, _ shape: SeriesShape) -> Bool {
        segment.spread > 0.1 * shape.range
    }

    /// "has a yearly cycle", ", highest in August and lowest in December".
    func cycleText(_ cycle: Cycle, _ speech: SpeechFormatter) -> [Clause] {
        switch cycle.period {
        case .yearly:
            let months = speech.locale.monthNames
            return speech.messages.clauses(.trendCycleYearly, ["peak": months[cycle.peakBin - 1], "trough": months[cycle.troughBin - 1]])
        case .daily:
            func hour(_ h: Int) -> String { h < 10 ? "0\(h):00" : "\(h):00" }
            return speech.messages.clauses(.trendCycleDaily, ["peak": hour(cycle.peakBin), "trough": hour(cycle.troughBin)])
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

extension [Clause] {
    /// These clauses (parted from a template filled with `parts` marked) with the claims of
    /// `parts`: the last clauses are the parts, in order, whatever the template put before them.
    func withClaims(of parts: [Clause]) -> [Clause] {
        var out = self
        for (offset, part) in parts.reversed().enumerated() where out.count - 1 - offset >= 0 {
            out[out.count - 1 - offset].claims = part.claims
            out[out.count - 1 - offset].isDetail = out[out.count - 1 - offset].isDetail || part.isDetail
        }
        return out
    }
}

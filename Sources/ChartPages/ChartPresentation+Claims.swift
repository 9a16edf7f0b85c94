import ChartData

/// J's stop (issue 30): after S or D, J goes to the point behind each claim just heard, in the
/// order said. `s`: the series; `row`: the scrubber index; `say`: "Lowest: {l}" ({l}: the label);
/// `c`: the chart (another panel of the figure) whose scrubber holds the row, nil: this one.
struct ClaimStop: Encodable, Equatable {
    var s: Int
    var row: Int
    var say: String
    var c: String? = nil
}

extension ChartPresentation {
    /// A text said by S (its claims in the order said).
    typealias Said = (text: String, claims: [Claim])

    /// The stops of `claims` on the scrubber: a claim's first row, or (a reduced scrubber) the
    /// scrubber point nearest it.
    func claimStops(_ claims: [Claim], speech: SpeechFormatter) -> [ClaimStop] {
        let rows = scrubRows
        return claims.compactMap { claim in
            guard let row = claim.rows.first, chart.series.indices.contains(claim.series), !rows.isEmpty else { return nil }
            return ClaimStop(s: claim.series, row: Self.nearestIndex(of: row, in: rows),
                             say: speech.messages[.family(.scrubber, "claim." + claim.kind.rawValue)])
        }
    }

    /// The stops of a figure's claims (`Claim.panel`): on the scrubber of the panel holding each
    /// row, another panel's named (`c`): J moves there.
    func figureClaimStops(_ claims: [Claim], speech: SpeechFormatter) -> [ClaimStop] {
        guard let figure else { return [] }
        return claims.compactMap { claim in
            guard let p = claim.panel, figure.panelIDs.indices.contains(p), let row = claim.rows.first,
                  !figure.panelScrubRows[p].isEmpty else { return nil }
            return ClaimStop(s: claim.series, row: Self.nearestIndex(of: row, in: figure.panelScrubRows[p]),
                             say: speech.messages[.family(.scrubber, "claim." + claim.kind.rawValue)],
                             c: figure.panelIDs[p] == chart.id ? nil : figure.panelIDs[p])
        }
    }

    /// The index of `row` in the ascending `rows`, or of the nearest row there.
    static func nearestIndex(of row: Int, in rows: [Int]) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let mid = (low + high) / 2
            if rows[mid] < row { low = mid + 1 } else { high = mid }
        }
        if low == rows.count { return rows.count - 1 }
        if low > 0 && row - rows[low - 1] < rows[low] - row { return low - 1 }
        return low
    }
}

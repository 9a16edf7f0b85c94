import ChartData

extension ChartPresentation {
    /// Sentences as the no-script page shows them (issue 30): escaped, each claim's value a link
    /// to its row in the data table (`#<id>-row-<row>`). A claim whose row the table does not
    /// show (it lists the first `tableRowLimit` rows) stays text: the CSV download has the row.
    func linkedHTML(_ sentences: [Sentence], speech: SpeechFormatter, shownRows: Int) -> String {
        sentences.map { sentence in
            sentence.clauses.map { clause in linkedHTML(clause, speech: speech, shownRows: shownRows) }.joined()
        }.joined(separator: " ")
    }

    /// A clause with the value of each of its claims linked, in order (the first occurrence of
    /// the value's text after the previous claim's).
    private func linkedHTML(_ clause: Clause, speech: SpeechFormatter, shownRows: Int) -> String {
        let text = clause.text
        var html = "", cursor = text.startIndex
        for claim in clause.claims {
            guard let row = claim.rows.first, row < shownRows else { continue }
            let candidates = [speech.valueText(claim.value), speech.valueText(abs(claim.value)), speech.valueText(claim.value, series: claim.series)]
            guard let found = candidates.lazy.compactMap({ text.range(of: $0, range: cursor..<text.endIndex) }).first else { continue }
            html += xmlEscape(String(text[cursor..<found.lowerBound]))
            html += "<a href=\"#\(xmlEscape(Self.rowAnchor(chart.id, row: row)))\">\(xmlEscape(String(text[found])))</a>"
            cursor = found.upperBound
        }
        return html + xmlEscape(String(text[cursor...]))
    }

    /// The id of a chart row's line in the data table.
    static func rowAnchor(_ id: String, row: Int) -> String { "\(id)-row-\(row)" }
}

import ChartData

extension ChartPresentation {
    /// Sentences as the no-script page shows them (issue 30): escaped, each claim's value a link
    /// to its row in the data table (`<a class="pl-claim" href="#<id>-row-<row>">`: the page script
    /// takes the class's links out of the Tab order). A claim whose row the table does not
    /// show (it lists the first `tableRowLimit` rows) stays text: the CSV download has the row.
    func linkedHTML(_ sentences: [Sentence], shownRows: Int) -> String {
        Self.linkedHTML(sentences) { claim in
            claim.rows.first.flatMap { $0 < shownRows ? Self.rowAnchor(chart.id, row: $0) : nil }
        }
    }

    /// Sentences with the piece that says each claim's value linked to `anchor(claim)` (the
    /// pieces are made with the text, `Clause.pieces`: nothing is searched for); a claim without
    /// an anchor stays text.
    static func linkedHTML(_ sentences: [Sentence], anchor: (Claim) -> String?) -> String {
        sentences.map { sentence in
            sentence.clauses.map { clause in
                clause.pieces.map { piece in
                    guard let i = piece.claim, clause.claims.indices.contains(i), let target = anchor(clause.claims[i]) else {
                        return xmlEscape(piece.text)
                    }
                    return "<a class=\"pl-claim\" href=\"#\(xmlEscape(target))\">\(xmlEscape(piece.text))</a>"
                }.joined()
            }.joined()
        }.joined(separator: " ")
    }

    /// The id of a chart row's line in the data table.
    static func rowAnchor(_ id: String, row: Int) -> String { "\(id)-row-\(row)" }
}

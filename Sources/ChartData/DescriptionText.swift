import Foundation

/// One thing a description says about the data, with the rows that hold it (issue 30): the
/// scrubber's J goes there, the chart JSON lists it, the no-script page links its number.
public struct Claim: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A series' (or every series') lowest and highest value.
        case lowest, highest
        /// Where a stretch of the shape, or the whole series, starts and ends.
        case start, end
        /// A stretch's end where the series turns down (a peak) or up (a low).
        case peak, low
        /// A value far from its neighbours.
        case isolated
        /// A series' only value.
        case value
    }
    public var kind: Kind
    /// The series (index into `Chart.series`) the value belongs to.
    public var series: Int
    /// The value said, as the data holds it (seconds since 1970 for dates as values).
    public var value: Double
    /// Indexes into `Chart.xValues` (the chart's rows, the table's rows) holding the value.
    public var rows: [Int]
    /// True when the sentence says "about" a smoothed value: the row is where the stretch
    /// turns, and its own value may differ from `value`.
    public var approximate: Bool
    /// Which of the row's values the claim is about where a row holds several: a candlestick's
    /// low (`lower`) or high (`upper`), one of a box plot group's outliers (`outlier`, on an
    /// outlier series); nil: the row's value.
    public var part: Part?
    public enum Part: String, Sendable { case lower, upper, outlier }
    /// A figure's claim (`FigureDescription.comparison`): the panel (index into
    /// `ChartFigure.panels`) whose rows hold it; `series` and `rows` are that panel's. Nil: the
    /// chart's own.
    public var panel: Int?

    public init(_ kind: Kind, series: Int, value: Double, rows: [Int], approximate: Bool = false) {
        (self.kind, self.series, self.value, self.rows, self.approximate) = (kind, series, value, rows, approximate)
    }

    /// A claim about the value at one row, nil when the row or the value is missing.
    static func at(_ kind: Kind, series: Int, row: Int?, value: Double?, approximate: Bool = false) -> Claim? {
        guard let row, let value, value.isFinite else { return nil }
        return Claim(kind, series: series, value: value, rows: [row], approximate: approximate)
    }

    /// The claim as a figure's sentence makes it, about panel `panel`'s rows.
    func inPanel(_ panel: Int) -> Claim {
        var claim = self
        claim.panel = panel
        return claim
    }
}

/// A part of a sentence as shown, with the claims it makes. A sentence's clauses joined are
/// its text; the punctuation between clauses belongs to the clause it starts.
public struct Clause: Sendable, Equatable {
    /// A stretch of the clause's text; `claim` (an index into `claims`) when it says that claim's
    /// value (the no-script page links it to the claim's row).
    public struct Piece: Sendable, Equatable {
        public var text: String
        public var claim: Int?
    }
    /// The text in pieces, as made: a claim's value is a piece of its own.
    public private(set) var pieces: [Piece]
    public var claims: [Claim]
    /// Said only in the full sentence, not in S's first, short one ("; underneath it, …").
    public var isDetail: Bool
    /// Goes on from the clause before it in the same sentence (", then falls …", ", with large
    /// swings …", a catalogue text's part after `{,}`): S's short sentence may end before it.
    public var continues: Bool

    /// A clause of `text`, where a value said for a claim is marked (`ClaimMarks.said`): the
    /// marks become pieces and leave the text.
    public init(_ text: String, claims: [Claim] = [], isDetail: Bool = false, continues: Bool = false) {
        (self.pieces, self.claims, self.isDetail, self.continues) = (Self.pieces(text), claims, isDetail, continues)
    }

    public var text: String { pieces.map(\.text).joined() }

    /// Adds `text` before the clause's own.
    public mutating func prepend(_ text: String) { pieces.insert(Piece(text: text, claim: nil), at: 0) }
    /// Adds `text` after the clause's own.
    public mutating func append(_ text: String) { pieces.append(Piece(text: text, claim: nil)) }

    /// The pieces of a text with claim marks: `claimStart`, the claim's index as a character
    /// (`claimBase` + index), the value's text, `claimEnd`.
    private static func pieces(_ text: String) -> [Piece] {
        guard text.unicodeScalars.contains(Messages.claimStart) else { return [Piece(text: text, claim: nil)] }
        var pieces: [Piece] = [], current = "", claim: Int?, expectIndex = false
        for scalar in text.unicodeScalars {
            if expectIndex {
                claim = Int(scalar.value - Messages.claimBase)
                expectIndex = false
            } else if scalar == Messages.claimStart || scalar == Messages.claimEnd {
                if !current.isEmpty { pieces.append(Piece(text: current, claim: claim)) }
                (current, claim, expectIndex) = ("", nil, scalar == Messages.claimStart)
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty || pieces.isEmpty { pieces.append(Piece(text: current, claim: claim)) }
        return pieces
    }

    /// The clause's text with its claims' pieces marked again, for a template's placeholder
    /// (`Messages.marked`): parted again, the pieces come back.
    var markedText: String {
        pieces.map { piece in piece.claim.map { ClaimMarks.marked(piece.text, index: $0) } ?? piece.text }.joined()
    }
}

/// Claims made while a text is filled: `said` marks the text that says each claim's value, so
/// that the clause knows where (`Clause.pieces`) without searching its text afterwards.
struct ClaimMarks {
    /// The claims said, in order; a mark's index points here.
    private(set) var claims: [Claim] = []

    /// `text` marked as saying `claim`'s value; the text alone when there is no claim.
    mutating func said(_ claim: Claim?, _ text: String) -> String {
        guard let claim else { return text }
        claims.append(claim)
        return Self.marked(text, index: claims.count - 1)
    }

    static func marked(_ text: String, index: Int) -> String {
        var out = String(Character(Messages.claimStart))
        out.unicodeScalars.append(Unicode.Scalar(Messages.claimBase + UInt32(index))!)
        return out + text + String(Character(Messages.claimEnd))
    }
}

/// A sentence of a description as a value: its clauses, each with the claims it makes.
public struct Sentence: Sendable, Equatable {
    public var clauses: [Clause]

    public init(clauses: [Clause]) { self.clauses = clauses }
    public init(_ text: String, claims: [Claim] = []) { clauses = [Clause(text, claims: claims)] }

    /// The sentence as shown (the page, the text download, the JSON).
    public var text: String { clauses.map(\.text).joined() }
    /// Every claim, in the order the sentence makes them.
    public var claims: [Claim] { clauses.flatMap(\.claims) }
}

extension [Sentence] {
    /// The sentences as one paragraph.
    public var text: String { map(\.text).joined(separator: " ") }
}

extension Messages {
    /// Where a catalogue text marks a new clause (`{,}`) or the start of its detail (`{;}`):
    /// the marks are rendered as nothing by the subscript; `clauses` parts the text there.
    static let clauseMark: Character = "\u{E000}", detailMark: Character = "\u{E001}"
    /// Around the text that says a claim's value (`ClaimMarks`), the claim's index after the start.
    static let claimStart: Unicode.Scalar = "\u{E002}", claimEnd: Unicode.Scalar = "\u{E003}"
    static let claimBase: UInt32 = 0xF0000

    /// The text of `key` as clauses: parted where the template (or a value) carries a mark;
    /// a clause after a detail mark, and every one after it, is a detail.
    func clauses(_ key: MessageKey, _ values: [String: String] = [:]) -> [Clause] {
        var values = values
        values[","] = String(Self.clauseMark)
        values[";"] = String(Self.detailMark)
        return Self.parted(self[key, values])
    }

    /// A text with marks as clauses (an empty first part, before a leading mark, is dropped);
    /// a part after a clause mark goes on from the one before (`Clause.continues`).
    static func parted(_ text: String) -> [Clause] {
        var clauses: [Clause] = []
        var current = "", detail = false, currentDetail = false, continues = false
        for c in text {
            if c == clauseMark || c == detailMark {
                if !current.isEmpty || !clauses.isEmpty { clauses.append(Clause(current, isDetail: currentDetail, continues: continues)) }
                if c == detailMark { detail = true }
                current = ""
                currentDetail = detail
                continues = c == clauseMark
            } else {
                current.append(c)
            }
        }
        clauses.append(Clause(current, isDetail: currentDetail, continues: continues))
        return clauses
    }

    /// Clauses as one value for a template's placeholder, each after the first marked.
    static func marked(_ clauses: [Clause]) -> String {
        clauses.enumerated().map { i, c in (i == 0 ? "" : String(c.isDetail ? detailMark : clauseMark)) + c.markedText }.joined()
    }
}

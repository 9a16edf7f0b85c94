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

    public init(_ kind: Kind, series: Int, value: Double, rows: [Int], approximate: Bool = false) {
        (self.kind, self.series, self.value, self.rows, self.approximate) = (kind, series, value, rows, approximate)
    }

    /// A claim about the value at one row, nil when the row or the value is missing.
    static func at(_ kind: Kind, series: Int, row: Int?, value: Double?, approximate: Bool = false) -> Claim? {
        guard let row, let value, value.isFinite else { return nil }
        return Claim(kind, series: series, value: value, rows: [row], approximate: approximate)
    }
}

/// A part of a sentence as shown, with the claims it makes. A sentence's clauses joined are
/// its text; the punctuation between clauses belongs to the clause it starts.
public struct Clause: Sendable, Equatable {
    public var text: String
    public var claims: [Claim]
    /// Said only in the full sentence, not in S's first, short one ("; underneath it, …").
    public var isDetail: Bool

    public init(_ text: String, claims: [Claim] = [], isDetail: Bool = false) {
        (self.text, self.claims, self.isDetail) = (text, claims, isDetail)
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

    /// The text of `key` as clauses: parted where the template (or a value) carries a mark;
    /// a clause after a detail mark, and every one after it, is a detail.
    func clauses(_ key: MessageKey, _ values: [String: String] = [:]) -> [Clause] {
        var values = values
        values[","] = String(Self.clauseMark)
        values[";"] = String(Self.detailMark)
        return Self.parted(self[key, values])
    }

    /// A text with marks as clauses (an empty first part, before a leading mark, is dropped).
    static func parted(_ text: String) -> [Clause] {
        var clauses: [Clause] = []
        var current = "", detail = false, currentDetail = false
        for c in text {
            if c == clauseMark || c == detailMark {
                if !current.isEmpty || !clauses.isEmpty { clauses.append(Clause(current, isDetail: currentDetail)) }
                if c == detailMark { detail = true }
                current = ""
                currentDetail = detail
            } else {
                current.append(c)
            }
        }
        clauses.append(Clause(current, isDetail: currentDetail))
        return clauses
    }

    /// Clauses as one value for a template's placeholder, each after the first marked.
    static func marked(_ clauses: [Clause]) -> String {
        clauses.enumerated().map { i, c in (i == 0 ? "" : String(c.isDetail ? detailMark : clauseMark)) + c.text }.joined()
    }
}

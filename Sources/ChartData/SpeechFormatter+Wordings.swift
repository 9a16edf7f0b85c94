import Foundation
import SpecReading

/// One reader wording of a point's label: the settings dialog's verbosity and order, or the
/// readout's shown text (symbols kept). Its `key` names it in the data script and in
/// `pitchline labels` ("normal.xFirst").
public enum LabelWording: Hashable, Sendable {
    case spoken(LabelVerbosity, LabelOrder)
    case shown

    /// The default: what the slider says before the reader changes a setting.
    public static let standard = LabelWording.spoken(ReaderSettings.verbosity, ReaderSettings.order)

    /// Every spoken wording (the settings dialog's choices), in a fixed order.
    public static let allSpoken: [LabelWording] = LabelVerbosity.allCases.flatMap { v in LabelOrder.allCases.map { .spoken(v, $0) } }

    public var key: String {
        switch self {
        case .shown: "shown"
        case .spoken(let v, let o): "\(v.rawValue).\(o.rawValue)"
        }
    }

}

/// How a wording joins the pieces, sent to the page script (`text.wordings`) so it applies the
/// generator's rule rather than its own: the name of the view's template (a gap takes `<name>Gap`),
/// the name of each series' template inside the all-series view, whether the verbose place
/// (`{p}`) is said, and the name of the view's series-switch template. Encoded as an array.
public struct WordingRule: Sendable, Equatable, Encodable {
    public var label: String
    public var part: String
    public var place: Bool
    public var to: String

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(label)
        try c.encode(part)
        try c.encode(place ? 1 : 0)
        try c.encode(to)
    }
}

/// One series' label templates in every wording. Pieces: `{x}` the row's text, `{v}` the value,
/// `{d}` what follows the value (", total 5,120"), `{p}` the verbose place (", 3 of 1,461"; empty
/// unless the wording says it); `{l}` the label in a series-switch template (`to`).
public struct SeriesWordings: Sendable, Equatable, Encodable {
    public var say, sayGap, valueFirst, valueFirstGap, terse, terseGap, show, showGap: String
    /// This series inside the all-series view (the unit said once, by the view); the terse
    /// wording's part is `terse`.
    public var part, partGap: String
    /// Up/Down arriving on this series: "Series 2 of 3: {l}"; `toVerbose` where the verbose
    /// wording says it otherwise (a box plot: the row's place only, not the statistic's too).
    /// Nil with one series (Up/Down says there is one, `text.oneSeries`).
    public var to: String?
    public var toVerbose: String?

    public subscript(name: String, gap gap: Bool) -> String {
        switch (name, gap) {
        case ("say", false): say
        case ("say", true): sayGap
        case ("valueFirst", false): valueFirst
        case ("valueFirst", true): valueFirstGap
        case ("terse", false): terse
        case ("terse", true): terseGap
        case ("show", false): show
        case ("show", true): showGap
        case ("part", false): part
        case ("part", true): partGap
        case ("toVerbose", _): toVerbose ?? to ?? "{l}"
        default: to ?? "{l}"
        }
    }
}

/// The all-series view's templates: `{v}` is the series' parts joined by `join`, `{d}` the row's
/// total (a stack), `{x}`/`{p}` as for a series.
public struct AllSeriesWordings: Sendable, Equatable, Encodable {
    public var say, valueFirst, terse, show, join, to: String
    /// A box plot's verbose wording names the statistics view as `to` does (the rule names it).
    public var toVerbose: String?

    public subscript(name: String) -> String {
        switch name {
        case "say": say
        case "valueFirst": valueFirst
        case "terse": terse
        case "show": show
        case "toVerbose": toVerbose ?? to
        default: to
        }
    }
}

extension SpeechFormatter {
    /// Fills `{name}` placeholders whose name is a key of `pieces`, in one pass (a piece holding
    /// "{x}" stays as it is); `{}` is a literal "{" (`templateLiteral`); other braces stay. The
    /// page script's `fillNamed` does the same.
    public static func fill(_ template: String, _ pieces: [String: String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let tail = rest[rest.index(after: open)...]
            if let close = tail.firstIndex(of: "}"), let piece = tail[..<close].isEmpty ? "{" : pieces[String(tail[..<close])] {
                out += piece
                rest = tail[tail.index(after: close)...]
            } else {
                out += "{"
                rest = tail
            }
        }
        return out + rest
    }

    /// Author text (a series name, title or unit) as it stands inside a label template: each "{"
    /// written `{}`, which `fill` turns back, so a series named "T_{d}" is said as named, not
    /// filled as the `{d}` slot.
    public static func templateLiteral(_ text: String) -> String {
        text.replacingOccurrences(of: "{", with: "{}")
    }

    /// This formatter over the chart with its author text as template literals: the one that
    /// makes label templates.
    var templateMaker: SpeechFormatter {
        var y = chart.y
        guard chart.series.contains(where: { $0.name.contains("{") }) || spokenNames.contains(where: { $0.contains("{") })
                || [y.title, y.unit ?? "", y.spokenUnit ?? ""].contains(where: { $0.contains("{") }) else { return self }
        var copy = self
        (y.title, y.unit, y.spokenUnit) = (Self.templateLiteral(y.title), y.unit.map(Self.templateLiteral), y.spokenUnit.map(Self.templateLiteral))
        copy.chart.y = y
        for s in copy.chart.series.indices { copy.chart.series[s].name = Self.templateLiteral(chart.series[s].name) }
        copy.spokenNames = spokenNames.map(Self.templateLiteral)
        return copy
    }

    /// Which templates `wording` takes on this chart (see `WordingRule`).
    public func rule(_ wording: LabelWording) -> WordingRule {
        switch wording {
        case .shown: WordingRule(label: "show", part: "part", place: false, to: "to")
        case .spoken(.terse, _): WordingRule(label: "terse", part: "terse", place: false, to: "to")  // a part is its value too
        case .spoken(let v, let o):
            WordingRule(label: o == .xFirst ? "say" : "valueFirst", part: "part", place: v == .verbose,
                        to: v == .verbose && chart.semantics.box != nil ? "toVerbose" : "to")
        }
    }

    /// Every wording's rule by its key (the data script's `text.wordings`).
    public var wordingRules: [String: WordingRule] {
        Dictionary(uniqueKeysWithValues: (LabelWording.allSpoken + [.shown]).map { ($0.key, rule($0)) })
    }

    /// Where the verbose place goes: after the row's name in a box plot ("February, 2 of 12,
    /// upper quartile …", `positionFollowsX`), else at the end.
    private var placeSlots: (x: String, end: String) { positionFollowsX ? ("{x}{p}", "") : ("{x}", "{p}") }

    /// `series`' templates in every wording (the data script's `series[s].labels`).
    public func wordings(series: Int) -> SeriesWordings {
        let maker = templateMaker
        let t = maker.pointTemplates(series: series), v = maker.labelVariants(series: series), slots = placeSlots
        let said = { (template: String) in template.replacingOccurrences(of: "{x}", with: slots.x) + "{d}" + slots.end }
        let m = messages
        let place = ["n": TextFormat.count(series + 1, locale: locale), "count": TextFormat.count(chart.series.count, locale: locale)]
        var to: String? = m[.scrubberSeries, place] + "{l}", toVerbose: String?
        if chart.semantics.box != nil {
            // The statistic is named in the label; its place follows it, except in the verbose
            // wording, where the row's place is the one count said.
            to = "{l}" + m[.scrubberPlace, place]
            toVerbose = "{l}"
        } else if chart.mark == .rect {
            to = m[.scrubberRow, place] + "{l}"
        }
        if chart.series.count < 2 { (to, toVerbose) = (nil, nil) }
        return SeriesWordings(
            say: said(t.say), sayGap: said(t.sayGap), valueFirst: said(v.valueFirst), valueFirstGap: said(v.valueFirstGap),
            terse: v.terse, terseGap: v.terseGap,  // the value only: no detail, no place
            show: t.show + "{d}", showGap: t.showGap + "{d}",
            part: t.part + "{d}", partGap: t.partGap + "{d}",
            to: to, toVerbose: toVerbose)
    }

    /// The all-series view's templates (the data script's `all.labels`).
    public var allWordings: AllSeriesWordings {
        let maker = templateMaker
        let t = maker.allSeriesTemplates, v = maker.allSeriesVariants, slots = placeSlots
        let to = messages[chart.semantics.box != nil ? .scrubberStatistics : .scrubberAllSeries] + "{l}"
        return AllSeriesWordings(
            say: t.say.replacingOccurrences(of: "{x}", with: slots.x) + "{v}{d}" + slots.end,
            valueFirst: v.valueFirst.replacingOccurrences(of: "{v}", with: "{v}{d}").replacingOccurrences(of: "{x}", with: slots.x) + slots.end,
            terse: v.terse, show: t.show + "{v}{d}", join: t.join,
            to: to, toVerbose: chart.semantics.box != nil ? to : nil)
    }

    /// The verbose place of `row` (", 3 of 1,461"), or "" where a label says its place already (a pie).
    public func placeText(row: Int) -> String {
        Self.fill(positionTemplate(pointCount: chart.pointCount), ["p": placeNumber(row: row)])
    }

    /// `row`'s place counted from 1, grouped in the chart's language ("1,461"): the `{p}` of `placeText`.
    public func placeNumber(row: Int) -> String { TextFormat.count(row + 1, locale: locale) }

    /// The label of `row` in `view` (a series index; `chart.series.count` is the all-series view)
    /// in `wording`: the templates filled with the pieces, as the page script joins them.
    public func label(view: Int, row: Int, wording: LabelWording) -> String {
        let maker = LabelMaker(speech: self)
        return maker.label(view: view, maker.pieces(row: row), wording: wording)
    }

    /// What Up/Down says arriving on `view` at `row`: the series named with the label.
    public func switchAnnouncement(view: Int, row: Int, wording: LabelWording) -> String {
        let maker = LabelMaker(speech: self)
        return maker.switchAnnouncement(view: view, maker.pieces(row: row), wording: wording)
    }
}

/// A chart's labels in any wording, its templates made once: what `pitchline labels` prints and
/// what the page script does with the data script's templates and pieces (the same join).
public struct LabelMaker: Sendable {
    public let speech: SpeechFormatter
    public let series: [SeriesWordings]
    public let all: AllSeriesWordings

    /// One row's pieces (the data script's per-point arrays at that row).
    public struct Pieces: Sendable {
        public var x: String, place: String
        public var values: [String?], details: [String], partDetails: [String]
        public var total: String
    }

    public init(speech: SpeechFormatter) {
        self.speech = speech
        series = speech.chart.series.indices.map { speech.wordings(series: $0) }
        all = speech.allWordings
    }

    public func pieces(row: Int) -> Pieces {
        let s = speech.chart.series.indices
        return Pieces(
            x: speech.xLabel(row), place: speech.placeText(row: row),
            values: s.map { speech.templateValue(series: $0, row: row) },
            details: s.map { speech.detailText(series: $0, row: row) ?? "" },
            partDetails: s.map { speech.detailText(series: $0, row: row, withTotal: false) ?? "" },
            total: speech.allSeriesTotalText(row: row) ?? "")
    }

    public func label(view: Int, _ p: Pieces, wording: LabelWording) -> String {
        let r = speech.rule(wording)
        var pieces = ["x": p.x, "p": r.place ? p.place : ""]
        if view < series.count {
            pieces["v"] = p.values[view] ?? ""
            pieces["d"] = p.details[view]
            return SpeechFormatter.fill(series[view][r.label, gap: p.values[view] == nil], pieces)
        }
        pieces["v"] = series.indices.map { s in
            SpeechFormatter.fill(series[s][r.part, gap: p.values[s] == nil], ["x": p.x, "v": p.values[s] ?? "", "d": p.partDetails[s]])
        }.joined(separator: all.join)
        pieces["d"] = p.total
        return SpeechFormatter.fill(all[r.label], pieces)
    }

    public func switchAnnouncement(view: Int, _ p: Pieces, wording: LabelWording) -> String {
        let r = speech.rule(wording)
        let template = view < series.count ? series[view][r.to, gap: false] : all[r.to]
        return SpeechFormatter.fill(template, ["l": label(view: view, p, wording: wording)])
    }
}

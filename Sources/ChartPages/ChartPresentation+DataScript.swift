import Braille
import ChartData
import ChartModel
import Foundation
import SortedJSON
import SpecReading

/// The JSON the page script reads (docs/architecture.md, "Page ↔ script contract"). Every text a
/// reader hears or sees from the scrubber is made here (or in ChartData's SpeechFormatter);
/// the script only fills placeholders (`{x}` `{v}` `{d}` `{p}` `{l}`, `{title}`) and joins and
/// selects by the generator's rule (`text.wordings`, `SpeechFormatter+Wordings.swift`).
struct ChartScriptData: Encodable {
    /// Each scrubber point's row text, and its place for the verbose wording ("1,461", in the
    /// chart's language; nil where no place is said, a pie).
    struct XInfo: Encodable { var labels: [String]; var places: [String]? }
    /// One playback speed of one series: seconds between notes and the rows played (nil: every row).
    struct Playback: Encodable { var gap: Double; var rows: [Int]? }
    struct SeriesInfo: Encodable {
        var name: String
        /// Every wording's template (`SeriesWordings`): the script picks one by `text.wordings`.
        var labels: SeriesWordings
        /// The value of each scrubber point as a number text without unit (nil: no data).
        var values: [String?]
        /// Said after a point's label (", total 5,120, size 120"); nil when no point has any.
        var details: [String?]?
        /// `details` without the stack total, for the all-series view (which says it once, `AllInfo.details`);
        /// nil when they are the same.
        var partDetails: [String?]?
        var tones: [Int]?
        /// S: one sentence (shape and range); S again: the rest.
        var brief: String
        var more: String
        /// J's stops after `brief` and `more`: the points behind their claims.
        var briefClaims, moreClaims: [ClaimStop]
        /// Tones on the shared scale for the "all series" view, when this series has its own scale.
        var sharedTones: [Int]?
        var minRow: Int?
        var maxRow: Int?
        /// Rows whole-series playback plays, one entry per `speeds` entry.
        var play: [Playback]
        var cx: [Double]
        var cy: [Double?]
        /// The series' braille line (`BrailleLine`): the page script only puts the cursor's cell in.
        var braille: BrailleScript?
        /// A multi-series scatter: the scrubber points that are this series' own (`Series.pointRows`;
        /// its other rows hold the other series' points). Nil: every point is the series'.
        var points: [Int]?
    }
    /// `cells`: the line; `cursor[c]`: column c's cell with the cursor; `starts[c]`: column c's first point.
    struct BrailleScript: Encodable { var cells: String; var cursor: [String]; var starts: [Int] }
    struct AllInfo: Encodable {
        var labels: AllSeriesWordings
        var minRow: Int?
        var maxRow: Int?
        var brief: String
        var more: String
        var briefClaims, moreClaims: [ClaimStop]
        /// Said once after every series' part: a stacked chart's total (", total 124"); nil otherwise.
        var details: [String?]?
    }
    var id: String
    var title: String
    /// Rows in the chart; the scrubber arrays have `rows.count` entries when reduced.
    var pointCount: Int
    /// Source row of each scrubber point, present only when the scrubber data is reduced.
    var rows: [Int]?
    var x: XInfo
    var series: [SeriesInfo]
    var all: AllInfo?
    /// The bank's tones and timing (`ChartAudioInfo.Bank`) and `toneDuration`, the seconds a
    /// point's tone sounds (speech waits for it when the reader chose "tone first").
    var audio: OneObject<ChartAudioInfo.Bank, [String: Double]>?
    var text: ScrubberText
    /// The series the scrubber starts on (a box plot's median); nil: the first.
    var startSeries: Int?
    /// Up moves to the next series, Down to the previous (a box plot's statistics, ascending,
    /// so Up is the higher statistic); nil: Up is the previous series.
    var upIsNext: Bool?
    /// Landmarks (`M`): a layered chart's rules and labels (ChartPresentation+Marks.swift).
    var marks: [MarkInfo]?
    /// A heatmap's R and C texts: per series (row) and per scrubber point (column); nil otherwise.
    var heatmap: HeatmapInfo?
    struct HeatmapInfo: Encodable { var rows: [String]; var columns: [String] }
    /// A live chart (issue 29): its events URL relative to `charts/` and the words the page
    /// says of it (`Public/pitchline-live.js`); nil otherwise.
    var live: LiveInfo?
    struct LiveInfo: Encodable { var events: String; var text: [String: String] }
    /// The spec's selections as controls (ChartPresentation+Selections.swift); nil without any.
    var select: SelectInfo?
}

/// What the scrubber says (`text` in the data script), made once per chart in its language:
/// the texts made for this chart (`Computed`) and the catalogue's fixed messages, one JSON object.
/// `{title}`, `{m}`, `{l}` (the point's label) and `{p}` of `position` are filled by the script;
/// nothing else is.
struct ScrubberText: Encodable {
    /// The messages the script says as the catalogue has them: `text.<name>` is `scrubber.<name>`.
    /// A new one is a catalogue entry, its name here and its use in `Public/pitchline.js`.
    static let messageNames = [
        "oneSeries",  // Up/Down with one series (a switch's words are the series' `to` templates)
        "highest", "lowest", "firstPoint", "lastPoint",  // {l}: the point; [ and ], past either end or playback's end
        "playing", "stopped",  // P; "stopped" with the point ({l}) where playback stopped
        "noAudio", "noSound", "loadingSound", "synthesised",  // the chart's sound missing, or not playable yet
        "elsewhere",  // a message ({m}) said while focus is elsewhere, named by its chart ({title})
        "noMarks",  // M on a chart without rules or labels
        "toneFirst", "together",  // T: the order of tone and speech (docs/architecture.md, "Tone and speech")
        "ownScales", "sharedScale", "oneScale",  // C: series on their own pitch scales, or one shared
        "brailleOff", "brailleOn",  // B (docs/architecture.md, "Braille")
        "noClaim",  // J before S or D (each claim's own words are its stop's `say`, `scrubber.claim.<kind>`)
    ]
    struct Speed: Encodable { var factor: Double; var text: String }
    struct Computed: Encodable {
        /// D: the summary; D again: the author's description (and the reduced-data note).
        var describe: [String]
        /// J's stops after each of `describe`: the points behind its claims.
        var describeClaims: [[ClaimStop]]
        /// X and Y: the axes as drawn.
        var xAxis, yAxis: String
        var speeds: [Speed]
        /// Index into `speeds` of normal speed.
        var normalSpeed: Int
        /// A heatmap: said before the cell when Up/Down would go past the top or bottom row (its
        /// rows stop there, as a row stops at its ends); nil: Up/Down cycle through the series.
        var rowEnds: [String]? = nil
        /// Verbose setting: the `{p}` piece, ", {p} of 1,461" (`{p}`: `x.places[i]`).
        var position = ""
        /// Each wording's rule by key ("normal.xFirst", "shown"): which templates the script joins.
        var wordings: [String: WordingRule]
    }
    var computed: Computed
    /// `messageNames`' texts by name.
    var messages: [String: String]

    init(_ computed: Computed, messages m: Messages) {
        self.computed = computed
        messages = Dictionary(uniqueKeysWithValues: Self.messageNames.map { ($0, m[.family(.scrubber, $0)]) })
    }

    func encode(to encoder: any Encoder) throws { try OneObject(first: computed, second: messages).encode(to: encoder) }
}

/// Two values written as one JSON object holding the keys of both (keyed encoders merge
/// containers asked for twice at one place); the data script's `text` and `audio`.
struct OneObject<First: Encodable, Second: Encodable>: Encodable {
    var first: First
    var second: Second
    func encode(to encoder: any Encoder) throws {
        try first.encode(to: encoder)
        try second.encode(to: encoder)
    }
}

/// Whole-series playback in the page: the rows of `Downsampling.playbackRows` (the audio graph's
/// rule), at least `slowestGap` seconds per note for short series.
enum PlaybackPlan {
    static let slowestGap = 0.35
    /// Playback speeds and how each is said (`speed.*` in the catalogue).
    static let speeds: [(Double, MessageKey)] = [
        (0.5, .speedHalf), (0.75, .speedTimes), (1, .speedNormal),
        (1.5, .speedTimes), (2, .speedTimes), (3, .speedFastest),
    ]

    static func speedText(_ speed: (Double, MessageKey), _ speech: SpeechFormatter) -> String {
        speech.messages[speed.1, ["factor": speech.locale.localized(TextFormat.plainNumber(speed.0))]]
    }

    /// Scrubber indexes played for `values` (one per scrubber point) in `duration` seconds.
    static func plan(values: [Double?], duration: Double) -> ChartScriptData.Playback {
        let rows = Downsampling.playbackRows(values, seconds: duration)
        return .init(gap: round4(min(slowestGap, duration / Double(max(1, rows?.count ?? values.count)))), rows: rows)
    }
}

extension ChartPresentation {
    /// The classic script `charts/<id>.<hash>.js`:
    /// `(window.PitchlineCharts = window.PitchlineCharts || {})["ID"] = {JSON};`.
    public func dataScript(audio: ChartAudioInfo?) -> Data {
        let key = scriptSafeJSON(jsonStringLiteral(chart.id))
        var script = Array("(window.PitchlineCharts = window.PitchlineCharts || {})[\(key)] = ".utf8)
        script += scriptSafeJSON(bytes: scriptJSON(audio: audio))
        script += Array(";\n".utf8)
        return Data(script)
    }

    func scriptJSON(audio: ChartAudioInfo?) -> [UInt8] {
        let speech = SpeechFormatter(chart: chart)
        let rows = scrubRows
        let rowIndex = isScrubberReduced ? Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1, $0) }) : nil
        let toScrub = { (row: Int?) -> Int? in
            guard let row else { return nil }
            return rowIndex.map { $0[row] } ?? row
        }
        let heatmap: HeatmapLayout? = if case .heatmap = chart.semantics.kind { HeatmapLayout(chart: chart) } else { nil }
        let briefs = chart.series.indices.map { briefSentence(series: $0, speech: speech) }
        let mores = chart.series.indices.map { moreSentences(series: $0, speech: speech) }
        let series = scriptSeries(rows: rows, speech: speech, audio: audio, heatmap: heatmap, briefs: briefs, mores: mores, toScrub: toScrub)
        let all = allSeriesInfo(rows: rows, speech: speech, briefs: briefs, mores: mores, toScrub: toScrub)
        var text = scrubberText(speech: speech)
        var startSeries: Int?, upIsNext: Bool?
        switch chart.semantics.kind {
        case .boxPlot(let box):
            // A box plot: Up is the higher statistic; the median first.
            startSeries = box.series(.median)
            upIsNext = true
        case .heatmap:
            text.computed.rowEnds = [speech.messages[.scrubberTopRow], speech.messages[.scrubberBottomRow]]
        case .series, .errorRange, .arc, .candlestick:
            break
        }
        let data = ChartScriptData(
            id: chart.id, title: chart.title,
            pointCount: chart.pointCount,
            rows: isScrubberReduced ? rows : nil,
            x: .init(labels: rows.map { speech.xLabel($0) },
                     places: text.computed.position.isEmpty ? nil : rows.map { speech.placeNumber(row: $0) }),
            series: series, all: all,
            audio: audio.map { OneObject(first: $0.bank, second: ["toneDuration": chart.options.audio.toneDuration]) },
            text: text, startSeries: startSeries, upIsNext: upIsNext, marks: markInfos(rows: rows, toScrub: toScrub),
            heatmap: heatmap.map { _ in
                .init(rows: chart.series.indices.map { speech.heatmapRowSummary(series: $0) }, columns: rows.map { speech.heatmapColumnSummary(row: $0) })
            },
            live: liveInfo(speech: speech), select: selectInfo(rows: rows, speech: speech))
        // Sorted keys: the same bytes in every process (export = serve).
        return (try? SortedJSON.encode(data)) ?? Array("{}".utf8)
    }

    /// Each series as the page script gets it: labels, values, details, tones, playback plans,
    /// positions and braille, on the scrubber's rows.
    func scriptSeries(rows: [Int], speech: SpeechFormatter, audio: ChartAudioInfo?, heatmap: HeatmapLayout?,
                      briefs: [Said], mores: [Said], toScrub: (Int?) -> Int?) -> [ChartScriptData.SeriesInfo] {
        let duration = audio?.bank.playbackDuration ?? chart.options.audio.playbackDuration
        var cx = rows.map { round1(geometry.x(row: $0)) }
        if let heatmap { cx = rows.map { round1(heatmap.cx(row: $0)) } }
        return chart.series.indices.map { s -> ChartScriptData.SeriesInfo in
            let values = rows.map { chart.series[s].values[$0] }
            let drawn = chart.drawnValues(series: s)  // where the dot sits (invalid values at zero, Chart+Invalid.swift)
            let d = description.series[s]
            return ChartScriptData.SeriesInfo(
                name: chart.series[s].name,
                labels: speech.wordings(series: s),
                values: rows.map { speech.templateValue(series: s, row: $0) },
                details: { let d = rows.map { speech.detailText(series: s, row: $0) }; return d.contains { $0 != nil } ? d : nil }(),
                partDetails: { () -> [String?]? in
                    guard chart.hasAllSeriesView else { return nil }
                    let parts = rows.map { speech.detailText(series: s, row: $0, withTotal: false) }
                    return parts == rows.map { speech.detailText(series: s, row: $0) } ? nil : parts
                }(),
                tones: audio.map { a in rows.map { a.pointTones[s][$0] } },
                brief: briefs[s].text, more: mores[s].text,
                briefClaims: claimStops(briefs[s].claims, speech: speech), moreClaims: claimStops(mores[s].claims, speech: speech),
                sharedTones: audio?.sharedPointTones.map { shared in rows.map { shared[s][$0] } },
                minRow: toScrub(d.statistics.minRow),
                maxRow: toScrub(d.statistics.maxRow),
                play: PlaybackPlan.speeds.map { PlaybackPlan.plan(values: values, duration: duration / $0.0) },
                cx: { let dx = geometry.ownMarkOffset(series: s); return dx == 0 ? cx : cx.map { round1($0 + dx) } }(),
                // A stack segment's dot sits on its top, where it is drawn.
                cy: heatmap.map { h in rows.map { _ in round1(h.cy(series: s)) } } ?? (chart.semantics.stack != nil && !chart.series[s].details.isEmpty
                    ? rows.map { r in (chart.series[s].details[r].upper ?? chart.series[s].values[r]).map { round1(geometry.y($0)) } }
                    : rows.map { r in drawn[r].map { round1(geometry.forSeries(s).y($0)) } }),
                braille: rows.isEmpty ? nil : { let b = brailleLine(series: s); return .init(cells: b.cells, cursor: b.cursorCells, starts: b.starts) }(),
                points: chart.series[s].pointRows.map { $0.compactMap(toScrub) })
        }
    }

    /// The all-series view (Up/Down past the last series): extremes over every series, by
    /// value (the first series wins a tie), or a stack's totals; nil without one.
    func allSeriesInfo(rows: [Int], speech: SpeechFormatter, briefs: [Said], mores: [Said], toScrub: (Int?) -> Int?) -> ChartScriptData.AllInfo? {
        // A stacked chart's all-series view says the stack total once per row.
        let totals: [String?]? = chart.hasAllSeriesView ? { let t = rows.map { speech.allSeriesTotalText(row: $0) }; return t.contains { $0 != nil } ? t : nil }() : nil
        var all: ChartScriptData.AllInfo?
        if chart.hasAllSeriesView {
            // Extremes over every series, by value (the first series wins a tie); a stacked
            // chart's are its lowest and highest stack totals (Chart+Stack.swift).
            let lows = description.series.compactMap { d in d.statistics.min.map { ($0, d.statistics.minRow!) } }
            let highs = description.series.compactMap { d in d.statistics.max.map { ($0, d.statistics.maxRow!) } }
            let stacks = chart.stackTotalExtremeRows
            all = .init(
                labels: speech.allWordings,
                minRow: toScrub(stacks?.low ?? lows.min { $0.0 < $1.0 }?.1), maxRow: toScrub(stacks?.high ?? highs.max { $0.0 < $1.0 }?.1),
                brief: briefs.map(\.text).joined(separator: " "), more: mores.map(\.text).joined(separator: " "),
                briefClaims: claimStops(briefs.flatMap(\.claims), speech: speech), moreClaims: claimStops(mores.flatMap(\.claims), speech: speech),
                details: totals)
        }
        return all
    }

    /// The scrubber's texts: D's two parts, the X and Y axes (a pie's or heatmap's own), speeds,
    /// the position template and the wording rules.
    func scrubberText(speech: SpeechFormatter) -> ScrubberText {
        let m = speech.messages
        let yTitle = chart.y.title + (speech.spokenUnit.map { chart.y.title.contains(chart.y.unit ?? "") ? "" : m[.axisInUnit, ["unit": $0]] } ?? "")
        // X and Y name the axes as drawn: a horizontal chart's rows are on Y.
        let rowAxis = (title: chart.x.title, range: chart.pointCount > 0 ? speech.xRangeText : m[.valueNoData])
        // A dual-axis chart: its measures, then each one's range (`independentRanges`).
        let own = speech.independentRanges(headed: false).map { (title: m.list(chart.series.indices.map(chart.seriesHeading)), range: $0) }
        let valueAxis = own ?? (title: yTitle, range: speech.yRangeText)
        let (xAxis, yAxis) = geometry.horizontal ? (valueAxis, rowAxis) : (rowAxis, valueAxis)
        let describeMore = [chart.authorDescription, isScrubberReduced ? reducedSentence : nil].compactMap { $0 }.joined(separator: " ")
        // D: the summary's first sentences, about 25 words a series; D again: the rest, a panel's
        // figure's comparison (J: to the rows in whichever panel holds them) and the author's text.
        let (describeFirst, describeRest, firstCount) = Self.firstSentences(description.sentences.map { speech.forEars($0.text) }, words: Self.briefWords * max(1, chart.series.count))
        let compared = figure?.description.comparison ?? []
        let describeSecond = [describeRest, compared.map { speech.forEars($0.text) }.joined(separator: " "), describeMore]
            .filter { !$0.isEmpty }.joined(separator: " ")
        var text = ScrubberText(.init(
            describe: [describeFirst, describeSecond.isEmpty ? describeFirst : describeSecond],
            describeClaims: { () -> [[ClaimStop]] in
                let first = description.sentences.prefix(firstCount).flatMap(\.claims)
                let rest = description.sentences.dropFirst(firstCount).flatMap(\.claims)
                let second = claimStops(rest, speech: speech) + figureClaimStops(compared.flatMap(\.claims), speech: speech)
                return [claimStops(first, speech: speech), describeSecond.isEmpty ? claimStops(first, speech: speech) : second]
            }(),
            xAxis: speech.forEars(m[.axisX, ["title": xAxis.title, "range": xAxis.range]]),
            yAxis: speech.forEars(m[.axisY, ["title": yAxis.title, "range": yAxis.range]]),
            speeds: PlaybackPlan.speeds.map { .init(factor: $0.0, text: PlaybackPlan.speedText($0, speech)) },
            normalSpeed: PlaybackPlan.speeds.firstIndex { $0.0 == 1 } ?? 0,
            position: speech.positionTemplate(pointCount: chart.pointCount),
            wordings: speech.wordingRules),
            messages: m)
        if let axes = speech.kindAxes {  // X: the slices or columns; Y: the rest (rows, colour)
            text.computed.xAxis = m[.axisKindSay, ["name": axes[0].name, "text": axes[0].text]]
            text.computed.yAxis = speech.forEars(axes.dropFirst().map { m[.axisKindSay, ["name": $0.name, "text": $0.text]] }.joined(separator: " "))
        }
        return text
    }

    /// Whole sentences up to about `words` words (at least one), and the rest, each joined by spaces.
    static func firstSentences(_ sentences: [String], words: Int) -> (first: String, rest: String, count: Int) {
        var count = 0, taken = 0
        for s in sentences {
            let n = s.split(separator: " ").count
            if taken > 0 && count + n > words { break }
            taken += 1
            count += n
        }
        return (sentences[..<taken].joined(separator: " "), sentences[taken...].joined(separator: " "), taken)
    }

    /// S, first press: the series' shape (the trend's outline, before its detail) and its range,
    /// one sentence, with the claims of the clauses said (J's stops).
    /// S again: the series' statistics and trend, and their claims.
    func moreSentences(series s: Int, speech: SpeechFormatter) -> Said {
        (text: speech.forEars([description.series[s].statisticsSentence, description.series[s].trendSentence].joined(separator: " ")),
         claims: ([description.series[s].statisticsText] + description.series[s].trendText).flatMap(\.claims))
    }

    func briefSentence(series s: Int, speech: SpeechFormatter) -> (text: String, claims: [Claim]) {
        let d = description.series[s]
        let outline = d.outline
        let m = speech.messages
        func trimmed(_ clauses: ArraySlice<Clause>) -> String {
            var text = clauses.map(\.text).joined().trimmingCharacters(in: .whitespaces)
            while text.hasSuffix(".") { text.removeLast() }
            return text
        }
        var shape = trimmed(outline[...])
        let st = d.statistics
        var claims = outline.flatMap(\.claims)
        guard let minRow = st.minRow, let maxRow = st.maxRow else { return (speech.forEars(shape + "."), claims) }
        let values = chart.series[s].values
        let rangeClaims: [Claim] = [(Claim.Kind.lowest, minRow), (.highest, maxRow)].compactMap { kind, row in
            values.indices.contains(row) ? values[row].map { Claim(kind, series: s, value: $0, rows: [row]) } : nil
        }
        let range = m[.briefRange, ["min": speech.valueText(st.min, series: s), "minAt": speech.atX(minRow),
                                      "max": speech.valueText(st.max, series: s), "maxAt": speech.atX(maxRow)]]
        func sentence(_ shape: String, _ range: String) -> String {
            speech.forEars(shape.isEmpty ? m[.briefNameOnly, ["name": speech.spokenName(s), "range": range]] : m[.briefSentence, ["shape": shape, "range": range]])
        }
        // About 25 words: a long shape clause keeps its first part, then the range loses its dates.
        var said = sentence(shape, range)
        // The first part: the clauses before the first that goes on from the one before it.
        if said.split(separator: " ").count > Self.briefWords, let next = outline.indices.dropFirst().first(where: { outline[$0].continues }) {
            shape = trimmed(outline[..<next])
            claims = outline[..<next].flatMap(\.claims)
            said = sentence(shape, range)
        }
        if said.split(separator: " ").count > Self.briefWords {
            said = sentence(shape, m[.rangeFromTo, ["low": speech.valueText(st.min, series: s), "high": speech.valueText(st.max, series: s)]])
        }
        return (said, claims + rangeClaims)
    }

    /// Words a series' S sentence aims at (issue: short first, more on demand).
    static let briefWords = 25

    /// Sentence shown on the page and spoken by the script when the scrubber visits fewer points.
    public var reducedSentence: String {
        let m = Messages(tag: chart.options.language ?? "en")
        return m[.scrubberReduced, ["shown": TextFormat.count(scrubRows.count, locale: m.locale), "total": TextFormat.count(chart.pointCount, locale: m.locale)]]
    }
}

/// A JSON string literal for `text` (quotes and escapes included); pass it through `scriptSafeJSON` for scripts.
public func jsonStringLiteral(_ text: String) -> String {
    String(decoding: (try? SortedJSON.encode(text)) ?? Array("\"\"".utf8), as: UTF8.self)
}

@inline(__always)
func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }

@inline(__always)
func round4(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

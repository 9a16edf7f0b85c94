import ChartData
import ChartModel
import Foundation

extension ChartPresentation {
    /// A live chart's part of the data script: where its events are and every word the page
    /// says of them, from the chart language's catalogue (`live.*`).
    func liveInfo(speech: SpeechFormatter) -> ChartScriptData.LiveInfo? {
        guard chart.options.live != nil else { return nil }
        let m = speech.messages
        return .init(events: "\(chart.id)/events", text: [
            "live": m[.liveLive], "paused": m[.livePaused], "reconnecting": m[.liveReconnecting],
            "one": m[.liveOnePoint], "other": m[.liveManyPoints], "newHigh": m[.liveNewHigh], "newLow": m[.liveNewLow],
            "above": m[.liveAbove], "below": m[.liveBelow], "monitorOn": m[.liveMonitorOn], "monitorOff": m[.liveMonitorOff],
            "every.every": m[.liveEveryPoint], "every.5": m[.liveEveryFive], "every.30": m[.liveEveryThirty],
            "every.thresholds": m[.liveOnlyExtremes],
        ])
    }

    /// The page's "as of" sentence for a live chart (the rows it was made with; the export is a
    /// snapshot and says so); nil for other charts.
    public var liveAsOf: String? {
        guard chart.options.live != nil, chart.pointCount > 0 else { return nil }
        let speech = SpeechFormatter(chart: chart)
        return speech.messages[.liveAsOf, ["x": speech.xText(chart.pointCount - 1)]]
    }

    /// What S, D, X, Y, `[` and `]` say of a live chart as of its latest rows (issue 29), and its
    /// summary paragraph's text, as the
    /// data script has them (`text.describe`, `describeClaims`, `xAxis`, `yAxis`; each series'
    /// and the all-series view's `brief`, `more`, their claims, `minRow`, `maxRow`): JSON the
    /// page takes in place of its own after new points. Rows are the chart's plus `rowOffset`
    /// (the page's scrubber holds rows from the data file's first); nil when the scrubber is
    /// reduced (its points are not the rows).
    public func liveWords(rowOffset: Int) -> String? {
        guard chart.options.live != nil, !isScrubberReduced else { return nil }
        let speech = SpeechFormatter(chart: chart)
        let text = scrubberText(speech: speech).computed
        let briefs = chart.series.indices.map { briefSentence(series: $0, speech: speech) }
        let mores = chart.series.indices.map { moreSentences(series: $0, speech: speech) }
        let shift = { (row: Int?) -> Int? in row.map { $0 + rowOffset } }
        let stops = { (claims: [Claim]) in self.claimStops(claims, speech: speech).map { ClaimStop(s: $0.s, row: $0.row + rowOffset, say: $0.say) } }
        let series = chart.series.indices.map { s in
            LiveWords.Said(brief: briefs[s].text, more: mores[s].text, briefClaims: stops(briefs[s].claims), moreClaims: stops(mores[s].claims),
                           minRow: shift(description.series[s].statistics.minRow), maxRow: shift(description.series[s].statistics.maxRow))
        }
        let all = allSeriesInfo(rows: scrubRows, speech: speech, briefs: briefs, mores: mores, toScrub: shift).map { all in
            LiveWords.Said(brief: all.brief, more: all.more, briefClaims: stops(briefs.flatMap(\.claims)), moreClaims: stops(mores.flatMap(\.claims)),
                           minRow: all.minRow, maxRow: all.maxRow)
        }
        let words = LiveWords(summary: description.sentences.map(\.text).joined(separator: " "), describe: text.describe, describeClaims: text.describeClaims.map { $0.map { ClaimStop(s: $0.s, row: $0.row + rowOffset, say: $0.say) } },
                              xAxis: text.xAxis, yAxis: text.yAxis, series: series, all: all)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return (try? encoder.encode(words)).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// `ChartPresentation.liveWords`' JSON.
struct LiveWords: Encodable {
    struct Said: Encodable {
        var brief, more: String
        var briefClaims, moreClaims: [ClaimStop]
        var minRow, maxRow: Int?
    }
    /// The summary paragraph's text (the page's has links to table rows; new rows have none).
    var summary: String
    var describe: [String]
    var describeClaims: [[ClaimStop]]
    var xAxis, yAxis: String
    var series: [Said]
    var all: Said?
}

extension ChartPresentation {
    /// A live chart's drawing as of its latest rows (issue 29), fetched by the page after new
    /// points: `svg`, the `<svg>` element as the page has it, and per series the cursor's `cx`,
    /// `cy` for the chart's rows (the page's rows from `first`, the id of the chart's row 0).
    /// Nil for a chart that is not live, or whose drawing is downsampled.
    public static func liveDrawing(chart: Chart, rowOffset: Int) -> String? {
        guard chart.options.live != nil, chart.pointCount < ChartSVG.downsamplingThreshold else { return nil }
        let geometry = ChartGeometry(chart: chart)
        let rows = 0..<chart.pointCount
        let cx = rows.map { round1(geometry.x(row: $0)) }
        let series = chart.series.indices.map { s in
            let drawn = chart.drawnValues(series: s), dx = geometry.ownMarkOffset(series: s), own = geometry.forSeries(s)
            return LiveDrawing.Series(cx: dx == 0 ? cx : cx.map { round1($0 + dx) }, cy: rows.map { drawn[$0].map { round1(own.y($0)) } })
        }
        let drawing = LiveDrawing(first: rowOffset, svg: ChartSVG(geometry: geometry, idPrefix: chart.id).render(), series: series)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return (try? encoder.encode(drawing)).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// `ChartPresentation.liveDrawing`'s JSON.
struct LiveDrawing: Encodable {
    struct Series: Encodable { var cx: [Double]; var cy: [Double?] }
    var first: Int
    var svg: String
    var series: [Series]
}

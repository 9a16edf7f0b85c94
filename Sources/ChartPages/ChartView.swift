import ChartData
import ChartModel
import Foundation
import Mustache
import SpecReading

extension TrustedMarkup: MustacheCustomRenderable {
    public var renderText: String { html }
    public var isNull: Bool { false }
}

/// The template context of `partials/chart` (figure, details, table, downloads).
struct ChartView {
    struct Axis { var name: String; var text: String }
    struct Stat { var term: String; var value: String }
    struct SeriesView {
        var heading: String; var stats: [Stat]; var trendSentence: String
        /// The same with each claim's value linked to its table row.
        var trendHTML: TrustedMarkup
    }
    struct Row: MustacheParent {
        var row: Int?
        var x: String
        var cells: [String]
        /// The row's id, the target of the summary's claim links.
        var anchor: String? = nil

        /// Looked up without `Mirror`, and a row off the scrubber (`row` nil) answers `false`, so
        /// `{{#row}}` stops here instead of reflecting every context above it: a 2,000-row
        /// table spent most of its page's rendering there.
        func child(named name: String) -> Any? {
            switch name {
            case "row": row.map { $0 as Any } ?? false
            case "x": x
            case "cells": cells
            case "anchor": anchor.map { $0 as Any } ?? false
            default: nil
            }
        }
    }
    struct Table {
        var caption: String
        var xHeader: String
        var columns: [String]
        var rows: [Row]
        var collapsed: Bool
        var rowCountText: String
        var note: String?
    }
    struct Graph { var path: String; var name: String }

    var id: String
    /// The chart's BCP 47 tag when it differs from the page's (`lang` on the figure and details).
    var ownLang: String?
    var title: String
    var subtitle: String?
    var svg: TrustedMarkup
    /// The scrubber: its last index, and its value text, name and the one short phrase a reader
    /// arriving in browse mode hears on it.
    var valueMax: Int
    var firstPointLabel, sliderLabel, sliderHint: String
    /// In a report: details, table and downloads sit behind one disclosure (two Tab stops per chart).
    var embedded: Bool
    /// Where the page's audio is, relative to the page: the Ogg sprite, its base64 script, and
    /// the WebM twin and its script (ChartAudioInfo's files).
    var audioPath, audioScriptPath, audioWebmPath, audioWebmScriptPath: String?
    /// A shared bank's key (a figure's panels: the figure id), when it is not the chart's id.
    var audioKey: String?
    /// "Previous / Next series" (row on a heatmap, statistic on a box plot) beside Settings, for
    /// touch screen readers, whose swipes move the slider along x only; nil with one series.
    var seriesButtons: SeriesButtons?
    struct SeriesButtons { var previous, next: String }
    var summary: String
    /// A live chart's "as of" sentence (`ChartPresentation.liveAsOf`); the live page hides it.
    var liveAsOf: String?
    /// The summary with each claim's value linked to its table row (no-script page).
    var summaryHTML: TrustedMarkup
    /// Heading levels: "Chart details", and its sections.
    var level, subLevel: Int
    var authorDescription: String?
    var kindSentence: String
    var axes: [Axis]
    var series: [SeriesView]
    var table: Table
    /// `chartsBase`: from the page to `charts/`, before every file name below; `dataScript`: the
    /// chart's data script.
    var chartsBase, dataScript: String
    /// `<id>.csv`, and what it holds ("1,461 rows").
    var csvPath, csvDescription: String
    /// `<id>.braille.txt` and `<id>.brf` (ChartPresentation.braillePaths).
    var braillePath, brfPath: String
    var graphs: [Graph]
    /// The tone bank (Ogg), offered for download.
    var bankPath: String?
}

extension ChartPresentation {
    /// The template context for this chart.
    /// - Parameters:
    ///   - level: heading level of "Chart details" (2 on a chart page, 3 inside a report).
    ///   - chartsBase: relative path from the page to the `charts/` folder ("" or "../charts/").
    func view(level: Int, chartsBase: String, dataScript: String, audio: ChartAudioInfo?) -> ChartView {
        let speech = SpeechFormatter(chart: chart)
        let m = speech.messages
        let count = { (n: Int) in TextFormat.count(n, locale: speech.locale) }
        var kind = speech.kindSentence ?? m[.detailsKind, [
            "kind": m[chart.kindKey], "series": m.plural(.countSeries, count: chart.series.count),
            "points": m.plural(.countPoints, count: chart.pointCount)]]
        if let box = chart.semantics.box {
            kind = m[box.statistics.contains(where: \.isOutliers) ? .detailsKindBoxOutliers : .detailsKindBox, [
                "kind": m[.kindBoxplot], "groups": m.plural(.countGroups, count: chart.pointCount)]]
        }
        if isScrubberReduced { kind += " " + reducedSentence }
        let rowAxis = "\(geometry.xTitle), \(chart.pointCount > 0 ? speech.xRangeText : m[.valueNoData])"
        // A dual-axis chart's value axes each name their measure (`independentRanges`).
        let valueAxis = chart.semantics.independentValueScales ? speech.yRangeText : "\(geometry.yTitle), \(speech.yRangeText)"
        let axes = speech.kindAxes.map { $0.map { ChartView.Axis(name: $0.name, text: $0.text) } } ?? [  // a horizontal chart has its rows down the vertical axis
            ChartView.Axis(name: m[.axisHorizontal], text: geometry.horizontal ? valueAxis : rowAxis),
            ChartView.Axis(name: m[.axisVertical], text: geometry.horizontal ? rowAxis : valueAxis),
        ]
        let series = chart.series.indices.map { s -> ChartView.SeriesView in
            let st = description.series[s].statistics
            let value = { (v: Double?) in speech.valueText(v, series: s) }
            let at = { (row: Int?) in row.map { " (\(speech.xText($0)))" } ?? "" }
            return ChartView.SeriesView(
                heading: m[.statsHeading, ["name": chart.seriesHeading(s)]],
                stats: [
                    .init(term: m[.statsMinimum], value: value(st.min) + at(st.minRow)),
                    .init(term: m[.statsMaximum], value: value(st.max) + at(st.maxRow)),
                    // Same digits as the statistics sentence the scrubber speaks (S key).
                    .init(term: m[.statsMean], value: speech.derivedValueText(st.mean)),
                    .init(term: m[.statsMedian], value: speech.derivedValueText(st.median)),
                    .init(term: m[.statsCount], value: count(st.count)),
                    .init(term: m[.statsMissingTerm], value: count(st.missing)),
                ],
                trendSentence: description.series[s].trendSentence,
                trendHTML: TrustedMarkup(escapedHTML: linkedHTML(description.series[s].trendText, shownRows: min(chart.pointCount, Self.tableRowLimit))))
        }
        return ChartView(
            id: chart.id, ownLang: nil, title: chart.title, subtitle: chart.subtitle,
            svg: TrustedMarkup(escapedHTML: svg),
            valueMax: max(scrubRows.count - 1, 0),
            firstPointLabel: chart.pointCount > 0 && !chart.series.isEmpty ? speech.spokenLabel(series: chart.semantics.box?.series(.median) ?? 0, row: scrubRows.first ?? 0) : m[.valueNoData],
            sliderLabel: speech.kindSliderLabel ?? m[chart.mark == .boxplot ? .sliderBoxplot : .sliderLabel],  // the kind on Tab where it changes the keys
            sliderHint: m[.sliderHint],
            embedded: level > 2,
            audioPath: audio.map { chartsBase + $0.oggFile },
            audioScriptPath: audio.map { chartsBase + $0.scriptFile },
            audioWebmPath: audio?.webmFile.map { chartsBase + $0 },
            audioWebmScriptPath: audio?.webmScriptFile.map { chartsBase + $0 },
            audioKey: audio?.audioKey,
            seriesButtons: chart.series.count < 2 ? nil : {
                let (previous, next): (MessageKey, MessageKey) = chart.mark == .rect ? (.chartPreviousRow, .chartNextRow)
                    : chart.semantics.box != nil ? (.chartPreviousStatistic, .chartNextStatistic) : (.chartPreviousSeries, .chartNextSeries)
                return ChartView.SeriesButtons(previous: m[previous], next: m[next])
            }(),
            summary: description.summary,
            liveAsOf: liveAsOf,
            summaryHTML: TrustedMarkup(escapedHTML: linkedHTML(description.sentences, shownRows: min(chart.pointCount, Self.tableRowLimit))),
            level: level, subLevel: level + 1,
            authorDescription: chart.authorDescription,
            kindSentence: kind,
            axes: axes, series: series,
            table: table(speech: speech),
            chartsBase: chartsBase, dataScript: dataScript,
            csvPath: "\(chart.id).csv",
            csvDescription: m.plural(.countRows, count: chart.pointCount),
            braillePath: Self.braillePaths(id: chart.id).unicode,
            brfPath: Self.braillePaths(id: chart.id).brf,
            graphs: (audio?.graphFiles ?? []).enumerated().map { i, path in
                ChartView.Graph(path: path, name: i < chart.renditionNames(m).count ? chart.renditionNames(m)[i] : m[.downloadsSeries, ["n": "\(i + 1)"]])
            },
            bankPath: audio?.oggFile)
    }

    /// A pie slice's table row: category, value, share ("62%").
    func arcTableRow(_ row: Int, index: Int?, speech: SpeechFormatter) -> ChartView.Row {
        ChartView.Row(row: index, x: speech.xText(row), cells: [
            speech.tableText(chart.series[0].values[row], series: 0),
            chart.series[0].details[row].share.map { speech.shareText($0) } ?? speech.messages[.valueNoData],
        ])
    }

    /// The table's caption: "Title: 48 rows, one per month" (by the dates' granularity, else the x title).
    static func tableCaption(_ chart: Chart, _ m: Messages) -> String {
        let rows = m.plural(.countRows, count: chart.pointCount)
        guard chart.x.type == .temporal, let g = chart.x.granularity else {
            return m[.tableCaption, ["title": chart.title, "rows": rows, "unit": m.language == .de ? chart.x.title : chart.x.title.lowercased()]]
        }
        return m[.family(.tableCaption, g.rawValue), ["title": chart.title, "rows": rows]]
    }

    func table(speech: SpeechFormatter) -> ChartView.Table {
        let n = chart.pointCount
        let shown = min(n, Self.tableRowLimit)
        // `data-row` is the scrubber's point index (the same as the row unless the scrubber
        // visits a reduced set of points).
        let scrubIndex: [Int: Int]? = isScrubberReduced
            ? Dictionary(uniqueKeysWithValues: scrubRows.enumerated().filter { $1 < shown }.map { ($1, $0) }) : nil
        var rows = (0..<shown).map { row in
            chart.mark == .arc ? arcTableRow(row, index: scrubIndex.map { $0[row] } ?? row, speech: speech) : ChartView.Row(
                row: scrubIndex.map { $0[row] } ?? row, x: speech.xText(row),
                cells: chart.series.indices.map { s in
                    // A point with a range, stack total or extra channels reads as it is spoken.
                    chart.series[s].details.isEmpty ? speech.tableText(series: s, row: row)
                        : speech.pointValueText(series: s, row: row) ?? speech.messages[.valueNoData]
                })
        }
        for row in rows.indices { rows[row].anchor = Self.rowAnchor(chart.id, row: row) }
        let m = speech.messages
        let count = { (n: Int) in TextFormat.count(n, locale: speech.locale) }
        let note = shown < n ? m[.tableNote, ["shown": count(shown), "total": count(n)]] : nil
        return ChartView.Table(
            caption: Self.tableCaption(chart, m),
            xHeader: chart.x.title,
            columns: chart.series.indices.map(chart.seriesHeading) + (chart.mark == .arc ? [m[.tableShare]] : []),
            rows: rows,
            collapsed: shown > Self.tableCollapseThreshold,
            rowCountText: m.plural(.countRows, count: shown),
            note: note)
    }
}

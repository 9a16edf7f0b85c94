import Braille
import ChartData

/// What the braille display and the braille files show: each series' braille line (in the data
/// script, the cursor marked by the page script) and the chart's text in contracted braille.
extension ChartPresentation {
    /// `charts/<id>.braille.txt` (Unicode braille) and `charts/<id>.brf` (embosser-ready BRF).
    public static func braillePaths(id: String) -> (unicode: String, brf: String) {
        ("\(id).braille.txt", "\(id).brf")
    }

    /// The braille line of series `s` over the scrubber's points (so its columns follow the
    /// scrubber's indexes).
    func brailleLine(series s: Int) -> BrailleLine {
        BrailleLine(values: scrubRows.map { chart.series[s].values[$0] })
    }

    /// The title, the summary, the axes and for each series its name, statistics and trend
    /// sentences followed (in the Unicode text) by its braille line.
    func brailleDocument(language: String) throws(BrailleTranslator.Failure) -> BrailleDocument {
        let speech = SpeechFormatter(chart: chart)
        var paragraphs = [chart.title]
        if let subtitle = chart.subtitle, !subtitle.isEmpty { paragraphs.append(subtitle) }
        paragraphs.append(description.summary)
        if let author = chart.authorDescription { paragraphs.append(author) }
        let m = speech.messages
        paragraphs.append(m[.axisLine, ["axis": m[.axisHorizontal], "title": geometry.xTitle, "range": chart.pointCount > 0 ? speech.xRangeText : m[.valueNoData]]])
        paragraphs.append(m[.axisLine, ["axis": m[.axisVertical], "title": geometry.yTitle, "range": speech.yRangeText]])
        var graphics: [Int: String] = [:]
        for s in chart.series.indices {
            let d = description.series[s]
            paragraphs.append("\(chart.series[s].name): \(d.statisticsSentence) \(d.trendSentence)")
            if chart.pointCount > 0 { graphics[paragraphs.count - 1] = brailleLine(series: s).cells }
        }
        return try BrailleDocument(paragraphs: paragraphs, graphics: graphics, translator: BrailleTranslator(language: language))
    }

    /// The two braille files' texts: Unicode braille (`.braille.txt`) and BRF (`.brf`); throws
    /// when liblouis cannot translate (a missing table: `liblouis-data`).
    public func brailleFiles(language: String) throws -> (unicode: String, brf: String) {
        let document = try brailleDocument(language: language)
        return (document.unicodeText, document.brf)
    }
}

import ChartData
import Foundation

/// The JSON the page script reads (docs/architecture.md, "Page ↔ script contract").
struct ChartScriptData: Encodable {
    struct XInfo: Encodable { var title: String; var rangeText: String; var labels: [String] }
    struct YInfo: Encodable { var title: String; var unit: String?; var rangeText: String }
    struct SeriesInfo: Encodable {
        var name: String
        var spokenName: String
        var valueTexts: [String?]
        var tones: [Int]?
        /// Tones on the shared scale for the "all series" view, when this series has its own scale.
        var sharedTones: [Int]?
        var statisticsText: String
        var trendText: String
        var minRow: Int?
        var maxRow: Int?
        var cx: [Double]
        var cy: [Double?]
    }
    struct AudioInfo: Encodable {
        var ogg: String
        var js: String
        var sampleRate: Int
        var tones: [[Double]]
        var endTone: Int
        var missingTone: Int
        var playbackDuration: Double
    }
    var id: String
    var title: String
    var summary: String
    var description: String?
    /// Rows in the chart; the scrubber arrays have `rows.count` entries when reduced.
    var pointCount: Int
    /// Source row of each scrubber point, present only when the scrubber data is reduced.
    var rows: [Int]?
    var reducedNote: String?
    var x: XInfo
    var y: YInfo
    var series: [SeriesInfo]
    var audio: AudioInfo?
}

extension ChartPresentation {
    /// The classic script `charts/<id>.<hash>.js`:
    /// `(window.PitchlineCharts = window.PitchlineCharts || {})["ID"] = {JSON};`.
    public func dataScript(audio: ChartAudioInfo?) -> Data {
        let speech = SpeechFormatter(chart: chart)
        let rows = scrubRows
        let rowIndex = isScrubberReduced ? Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1, $0) }) : nil
        let toScrub = { (row: Int?) -> Int? in
            guard let row else { return nil }
            return rowIndex.map { $0[row] } ?? row
        }
        let cx = rows.map { round1(geometry.x(row: $0)) }
        let series = chart.series.indices.map { s -> ChartScriptData.SeriesInfo in
            let values = chart.series[s].values
            let d = description.series[s]
            return ChartScriptData.SeriesInfo(
                name: chart.series[s].name,
                spokenName: speech.spokenName(s),
                valueTexts: rows.map { values[$0] == nil ? nil : speech.valueText(values[$0], series: s) },
                tones: audio.map { a in rows.map { a.pointTones[s][$0] } },
                sharedTones: audio?.sharedPointTones.map { shared in rows.map { shared[s][$0] } },
                statisticsText: d.statisticsSentence,
                trendText: d.trendSentence,
                minRow: toScrub(d.statistics.minRow),
                maxRow: toScrub(d.statistics.maxRow),
                cx: cx,
                cy: rows.map { values[$0].map { round1(geometry.y($0)) } })
        }
        let data = ChartScriptData(
            id: chart.id, title: chart.title, summary: description.summary, description: chart.authorDescription,
            pointCount: chart.pointCount,
            rows: isScrubberReduced ? rows : nil,
            reducedNote: isScrubberReduced ? reducedSentence : nil,
            x: .init(title: chart.x.title, rangeText: speech.xRangeText, labels: rows.map { speech.xLabel($0) }),
            y: .init(title: chart.y.title, unit: chart.y.unit, rangeText: speech.yRangeText),
            series: series,
            audio: audio.map {
                .init(
                    ogg: $0.oggFile, js: $0.scriptFile, sampleRate: $0.sampleRate, tones: $0.tones,
                    endTone: $0.endTone, missingTone: $0.missingTone, playbackDuration: $0.playbackDuration)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]  // same bytes in every process (export = serve)
        let json = (try? encoder.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let key = scriptSafeJSON(jsonStringLiteral(chart.id))
        return Data("(window.PitchlineCharts = window.PitchlineCharts || {})[\(key)] = \(scriptSafeJSON(json));\n".utf8)
    }

    /// Sentence shown on the page and spoken by the script when the scrubber visits fewer points.
    public var reducedSentence: String {
        "The audio scrubber visits \(TextFormat.count(scrubRows.count)) of the \(TextFormat.count(chart.pointCount)) points, chosen to keep the shape of the data and every minimum and maximum; the CSV download has all of them."
    }
}

/// A JSON string literal for `text` (quotes and escapes included); pass it through `scriptSafeJSON` for scripts.
public func jsonStringLiteral(_ text: String) -> String {
    let data = (try? JSONEncoder().encode([text])) ?? Data("[\"\"]".utf8)
    let array = String(decoding: data, as: UTF8.self)
    return String(array.dropFirst().dropLast())
}

@inline(__always)
func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }

import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// The page script's side of the data-script contract (`ChartScriptData`, `ScrubberText`): every
/// field `Public/pitchline.js` reads from a chart's data (`data.x`, `this.data.heatmap`) and its
/// texts (`this.text.noClaim`) is one the generator writes for some chart, so renaming a field on
/// one side fails here, not in a reader's browser.
@Suite struct DataScriptContractTests {
    static let script: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("Public/pitchline.js"), encoding: .utf8)) ?? ""
    }()

    /// The names after `prefix` in the script: `data.` → ["all", "audio", …].
    static func names(after prefix: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: "(?<![A-Za-z_$])" + NSRegularExpression.escapedPattern(for: prefix) + "([A-Za-z_]+)")
        let range = NSRange(script.startIndex..., in: script)
        return Set(regex.matches(in: script, range: range).compactMap { Range($0.range(at: 1), in: script).map { String(script[$0]) } })
    }

    func load(_ json: String) throws -> Chart {
        try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    /// Charts whose data scripts together carry every optional field: two series with audio, a
    /// heatmap (R, C, row ends), a box plot (Up is the next statistic, its start series), a layered chart's marks,
    /// a live chart (its events URL and words).
    func charts() throws -> [(Chart, ChartAudioInfo?)] {
        let temperatures = Fixtures.temperatures()
        let audio = ChartAudioInfo(
            oggFile: "t.audio.1.ogg", scriptFile: "t.audio.1.js", sampleRate: 22050, tones: [[0, 0.1, 440]],
            pointTones: temperatures.series.map { _ in Array(repeating: 0, count: temperatures.pointCount) }, endTone: 0, missingTone: 0,
            playbackDuration: 10, graphFiles: [])
        let heatmap = try load("""
        {"data": {"values": [{"a": "x", "b": "p", "v": 1}, {"a": "y", "b": "p", "v": 9}, {"a": "x", "b": "q", "v": 4}, {"a": "y", "b": "q", "v": 2}]},
         "mark": "rect", "encoding": {"x": {"field": "a", "type": "nominal"}, "y": {"field": "b", "type": "nominal"}, "color": {"field": "v", "type": "quantitative"}}}
        """)
        let box = try load("""
        {"data": {"values": [\((1...9).map { "{\"g\": \"\($0 % 2 == 0 ? "a" : "b")\", \"v\": \($0)}" }.joined(separator: ", "))]},
         "mark": "boxplot", "encoding": {"x": {"field": "g", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        let marked = try load("""
        {"data": {"values": [{"t": 1, "v": 3}, {"t": 2, "v": 5}, {"t": 3, "v": 4}]},
         "layer": [{"mark": "line", "encoding": {"x": {"field": "t", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}}},
                   {"mark": "rule", "encoding": {"y": {"datum": 4}}}]}
        """)
        let live = try load("""
        {"data": {"values": [{"t": 1, "v": 3}, {"t": 2, "v": 5}]}, "mark": "line",
         "encoding": {"x": {"field": "t", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}},
         "usermeta": {"pitchline": {"live": {"window": 100, "domain": [0, 10]}}}}
        """)
        return [(temperatures, audio), (heatmap, nil), (box, nil), (marked, nil), (live, nil)]
    }

    @Test func everyFieldTheScriptReadsIsWritten() throws {
        var data = Set<String>(), text = Set<String>()
        for (chart, audio) in try charts() {
            let object = try DataScriptTests.object(ChartPresentation(chart: chart), audio: audio)
            data.formUnion(object.keys)
            text.formUnion((object["text"] as? [String: Any] ?? [:]).keys)
        }
        let readData = Self.names(after: "data.").union(Self.names(after: "this.data."))
        let readText = Self.names(after: "this.text.")
        #expect(readData.count >= 8 && readText.count >= 25, "\(readData) \(readText)")
        #expect(readData.subtracting(data).isEmpty, "pitchline.js reads data fields the generator never writes: \(readData.subtracting(data))")
        #expect(readText.subtracting(text).isEmpty, "pitchline.js reads texts the generator never writes: \(readText.subtracting(text))")
    }
}

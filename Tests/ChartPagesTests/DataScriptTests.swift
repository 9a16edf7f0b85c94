import ChartData
import Foundation
import Testing
@testable import ChartPages

/// The data script's `text` and `audio` objects: each written from two parts into one JSON object.
struct DataScriptTests {
    static func object(_ p: ChartPresentation, audio: ChartAudioInfo?) throws -> [String: Any] {
        let script = String(decoding: p.dataScript(audio: audio), as: UTF8.self)
        let json = script[script.range(of: "] = ")!.upperBound...].dropLast(2)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test(arguments: ["en", "de"])
    func textCarriesEveryScrubberMessageBesideTheChartsOwnTexts(language: String) throws {
        var chart = Fixtures.temperatures()
        chart.options.language = language
        let text = try #require(try Self.object(ChartPresentation(chart: chart), audio: nil)["text"] as? [String: Any])
        let m = Messages(tag: language)
        for name in ScrubberText.messageNames {
            #expect(text[name] as? String == m[.family(.scrubber, name)], "text.\(name)")
        }
        #expect((text["describe"] as? [String])?.count == 2)
        #expect((text["speeds"] as? [[String: Any]])?.count == PlaybackPlan.speeds.count)
        // Each wording's rule (which templates the page joins), and the places the verbose wording says.
        #expect(Set((text["wordings"] as? [String: Any] ?? [:]).keys) == Set((LabelWording.allSpoken + [.shown]).map(\.key)))
        #expect((text["wordings"] as? [String: [Any]])?["verbose.valueFirst"]?.count == 4)
        let object = try Self.object(ChartPresentation(chart: chart), audio: nil)
        let places = (object["x"] as? [String: Any])?["places"] as? [String]
        let speech = SpeechFormatter(chart: chart)
        #expect(places == ChartPresentation(chart: chart).scrubRows.map { speech.placeNumber(row: $0) })
    }

    @Test func audioIsTheBankAndTheToneDuration() throws {
        let chart = Fixtures.temperatures()
        let info = ChartAudioInfo(
            oggFile: "t.audio.1.ogg", scriptFile: "t.audio.1.js", sampleRate: 22050, tones: [[0, 0.1, 440], [0.1, 0.2, 0]],
            pointTones: chart.series.map { _ in Array(repeating: 0, count: chart.pointCount) }, endTone: 1, missingTone: 1, playbackDuration: 10, graphFiles: [])
        let audio = try #require(try Self.object(ChartPresentation(chart: chart), audio: info)["audio"] as? [String: Any])
        #expect(Set(audio.keys) == ["sampleRate", "tones", "endTone", "missingTone", "playbackDuration", "toneDuration"])
        #expect(audio["sampleRate"] as? Int == 22050)
        #expect(audio["toneDuration"] as? Double == chart.options.audio.toneDuration)
    }
}

import ChartData
import ChartModel
import Foundation
import SiteGenerator
import SpecReading
import Testing

@testable import SiteExport

/// Every bound of the audio settings table (`AudioOptions.Setting`), at the bound and just past
/// it, given in a chart's `usermeta.pitchline.audio` and in `site/pitchline.json`'s `audio`:
/// `pitchline check` (`SiteGenerator.check`) refuses exactly what `pitchline export` (`ExportJob`)
/// refuses, with the same located message.
@Suite struct AudioBoundsCheckExportTests {
    enum Place: CaseIterable { case spec, siteSettings }

    /// A three-point chart with `audio` in `place`.
    func site(_ temp: TempFolder, _ audio: [String: Double], in place: Place) throws -> URL {
        let site = temp.path("site"), charts = site.appendingPathComponent("charts")
        try FileManager.default.createDirectory(at: charts, withIntermediateDirectories: true)
        let settings = "{" + audio.map { "\"\($0.key)\": \(TextFormat.plainNumber($0.value))" }.sorted().joined(separator: ", ") + "}"
        let meta = place == .spec ? #", "usermeta": {"pitchline": {"audio": \#(settings)}}"# : ""
        try Data("""
            {"title": "T", "data": {"values": [{"x": 1, "y": 3}, {"x": 2, "y": 5}, {"x": 3, "y": 4}]}, "mark": "line",
             "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}\(meta)}
            """.utf8).write(to: charts.appendingPathComponent("t.vl.json"))
        if place == .siteSettings { try Data(#"{"audio": \#(settings)}"#.utf8).write(to: site.appendingPathComponent("pitchline.json")) }
        return site
    }

    /// The check's problems, and the export's error (nil when it wrote the site with the chart's audio graph).
    func checkAndExport(_ audio: [String: Double], in place: Place, cache: URL) async throws -> (check: [String], export: String?) {
        let temp = try TempFolder()
        let site = try site(temp, audio, in: place)
        let checked = try SiteGenerator(siteDirectory: site, themeDirectory: nil, cacheDirectory: nil).check()
        var problems: [String] = []
        do {
            _ = try await ExportJob(siteDirectory: site, themeDirectory: nil, cacheDirectory: cache, outputDirectory: temp.path("out"))
                .run(progress: ExportProgress(quiet: true)) { problems.append($0.description) }
        } catch {
            return (checked.problems, problems.isEmpty ? "\(error)" : problems.joined(separator: "\n"))
        }
        #expect(temp.tree("out")["charts/t/graph-0.ogg"] != nil, "exported without its audio graph: \(audio)")
        return (checked.problems, nil)
    }

    @Test(arguments: AudioOptions.Setting.allCases)
    func checkAndExportRefuseTheSameValues(_ setting: AudioOptions.Setting) async throws {
        let cache = try TempFolder()  // accepted exports share their audio
        let (low, high) = (setting.range.lowerBound, setting.range.upperBound)
        let (bottom, top) = (AudioOptions.Setting.minFrequency.range.lowerBound, AudioOptions.Setting.maxFrequency.range.upperBound)
        for value in [low, high, low - 0.001, high + 0.001] {
            // The other frequency at its far bound, so only the value under test can be refused.
            var audio = [setting.rawValue: value]
            if setting == .minFrequency { audio["maxFrequency"] = top }
            if setting == .maxFrequency { audio["minFrequency"] = bottom }
            let outOfRange = !setting.range.contains(value)
            let emptyPitchRange = setting == .minFrequency && value >= top || setting == .maxFrequency && value <= bottom
            for place in Place.allCases {
                let (check, export) = try await checkAndExport(audio, in: place, cache: cache.url)
                let context = "\(setting.rawValue) = \(value) in \(place)"
                guard outOfRange || emptyPitchRange else {
                    #expect(check.isEmpty && export == nil, "\(context) is accepted: \(check) \(export ?? "")")
                    continue
                }
                let file = place == .spec ? "site/charts/t.vl.json" : "site/pitchline.json"
                let path = place == .spec ? "$.usermeta.pitchline.audio" : "$.audio"
                let message = outOfRange
                    ? "\(path).\(setting.rawValue): \(setting.problem(with: value)!)"
                    : "\(path): maxFrequency (\(TextFormat.plainNumber(audio["maxFrequency"]!)) Hz) must be above minFrequency"
                #expect(check.count == 1, "\(context): \(check)")
                #expect(check.first?.hasPrefix(file + ":") == true && check.first?.contains(message) == true, "\(context): \(check)")
                #expect(export?.contains(file + ":") == true && export?.contains(message) == true, "\(context): \(export ?? "exported")")
            }
        }
    }
}

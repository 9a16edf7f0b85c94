@testable import ChartData
import ChartModel
import Foundation
import SpecReading
import Testing

@testable import Sonification

/// Every bound in `AudioOptions.Setting`, just inside and just outside, through `pitchline check`'s
/// loader and through generation: `check` accepts exactly what generation accepts.
struct AudioLimitsTests {
    /// Loads one inline-data spec with these audio settings the way `pitchline check` does.
    func check(_ audio: [String: Double]) throws -> (chart: Chart?, problems: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pl-limits-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let charts = root.appendingPathComponent("charts")
        try FileManager.default.createDirectory(at: charts, withIntermediateDirectories: true)
        let settings = audio.map { "\"\($0.key)\": \($0.value)" }.sorted().joined(separator: ", ")
        let spec = """
            {"data": {"values": [{"x": 1, "y": 3}, {"x": 2, "y": 5}, {"x": 3, "y": 4}]}, "mark": "line",
             "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}},
             "usermeta": {"pitchline": {"audio": {\(settings)}}}}
            """
        try Data(spec.utf8).write(to: charts.appendingPathComponent("t.vl.json"))
        let site = ChartLoader(siteDirectory: root).loadSite()
        return (site.charts.first, site.problems.map(\.description))
    }

    /// A valid partner for a frequency under test, so only the value under test can be refused.
    func partner(_ setting: AudioOptions.Setting, _ value: Double) -> [String: Double] {
        switch setting {
        case .minFrequency: ["maxFrequency": AudioOptions.Setting.maxFrequency.range.upperBound]
        case .maxFrequency: ["minFrequency": AudioOptions.Setting.minFrequency.range.lowerBound]
        default: [:]
        }
    }

    @Test(arguments: AudioOptions.Setting.allCases)
    func everyBoundAgreesBetweenCheckAndGeneration(_ setting: AudioOptions.Setting) throws {
        let range = setting.range
        let step = max((range.upperBound - range.lowerBound) * 1e-3, 1e-3)
        let inside = [range.lowerBound, range.upperBound]
        let outside = [range.lowerBound - step, range.upperBound + step]
        for value in inside + outside {
            var audio = partner(setting, value)
            audio[setting.rawValue] = value
            let loaded = try check(audio)
            var options = AudioOptions()
            for (key, v) in audio { options[AudioOptions.Setting(rawValue: key)!] = v }
            let generated = Result { try Sonifier(cacheDirectory: nil).render(chart: Self.chart(options)) }
            let refusedByGeneration = (try? generated.get()) == nil
            let pairIsEmpty = setting == .minFrequency && value >= AudioOptions.Setting.maxFrequency.range.upperBound
                || setting == .maxFrequency && value <= AudioOptions.Setting.minFrequency.range.lowerBound
            let expectedRefused = outside.contains(value) || pairIsEmpty
            #expect(loaded.problems.isEmpty == !expectedRefused, "check, \(setting) = \(value): \(loaded.problems)")
            #expect(refusedByGeneration == expectedRefused, "generation, \(setting) = \(value)")
            if expectedRefused, let problem = loaded.problems.first, !pairIsEmpty {
                #expect(problem.contains("$.usermeta.pitchline.audio.\(setting.rawValue): "))
                #expect(problem.contains("use \(AudioOptions.Setting.text(range.lowerBound))–\(AudioOptions.Setting.text(range.upperBound))\(setting.unit)"))
                // Generation words the same refusal from the same table.
                if case .failure(let error) = generated { #expect("\(error)".contains(setting.rawValue)) }
            }
            if let chart = loaded.chart { #expect(chart.options.audio[setting] == value) }
        }
    }

    @Test func defaultsComeFromTheTable() {
        let options = AudioOptions()
        for setting in AudioOptions.Setting.allCases {
            #expect(options[setting] == setting.defaultValue)
            #expect(setting.problem(with: setting.defaultValue) == nil)
        }
        #expect(options.problem == nil)
    }

    static func chart(_ options: AudioOptions) -> Chart {
        Chart(
            id: "t", sourcePath: "charts/t.vl.json", title: "T", mark: .line,
            x: XAxis(field: "x", title: "X", type: .quantitative), y: YAxis(field: "y", title: "Y"),
            xValues: [.number(1), .number(2), .number(3)], series: [Series(name: "y", values: [3, 5, 4])],
            options: ChartOptions(audio: options))
    }
}

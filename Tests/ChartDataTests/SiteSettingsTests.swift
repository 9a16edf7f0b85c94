import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData

struct SiteSettingsTests {
    func settings(_ json: String) throws(ChartProblem) -> SiteSettings {
        try SiteSettings.parse(Data(json.utf8), file: "site/pitchline.json")
    }

    @Test func everyKeyIsRead() throws {
        let s = try settings("""
        {"title": "Weather in Seattle", "language": "en-GB", "baseURL": "https://example.org/weather",
         "audio": {"minFrequency": 300, "playbackDuration": 8}, "theme": "my-theme"}
        """)
        #expect(s.title == "Weather in Seattle")
        #expect(s.language == "en-GB")
        #expect(s.baseURL == "https://example.org/weather/")
        #expect(s.audio == AudioOptions(minFrequency: 300, playbackDuration: 8))
        #expect(s.theme == "my-theme")
        #expect(try settings("{}") == SiteSettings())
    }

    @Test func badValuesAreLocatedLikeSpecProblems() {
        #expect(problem { _ = try settings("{\"title\": \"x\",\n \"lang\": \"en\"}") }
            == "site/pitchline.json:2: $.lang: \"lang\" is not supported here; supported: title, language, baseURL, audio, theme, live")
        #expect(problem { _ = try settings("{\n \"language\": \"english!\"}") }
            == "site/pitchline.json:2: $.language: \"english!\" is not a BCP 47 language tag; use one of en, de, fr, es, optionally with a region (\"de-AT\")")
        #expect(problem { _ = try settings("{\n \"language\": \"pt-BR\"}") }
            == "site/pitchline.json:2: $.language: \"pt-BR\" is not a supported language; use one of en, de, fr, es, optionally with a region (\"de-AT\")")
        #expect(problem { _ = try settings("{\"baseURL\": \"example.org/charts\"}") }.contains("$.baseURL: \"example.org/charts\" is not an absolute http(s) URL"))
        // The same bounds as a spec's usermeta.pitchline.audio (AudioOptions.Setting).
        #expect(problem { _ = try settings("{\"audio\": {\n \"maxFrequency\": 9000}}") }
            == "site/pitchline.json:2: $.audio.maxFrequency: 9000 is out of range; use 20–8000 Hz")
        #expect(problem { _ = try settings("{\"audio\": {\"minFrequency\": 500, \"maxFrequency\": 400}}") }
            == "site/pitchline.json:1: $.audio: maxFrequency (400 Hz) must be above minFrequency (500 Hz)")
        #expect(problem { _ = try settings("{\"audio\": {\"volume\": 1}}") }.contains("$.audio.volume: \"volume\" is not supported here"))
    }

    @Test func languageTags() {
        for good in ["en", "de", "en-GB", "pt-BR", "zh-Hant-TW", "sr-Latn", "es-419"] { #expect(Language.isTag(good), "\(good)") }
        for bad in ["", "e", "en_GB", "english!", "en-", "-en", "1234"] { #expect(!Language.isTag(bad), "\(bad)") }
    }

    /// Site audio defaults apply to every chart; a spec's own settings win key by key.
    @Test func siteAudioDefaultsAndSpecOverrides() throws {
        let defaults = AudioOptions(minFrequency: 300, playbackDuration: 8)
        let own = try ChartLoader.loadSpec(data: Data("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}},
         "usermeta": {"pitchline": {"audio": {"playbackDuration": 5}}}}
        """.utf8), path: "site/charts/t.vl.json", audioDefaults: defaults) { _ in Data(seattleCSV.utf8) }
        #expect(own.options.audio == AudioOptions(minFrequency: 300, playbackDuration: 5))
        let plain = try ChartLoader.loadCSV(data: Data(seattleCSV.utf8), path: "site/charts/w.csv", audioDefaults: defaults)
        #expect(plain.options.audio == defaults)
        // A spec's maxFrequency below the site's minFrequency is located in the spec.
        #expect(problem {
            _ = try ChartLoader.loadSpec(data: Data("""
            {"data": {"url": "../data/w.csv"}, "mark": "line",
             "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}},
             "usermeta": {"pitchline": {"audio": {"maxFrequency": 250}}}}
            """.utf8), path: "site/charts/t.vl.json", audioDefaults: defaults) { _ in Data(seattleCSV.utf8) }
        } == "site/charts/t.vl.json:3: $.usermeta.pitchline.audio: maxFrequency (250 Hz) must be above minFrequency (300 Hz)")
    }
}

/// `charts/x.csv.json` gives a bare CSV its title, units and series names.
struct CSVSidecarTests {
    let employment = "month,nonfarm,construction\n2006-01-01,135000,7600\n2006-02-01,135300,7700\n2006-03-01,135600,7650\n"

    func chart(_ sidecar: String?) throws(ChartProblem) -> Chart {
        try ChartLoader.loadCSV(data: Data(employment.utf8), path: "site/charts/us-employment.csv", sidecar: sidecar.map { Data($0.utf8) })
    }

    @Test func withoutASidecarTheNameComesFromTheFile() throws {
        let c = try chart(nil)
        #expect(c.title == "Us employment")
        #expect(c.y.unit == nil)
        #expect(c.series.map(\.name) == ["Nonfarm", "Construction"])
    }

    @Test func sidecarNamesTheChartItsUnitsAndSeries() throws {
        let c = try chart("""
        {"title": "US employment", "description": "Jobs by sector.", "yTitle": "Employees", "xTitle": "Month",
         "unit": "thousand", "seriesTitles": {"nonfarm": "All non-farm jobs"}, "seriesNames": {"construction": "building jobs"},
         "seriesOrder": ["construction"], "audio": {"playbackDuration": 6}}
        """)
        #expect(c.title == "US employment")
        #expect(c.authorDescription == "Jobs by sector.")
        #expect(c.y.title == "Employees" && c.y.unit == "thousand")
        #expect(c.x.title == "Month")
        #expect(c.series.map(\.name) == ["Construction", "All non-farm jobs"])
        #expect(c.options.spokenSeriesNames["Construction"] == "building jobs")
        #expect(c.options.audio.playbackDuration == 6)
        #expect(SpeechFormatter(chart: c).pointLabel(series: 1, row: 0).contains("thousand"))
    }

    @Test func sidecarProblemsAreLocated() {
        #expect(problem { _ = try chart("{\"title\": \"x\",\n \"units\": \"kg\"}") }
            == "site/charts/us-employment.csv.json:2: $.units: \"units\" is not supported here; supported: \(CSVSidecar.keys.joined(separator: ", "))")
        #expect(problem { _ = try chart("{\"seriesTitles\": {\n \"farm\": \"Farm\"}}") }
            == "site/charts/us-employment.csv.json:2: $.seriesTitles.farm: no numeric column \"farm\" in the CSV; series columns: nonfarm, construction")
        #expect(problem { _ = try chart("{\"mark\": \"pie\"}") } == "site/charts/us-employment.csv.json:1: $.mark: \"pie\" is not supported; use one of line, bar, point, area")
    }
}

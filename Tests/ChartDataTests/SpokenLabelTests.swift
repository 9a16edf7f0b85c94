import ChartModel
import Foundation
import Testing
@testable import ChartData

/// Units for ears, label templates and the spoken labels the scrubber says (the browser test
/// compares the page's aria-valuetext with these, through `pitchline labels`).
struct SpokenLabelTests {
    func chart(unit: String, extra: String = "", fold: Bool = false) throws -> Chart {
        let encoding = fold
            ? #""transform": [{"fold": ["temp_max", "temp_min"], "as": ["kind", "t"]}], "mark": "line", "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "t", "type": "quantitative", "title": "Temperature"}, "color": {"field": "kind"}}"#
            : #""mark": "line", "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "temp_max", "type": "quantitative", "title": "Maximum temperature"}}"#
        return try spec("""
        {"data": {"url": "../data/w.csv"}, \(encoding),
         "usermeta": {"pitchline": {"unit": "\(unit)"\(extra)}}}
        """)
    }

    @Test func commonUnitsAreSaidInWords() {
        #expect(SpokenUnits.words(for: "thousand MWh") == "thousand megawatt hours")
        #expect(SpokenUnits.words(for: "mm") == "millimetres")
        #expect(SpokenUnits.words(for: "m/s") == "metres per second")
        #expect(SpokenUnits.words(for: "°C") == "degrees Celsius")
        #expect(SpokenUnits.words(for: "km") == "kilometres")
        #expect(SpokenUnits.words(for: "USD") == "US dollars")
        #expect(SpokenUnits.words(for: "kg/m²") == "kilograms per square metre")
        #expect(SpokenUnits.words(for: "widgets") == "widgets")   // unknown words stay as written
    }

    @Test func sentencesForEarsReplaceOnlyUnitsAfterNumbers() {
        let text = "lowest −1.6 °C on 6 February, mean 16.44 °C (°C is Celsius)"
        #expect(SpokenUnits.speak(text, unit: "°C", as: "degrees Celsius")
                == "lowest −1.6 degrees Celsius on 6 February, mean 16.44 degrees Celsius (°C is Celsius)")
        #expect(SpokenUnits.speak("from 3 mm to 9 mm, mmm", unit: "mm", as: "millimetres") == "from 3 millimetres to 9 millimetres, mmm")
    }

    @Test func spokenLabelSaysTheUnitInWordsAndTheShownLabelKeepsTheSymbol() throws {
        let c = try chart(unit: "°C")
        let f = SpeechFormatter(chart: c)
        #expect(f.spokenLabel(series: 0, row: 2) == "3 January 2012, maximum temperature 11.7 degrees Celsius")
        #expect(f.pointLabel(series: 0, row: 2) == "3 January 2012, maximum temperature 11.7 °C")
        let t = f.pointTemplates(series: 0)
        #expect(SpeechFormatter.fill(t.say, x: f.xText(2), value: f.templateValue(11.7)) == f.spokenLabel(series: 0, row: 2))
    }

    @Test func authorOverrideWins() throws {
        let c = try chart(unit: "kt", extra: #", "spokenUnit": "nautical miles an hour""#)
        #expect(SpeechFormatter(chart: c).spokenLabel(series: 0, row: 0).hasSuffix("12.8 nautical miles an hour"))
        #expect(SpeechFormatter(chart: c).pointLabel(series: 0, row: 0).hasSuffix("12.8 kt"))
    }

    @Test func allSeriesViewSaysTheUnitOnce() throws {
        let c = try chart(unit: "°C", fold: true)
        let label = SpeechFormatter(chart: c).spokenAllLabel(row: 3)
        #expect(label == "1 February 2012, in degrees Celsius: temp_max −1.6, temp_min no data")
        #expect(label.components(separatedBy: "degrees Celsius").count == 2)
    }

    @Test func fillIsOnePassAndKeepsOtherBraces() {
        #expect(SpeechFormatter.fill("{x}: {v} {y}", x: "{v}", value: "3") == "{v}: 3 {y}")
    }

    /// A series, title or unit holding braces is said as written in every wording and view: its
    /// "{d}" or "{v}" is text, not a slot of the label templates (LaTeX-style "T_{d}").
    @Test func authorBracesAreTextNotTemplateSlots() throws {
        let csv = "day,T_{d},a{v}b\n2024-01-01,1,2\n2024-01-02,3,4\n"
        let c = try spec("""
        {"data": {"url": "../data/b.csv"}, "transform": [{"fold": ["T_{d}", "a{v}b"], "as": ["k", "t"]}],
         "mark": "line", "encoding": {"x": {"field": "day", "type": "temporal"},
         "y": {"field": "t", "type": "quantitative", "title": "Dew {x}"}, "color": {"field": "k"}},
         "usermeta": {"pitchline": {"unit": "{p}"}}}
        """, files: ["site/data/b.csv": csv])
        let f = SpeechFormatter(chart: c)
        #expect(f.spokenLabel(series: 0, row: 0) == "1 January 2024, T_{d} 1 {p}")
        #expect(f.pointLabel(series: 1, row: 1) == "2 January 2024, a{v}b 4 {p}")
        #expect(f.spokenAllLabel(row: 0) == "1 January 2024, in {p}: T_{d} 1, a{v}b 2")
        #expect(f.switchAnnouncement(view: 1, row: 0, wording: .spoken(.verbose, .valueFirst)) == "Series 2 of 2: a{v}b 2 {p}, 1 January 2024, 1 of 2")
        #expect(SpeechFormatter.fill(f.wordings(series: 0).say, ["x": "X", "v": "9", "d": "", "p": ""]) == "X, T_{d} 9 {p}")
    }
}

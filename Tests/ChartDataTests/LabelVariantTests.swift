import Foundation
import SpecReading
import Testing
@testable import ChartData

/// The reader settings' wordings (terse, value first, verbose): made here once; the page only
/// chooses among them (browser-tests/test_reader.py checks the page says the same).
struct LabelVariantTests {
    @Test func eachSettingHasItsWording() throws {
        let c = try SpokenLabelTests().chart(unit: "°C")
        let f = SpeechFormatter(chart: c)
        let normal = "3 January 2012, maximum temperature 11.7 degrees Celsius"
        #expect(f.spokenLabel(series: 0, row: 2, verbosity: .normal, order: .xFirst) == normal)
        #expect(f.spokenLabel(series: 0, row: 2, verbosity: .normal, order: .valueFirst)
                == "maximum temperature 11.7 degrees Celsius, 3 January 2012")
        #expect(f.spokenLabel(series: 0, row: 2, verbosity: .terse, order: .valueFirst) == "11.7")
        #expect(f.spokenLabel(series: 0, row: 2, verbosity: .verbose, order: .xFirst)
                == normal + ", 3 of \(TextFormat.count(c.pointCount))")
        // The templates the data script carries give the same texts when filled with its pieces.
        let w = f.wordings(series: 0)
        #expect(SpeechFormatter.fill(w.valueFirst, ["x": f.xLabel(2), "v": f.templateValue(series: 0, row: 2)!, "d": "", "p": ""])
                == f.spokenLabel(series: 0, row: 2, verbosity: .normal, order: .valueFirst))
        #expect(f.positionTemplate(pointCount: 1461) == ", {p} of 1,461")
    }

    /// The all-series view in every wording, and what Up/Down says arriving on a view: made by
    /// the generator (the page joins the same templates and pieces; test_scrub.py compares).
    @Test func theAllSeriesViewAndSeriesSwitchesHaveEveryWording() throws {
        let f = SpeechFormatter(chart: try SpokenLabelTests().chart(unit: "°C", fold: true))
        let all = f.chart.series.count
        #expect(all == 2)
        let names = f.chart.series.indices.map { f.spokenName($0) }
        let (x, a, b) = (f.xLabel(2), f.templateValue(series: 0, row: 2)!, f.templateValue(series: 1, row: 2)!)
        let place = ", 3 of \(TextFormat.count(f.chart.pointCount))"
        let parts = "\(names[0]) \(a), \(names[1]) \(b)"
        #expect(f.label(view: all, row: 2, wording: .standard) == "\(x), in degrees Celsius: \(parts)")
        #expect(f.label(view: all, row: 2, wording: .spoken(.normal, .valueFirst)) == "\(parts), in degrees Celsius, \(x)")
        #expect(f.label(view: all, row: 2, wording: .spoken(.terse, .xFirst)) == "\(a), \(b)")
        #expect(f.label(view: all, row: 2, wording: .spoken(.verbose, .xFirst)) == "\(x), in degrees Celsius: \(parts)\(place)")
        #expect(f.label(view: all, row: 2, wording: .spoken(.verbose, .valueFirst)) == "\(parts), in degrees Celsius, \(x)\(place)")
        #expect(f.label(view: all, row: 2, wording: .shown) == "\(x) (°C): \(parts)")
        #expect(f.switchAnnouncement(view: 1, row: 2, wording: .spoken(.terse, .valueFirst)) == "Series 2 of 2: \(b)")
        #expect(f.switchAnnouncement(view: 0, row: 2, wording: .spoken(.verbose, .xFirst))
                == "Series 1 of 2: \(x), \(names[0]) \(a) degrees Celsius\(place)")
        #expect(f.switchAnnouncement(view: all, row: 2, wording: .spoken(.terse, .xFirst)) == "All series: \(a), \(b)")
        // Every wording's rule is sent to the page, keyed as `pitchline labels` prints them.
        #expect(Set(f.wordingRules.keys) == ["terse.xFirst", "terse.valueFirst", "normal.xFirst", "normal.valueFirst",
                                            "verbose.xFirst", "verbose.valueFirst", "shown"])
    }

    /// A series switch is named in the chart's language; one series has nothing to switch to.
    @Test func switchesAreSaidInTheChartsLanguage() throws {
        var c = try SpokenLabelTests().chart(unit: "°C", fold: true)
        c.options.language = "de"
        let f = SpeechFormatter(chart: c)
        #expect(f.switchAnnouncement(view: 1, row: 0, wording: .standard) == "Reihe 2 von 2: " + f.label(view: 1, row: 0, wording: .standard))
        #expect(f.switchAnnouncement(view: 2, row: 0, wording: .standard).hasPrefix("Alle Reihen: "))
        #expect(SpeechFormatter(chart: try SpokenLabelTests().chart(unit: "°C")).wordings(series: 0).to == nil)
    }

    /// The verbose place is a number the generator writes, grouped in the chart's language.
    @Test(arguments: ["en", "de", "fr", "es"])
    func placesAreGroupedInTheChartsLanguage(language: String) throws {
        var c = try SpokenLabelTests().chart(unit: "°C")
        c.options.language = language
        let f = SpeechFormatter(chart: c)
        #expect(f.placeNumber(row: 12_344) == TextFormat.count(12_345, locale: f.locale))
        #expect(f.placeNumber(row: 12_344) != "12345")
        #expect(f.placeText(row: 2) == SpeechFormatter.fill(f.positionTemplate(pointCount: c.pointCount), ["p": "3"]))
    }
}

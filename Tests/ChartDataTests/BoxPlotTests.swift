import ChartModel
import Foundation
import Testing
@testable import ChartData

/// Composite marks and marks of their own (issue 14, box): the statistics are the ones Vega-Lite
/// computes (worked by hand with d3's R-7 quantiles and Vega-Lite's Tukey filters, and checked by
/// vegalite-diff/corpus/own/boxplot.vl.json against vl-convert).
struct BoxPlotTests {
    /// Group a: 1…9 and 30 (and a null, ignored); b: one value; c: −20 and 10…13.
    let boxData = """
    [{"g": "a", "v": 1}, {"g": "a", "v": 2}, {"g": "a", "v": 3}, {"g": "a", "v": 4}, {"g": "a", "v": 5},
     {"g": "a", "v": 6}, {"g": "a", "v": 7}, {"g": "a", "v": 8}, {"g": "a", "v": 9}, {"g": "a", "v": 30}, {"g": "a", "v": null},
     {"g": "b", "v": 5}, {"g": "c", "v": -20}, {"g": "c", "v": 10}, {"g": "c", "v": 11}, {"g": "c", "v": 12}, {"g": "c", "v": 13}]
    """

    func box(_ mark: String = "\"boxplot\"") throws -> Chart {
        try spec("""
        {"data": {"values": \(boxData)}, "mark": \(mark),
         "encoding": {"x": {"field": "g", "type": "nominal", "title": "Group"}, "y": {"field": "v", "type": "quantitative", "title": "Value"}},
         "usermeta": {"pitchline": {"unit": "°C"}}}
        """)
    }

    func values(_ chart: Chart, _ name: String) -> [Double?] { chart.series.first { $0.name == name }?.values ?? [] }

    @Test func quartilesWhiskersAndOutliersAreVegaLites() throws {
        let chart = try box()
        #expect(chart.mark == .boxplot)
        #expect(chart.xValues == [.category("a"), .category("b"), .category("c")])
        #expect(chart.series.map(\.name) == ["Lower outliers", "Minimum", "Lower quartile", "Median", "Upper quartile", "Maximum", "Upper outliers"])
        // a: q1 = 3 + 0.25 = 3.25, median 5.5, q3 = 7 + 0.75 = 7.75; fences −3.5 and 14.5.
        #expect(values(chart, "Lower quartile") == [3.25, 5, 10])
        #expect(values(chart, "Median") == [5.5, 5, 11])
        #expect(values(chart, "Upper quartile") == [7.75, 5, 12])
        // Whiskers: the most extreme values inside the fences (30 and −20 are outside).
        #expect(values(chart, "Minimum") == [1, 5, 10])
        #expect(values(chart, "Maximum") == [9, 5, 13])
        let info = try #require(chart.semantics.box)
        #expect(info.upperOutliers == [[30], [], []])
        #expect(info.lowerOutliers == [[], [], [-20]])
        #expect(info.counts == [10, 1, 5])
        #expect(info.whiskerIQR == 1.5)
        // Statistics are compared by ear: one pitch scale even where series ranges differ tenfold.
        var narrow = chart
        narrow.series[0].values = [-20, nil, -19]  // lower outliers spanning a fiftieth of the range
        #expect(!narrow.pitchScalePerSeries)
        narrow.semantics.kind = .series
        #expect(narrow.pitchScalePerSeries)  // the same series as a line chart would get their own scales
    }

    /// Issue 30: an outlier series' sentence claims its lowest and highest outlier at the groups
    /// holding them (one of the group's outliers, not the row's value: `part` outlier).
    @Test func outlierSentencesClaimTheirValuesAtTheirGroups() throws {
        var chart = try box()
        let d = chart.describe()
        let upper = try #require(chart.semantics.box?.series(.upperOutliers)), lower = try #require(chart.semantics.box?.series(.lowerOutliers))
        let claims = { (s: Int) in d.series[s].trendText.flatMap(\.claims).map { "\($0.kind) \($0.value) \($0.rows) \($0.part?.rawValue ?? "")" } }
        #expect(claims(upper) == ["value 30.0 [0] outlier"])
        #expect(claims(lower) == ["value -20.0 [2] outlier"])
        #expect(d.series[upper].trendText.text.contains("30 °C"))
        // Two outliers in two groups: the lowest and the highest, each at its own group.
        chart.semantics.kind = .boxPlot(BoxPlotInfo(whiskerIQR: 1.5, statistics: chart.semantics.box!.statistics, counts: chart.semantics.box!.counts,
                                                    lowerOutliers: [[], [], [-20]], upperOutliers: [[30, 41], [], [17]]))
        let two = chart.describe().series[upper].trendText.flatMap(\.claims)
        #expect(two.map(\.kind) == [.lowest, .highest] && two.map(\.value) == [17, 41] && two.map(\.rows) == [[2], [0]])
        #expect(two.allSatisfy { $0.part == .outlier })
    }

    @Test func minMaxWhiskersAreTheExtremesWithNoOutliers() throws {
        let chart = try box("{\"type\": \"boxplot\", \"extent\": \"min-max\"}")
        #expect(values(chart, "Minimum") == [1, 5, -20])
        #expect(values(chart, "Maximum") == [30, 5, 13])
        #expect(chart.series.count == 5)
        #expect(chart.semantics.box?.whiskerIQR == nil)
    }

    @Test func eachStatisticIsSpokenWithItsGroup() throws {
        let chart = try box()
        let speech = SpeechFormatter(chart: chart)
        let median = try #require(chart.semantics.box?.series(.median))
        #expect(speech.spokenLabel(series: median, row: 0) == "a, median 5.5 degrees Celsius")
        #expect(speech.spokenLabel(series: 0, row: 2) == "c, lower outliers −20 degrees Celsius")
        #expect(speech.spokenLabel(series: 6, row: 1) == "b, no upper outliers")
        #expect(speech.spokenLabel(series: median, row: 0, verbosity: .terse, order: .xFirst) == "median 5.5")
        #expect(speech.spokenLabel(series: 6, row: 1, verbosity: .terse, order: .xFirst) == "no upper outliers")
        #expect(speech.spokenLabel(series: 6, row: 1, verbosity: .normal, order: .valueFirst) == "no upper outliers, b")
        // Verbose: one place, the group's, after its name (not "…, 2 of 3" after the statistic's "5 of 7").
        #expect(speech.spokenLabel(series: median, row: 1, verbosity: .verbose, order: .xFirst) == "b, 2 of 3, median 5 degrees Celsius")
        #expect(speech.spokenLabel(series: 6, row: 1, verbosity: .verbose, order: .xFirst) == "b, 2 of 3, no upper outliers")
        #expect(speech.spokenLabel(series: median, row: 2, verbosity: .verbose, order: .valueFirst) == "median 11 degrees Celsius, c, 3 of 3")
        #expect(speech.outliersText([30, 31, 32.5]) == "30, 31 and 32.5")
        #expect(speech.outliersText([1, 2, 3, 4, 5, 6]) == "6 values from 1 to 6")
        let summary = chart.describe().summary
        #expect(summary.contains("Medians range from 5 °C for b to 11 °C for c."), "\(summary)")
        #expect(summary.contains("widest for a (4.5 °C) and narrowest for b (0 °C)"), "\(summary)")
        #expect(summary.contains("2 outliers beyond them (1 above, 1 below) in 2 groups"), "\(summary)")
    }

    @Test func aBoxPlotRefusesAChannelItWouldDrop() throws {
        let text = specProblem("""
        {"data": {"values": \(boxData)}, "mark": "boxplot",
         "encoding": {"x": {"field": "g", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}, "size": {"field": "v"}}}
        """)
        #expect(text.contains("$.encoding.size"), "\(text)")
        #expect(text.contains("not read on a boxplot"), "\(text)")
    }

    @Test func errorBarsAreTheMeanPlusOrMinusTheStandardError() throws {
        let chart = try spec("""
        {"data": {"values": [{"k": "A", "value": 1}, {"k": "A", "value": 3}, {"k": "A", "value": 8}, {"k": "B", "value": 4}, {"k": "B", "value": 6}]},
         "mark": "errorbar", "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "value", "type": "quantitative"}}}
        """)
        #expect(chart.mark == .errorbar)
        #expect(chart.series[0].name == "Mean of value")
        #expect(chart.series[0].values == [4, 5])
        // A: sample variance 13, stderr sqrt(13 / 3); B: variance 2, stderr 1.
        let se = (13.0 / 3).squareRoot()
        #expect(chart.series[0].details[0].lower == 4 - se && chart.series[0].details[0].upper == 4 + se)
        #expect(chart.series[0].details[1].lower == 4 && chart.series[0].details[1].upper == 6)
        #expect(SpeechFormatter(chart: chart).spokenLabel(series: 0, row: 1) == "B, mean of value 5, range 4 to 6")
        #expect(chart.describe().summary.contains("Each bar spans the mean plus or minus one standard error."))
    }

    @Test func anErrorBandFromGivenErrors() throws {
        let chart = try spec("""
        {"data": {"values": [{"t": 2001, "value": 12.1, "e": 1.8}, {"t": 2002, "value": 14, "e": 2}]},
         "mark": "errorband", "encoding": {"x": {"field": "t", "type": "quantitative"}, "y": {"field": "value", "type": "quantitative"}, "yError": {"field": "e"}}}
        """)
        #expect(chart.mark == .errorband)
        #expect(chart.series[0].details.map(\.lower) == [12.1 - 1.8, 12])
        #expect(SpeechFormatter(chart: chart).spokenLabel(series: 0, row: 0) == "2001, value 12.1, range 10.3 to 13.9")
    }

    @Test func ticksRulesAndTextAreMarksOfTheirOwn() throws {
        let data = "[{\"k\": \"A\", \"value\": 28, \"label\": \"low\"}, {\"k\": \"B\", \"value\": 55, \"label\": \"high\"}]"
        let tick = try spec("{\"data\": {\"values\": \(data)}, \"mark\": \"tick\", \"encoding\": {\"y\": {\"field\": \"k\", \"type\": \"nominal\"}, \"x\": {\"field\": \"value\", \"type\": \"quantitative\"}}}")
        #expect(tick.mark == .tick && tick.mark.chartKindName == "Strip plot")
        #expect(tick.series[0].values == [28, 55])
        let text = try spec("{\"data\": {\"values\": \(data)}, \"mark\": \"text\", \"encoding\": {\"x\": {\"field\": \"k\", \"type\": \"nominal\"}, \"y\": {\"field\": \"value\", \"type\": \"quantitative\"}, \"text\": {\"field\": \"label\"}}}")
        #expect(text.mark == .text)
        #expect(SpeechFormatter(chart: text).spokenLabel(series: 0, row: 1) == "B, value 55, label high")
        let rule = try spec("{\"data\": {\"values\": \(data)}, \"mark\": \"rule\", \"encoding\": {\"x\": {\"field\": \"k\", \"type\": \"nominal\"}, \"y\": {\"field\": \"value\", \"type\": \"quantitative\"}}}")
        #expect(rule.mark == .rule)
        #expect(rule.series[0].values == [28, 55])
    }

    @Test func rangesAsGivenAreSummarisedByTheirExtent() throws {
        // Not "Values range from −2 for C to 10.3 for A" (the starts only): the lowest start to the highest end.
        let chart = try spec("""
        {"data": {"values": [{"k": "A", "lo": 10.3, "hi": 13.9}, {"k": "B", "lo": 4, "hi": 9.5}, {"k": "C", "lo": -2, "hi": 3}]},
         "mark": "errorbar", "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "lo", "type": "quantitative"}, "y2": {"field": "hi"}}}
        """)
        let summary = chart.describe().summary
        #expect(summary.contains("Ranges span from −2 for C to 13.9 for A."), "\(summary)")
        #expect(!summary.contains("Values range"), "\(summary)")
    }

    @Test func numbersAreNotSaidBackToBack() throws {
        // Error bars coloured by year: the year is set off from the value ("1932: 25.7"), not "1932 25.7".
        let bars = try spec("""
        {"data": {"values": [{"site": "Duluth", "year": 1931, "v": 30}, {"site": "Duluth", "year": 1931, "v": 32},
                             {"site": "Duluth", "year": 1932, "v": 25}, {"site": "Duluth", "year": 1932, "v": 27}]},
         "mark": "errorbar", "encoding": {"x": {"field": "site", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"},
                                          "color": {"field": "year", "type": "nominal"}}}
        """)
        let speech = SpeechFormatter(chart: bars)
        #expect(speech.spokenLabel(series: 1, row: 0) == "Duluth, 1932: 26, range 25 to 27")
        #expect(speech.spokenAllLabel(row: 0) == "Duluth: 1931: 31, range 30 to 32, 1932: 26, range 25 to 27")
        #expect(speech.spokenLabel(series: 1, row: 0, verbosity: .normal, order: .valueFirst) == "1932: 26, range 25 to 27, Duluth")
        #expect(SpeechFormatter(chart: bars, language: "fr").spokenLabel(series: 1, row: 0) == "Duluth, 1932\u{202F}: 26, intervalle de 25 à 27")
        // A strip plot over numbered categories names them: "cylinders 4, horsepower 46", "for cylinders 4: …".
        let strip = try spec("""
        {"data": {"values": [{"c": 4, "hp": 46}, {"c": 4, "hp": 52}, {"c": 8, "hp": 150}]},
         "mark": "tick", "encoding": {"y": {"field": "c", "type": "ordinal", "title": "Cylinders"}, "x": {"field": "hp", "type": "quantitative", "title": "Horsepower"}}}
        """)
        #expect(SpeechFormatter(chart: strip).spokenLabel(series: 0, row: 1) == "cylinders 4, horsepower 52")
        let summary = strip.describe().summary
        #expect(summary.contains("for cylinders 4: 2 values from 46 to 52; for cylinders 8: 1 value at 150"), "\(summary)")
    }
}

/// The example box plot read in German: statistic names, labels and the summary from the catalogue.
@Suite struct BoxPlotLanguageTests {
    @Test func theExampleBoxPlotInGerman() throws {
        var loader = ChartLoader(siteDirectory: ExampleSiteTests.siteURL)
        loader.languageDefault = "de"
        let chart = try #require(loader.loadSite().charts.first { $0.id == "seattle-temperature-boxplot" })
        #expect(chart.series.map(\.name) == ["Untere Ausreißer", "Minimum", "Unteres Quartil", "Median", "Oberes Quartil", "Maximum", "Obere Ausreißer"])
        let speech = SpeechFormatter(chart: chart)
        // Table and legend headings capitalised; mid-sentence the adjective is lower case.
        #expect(speech.spokenLabel(series: 4, row: 2) == "März, oberes Quartil 14,4 Grad Celsius")
        #expect(speech.spokenLabel(series: 0, row: 0) == "Januar, untere Ausreißer −1,1 und 0 Grad Celsius")
        #expect(speech.spokenLabel(series: 3, row: 0) == "Januar, Median 8,3 Grad Celsius")
        #expect(speech.spokenLabel(series: 4, row: 1, verbosity: .verbose, order: .xFirst) == "Februar, 2 von 12, oberes Quartil 12,2 Grad Celsius")
        #expect(speech.spokenLabel(series: 6, row: 1) == "Februar, keine oberen Ausreißer")
        let summary = chart.describe().summary
        #expect(summary.contains("Die Mediane reichen von 7,8 °C"), "\(summary)")
        #expect(summary.contains("22 Ausreißer liegen außerhalb (15 darüber, 7 darunter) in 10 Gruppen."), "\(summary)")
    }
}

import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// The data script's `select` (issue 28): which controls the page makes, the numbers a range's
/// lowest and highest are found by, and every word from the chart language's catalogue.
struct SelectionScriptTests {
    static func select(_ chart: Chart) throws -> [String: Any]? {
        try DataScriptTests.object(ChartPresentation(chart: chart), audio: nil)["select"] as? [String: Any]
    }

    @Test func aChartWithoutSelectionsHasNoSelectObject() throws {
        #expect(try Self.select(Fixtures.temperatures()) == nil)
    }

    @Test(arguments: ["en", "de", "fr", "es"])
    func anIntervalShipsTheValuesAndTheCataloguesWords(language: String) throws {
        var chart = Fixtures.temperatures(days: 5)
        chart.options.language = language
        chart.semantics.selections = [ChartSelection(name: "brush", kind: .interval)]
        let select = try #require(try Self.select(chart))
        #expect(select["interval"] as? String == "brush")
        #expect(select["legend"] == nil && select["point"] == nil)
        let numbers = try #require(select["numbers"] as? [[Any]])
        #expect(numbers.count == chart.series.count)
        #expect(numbers[0].map { ($0 as? NSNumber)?.doubleValue } == chart.series[0].values)
        let text = try #require(select["text"] as? [String: String])
        let m = Messages(tag: language)
        #expect(text["range"] == m[.selectRange] && text["cleared"] == m[.selectCleared] && text["showing"] == m[.selectShowing])
        #expect(text["range"]?.contains("{n}") == true && text["range"]?.contains("{low}") == true)
    }

    @Test func aLegendNeedsTwoSeriesAndCarriesTheSpecsOpacity() throws {
        var one = Fixtures.temperatures()
        one.series = [one.series[0]]
        one.semantics.selections = [ChartSelection(name: "pick", kind: .legend, unselectedOpacity: 0.2)]
        #expect(try Self.select(one) == nil)
        var two = Fixtures.temperatures()
        #expect(two.series.count >= 2)
        two.semantics.selections = [ChartSelection(name: "pick", kind: .legend, unselectedOpacity: 0.2),
                                    ChartSelection(name: "sel", kind: .point, unselectedOpacity: 0.3)]
        let select = try #require(try Self.select(two))
        #expect(select["legend"] as? String == "pick" && select["legendFade"] as? Double == 0.2)
        #expect(select["point"] as? String == "sel" && select["pointFade"] as? Double == 0.3)
        #expect(select["numbers"] == nil)   // only a range needs them
    }

    @Test func eachSeriesGroupOfTheDrawingNamesItsSeries() {
        let svg = ChartPresentation(chart: Fixtures.temperatures()).svg
        #expect(svg.contains("data-series=\"0\"") && svg.contains("data-series=\"1\""))
    }
}

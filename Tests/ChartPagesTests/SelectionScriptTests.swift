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
        #expect(select["xs"] == nil)   // a single chart: no other panel follows its range
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

    /// `Public/pitchline-params.js`' side of the contract: every `this.info.<name>` (the `select`
    /// object) and `this.text.<name>` (its words) it reads is one the generator writes.
    @Test func everyFieldTheParamsScriptReadsIsWritten() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = try String(contentsOf: root.appendingPathComponent("Public/pitchline-params.js"), encoding: .utf8)
        func names(after prefix: String) -> Set<String> {
            let regex = try! NSRegularExpression(pattern: "(?<![A-Za-z_$])" + NSRegularExpression.escapedPattern(for: prefix) + "([A-Za-z_]+)")
            return Set(regex.matches(in: script, range: NSRange(script.startIndex..., in: script)).compactMap { Range($0.range(at: 1), in: script).map { String(script[$0]) } })
        }
        var chart = Fixtures.temperatures()
        chart.semantics.selections = [ChartSelection(name: "b", kind: .interval), ChartSelection(name: "l", kind: .legend, unselectedOpacity: 0.2),
                                      ChartSelection(name: "p", kind: .point, unselectedOpacity: 0.3), ChartSelection(name: "o", kind: .follows)]
        let select = try #require(try Self.select(chart))
        let info = names(after: "this.info."), text = names(after: "this.text.")
        #expect(info.count >= 8 && text.count >= 12, "\(info) \(text)")
        #expect(info.subtracting(select.keys).isEmpty, "pitchline-params.js reads select fields never written: \(info.subtracting(select.keys))")
        let words = Set((select["text"] as? [String: String] ?? [:]).keys)
        #expect(text.subtracting(words).isEmpty, "pitchline-params.js reads words never written: \(text.subtracting(words))")
    }
}

import ChartModel
import Foundation
import Testing
@testable import ChartData

/// A variable bound to an input (issue 28): the site loads the chart once per value of the input,
/// each a page of its own with Vega-Lite's data at that value, all on one pitch scale.
struct BoundInputTests {
    private static let rows = """
        {"values": [{"y": 2012, "d": 1, "v": 1, "o": "A"}, {"y": 2012, "d": 2, "v": 5, "o": "B"}, {"y": 2013, "d": 1, "v": 2, "o": "B"},
                    {"y": 2013, "d": 2, "v": 3, "o": "A"}, {"y": 2014, "d": 1, "v": 40, "o": "B"}, {"y": 2014, "d": 2, "v": 4, "o": "B"}]}
        """

    /// Every chart of a site holding `specs` (file name → spec text).
    static func site(_ specs: [String: String]) throws -> [Chart] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pl-inputs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("charts"), withIntermediateDirectories: true)
        for (name, text) in specs { try Data(text.utf8).write(to: root.appendingPathComponent("charts/\(name)")) }
        let loaded = ChartLoader(siteDirectory: root).loadSite()
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        return loaded.charts
    }

    static func line(_ params: String, filter: String) -> String {
        """
        {"data": \(Self.rows), "mark": "line", "params": [\(params)], "transform": [{"filter": "\(filter)"}],
         "encoding": {"x": {"field": "d", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}}}
        """
    }

    @Test func aYearSliderHasAPagePerYearEachWithItsYearsRows() throws {
        let charts = try Self.site(["yearly.vl.json": Self.line(#"{"name": "yr", "value": 2013, "bind": {"input": "range", "min": 2012, "max": 2014, "step": 1, "name": "Year: "}}"#,
                                                      filter: "datum.y == yr")])
        #expect(charts.map(\.id) == ["yearly", "yearly--yr-0", "yearly--yr-2"])
        let byID = Dictionary(uniqueKeysWithValues: charts.map { ($0.id, $0) })
        #expect(byID["yearly"]!.series[0].values == [2, 3])  // the initial value's page is the chart's own
        #expect(byID["yearly--yr-0"]!.series[0].values == [1, 5])
        #expect(byID["yearly--yr-2"]!.series[0].values == [40, 4])
        for chart in charts {
            let input = try #require(chart.semantics.input)
            #expect(input.label == "Year" && input.kind == .range && (input.min, input.max, input.step) == (2012, 2014, 1))
            #expect(input.choices.map(\.text) == ["2012", "2013", "2014"])
            #expect(input.choices.map(\.pageID) == ["yearly--yr-0", "yearly", "yearly--yr-2"])
            #expect(input.choices[input.current].pageID == chart.id)
            #expect((input.valueLow, input.valueHigh) == (1, 40), "every year's values: one pitch scale")
            #expect(!chart.semantics.notes.contains { $0.contains("not interactive") || $0.contains("read at its initial value") })
        }
        #expect(byID["yearly"]!.semantics.notes.contains("yr (a range input): a page per value, 3 in all"))
    }

    @Test func aDropdownValueThatLeavesNoRowsHasNoPageAndCheckSaysSo() throws {
        let charts = try Self.site(["pick.vl.json": Self.line(#"{"name": "o", "value": "A", "bind": {"input": "select", "options": ["A", "B", "Z"], "labels": ["Ay", "Bee", "Zed"]}}"#,
                                                    filter: "datum.o == o")])
        #expect(charts.map(\.id) == ["pick", "pick--o-1"])
        let input = try #require(charts[0].semantics.input)
        #expect(input.kind == .select && input.label == "o" && input.choices.map(\.text) == ["Ay", "Bee"])
        #expect(Set(charts[1].series.flatMap { $0.values.compactMap { $0 } }) == [2, 4, 5, 40])
        #expect(charts[0].semantics.notes.contains { $0.hasPrefix("o (a select input): a page per value, 2 in all; no page for Zed (") })
    }

    @Test func tooManyValuesOrTwoInputsStayAtTheInitialValueAndAreNoted() throws {
        let many = Self.line(#"{"name": "yr", "value": 2013, "bind": {"input": "range", "min": 1900, "max": 2100}}"#, filter: "datum.y == yr")
        let two = Self.line(#"{"name": "yr", "value": 2013, "bind": {"input": "range", "min": 2012, "max": 2014, "step": 1}}, {"name": "on", "value": true, "bind": {"input": "checkbox"}}"#,
                       filter: "datum.y == yr && on")
        let charts = try Self.site(["many.vl.json": many, "two.vl.json": two])
        #expect(charts.map(\.id) == ["many", "two"])
        #expect(charts.allSatisfy { $0.semantics.input == nil && $0.semantics.notes.contains { $0.contains("not interactive") } })
    }

    @Test func aCheckboxHasAPageForEachState() throws {
        let charts = try Self.site(["box.vl.json": Self.line(#"{"name": "big", "value": false, "bind": {"input": "checkbox", "name": "Only big"}}"#,
                                                   filter: "!big || datum.v > 4")])
        #expect(charts.map(\.id) == ["box", "box--big-1"])
        #expect(charts[1].series[0].values.compactMap { $0 }.allSatisfy { $0 > 4 })
        #expect(charts[0].semantics.input?.choices.map(\.text) == ["false", "true"])
    }
}

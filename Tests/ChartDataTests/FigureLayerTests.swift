import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData

/// A layer inside a facet or repeat (Altair's `alt.layer(...).facet(...)`): each panel is one
/// layered chart, its layers evaluated over the panel's rows; a repeated layer is one chart.
struct FigureLayerTests {
    let rows = """
    [{"year": 2012, "m": "Jan", "v": 1}, {"year": 2012, "m": "Feb", "v": 8}, {"year": 2012, "m": "Mar", "v": 3},
     {"year": 2013, "m": "Jan", "v": 3}, {"year": 2013, "m": "Feb", "v": 5}, {"year": 2013, "m": "Mar", "v": 10}]
    """

    func load(_ json: String) throws(ChartProblem) -> LoadedSpec { try SpecText.load(json) }
    func figure(_ json: String) throws -> ChartFigure { try SpecText.figure(json) }
    func problem(_ json: String) -> String { SpecText.problem(json, SpecText.load) }

    @Test func aFacetOfALineWithItsPointsAndAMeanRuleReadsEachPanelsOwnRows() throws {
        let f = try figure("""
        {"data": {"values": \(rows)}, "facet": {"field": "year", "type": "ordinal"},
         "spec": {"encoding": {"x": {"field": "m", "sort": null}, "y": {"field": "v", "type": "quantitative"}},
                  "layer": [{"mark": "line"}, {"mark": "point"}, {"mark": "rule", "encoding": {"x": null, "y": {"aggregate": "mean", "field": "v"}}}]}}
        """)
        #expect(f.panels.map { $0.panel?.header } == ["2012", "2013"])
        // The points repeat the line: one series per panel, with that panel's values only.
        #expect(f.panels.map { $0.series.count } == [1, 1])
        #expect(f.panels[0].series[0].values == [1, 8, 3])
        #expect(f.panels[1].series[0].values == [3, 5, 10])
        // The mean rule is each panel's mean, as Vega-Lite draws it in each cell.
        #expect(f.panels[0].semantics.annotations.map(\.value) == [4])
        #expect(f.panels[1].semantics.annotations.map(\.value) == [6])
    }

    @Test func aLayerUnderAFacetsOwnTransformStartsFromTheTransformedRows() throws {
        let f = try figure("""
        {"data": {"values": \(rows)}, "transform": [{"calculate": "datum.v * 10", "as": "w"}, {"filter": "datum.m != 'Mar'"}],
         "facet": {"column": {"field": "year", "type": "ordinal"}},
         "spec": {"layer": [{"mark": "bar", "encoding": {"x": {"field": "m", "sort": null}, "y": {"field": "w", "type": "quantitative"}}},
                            {"mark": "rule", "encoding": {"y": {"aggregate": "max", "field": "w"}}}]}}
        """)
        #expect(f.panels[0].series[0].values == [10, 80])
        #expect(f.panels[1].series[0].values == [30, 50])
        #expect(f.panels.map { $0.semantics.annotations.map(\.value) } == [[80], [50]])
    }

    @Test func aSharedValueScaleSpansEveryPanelsRules() throws {
        let f = try figure("""
        {"data": {"values": \(rows)}, "facet": {"field": "year", "type": "ordinal"},
         "spec": {"encoding": {"x": {"field": "m", "sort": null}},
                  "layer": [{"mark": "line", "encoding": {"y": {"field": "v", "type": "quantitative"}}},
                            {"mark": "rule", "encoding": {"y": {"datum": 12}}}]}}
        """)
        // The rule at 12 is above every value (1 … 10): both panels' axes (and pitch) reach it.
        #expect(f.panels.map { $0.panel?.sharedValueRange?.high } == [12, 12])
        #expect(f.panels.map { $0.panel?.sharedValueRange?.low } == [1, 1])
    }

    @Test func aRepeatedLayerIsOneChartWithASeriesPerField() throws {
        guard case .chart(let chart) = try load("""
        {"data": {"values": [{"m": "Jan", "hi": 8, "lo": 2}, {"m": "Feb", "hi": 10, "lo": 4}]},
         "repeat": {"layer": ["hi", "lo"]},
         "spec": {"mark": "line", "encoding": {"x": {"field": "m", "sort": null}, "y": {"field": {"repeat": "layer"}, "type": "quantitative"},
                                               "color": {"datum": {"repeat": "layer"}, "type": "nominal"}}}}
        """) else { Issue.record("a repeated layer should load as one chart"); return }
        // Named as Vega-Lite's legend names them: by the colour datum.
        #expect(chart.series.map(\.name) == ["hi", "lo"])
        #expect(chart.series.map(\.values) == [[8, 10], [2, 4]])
    }

    @Test func aRepeatOfALayeredViewMakesALayeredPanelPerField() throws {
        let f = try figure("""
        {"data": {"values": [{"m": "Jan", "hi": 8, "lo": 2}, {"m": "Feb", "hi": 10, "lo": 4}]}, "repeat": ["hi", "lo"],
         "spec": {"layer": [{"mark": "bar", "encoding": {"x": {"field": "m", "sort": null}, "y": {"field": {"repeat": "repeat"}, "type": "quantitative"}}},
                            {"mark": "rule", "encoding": {"y": {"field": {"repeat": "repeat"}, "aggregate": "mean"}}}]}}
        """)
        #expect(f.panels.map { $0.panel?.header } == ["Hi", "Lo"])
        #expect(f.panels.map { $0.semantics.annotations.map(\.value) } == [[9], [3]])
    }

    @Test func problemsInALayeredPanelAreLocatedWhereTheyWereWritten() {
        #expect(problem("""
        {"data": {"values": [{"m": "Jan", "hi": 8}]}, "repeat": {"layer": ["hi", "nope"]},
         "spec": {"mark": "line", "encoding": {"x": {"field": "m"}, "y": {"field": {"repeat": "layer"}, "type": "quantitative"}}}}
        """) == "site/charts/t.vl.json:2: $.spec.encoding.y.field: no field \"nope\" in the data; fields: m, hi")
        #expect(problem("""
        {"data": {"values": [{"m": "Jan", "hi": 8}]}, "repeat": {"layer": []}, "spec": {"mark": "line"}}
        """) == "site/charts/t.vl.json:1: $.repeat.layer: names no field to repeat")
        #expect(problem("""
        {"data": {"values": \(rows)}, "facet": {"field": "year", "type": "ordinal"},
         "spec": {"layer": [{"mark": "line", "encoding": {"x": {"field": "m"}, "y": {"field": "nope", "type": "quantitative"}}}]}}
        """).contains("$.spec.layer[0].encoding.y.field: no field \"nope\""))
    }
}

import ChartData
import Foundation
import SpecReading
import Testing

/// Vega-Lite `params` (issue 28): variables read by name in expressions at their initial value,
/// selections empty (a filter by them keeps every row), `{"param": …}` as a bin extent.
struct ParamTests {
    private let rows = """
        {"values": [{"y": 2012, "v": 1, "o": "A"}, {"y": 2013, "v": 2, "o": "B"}, {"y": 2013, "v": 3, "o": "A"}, {"y": 2014, "v": 4, "o": "B"}]}
        """

    @Test func aBoundRangeVariableFiltersAtItsValue() throws {
        let chart = try spec("""
        {"data": \(rows), "mark": "point", "encoding": {"x": {"field": "v", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}},
         "params": [{"name": "yr", "value": 2013, "bind": {"input": "range", "min": 2012, "max": 2014, "step": 1}}],
         "transform": [{"filter": "datum.y == yr"}]}
        """)
        #expect(chart.series[0].values == [2013, 2013])
        // Loaded alone (a report's inline spec, `render`), not as a site chart with a page per value.
        #expect(chart.semantics.notes == ["yr (a range input, at 2013): read at its initial value (a site's chart page offers a page per value)"])
    }

    @Test func anExprVariableReadsAnotherAndFeedsACalculate() throws {
        let chart = try spec("""
        {"data": \(rows), "mark": "bar", "encoding": {"x": {"field": "o", "type": "nominal"}, "y": {"field": "w", "type": "quantitative", "aggregate": "sum"}},
         "params": [{"name": "k", "expr": "base * 10"}, {"name": "base", "value": 2}, {"name": "pick", "value": "A", "bind": {"input": "select", "options": ["A", "B"]}}],
         "transform": [{"filter": {"and": ["datum.o == pick", "datum.v > 0"]}}, {"calculate": "datum.v * k", "as": "w"}]}
        """)
        #expect(chart.xValues.count == 1)
        #expect(chart.series[0].values == [80])
    }

    @Test func anEmptySelectionFiltersNothingAndItsExtentIsTheData() throws {
        let chart = try spec("""
        {"data": \(rows), "mark": "bar",
         "params": [{"name": "brush", "select": {"type": "interval", "encodings": ["x"]}}],
         "transform": [{"filter": {"param": "brush"}}, {"filter": "brush != null && datum.v > 0"}],
         "encoding": {"x": {"field": "v", "type": "quantitative", "bin": {"extent": {"param": "brush"}, "maxbins": 4}}, "y": {"aggregate": "count", "type": "quantitative"}}}
        """)
        #expect(chart.series[0].values.compactMap { $0 }.reduce(0, +) == 4)
    }

    @Test func anUnknownNameStillSaysWhatIsKnownWithItsPath() {
        let message = specProblem("""
        {"data": \(rows), "mark": "point", "encoding": {"x": {"field": "v", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}},
         "params": [{"name": "yr", "value": 2013}], "transform": [{"filter": "datum.y == year"}]}
        """)
        #expect(message.contains("$.transform[0].filter"))
        #expect(message.contains("unknown identifier year") && message.contains("parameters by name (yr)"))
    }

    @Test func aParamWithoutANameIsRefusedAtItsPath() {
        let message = specProblem("""
        {"data": \(rows), "mark": "point", "encoding": {"x": {"field": "v", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}},
         "params": [{"value": 2013}]}
        """)
        #expect(message.contains("$.params[0].name"))
    }

    @Test func aLayerReadsAParamItsSiblingDefines() throws {
        let chart = try spec("""
        {"data": \(rows), "layer": [
          {"mark": "point", "params": [{"name": "cut", "value": 2}], "encoding": {"x": {"field": "v", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}},
          {"mark": "rule", "transform": [{"filter": "datum.v > cut"}], "encoding": {"y": {"field": "y", "type": "quantitative", "aggregate": "mean"}}}]}
        """)
        #expect(!chart.series.isEmpty)
    }

    @Test func aLayerShownOnlyWhileASelectionHoldsIsLeftOutWithANote() throws {
        let chart = try spec("""
        {"data": \(rows), "encoding": {"x": {"field": "v", "type": "quantitative"}}, "layer": [
          {"mark": "line", "encoding": {"y": {"field": "y", "type": "quantitative"}}},
          {"mark": "point", "encoding": {"y": {"field": "y", "type": "quantitative"}}, "params": [{"name": "hover", "select": {"type": "point", "on": "pointerover", "nearest": true}}],
           "transform": [{"filter": {"param": "hover", "empty": false}}]}]}
        """)
        #expect(chart.series.count == 1)
        #expect(chart.series[0].values == [2012, 2013, 2013, 2014])
        #expect(chart.semantics.notes.contains { $0.contains("$.layer[1] (point): empty until a selection is made") })
    }

    @Test func aPointSelectionWithAnInitialValueFiltersToIt() throws {
        let chart = try spec("""
        {"data": \(rows), "mark": "point", "encoding": {"x": {"field": "v", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}},
         "params": [{"name": "pick", "value": [{"y": 2013}], "select": {"type": "point", "fields": ["y"]}, "bind": {"input": "range", "min": 2012, "max": 2014}}],
         "transform": [{"filter": {"param": "pick"}}]}
        """)
        #expect(chart.series[0].values == [2013, 2013])
    }
}

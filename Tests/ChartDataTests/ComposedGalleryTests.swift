import ChartModel
import Foundation
import Testing
@testable import ChartData

/// Loading gaps of the composed gallery (issue 28), each with Vega-Lite's meaning: nested fields,
/// view titles as objects, channels that carry no data.
struct ComposedGalleryTests {
    static let weather = #"[{"day": "Mon", "record": {"low": 40, "high": 70}, "ranges": [10, 20, 30]}, {"day": "Tue", "record": {"low": 35, "high": 66}, "ranges": [5, 15, 25]}]"#

    @Test func aDottedOrBracketedFieldReadsInsideItsField() throws {
        let chart = try spec(#"""
        {"data": {"values": \#(Self.weather)}, "mark": "bar",
         "encoding": {"x": {"field": "day", "type": "nominal"}, "y": {"field": "record.low", "type": "quantitative"}}}
        """#)
        #expect(chart.series[0].values == [40, 35])
        let bracket = try spec(#"""
        {"data": {"values": \#(Self.weather)}, "mark": "bar",
         "encoding": {"x": {"field": "day", "type": "nominal"}, "y": {"field": "ranges[2]", "type": "quantitative"}}}
        """#)
        #expect(bracket.series[0].values == [30, 25])
    }

    @Test func anEscapedDotNamesAColumnWithADot() throws {
        let chart = try spec(#"""
        {"data": {"values": [{"d": "a", "v.w": 3}, {"d": "b", "v.w": 4}]}, "mark": "bar",
         "encoding": {"x": {"field": "d", "type": "nominal"}, "y": {"field": "v\\.w", "type": "quantitative"}}}
        """#)
        #expect(chart.series[0].values == [3, 4])
    }

    @Test func aViewTitleObjectNamesItsPanel() throws {
        let figure = try SpecText.figure(#"""
        {"data": {"values": [{"d": "a", "v": 3}, {"d": "b", "v": 4}]},
         "vconcat": [{"title": {"text": "Mean ratings", "frame": "bounds"}, "mark": "bar",
                      "encoding": {"x": {"field": "d", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}},
                     {"mark": "line", "encoding": {"x": {"field": "d", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}]}
        """#)
        #expect(figure.panels.map { $0.panel?.header } == ["Mean ratings", "V"])
    }

    @Test func aChannelWithoutDataIsDroppedAsVegaLiteDropsIt() throws {
        // A colour with a type and a legend but no field, as a layer inherits one: no series by it.
        let chart = try spec(#"""
        {"data": {"values": [{"year": 1600, "wheat": 41}, {"year": 1650, "wheat": 47}]}, "mark": "bar",
         "encoding": {"x": {"field": "year", "type": "ordinal"}, "y": {"field": "wheat", "type": "quantitative"},
                      "color": {"type": "nominal", "legend": null}}}
        """#)
        #expect(chart.series.count == 1)
        #expect(chart.series[0].values == [41, 47])
    }

    static let prices = #"[{"s": "A", "d": "2005-01-01", "p": 10}, {"s": "A", "d": "2005-02-01", "p": 12}, {"s": "B", "d": "2005-01-01", "p": 5}, {"s": "B", "d": "2005-02-01", "p": 4}]"#

    @Test func aLookupFromASelectionReadsTheRowItHoldsForEachKey() throws {
        // The index chart: the selection holds 1 January 2005 (its value keyed by the channel x,
        // stored by x's field); each row finds its symbol's row on that day.
        let chart = try spec(#"""
        {"data": {"values": \#(Self.prices)},
         "params": [{"name": "index", "value": [{"x": {"year": 2005, "month": 1, "date": 1}}], "select": {"type": "point", "encodings": ["x"]}}],
         "transform": [{"lookup": "s", "from": {"param": "index", "key": "s"}},
                       {"calculate": "datum.index ? (datum.p - datum.index.p) / datum.index.p : -1", "as": "change"}],
         "mark": "line", "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "change", "type": "quantitative"}, "color": {"field": "s"}}}
        """#)
        #expect(chart.series.map(\.name) == ["A", "B"])
        #expect(chart.series[0].values == [0, 0.2])
        #expect(chart.series[1].values == [0, -0.2])
    }

    @Test func aSelectionHoldingADateKeepsThatDaysRows() throws {
        let chart = try spec(#"""
        {"data": {"values": \#(Self.prices)},
         "params": [{"name": "index", "value": [{"x": {"year": 2005, "month": 2, "date": 1}}], "select": {"type": "point", "encodings": ["x"]}}],
         "transform": [{"filter": {"param": "index"}}],
         "mark": "bar", "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "p", "type": "quantitative"}, "color": {"field": "s"}}}
        """#)
        #expect(chart.xValues.count == 1)
        #expect(chart.series.map { $0.values } == [[12], [4]])
    }

    @Test func anInvisibleLayerASelectionPicksFromIsLeftOut() throws {
        let chart = try spec(#"""
        {"data": {"values": \#(Self.prices)},
         "layer": [{"params": [{"name": "hover", "select": {"type": "point", "encodings": ["x"], "on": "pointerover", "nearest": true}}],
                    "mark": "point", "encoding": {"x": {"field": "d", "type": "temporal"}, "opacity": {"value": 0}}},
                   {"mark": "line", "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "p", "type": "quantitative"}, "color": {"field": "s"}}}]}
        """#)
        #expect(chart.series.map(\.name) == ["A", "B"])
        #expect(chart.semantics.notes.contains { $0.contains("drawn invisible for a selection to pick from") })
    }

    @Test func aColumnOfRowNamesBetweenPanelsIsNoPanel() throws {
        // The population pyramid: bars, the ages as text, bars; the text says no value of its own.
        let figure = try SpecText.figure(#"""
        {"data": {"values": [{"age": 0, "f": 5, "m": 6}, {"age": 5, "f": 4, "m": 5}]},
         "hconcat": [{"mark": "bar", "encoding": {"y": {"field": "age", "type": "ordinal"}, "x": {"field": "f", "type": "quantitative"}}},
                     {"mark": {"type": "text"}, "encoding": {"y": {"field": "age", "type": "ordinal"}, "text": {"field": "age", "type": "quantitative"}}},
                     {"mark": "bar", "encoding": {"y": {"field": "age", "type": "ordinal"}, "x": {"field": "m", "type": "quantitative"}}}]}
        """#)
        #expect(figure.panels.count == 2)
        #expect(figure.panels[1].series[0].values == [6, 5])
        #expect(figure.panels[0].semantics.notes.contains { $0.contains("hconcat[1] (text): labels repeat") })
    }

    @Test func aTooltipRuleTransparentUntilHoveredIsLeftOut() throws {
        // The gallery's multi-line tooltip: a rule at every date, drawn "transparent" unless the
        // hover selection (empty: false) holds it; Vega-Lite shows the two lines alone at the start.
        let chart = try spec(#"""
        {"data": {"values": \#(Self.prices)}, "encoding": {"x": {"field": "d", "type": "temporal"}},
         "layer": [{"mark": "line", "encoding": {"y": {"field": "p", "type": "quantitative"}, "color": {"field": "s"}}},
                   {"mark": "rule", "params": [{"name": "hover", "select": {"type": "point", "on": "pointerover"}}],
                    "encoding": {"color": {"condition": {"param": "hover", "empty": false, "value": "black"}, "value": "transparent"}}}]}
        """#)
        #expect(chart.series.map(\.name) == ["A", "B"])
        #expect(chart.semantics.notes.contains { $0.contains("$.layer[1] (rule): drawn invisible") })
    }

    @Test func numbersWrittenInAHeatmapsCellsAreTheCellsValues() throws {
        let chart = try spec(#"""
        {"data": {"values": [{"o": "EU", "c": 4, "n": 3}, {"o": "US", "c": 4, "n": 5}, {"o": "EU", "c": 6, "n": 1}]},
         "encoding": {"y": {"field": "o", "type": "ordinal"}, "x": {"field": "c", "type": "ordinal"}},
         "layer": [{"mark": "rect", "encoding": {"color": {"field": "n", "type": "quantitative"}}},
                   {"mark": "text", "encoding": {"text": {"field": "n", "type": "quantitative"}}}]}
        """#)
        #expect(chart.series.map(\.name) == ["EU", "US"])
        #expect(chart.series[0].values == [3, 1])
        #expect(chart.semantics.notes.contains { $0.contains("labels repeat the heatmap's cell values") })
    }
}

import ChartData
import Foundation
import Testing
@testable import ChartPages

/// Colours an author gives by conditions on the datum are drawn as Vega-Lite draws them
/// (ChartSpec+Colour.swift, `PointDetail.colour`, `ChartSVG.colourAttribute`).
struct ColourDrawingTests {
    func svg(_ json: String) throws -> String {
        let chart = try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
        return ChartSVG(geometry: ChartGeometry(chart: chart), idPrefix: "t").render()
    }

    func count(_ text: String, in svg: String) -> Int { svg.components(separatedBy: text).count - 1 }

    @Test func aWaterfallsBarsTakeTheirConditionalColours() throws {
        let svg = try svg("""
        {"data": {"values": [{"label": "Begin", "amount": 4000}, {"label": "Jan", "amount": 1707}, {"label": "Feb", "amount": -1425},
                             {"label": "Mar", "amount": -1030}, {"label": "Apr", "amount": 1812}, {"label": "End", "amount": 0}]},
         "transform": [{"window": [{"op": "sum", "field": "amount", "as": "sum"}]},
                       {"calculate": "datum.label === 'End' ? 0 : datum.sum - datum.amount", "as": "previous_sum"}],
         "mark": "bar",
         "encoding": {"x": {"field": "label", "type": "ordinal", "sort": null}, "y": {"field": "previous_sum", "type": "quantitative"},
                      "y2": {"field": "sum"},
                      "color": {"condition": [{"test": "datum.label === 'Begin' || datum.label === 'End'", "value": "#f7e0b6"},
                                              {"test": "datum.sum < datum.previous_sum", "value": "#f78a64"}], "value": "#93c4aa"}}}
        """)
        #expect(count("class=\"pl-bar\"", in: svg) == 6)
        #expect(count("color=\"#f7e0b6\"", in: svg) == 2)  // begin and end
        #expect(count("color=\"#f78a64\"", in: svg) == 2)  // February and March fall
        #expect(count("color=\"#93c4aa\"", in: svg) == 2)  // January and April rise
    }

    @Test func aCandlesticksBodiesAndWicksAreGreenUpAndRedDown() throws {
        let svg = try svg("""
        {"data": {"values": [{"d": "2009-06-01", "open": 28.7, "high": 30.05, "low": 28.45, "close": 30.04},
                             {"d": "2009-06-02", "open": 30.04, "high": 30.13, "low": 28.3, "close": 29.63},
                             {"d": "2009-06-03", "open": 29.62, "high": 31.79, "low": 29.62, "close": 31.02}]},
         "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "low", "type": "quantitative", "scale": {"zero": false}},
                      "color": {"condition": {"test": "datum.open < datum.close", "value": "#06982d"}, "value": "#ae1325"}},
         "layer": [{"mark": "rule", "encoding": {"y2": {"field": "high"}}},
                   {"mark": "bar", "encoding": {"y": {"field": "open"}, "y2": {"field": "close"}}}]}
        """)
        #expect(count("class=\"pl-bar\"", in: svg) == 3)
        let greenBars = svg.components(separatedBy: "<rect class=\"pl-bar\"").filter { $0.prefix(200).contains("color=\"#06982d\"") }
        let redBars = svg.components(separatedBy: "<rect class=\"pl-bar\"").filter { $0.prefix(200).contains("color=\"#ae1325\"") }
        #expect(greenBars.count == 2 && redBars.count == 1)
        #expect(svg.contains("class=\"pl-rulemark\"") && count("color=\"#06982d\"", in: svg) == 3)  // 2 bodies, 1 path of wicks
    }

    @Test func aColourFromTheSpecIsEscaped() throws {
        let svg = try svg("""
        {"data": {"values": [{"k": "a", "v": 1}, {"k": "b", "v": 2}]}, "mark": "bar",
         "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"},
                      "color": {"condition": {"test": "datum.v > 1", "value": "red\\" onload=\\"alert(1)"}, "value": "grey"}}}
        """)
        #expect(!svg.contains("onload=\"alert"))
        #expect(count("color=\"grey\"", in: svg) == 1)
    }
}

import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// Drawing of the issue-14 box marks (ChartSVG+Box.swift): what a sighted reader sees matches
/// the statistics, and texts from the data are escaped.
struct BoxDrawingTests {
    func load(_ json: String) throws -> Chart {
        try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    @Test func aBoxPerGroupWithItsWhiskersMedianAndOutliers() throws {
        let chart = try load("""
        {"data": {"values": [{"g": "a", "v": 1}, {"g": "a", "v": 2}, {"g": "a", "v": 3}, {"g": "a", "v": 4}, {"g": "a", "v": 40},
                             {"g": "b", "v": 5}]},
         "mark": "boxplot", "encoding": {"x": {"field": "g", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        let geometry = ChartGeometry(chart: chart)
        let svg = ChartSVG(geometry: geometry, idPrefix: "t").render()
        #expect(svg.components(separatedBy: "class=\"pl-box\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "class=\"pl-median\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "class=\"pl-outlier\"").count - 1 == 1)
        // The outlier (40) is inside the drawing: the value axis reaches it.
        #expect(geometry.yScale.domainMax >= 40)
        #expect(geometry.legend.isEmpty)  // statistics are not a legend's series
        #expect(svg.contains("aria-label=\"Box plot\""))
    }

    @Test func textMarksAreEscapedAndErrorBarsDrawn() throws {
        let text = try load("""
        {"data": {"values": [{"k": "A", "v": 2, "t": "<script>x</script> & \\"q\\""}]}, "mark": "text",
         "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}, "text": {"field": "t"}}}
        """)
        let svg = ChartSVG(geometry: ChartGeometry(chart: text), idPrefix: "t").render()
        #expect(svg.contains("&lt;script&gt;x&lt;/script&gt; &amp; &quot;q&quot;") || svg.contains("&lt;script&gt;x&lt;/script&gt; &amp; \"q\""))
        #expect(!svg.contains("<script>"))
        let bars = try load("""
        {"data": {"values": [{"k": "A", "v": 1}, {"k": "A", "v": 3}, {"k": "B", "v": 4}, {"k": "B", "v": 8}]}, "mark": {"type": "errorbar", "extent": "stdev"},
         "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        let g = ChartGeometry(chart: bars)
        let out = ChartSVG(geometry: g, idPrefix: "t").render()
        #expect(out.components(separatedBy: "class=\"pl-errorbar\"").count - 1 == 2)
        // B: mean 6 ± stdev 2.83: the upper end (8.83) is inside the value axis.
        #expect(g.yScale.domainMax >= 6 + 8.0.squareRoot())
    }

    @Test func ruleMarksAreDataNotAnnotationsAndDodgedSeriesKeepTheirCursor() throws {
        // A rule mark is drawn in its series' colour (pl-rulemark), not as a layer's dashed annotation rule (pl-rule).
        let rules = try load("""
        {"data": {"values": [{"k": "A", "lo": 1, "hi": 4}, {"k": "B", "lo": 2, "hi": 3}]}, "mark": "rule",
         "encoding": {"y": {"field": "k", "type": "nominal"}, "x": {"field": "lo", "type": "quantitative"}, "x2": {"field": "hi"}}}
        """)
        let svg = ChartSVG(geometry: ChartGeometry(chart: rules), idPrefix: "t").render()
        #expect(svg.contains("class=\"pl-rulemark\""))
        #expect(!svg.contains("class=\"pl-rule\""))
        // Two coloured series of error bars side by side: each series' offset is where its bars are drawn.
        let bars = try load("""
        {"data": {"values": [{"k": "A", "c": "x", "v": 1}, {"k": "A", "c": "x", "v": 3}, {"k": "A", "c": "y", "v": 4}, {"k": "A", "c": "y", "v": 8}]},
         "mark": "errorbar", "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}, "color": {"field": "c"}}}
        """)
        let g = ChartGeometry(chart: bars)
        let (left, right) = (g.ownMarkOffset(series: 0), g.ownMarkOffset(series: 1))
        #expect(left < 0 && right > 0 && abs(left + right) < 1e-9)
        let out = ChartSVG(geometry: g, idPrefix: "t").render()
        let centre = g.x(row: 0)
        #expect(out.contains("cx=\"\(num(centre + right))\"") || out.contains("M\(num(centre + right)),"))
    }
}

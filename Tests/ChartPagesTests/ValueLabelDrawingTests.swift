import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// A text layer writing the bars' own values (the gallery's `layer_bar_labels`) is drawn where
/// Vega-Lite writes it, and is not said again: no annotation, no landmark, no series.
struct ValueLabelDrawingTests {
    func chart(_ json: String) throws -> Chart {
        try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    /// Vega-Lite's gallery example: horizontal bars, each with its value written 3 px past its end.
    static let horizontal = """
    {"data": {"values": [{"a": "A", "b": 28}, {"a": "B", "b": 55}, {"a": "C", "b": 43}]},
     "encoding": {"y": {"field": "a", "type": "nominal"}, "x": {"field": "b", "type": "quantitative", "scale": {"domain": [0, 60]}}},
     "layer": [{"mark": "bar"}, {"mark": {"type": "text", "align": "left", "baseline": "middle", "dx": 3}, "encoding": {"text": {"field": "b", "type": "quantitative"}}}]}
    """

    static func labels(_ svg: String) -> [(x: Double, y: Double, text: String)] {
        let pattern = /<text class="pl-rule-label" x="([-\d.]+)" y="([-\d.]+)"[^>]*>([^<]*)<\/text>/
        return svg.matches(of: pattern).map { (Double($0.1)!, Double($0.2)!, String($0.3)) }
    }

    @Test func labelsOfTheBarsValuesAreDrawnPastTheBarsEnds() throws {
        let chart = try chart(Self.horizontal)
        let g = ChartGeometry(chart: chart)
        let svg = ChartSVG(geometry: g, idPrefix: "t").render()
        let labels = Self.labels(svg)
        #expect(labels.map(\.text) == ["28", "55", "43"], "\(svg)")
        for (row, label) in labels.enumerated() {
            let end = g.y(chart.series[0].values[row]!)  // the bar's end along x (a horizontal chart)
            #expect(abs(label.x - (end + 3)) < 0.06, "label \(label.text) at \(label.x), bar ends at \(end)")
            #expect(abs(label.y - g.x(row: row)) < 0.06)  // in the middle of its band
        }
    }

    @Test func theyAreNotSaidOrVisited() throws {
        let chart = try chart(Self.horizontal)
        #expect(chart.series.count == 1)
        #expect(chart.semantics.annotations.isEmpty && chart.landmarks.isEmpty)
        #expect(chart.semantics.valueLabels.count == 3)
        let text = chart.describe().sentences.map(\.text).joined(separator: " ")
        #expect(!text.lowercased().contains("label"), "\(text)")
    }

    @Test func aVerticalChartsLabelsStandAboveItsBars() throws {
        let chart = try chart("""
        {"data": {"values": [{"k": "a", "v": 3}, {"k": "b", "v": 7}]},
         "encoding": {"x": {"field": "k", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}},
         "layer": [{"mark": "bar"}, {"mark": {"type": "text", "baseline": "bottom", "dy": -5}, "encoding": {"text": {"field": "v", "type": "quantitative", "format": ".1f"}}}]}
        """)
        let g = ChartGeometry(chart: chart)
        let labels = Self.labels(ChartSVG(geometry: g, idPrefix: "t").render())
        #expect(labels.map(\.text) == ["3.0", "7.0"])  // in the text channel's format
        #expect(abs(labels[1].y - (g.y(7) - 5)) < 0.06)
    }
}

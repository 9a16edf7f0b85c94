import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// A line or area whose author asks for points (`mark.point`) gets a marker at every datum, as
/// Vega-Lite draws them, past the marker limit that thins Pitchline's own markers.
struct LinePointsDrawingTests {
    func svg(mark: String, count: Int) throws -> String {
        let rows = (0..<count).map { "{\"d\": \($0), \"v\": \(($0 * 7) % 11)}" }.joined(separator: ",")
        let chart = try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": [\(rows)]}, "mark": \(mark),
         "encoding": {"x": {"field": "d", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
        return ChartSVG(geometry: ChartGeometry(chart: chart), idPrefix: "t").render()
    }

    func markers(_ svg: String) -> Int { svg.components(separatedBy: "class=\"pl-marker\"").count - 1 }

    @Test func pointsTrueMarksEveryDatumPastTheLimit() throws {
        let count = ChartSVG.markerLimit + 8
        #expect(markers(try svg(mark: "{\"type\": \"area\", \"line\": true, \"point\": true}", count: count)) == count)
        #expect(markers(try svg(mark: "{\"type\": \"line\", \"point\": {\"filled\": false}}", count: count)) == count)
    }

    @Test func withoutPointsALongLineHasNoMarkers() throws {
        let count = ChartSVG.markerLimit + 8
        #expect(markers(try svg(mark: "\"line\"", count: count)) == 0)
        #expect(markers(try svg(mark: "{\"type\": \"line\", \"point\": false}", count: count)) == 0)
        #expect(markers(try svg(mark: "{\"type\": \"line\", \"point\": \"transparent\"}", count: count)) == 0)
    }
}

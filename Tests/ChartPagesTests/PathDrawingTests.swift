import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// A connected scatter plot (a line with an `order` field over a continuous x, the gallery's
/// `connected_scatterplot`): joined, scrubbed and said in that field's order, as Vega-Lite draws
/// it, not re-sorted along x (`ChartSemantics.pathOrder`, Chart+Path.swift).
struct PathDrawingTests {
    static func chart(_ encodingExtra: String = "", values: String? = nil) throws -> Chart {
        let rows = values ?? """
        [{"year": 1972, "miles": 200, "gas": 3}, {"year": 1970, "miles": 100, "gas": 2},
         {"year": 1973, "miles": 400, "gas": 2}, {"year": 1971, "miles": 300, "gas": 2.5}]
        """
        return try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": \(rows)}, "mark": {"type": "line", "point": true},
         "encoding": {"x": {"field": "miles", "type": "quantitative"}, "y": {"field": "gas", "type": "quantitative"},
                      "order": {"field": "year"}\(encodingExtra)}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    /// The x of every vertex of each `pl-line` path, in drawing order.
    static func lineXs(_ svg: String) -> [[Double]] {
        svg.components(separatedBy: "class=\"pl-line\" d=\"").dropFirst().map { part in
            part.prefix { $0 != "\"" }.split(whereSeparator: { $0 == "M" || $0 == "L" }).compactMap { Double($0.split(separator: ",")[0]) }
        }
    }

    @Test func thePathRunsInYearOrderNotAlongX() throws {
        let chart = try Self.chart()
        #expect(chart.xValues == [.number(100), .number(300), .number(200), .number(400)])
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.pointLabel(series: 0, row: 2) == "200, gas 3, year 1972")
        let xs = Self.lineXs(ChartSVG(geometry: ChartGeometry(chart: chart), idPrefix: "t").render())
        // Drawn 1970 → 1971 → 1972 → 1973: out to 300 miles, back to 200, on to 400.
        #expect(xs.count == 1 && xs[0].count == 4)
        #expect(xs[0][0] < xs[0][2] && xs[0][2] < xs[0][1] && xs[0][1] < xs[0][3])
    }

    @Test func itIsSaidAsAPathFromTheFirstYearToTheLast() throws {
        let d = try Self.chart().describe()
        #expect(d.summary.hasPrefix("Connected scatter plot of T, from 1970 to 1973, 4 points."))
        #expect(d.summary.contains("The points are joined in order of year, from 1970 (miles 100, gas 2) to 1973 (miles 400, gas 2)."))
        #expect(d.summary.contains("at year 1972 (miles 200)"))
        // The axis still spans the lowest to the highest x.
        #expect(SpeechFormatter(chart: try Self.chart()).xRangeText == "from 100 to 400")
    }

    @Test func eachSeriesIsItsOwnUnbrokenPath() throws {
        let chart = try Self.chart(", \"color\": {\"field\": \"c\", \"type\": \"nominal\"}", values: """
        [{"c": "a", "year": 1, "miles": 10, "gas": 1}, {"c": "b", "year": 1, "miles": 15, "gas": 4},
         {"c": "a", "year": 2, "miles": 30, "gas": 2}, {"c": "b", "year": 2, "miles": 5, "gas": 3},
         {"c": "a", "year": 3, "miles": 20, "gas": 3}, {"c": "b", "year": 3, "miles": 25, "gas": 2}]
        """)
        #expect(chart.series.map { $0.pointRows } == [[0, 2, 4], [1, 3, 5]])
        let xs = Self.lineXs(ChartSVG(geometry: ChartGeometry(chart: chart), idPrefix: "t").render())
        #expect(xs.map(\.count) == [3, 3])
        #expect(xs[0][0] < xs[0][2] && xs[0][2] < xs[0][1])  // a: 10 → 30 → 20
    }
}

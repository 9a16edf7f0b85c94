@testable import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// Pies and heatmaps as drawn and as the page script gets them.
struct KindsDrawingTests {
    static func pie(innerRadius: Double? = nil) -> Chart {
        var semantics = ChartSemantics()
        semantics.kind = .arc(ArcInfo(innerRadius: innerRadius))
        let values: [Double?] = [60, 30, nil, 10]
        return Chart(
            id: "pie", sourcePath: "charts/pie.vl.json", title: "Share <b>", mark: .arc,
            x: XAxis(field: "k", title: "Kind", type: .nominal), y: YAxis(field: "v", title: "Value"),
            xValues: ["A & B", "<C>", "D", "E"].map { .category($0) },
            series: [Series(name: "Value", values: values, details: values.map { v in var d = PointDetail(); d.share = v.map { $0 / 100 }; return d })],
            semantics: semantics)
    }

    static func heatmap() -> Chart {
        var semantics = ChartSemantics()
        semantics.kind = .heatmap(HeatmapInfo(rowTitle: "Year"))
        return Chart(
            id: "heat", sourcePath: "charts/heat.vl.json", title: "Heat", mark: .rect,
            x: XAxis(field: "m", title: "Month", type: .ordinal), y: YAxis(field: "t", title: "Mean high", unit: "°C"),
            xValues: ["January", "February", "March"].map { .category($0) },
            series: [Series(name: "2012", values: [5, 8, 12]), Series(name: "2013", values: [6, nil, 14])],
            semantics: semantics)
    }

    @Test func aPieDrawsOneOutlinedPathPerSliceWithAValueAndEscapesItsLegend() {
        let p = ChartPresentation(chart: Self.pie(innerRadius: 40))
        #expect(p.svg.components(separatedBy: "class=\"pl-slice\"").count - 1 == 3)   // D has no value: no slice
        #expect(p.svg.contains("data-row=\"3\"") && !p.svg.contains("data-row=\"2\""))
        #expect(p.svg.contains("A &amp; B (60%)") && p.svg.contains("&lt;C&gt; (30%)") && !p.svg.contains("<C>"))
        #expect(!p.svg.contains("pl-cursor"))   // the outlined slice is the cursor
        #expect(p.svg.contains("aria-label=\"Donut chart\""))
        #expect(ChartPresentation(chart: Self.pie()).svg.contains("aria-label=\"Pie chart\""))
    }

    @Test func aHeatmapDrawsEveryCellMarksGapsAndGivesTheScriptCellCentresAndSummaries() throws {
        let p = ChartPresentation(chart: Self.heatmap())
        #expect(p.svg.components(separatedBy: "<use href=\"#heat-cell\"").count - 1 == 6)
        #expect(p.svg.components(separatedBy: "pl-cell-gap").count - 1 == 1)
        #expect(p.svg.contains("pl-cursor-rect"))
        let script = String(decoding: p.dataScript(audio: nil), as: UTF8.self)
        let start = try #require(script.range(of: "] = "))
        let json = String(script[start.upperBound...].dropLast(2))   // "{…};\n"
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(data["all"] == nil)   // Up/Down between rows only
        let heat = try #require(data["heatmap"] as? [String: [String]])
        #expect(heat["rows"]?[1] == "2013: mean 10 degrees Celsius over 2 columns; lowest 6 degrees Celsius (January), highest 14 degrees Celsius (March); 1 with no data.")
        #expect(heat["columns"]?[1] == "February: mean 8 degrees Celsius over 1 row; lowest 8 degrees Celsius (2012), highest 8 degrees Celsius (2012); 1 with no data.")
        let series = try #require(data["series"] as? [[String: Any]])
        let cy = series.map { ($0["cy"] as? [Double])?.first ?? -1 }
        let cx = (series[0]["cx"] as? [Double]) ?? []
        #expect(cy[1] > cy[0] && cx.count == 3 && cx[2] > cx[1] && cx[1] > cx[0])   // cell centres: rows down, columns across
        #expect((series[1]["labels"] as? [String: String])?["to"] == "Row 2 of \(series.count): {l}")   // Up/Down names the row
        #expect(((data["text"] as? [String: Any])?["rowEnds"] as? [String]) == ["Top row: {l}", "Bottom row: {l}"])
        // The colour legend gives both ends with their unit, and the high end stays in the drawing
        // at the phone's text size (twice as large).
        #expect(p.svg.contains(">5 °C</text>") && p.svg.contains(">14 °C</text>"))
        let high = try #require(p.svg.range(of: ">14 °C</text>"))
        let x = try #require(Double(p.svg[..<high.lowerBound].components(separatedBy: "<text x=\"").last?.prefix { $0 != "\"" } ?? ""))
        #expect(x + Double("14 °C".count) * ChartGeometry.charWidth * ChartGeometry.narrowTextScale <= ChartGeometry.width)
    }
}

/// A radial chart (the gallery's radial plot) as drawn: one slice per value, stacked clockwise,
/// each reaching out by the square root of its radius value, named a radial chart.
struct RadialDrawingTests {
    @Test func eachSliceReachesOutByItsRadiusValue() throws {
        let json = """
        {"data": {"values": [12, 23, 47, 6, 52, 19]}, "mark": {"type": "arc", "innerRadius": 20},
         "encoding": {"theta": {"field": "data", "type": "quantitative", "stack": true},
                      "radius": {"field": "data", "scale": {"type": "sqrt", "zero": true}}, "color": {"field": "data", "type": "nominal"}}}
        """
        let chart = try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/r.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
        let svg = ChartPresentation(chart: chart).svg
        #expect(svg.contains("aria-label=\"Radial chart\""))
        // Each slice's outer arc radius ("M… A r,r"), in row order 6, 12, 19, 23, 47, 52.
        let radii = svg.components(separatedBy: "class=\"pl-slice\"").dropFirst().compactMap { part -> Double? in
            guard let a = part.range(of: "A") else { return nil }
            return Double(part[a.upperBound...].prefix { $0 != "," })
        }
        #expect(radii.count == 6 && radii == radii.sorted() && radii.last == ChartSVG.arcRadius)
        let inner = ChartSVG.arcRadius * 0.2
        #expect(abs((radii[0] - inner) / (ChartSVG.arcRadius - inner) - (6.0 / 52).squareRoot()) < 0.01)
    }
}

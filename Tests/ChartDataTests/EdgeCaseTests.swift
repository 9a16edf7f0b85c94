import Foundation
import SpecReading
import Testing
@testable import ChartData

struct EdgeCaseTests {
    @Test func csvErrorsAfterAMultiLineFieldPointAtTheRightLine() {
        let data = "note,v\n\"two\nlines\",1\nok,2,3\n"
        #expect(specProblem("""
        {"data": {"url": "../data/n.csv"}, "mark": "bar",
         "encoding": {"x": {"field": "note", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """, files: ["site/data/n.csv": data]) == "site/data/n.csv:4:6: row has more fields than the header's 2")
    }

    @Test func countWithoutFieldAndAverageAlias() throws {
        let counted = try spec("""
        {"data": {"url": "../data/w.csv"}, "mark": "bar",
         "encoding": {"x": {"field": "weather", "type": "nominal"}, "y": {"aggregate": "count", "type": "quantitative"}}}
        """)
        #expect(counted.xValues == [.category("drizzle"), .category("rain"), .category("sun")])
        #expect(counted.series[0].values == [1, 2, 1])
        #expect(counted.y.title == "Count")
        let averaged = try spec("""
        {"data": {"url": "../data/w.csv"}, "mark": "bar",
         "encoding": {"x": {"field": "weather", "type": "nominal"}, "y": {"field": "wind", "aggregate": "average"}}}
        """)
        #expect(averaged.series[0].values[1] == 3.4)
        #expect(averaged.y.aggregate == "mean")
    }

    @Test func moreRejections() throws {
        let encoding = #""encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative", "axis": {"format": "$.2f"}}}"#
        // Any d3 format is read (D3Format): "$.2f" is kept for ticks, speech and the table.
        #expect(try spec(#"{"data": {"url": "../data/w.csv"}, "mark": "line", \#(encoding)}"#).y.format == "$.2f")
        #expect(specProblem(#"{"data": {"url": "../data/w.topo", "format": {"type": "topojson"}}, "mark": "line"}"#)
            == "site/charts/t.vl.json:1: $.data.format.type: \"topojson\" is not supported; use csv, tsv or json")
        #expect(specProblem(#"{"data": {"url": "a.csv", "values": []}, "mark": "line"}"#)
            == "site/charts/t.vl.json:1: $.data: give one of \"url\", \"values\", not several")
        #expect(specProblem(#"{"data": {"values": [1, 2]}, "mark": "line", "encoding": {"x": {"field": "a", "type": "ordinal"}, "y": {"field": "b"}}}"#)
            == "site/charts/t.vl.json:1: $.encoding.x.field: no field \"a\" in the data; fields: data")
        #expect(specProblem(#"{"data": {"values": []}, "mark": "line", "encoding": {"x": {"field": "a", "type": "ordinal"}, "y": {"field": "b"}}}"#)
            == "site/charts/t.vl.json:1: $.data: no data rows (the data is empty)")
        #expect(specProblem(#"{"data": {"values": [{"a": 1, "b": "x"}]}, "mark": "line", "encoding": {"x": {"field": "a", "type": "ordinal"}, "y": {"field": "b", "type": "nominal"}}}"#)
            == "site/charts/t.vl.json:1: $.encoding.y: neither x nor y is quantitative; Pitchline needs one quantitative channel for the values (aggregate, e.g. \"aggregate\": \"count\", makes one, or size)")
        // A channel's timeUnit object names the property that is wrong, not only "timeUnit".
        #expect(specProblem(#"{"data": {"url": "../data/w.csv"}, "mark": "line", "encoding": {"x": {"field": "date", "type": "temporal", "timeUnit": {"unit": "month", "step": 0}}, "y": {"field": "wind", "type": "quantitative"}}}"#)
            == "site/charts/t.vl.json:1: $.encoding.x.timeUnit.step: step must be a whole number from 1 to 1000000")
        #expect(specProblem(#"{"data": {"values": [{"a": 1}]}, "mark": 3}"#)
            == "site/charts/t.vl.json:1: $.mark: expected an object, found a number")
        #expect(specProblem(#"{"data": {"url": "../data/w.csv"}, "mark": "line", "usermeta": {"pitchline": {"colour": 1}}, "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind"}}}"#)
            == "site/charts/t.vl.json:1: $.usermeta.pitchline.colour: \"colour\" is not supported here; supported: unit, spokenUnit, xUnit, format, audio, seriesOrder, firstSeries, seriesTitles, seriesNames, language, live")
        // Vega-Lite's default type: a field without one is nominal.
        let untyped = try spec(#"{"data": {"values": [{"a": 2, "b": 1}, {"a": 10, "b": 2}]}, "mark": "bar", "encoding": {"x": {"field": "a"}, "y": {"field": "b", "type": "quantitative"}}}"#)
        #expect(untyped.x.type == .nominal)
        #expect(untyped.xValues == [.category("2"), .category("10")])
    }

    @Test func jsonStringsAndStructure() throws {
        let v = try JSONValue.parse(Data(#"{"a": "\u00e9\ud83d\ude00\n\"", "b": [true, false, null, -1.5e2]}"#.utf8), file: "j.json")
        #expect(v["a"]?.string == "é😀\n\"")
        if case .array(let items) = v["b"]?.value {
            #expect(items.count == 4 && items[3].number == -150)
        } else {
            Issue.record("b is not an array")
        }
        #expect(problem { _ = try JSONValue.parse(Data(#"{"a": 1, "a": 2}"#.utf8), file: "j.json") }
            == "j.json:1:10: JSON syntax error: duplicate key \"a\"")
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(problem { _ = try JSONValue.parse(Data(deep.utf8), file: "j.json") } == "j.json:1:201: JSON syntax error: nested more than 200 levels deep")
        #expect(problem { _ = try JSONValue.parse(Data("{\"a\": tru}".utf8), file: "j.json") }
            == "j.json:1:10: JSON syntax error: unexpected characters; did you mean true?")
    }

    @Test func speechForNumbersCategoriesAndYears() throws {
        let chart = try spec("""
        {"data": {"values": [{"year": 2001, "v": -0.001}, {"year": 2002, "v": 1234567.5}]}, "mark": "bar",
         "encoding": {"x": {"field": "year", "type": "ordinal"}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        let f = SpeechFormatter(chart: chart)
        #expect(f.xText(0) == "2001")
        #expect(f.valueText(-0.001) == "\u{2212}0.001")
        #expect(f.valueText(1234567.5) == "1,234,567.5")
        #expect(f.valueText(0) == "0")
    }

    @Test func quantitativeXWithUnit() throws {
        let chart = try spec("""
        {"data": {"values": [{"km": 0.5, "m": 120}, {"km": 12, "m": 80}]}, "mark": "point",
         "encoding": {"x": {"field": "km", "type": "quantitative", "title": "Distance"}, "y": {"field": "m", "type": "quantitative", "title": "Elevation"}},
         "usermeta": {"pitchline": {"unit": "m", "xUnit": "km"}}}
        """)
        let f = SpeechFormatter(chart: chart)
        #expect(f.pointLabel(series: 0, row: 0) == "distance 0.5 km, elevation 120 m")
        #expect(f.atX(1) == "at distance 12 km")
    }

    @Test func multiLineTitlesAndOrdinalMonths() throws {
        let chart = try spec("""
        {"title": {"text": ["Seattle", "precipitation"], "subtitle": ["By month", "2012"]},
         "data": {"url": "../data/w.csv"}, "mark": "bar",
         "encoding": {"x": {"field": "date", "timeUnit": "yearmonth", "type": "ordinal"},
                      "y": {"field": "precipitation", "aggregate": "sum"}}}
        """)
        #expect(chart.title == "Seattle precipitation")
        #expect(chart.subtitle == "By month 2012")
        #expect(SpeechFormatter(chart: chart).xText(0) == "January 2012")
    }

    @Test func invalidXIsLeftOutAndCounted() throws {
        let data = "date,v\n2012-01-01,1\n,2\nsoon,5\n2012-01-03,3\n"
        let chart = try spec("""
        {"data": {"url": "../data/m.csv"}, "mark": "line",
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "v", "type": "quantitative"}}}
        """, files: ["site/data/m.csv": data])
        #expect(chart.series[0].values == [1, 3])
        #expect(chart.semantics.invalidRows == 2)
        #expect(chart.describe().summary.hasSuffix(" 2 data rows have no valid date and are left out."))
    }

    @Test func oversizedSpecsAreRefusedBeforeParsing() {
        let big = Data(repeating: UInt8(ascii: " "), count: InputLimit.specBytes.maximum + 1)
        #expect(problem { _ = try ChartLoader.loadSpec(data: big, path: "site/charts/big.vl.json") { _ in Data() } }
            == "site/charts/big.vl.json: spec is larger than 16 MiB; put large data in a CSV file under data/")
    }
}

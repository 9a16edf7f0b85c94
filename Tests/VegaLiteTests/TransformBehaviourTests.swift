import Foundation
import Testing
@testable import VegaLite

/// Behaviour the oracle cannot pin (Vega draws at random) and the helpers ChartData uses.
@Suite struct TransformBehaviourTests {
    func json(_ text: String) -> DataValue {
        toDataValue(try! JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
    }

    @Test func bootstrapIntervalIsRepeatableAndAroundTheMean() throws {
        let values = (0..<200).map { DataValue.number(Double(($0 * 37) % 101)) }
        let frame = DataFrame(fields: ["v"], columns: [values])
        let t = try Transform.parse(json(#"{"aggregate": [{"op": "ci0", "field": "v", "as": "lo"}, {"op": "ci1", "field": "v", "as": "hi"}, {"op": "mean", "field": "v", "as": "m"}, {"op": "stderr", "field": "v", "as": "se"}]}"#))
        let a = try t.apply(frame), b = try t.apply(frame)
        #expect(a == b)
        let lo = a[0, "lo"].number, hi = a[0, "hi"].number, m = a[0, "m"].number, se = a[0, "se"].number
        #expect(lo < m && m < hi)
        // A 95 % interval of the mean spans about ±1.96 standard errors.
        #expect(abs((hi - lo) / (2 * 1.96 * se) - 1) < 0.15, "width \(hi - lo), se \(se)")
    }

    @Test func densityBandwidthSkipsNullsButCountsThemPerGroup() throws {
        // Vega: Scott's rule from d3.deviation and quartiles (null skipped), n = every row of
        // the group, and the null is 0 in the kernel sum (corpus: density-groupby-nulls).
        let frame = DataFrame(fields: ["g", "v"], columns: [
            ["a", "a", "a", "a", "a", "b", "b"].map { .string($0) },
            [.number(1), .number(2), .number(3), .number(4), .null, .number(10), .number(20)]])
        let out = try Transform.parse(json(#"{"density": "v", "groupby": ["g"], "extent": [0, 5], "steps": 2}"#)).apply(frame)
        let iqr = 3.25 - 1.75  // R-7 quartiles of 1, 2, 3, 4
        let bw = 1.06 * min((5.0 / 3).squareRoot(), iqr / 1.34) * pow(5, -0.2)
        let phi = { (z: Double) in exp(-z * z / 2) / (2 * Double.pi).squareRoot() }
        let expected = [0.0, 1, 2, 3, 4, 0].map { phi((0 - $0) / bw) }.dropLast().reduce(0, +) / bw / 5
        #expect(out[0, "g"] == .string("a") && out[0, "value"] == .number(0))
        #expect(abs(out[0, "density"].number - expected) < 1e-12)
    }

    @Test func sampleKeepsEvenlySpacedRowsInOrder() throws {
        let frame = DataFrame(fields: ["i"], columns: [(0..<10).map { .number(Double($0)) }])
        let out = try Transform.parse(json(#"{"sample": 4}"#)).apply(frame)
        #expect(out.column("i") == [0, 2, 5, 7].map { .number($0) })
        #expect(try Transform.parse(json(#"{"sample": 10}"#)).apply(frame) == frame)
    }

    @Test func extentDefinesAParameter() throws {
        let frame = DataFrame(fields: ["x"], columns: [[.number(3), .null, .string("7"), .number(-1), .string("")]])
        let pipeline = try TransformPipeline.parse(json(#"[{"extent": "x", "param": "xr"}, {"filter": "datum.x > 0"}]"#))
        #expect(try pipeline.parameters(frame) == ["xr": .array([.number(-1), .number(7)])])
        #expect(try pipeline.apply(frame).rowCount == 2)
    }

    @Test func fieldNamesAsVegaLiteWritesThem() throws {
        #expect(BinParams().fieldName("IMDB Rating") == "bin_maxbins_10_IMDB Rating")
        #expect(try BinParams.parse(json(#"{"maxbins": 20}"#), path: "").fieldName("x") == "bin_maxbins_20_x")
        #expect(try BinParams.parse(json(#"{"extent": [0, 100]}"#), path: "").fieldName("x") == "bin_extent_0_100_maxbins_10_x")
        #expect(try BinParams.parse(json(#"{"step": 0.5}"#), path: "").fieldName("x") == "bin_step_0_5_x")
        #expect(try TimeUnitSpec.parse(.string("yearmonth"), path: "").fieldName("date") == "yearmonth_date")
        #expect(try TimeUnitSpec.parse(.string("utcmonthdate"), path: "").fieldName("date") == "utcmonthdate_date")
        #expect(try TimeUnitSpec.parse(json(#"{"unit": "month", "step": 3}"#), path: "").fieldName("d") == "month_step_3_d")
    }

    @Test func binnedTimeUnitEndIsTheNextUnit() throws {
        let u = try TimeUnitSpec.parse(.string("binnedyearmonth"), path: "")
        #expect(u.binned && u.units == [.year, .month])
        let jan = CivilTime.utc(2012, 0, 1)
        #expect(u.offset(jan) == CivilTime.utc(2012, 1, 1))
    }

    @Test func nestedFieldsAndEscapedDots() throws {
        let frame = DataFrame(rows: [["a": .object(["b": .number(2)]), "c.d": .number(5)], ["a": .object(["b": .number(4)]), "c.d": .number(1)]])
        let out = try Transform.parse(json(#"{"aggregate": [{"op": "sum", "field": "a.b", "as": "s"}, {"op": "max", "field": "c\\.d", "as": "m"}]}"#)).apply(frame)
        #expect(out[0, "s"] == .number(6))
        #expect(out[0, "m"] == .number(5))
    }

    @Test func stackOfAHundredThousandRowsIsColumnar() throws {
        let n = 100_000
        let frame = DataFrame(fields: ["x", "c", "v"], columns: [
            (0..<n).map { .number(Double($0 / 10)) }, (0..<n).map { .string("s\($0 % 10)") }, (0..<n).map { .number(Double($0 % 7) - 2) }])
        let pipeline = try TransformPipeline.parse(json(#"[{"window": [{"op": "sum", "field": "v", "as": "run"}, {"op": "rank", "as": "r"}], "groupby": ["c"], "sort": [{"field": "x"}]}, {"stack": "v", "groupby": ["x"], "sort": [{"field": "c"}], "as": ["v0", "v1"]}]"#))
        let out = try pipeline.apply(frame)
        #expect(out.rowCount == n)
        // Row 10 (x = 1, c = s0, v = 1): the first positive segment of x = 1 (s0 sorts first).
        #expect(out[10, "v0"] == .number(0) && out[10, "v1"] == .number(1))
        #expect(out[n - 1, "r"] == .number(Double(n / 10)))
    }
}

extension TransformBehaviourTests {
    @Test func windowOverManyPeersAndWholeFramesStaysLinear() throws {
        let n = 60_000
        let frame = DataFrame(fields: ["k", "v"], columns: [(0..<n).map { .number(Double($0 % 3)) }, (0..<n).map { .number(Double($0 % 101)) }])
        let t = try Transform.parse(json(#"{"window": [{"op": "rank", "as": "r"}, {"op": "cume_dist", "as": "c"}, {"op": "sum", "field": "v", "as": "s"}, {"op": "median", "field": "v", "as": "med"}], "sort": [{"field": "k"}], "frame": [null, null]}"#))
        let out = try t.apply(frame)
        // k = 2 rows are the last third: rank 40,001, cumulative share 1, median 50 for all.
        #expect(out[2, "r"] == .number(40_001))
        #expect(out[2, "c"] == .number(1))
        #expect(out[0, "c"] == .number(1.0 / Double(n)))  // Vega's first row never looks at its peers
        #expect(out[1, "c"] == .number(40_000.0 / Double(n)))
        #expect(out[n - 1, "med"] == .number(50))
    }
}

extension TransformBehaviourTests {
    @Test func pivotColumnsInJavaScriptObjectOrder() throws {
        let frame = DataFrame(rows: [
            ["g": .string("a"), "year": .number(2001), "v": .number(1)],
            ["g": .string("a"), "year": .number(2000), "v": .number(2)],
            ["g": .string("b"), "year": .string("x"), "v": .number(3)]])
        let out = try Transform.parse(json(#"{"pivot": "year", "value": "v", "groupby": ["g"]}"#)).apply(frame)
        #expect(out.fields == ["2000", "2001", "g", "x"])
        #expect(out[0, "2000"] == .number(2) && out[1, "x"] == .number(3) && out[1, "2001"] == .null)
    }
}

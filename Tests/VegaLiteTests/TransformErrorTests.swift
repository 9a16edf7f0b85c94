import Foundation
import Testing
@testable import VegaLite

/// Bad transforms are refused with what is wrong and where, never ignored.
@Suite struct TransformErrorTests {
    func json(_ text: String) -> DataValue {
        toDataValue(try! JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
    }

    func parseError(_ text: String) -> TransformError? {
        do {
            _ = try TransformPipeline.parse(json(text))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (#"[{"filter": "datum.a > 1"}, {"window": [{"op": "rnak", "as": "r"}]}]"#, "[1].window[0].op", "unknown window op \"rnak\""),
        (#"[{"aggregate": [{"op": "mean", "field": "a", "as": "m"}], "groupby": ["a", 3]}]"#, "[0].groupby[1]", "expected a string"),
        (#"[{"aggregate": [{"op": "avg", "field": "a", "as": "m"}]}]"#, "[0].aggregate[0].op", "supported: count, valid"),
        (#"[{"aggregate": [{"op": "sum", "as": "m"}]}]"#, "[0].aggregate[0].field", "\"field\" is required for op \"sum\""),
        (#"[{"calculate": "datum.a +", "as": "b"}]"#, "[0].calculate", "in expression"),
        (#"[{"explode": "a"}]"#, "[0]", "unknown transform (keys \"explode\"); supported: aggregate, bin"),
        (#"[{"fold": ["a"], "as": ["k", "v"], "extra": 1}]"#, "[0].extra", "unknown property \"extra\" in a fold transform"),
        (#"[{"timeUnit": "yeermonth", "field": "d", "as": "m"}]"#, "[0].timeUnit", "unknown time unit \"yeermonth\""),
        (#"[{"filter": {"field": "a", "between": [1, 2]}}]"#, "[0].filter.between", "unknown property \"between\""),
        (#"[{"filter": {"and": [{"field": "a", "equal": 1}, {"field": "b"}]}}]"#, "[0].filter.and[1]", "needs one of equal"),
        (#"[{"bin": {"maxbin": 20}, "field": "a", "as": "b"}]"#, "[0].bin.maxbin", "unknown property \"maxbin\""),
        (#"[{"regression": "y", "on": "x", "method": "spline"}]"#, "[0].method", "unknown method \"spline\""),
        (#"[{"stack": "y", "groupby": ["x"], "offset": "wiggle", "as": "s"}]"#, "[0].offset", "unknown offset \"wiggle\""),
        (#"[{"impute": "y", "key": "x", "method": "mode"}]"#, "[0].method", "unknown method \"mode\""),
        (#"[{"window": [{"op": "ntile", "as": "n"}]}]"#, "[0].window[0].param", "needs \"param\""),
        (#"[{"window": [{"op": "sum", "field": "a", "as": "s"}], "frame": [-1e300, 0]}]"#, "[0].frame[0]", "expected a whole number"),
        (#"[{"impute": "y", "key": "x", "keyvals": {"start": 0, "stop": 1e12}}]"#, "[0].keyvals", "at most 1,000,000"),
        (#"[{"quantile": "y", "step": 1e-9}]"#, "[0].step", "more than 100,000"),
        (#"[{"density": "y", "steps": 1e9}]"#, "[0].steps", "expected a whole number from 2 to 100000"),
    ])
    func refusedWithPath(_ c: (String, String, String)) throws {
        let error = try #require(parseError(c.0))
        #expect(error.path == c.1)
        #expect(error.message.contains(c.2), "\(error.message)")
    }

    @Test func missingFieldNamesTheFieldsThereAre() throws {
        let frame = DataFrame(rows: [["date": .string("2012-01-01"), "temp": .number(3)]])
        let pipeline = try TransformPipeline.parse(json(#"[{"aggregate": [{"op": "mean", "field": "tmp", "as": "m"}], "groupby": ["date"]}]"#))
        #expect(throws: TransformError("no field \"tmp\" in the data; fields are date, temp", path: "[0].aggregate[0].field")) {
            try pipeline.apply(frame)
        }
        let expr = try TransformPipeline.parse(json(#"[{"calculate": "datum.temp + datum.wind", "as": "x"}]"#))
        #expect(throws: TransformError("no field \"wind\" in the data; fields are date, temp", path: "[0].calculate")) {
            try expr.apply(frame)
        }
    }

    @Test func aFieldTheRowLacksIsUndefinedInAComparison() throws {
        // The gallery's CO2 chart: `datum.first_date === datum.scaled_date`, with no first_date
        // (Vega reads undefined, which equals no value); anywhere else a missing field is refused.
        let frame = DataFrame(rows: [["s": .number(1)], ["s": .number(2)]])
        let compared = try TransformPipeline.parse(json(#"[{"calculate": "datum.first === datum.s ? 'first' : datum.s != datum.last ? 'other' : null", "as": "end"}]"#))
        #expect(try compared.apply(frame).column("end") == [.string("other"), .string("other")])
        let computed = try TransformPipeline.parse(json(#"[{"calculate": "datum.first + 1 === datum.s", "as": "end"}]"#))
        #expect(throws: TransformError("no field \"first\" in the data; fields are s", path: "[0].calculate")) {
            try computed.apply(frame)
        }
    }

    @Test func lookupNeedsItsData() throws {
        let t = try Transform.parse(json(#"{"lookup": "k", "from": {"data": {"name": "people"}, "key": "id", "fields": ["age"]}}"#))
        let frame = DataFrame(rows: [["k": .string("a")]])
        #expect(throws: TransformError("no data \"people\" for lookup; known: others", path: "from.data")) {
            try t.apply(frame, context: TransformContext(datasets: ["others": DataFrame()]))
        }
    }

    @Test func flattenRefusesAValueThatIsNotAnArray() throws {
        let t = try Transform.parse(json(#"{"flatten": ["a"]}"#))
        let frame = DataFrame(rows: [["a": .array([.number(1)])], ["a": .null]])
        #expect(throws: TransformError("row 2: \"a\" is null, not an array to flatten", path: "flatten[0]")) {
            try t.apply(frame)
        }
    }

    @Test func aDottedNameIsANestedFieldAsInVega() throws {
        let frame = DataFrame(rows: [["a.b": .number(1)]])
        let t = try Transform.parse(json(#"{"aggregate": [{"op": "sum", "field": "a.b", "as": "s"}]}"#))
        #expect(throws: TransformError(#""a.b" reads a nested field; for the column named "a.b" write "a\\.b" in the spec"#, path: "aggregate[0].field")) {
            try t.apply(frame)
        }
        let escaped = try Transform.parse(json(#"{"aggregate": [{"op": "sum", "field": "a\\.b", "as": "s"}]}"#))
        #expect(try escaped.apply(frame)[0, "s"] == .number(1))
    }
}

import Testing
@testable import VegaLite

@Suite struct DataFrameTests {
    @Test func rowsBecomeColumnsInFirstSeenOrder() {
        let frame = DataFrame(rows: [["a": .number(1), "b": .string("x")], ["a": .number(2), "c": .bool(true)]])
        #expect(frame.fields == ["a", "b", "c"])
        #expect(frame.rowCount == 2)
        #expect(frame[1, "b"] == .null)
        #expect(frame[0, "missing"] == .null)
        #expect(frame.selecting(rows: [1]).column("a") == [.number(2)])
    }

    @Test func javaScriptCoercions() {
        #expect(DataValue.string("").number == 0)
        #expect(DataValue.string(" 12 ").number == 12)
        #expect(DataValue.string("abc").number.isNaN)
        #expect(DataValue.string("inf").number.isNaN)
        #expect(DataValue.null.number == 0)
        #expect(!DataValue.number(.nan).isValid)
        #expect(!DataValue.string("").isTruthy)
        #expect(DataValue.jsNumberText(0.1 + 0.2) == "0.30000000000000004")
        #expect(DataValue.jsNumberText(1e21) == "1e+21")
        #expect(DataValue.jsNumberText(42) == "42")
    }
}

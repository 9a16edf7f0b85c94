import Foundation
import VegaLite

/// libFuzzer entry: arbitrary bytes as a Vega expression, parsed and evaluated against a row of
/// every kind of value. Either a value or an `ExpressionError` whose offset lies inside the
/// source; never a trap, a hang or unbounded memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let expression: VegaExpression
    do {
        expression = try VegaExpression.parse(source)
    } catch {
        check(error, in: source)
        return 0
    }
    do {
        let value = try expression.evaluate(row: 1, of: frame)
        _ = value.text
        _ = value.number
        _ = try expression.evaluate(datum: frame.object(row: 0)).text
    } catch {
        check(error, in: source)
    }
    return 0
}

private func check(_ error: ExpressionError, in source: String) {
    precondition(!error.message.isEmpty, "an error without a message")
    if let offset = error.offset {
        precondition(offset >= 0 && offset <= source.utf16.count, "offset \(offset) outside the source")
    }
}

private let frame = DataFrame(rows: [
    [
        "a": .number(1), "s": .string("Hello World"), "n": .null, "d": .date(1_325_548_800_000), "b": .bool(true),
        "arr": .array([.number(3), .string("x"), .null]), "o": .object(["k": .string("v")]), "ds": .string("2012-01-03"),
    ],
    [
        "a": .number(-2.5e-7), "s": .string(""), "n": .number(.nan), "d": .date(.nan), "b": .bool(false),
        "arr": .array([]), "o": .object([:]), "ds": .string("01/03/2012 10:30 PM"),
    ],
])

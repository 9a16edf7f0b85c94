import Foundation
import Testing
@testable import VegaLite

/// What the expression language promises beyond single values (those are checked against Vega
/// in ExpressionOracleTests): errors that say what and where, fields read, rows of a frame.
@Suite struct ExpressionTests {
    func error(_ source: String) -> ExpressionError? {
        do {
            _ = try VegaExpression.parse(source)
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownFunctionsAreNamedWithTheSupportedOnes() throws {
        let e = try #require(error("datum.a + sign(datum.b)"))
        #expect(e.message.hasPrefix("unsupported function sign; supported: "))
        #expect(e.message.contains("abs, acos"))
        #expect(e.offset == 10)
        let scale = try #require(error("scale('x', datum.a)"))
        #expect(scale.message.hasPrefix("function scale is not available in Pitchline"))
    }

    /// `now()` cannot be compared with a recorded Vega run (vegalite-diff/audit.py): it is the
    /// time of evaluation in milliseconds, as `Date.now()`.
    @Test func nowIsTheTimeOfEvaluation() throws {
        let before = (Date().timeIntervalSince1970 * 1000).rounded(.down)
        let value = try VegaExpression.parse("now()").evaluate(datum: [:]).number
        let after = (Date().timeIntervalSince1970 * 1000).rounded(.up)
        #expect(before <= value && value <= after)
    }

    @Test func syntaxErrorsSayWhere() throws {
        #expect(error("1 +")?.message == "unexpected end of expression")
        #expect(error("1 +")?.offset == 3)
        #expect(error("datum.a ** 2")?.offset == 9)
        #expect(error("'open")?.message == "unterminated string")
        #expect(error("typeof datum.a")?.message == "unexpected keyword typeof")
        #expect(error("foo")?.message.hasPrefix("unknown identifier foo") == true)
        #expect(error("")?.message == "empty expression")
        #expect(error("017") != nil)
        #expect(error(String(repeating: "(", count: 5000))?.message == "expression nested too deeply")
    }

    @Test func reservedWordsAreFieldNamesAfterADot() throws {
        // `yield` is reserved, but after "." it names a field, so the "/" that follows divides
        // (the gallery's joinaggregate example; it was read as the start of a regex).
        let e = try VegaExpression.parse("100 * datum.yield / datum.total")
        #expect(e.fieldsRead == ["yield", "total"])
        #expect(try e.evaluate(datum: ["yield": .number(3), "total": .number(12)]) == .number(25))
        #expect(error("yield / 2") != nil)
    }

    @Test func fieldsReadAreListed() throws {
        let e = try VegaExpression.parse("datum.a + datum['b c'] + length(datum[\"d\"]) + datum.o.k")
        #expect(e.fieldsRead == ["a", "b c", "d", "o"])
    }

    @Test func rowsOfAFrame() throws {
        let frame = DataFrame(rows: [
            ["date": .string("2012-01-03"), "temp": .number(11.7)],
            ["date": .string("2012-07-04"), "temp": .null],
        ])
        let e = try VegaExpression.parse("month(datum.date) == 6 && isValid(datum.temp) ? 'summer' : format(datum.temp, '.1f')")
        #expect(try e.evaluate(row: 0, of: frame) == .string("11.7"))
        #expect(try e.evaluate(row: 1, of: frame) == .string("null"))
        #expect(try e.evaluateColumn(of: frame).count == 2)
        let filter = try VegaExpression.parse("datum.temp > 10")
        #expect(try filter.evaluate(row: 0, of: frame).isTruthy)
        #expect(try !filter.evaluate(row: 1, of: frame).isTruthy)
    }

    @Test func runTimeErrorsAreThrownNotGuessed() throws {
        let e = try VegaExpression.parse("datum.n.x")
        #expect(throws: ExpressionError.self) { try e.evaluate(datum: ["n": .null]) }
        let f = try VegaExpression.parse("format(1, 'bogus')")
        #expect(throws: ExpressionError.self) { try f.evaluate(datum: [:]) }
        // Vega's order for mixed kinds depends on V8's sort algorithm: refused, not guessed.
        let s = try VegaExpression.parse("sort([2, null, 'a'])")
        #expect(throws: ExpressionError.self) { try s.evaluate(datum: [:]) }
    }

    @Test func randomIsReproduciblePerRow() throws {
        let e = try VegaExpression.parse("random()")
        let frame = DataFrame(rows: [[:], [:], [:]])
        let a = try e.evaluateColumn(of: frame), b = try e.evaluateColumn(of: frame)
        #expect(a == b)
        #expect(Set(a).count == 3)
        #expect(a.allSatisfy { $0.number >= 0 && $0.number < 1 })
    }

    @Test func regexLiteralsAndDivision() throws {
        let e = try VegaExpression.parse("replace(datum.s, /a+/g, '-') + (datum.n / 2 / 1)")
        #expect(try e.evaluate(datum: ["s": .string("baaad"), "n": .number(8)]) == .string("b-d4"))
    }
}

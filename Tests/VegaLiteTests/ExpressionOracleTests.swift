import Foundation
import Testing
@testable import VegaLite

/// Every expression in Oracle/expressions.txt, evaluated by Pitchline and compared with what
/// the real Vega (vl-convert) computed for it, recorded in Oracle/expressions.json by
/// Oracle/record_expressions.py (re-run it after adding expressions).
@Suite struct ExpressionOracleTests {
    struct Fixture {
        var datum: [String: DataValue]
        var cases: [[String: Any]]
    }

    static func load() throws -> Fixture {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Oracle/expressions.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var datum = (value(json["datum"]!)).objectValue
        let t = try VegaExpression.parse(json["t"] as! String).evaluate(datum: datum)
        datum["t"] = t
        return Fixture(datum: datum, cases: json["cases"] as! [[String: Any]])
    }

    static func value(_ json: Any) -> DataValue { toDataValue(json) }

    /// Whether Pitchline's `actual` is the value Vega recorded as `type` / `json`.
    static func matches(_ actual: DataValue, type: String, _ json: Any?) -> Bool {
        switch (type, actual) {
        case ("NaN", .number(let n)): return n.isNaN
        case ("Infinity", .number(let n)): return n == .infinity
        case ("-Infinity", .number(let n)): return n == -.infinity
        case ("number", .number(let n)):
            let e = (json as? NSNumber)?.doubleValue ?? .nan
            return n == e || Swift.abs(n - e) <= 1e-15 * Swift.max(Swift.abs(e), 1)
        case ("string", .string(let s)): return s == json as? String
        case ("boolean", .bool(let b)): return b == (json as? NSNumber)?.boolValue
        case ("null", .null), ("undefined", .null): return true
        case ("date", .date(let t)): return json is NSNull ? t.isNaN : t == (json as? NSNumber)?.doubleValue  // Invalid Date
        case ("array", .array(let items)):
            guard let expected = json as? [Any], expected.count == items.count else { return false }
            return zip(items, expected).allSatisfy { same($0, $1) }
        case ("object", .object): return true  // the scenegraph does not carry an object's members
        default: return false
        }
    }

    /// An array element against its JSON (where NaN became null and dates their ISO text).
    static func same(_ a: DataValue, _ json: Any) -> Bool {
        switch (a, value(json)) {
        case (.number(let n), .null): return n.isNaN
        case (.number(let n), .number(let e)): return n == e
        case (.array(let x), .array): return matches(.array(x), type: "array", json)
        case (let x, let y): return x == y
        }
    }

    @Test func matchesVega() throws {
        let fixture = try Self.load()
        #expect(fixture.cases.count >= 150)
        var failures: [String] = []
        for c in fixture.cases {
            let source = c["expr"] as! String
            let result: Result<DataValue, ExpressionError> = Result { () throws(ExpressionError) -> DataValue in
                try VegaExpression.parse(source).evaluate(datum: fixture.datum)
            }
            if let vegaError = c["error"] as? String {
                if case .success(let v) = result { failures.append("\(source): Vega fails (\(vegaError)), Pitchline gives \(v)") }
                continue
            }
            let type = c["type"] as! String
            switch result {
            case .failure(let e): failures.append("\(source): Vega gives \(type) \(c["value"] ?? "nil"), Pitchline fails: \(e)")
            case .success(let v):
                if !Self.matches(v, type: type, c["value"]) {
                    failures.append("\(source): Vega gives \(type) \(c["value"] ?? "nil"), Pitchline \(v)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(fixture.cases.count) differ from Vega:\n\(failures.joined(separator: "\n"))")
    }

    /// A row of a frame (by name, and by column slots) gives what the same row as an object gives.
    @Test func framePathsAgree() throws {
        let fixture = try Self.load()
        let frame = DataFrame(rows: [fixture.datum, fixture.datum])
        func same(_ a: DataValue, _ b: DataValue) -> Bool {
            if case .number(let x) = a, case .number(let y) = b, x.isNaN, y.isNaN { return true }
            if case .date(let x) = a, case .date(let y) = b, x.isNaN, y.isNaN { return true }
            return a == b
        }
        for c in fixture.cases where c["error"] == nil {
            let source = c["expr"] as! String
            guard let e = try? VegaExpression.parse(source), let byObject = try? e.evaluate(datum: fixture.datum) else { continue }
            let byName = try e.evaluate(row: 1, of: frame)
            let bySlot = try e.evaluateColumn(of: frame)[1]
            #expect(same(byName, byObject), "\(source): \(byName) by name, \(byObject) as an object")
            #expect(same(bySlot, byObject), "\(source): \(bySlot) by column, \(byObject) as an object")
        }
    }
}

extension DataValue {
    var objectValue: [String: DataValue] {
        if case .object(let o) = self { return o }
        return [:]
    }
}

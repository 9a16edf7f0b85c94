import Foundation
import Testing
@testable import VegaLite

/// The recorded answers of the real Vega-Lite (Oracle/record_transforms.py → Oracle/transforms.json): each case's
/// input table, transforms, and the rows Vega computed, every value typed ("N3", "Sa", "D<ms>",
/// "null").
struct OracleCase: Sendable, CustomTestStringConvertible {
    var name: String
    var data: [[String: DataValue]]
    var transforms: [DataValue]
    var fields: [String]
    var parse: [String: String]
    var datasets: [String: [[String: DataValue]]]
    var expected: [[String]]

    var testDescription: String { name }

    static let all: [OracleCase] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Oracle/transforms.json")
        guard let bytes = try? Data(contentsOf: url),
              let json = try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]) as? [String: Any],
              let tables = json["tables"] as? [String: Any], let cases = json["cases"] as? [[String: Any]]
        else { fatalError("Oracle/transforms.json is missing or malformed") }
        func rows(_ v: Any?) -> [[String: DataValue]] {
            guard case .array(let a) = toDataValue(v ?? NSNull()) else { return [] }
            return a.compactMap { if case .object(let o) = $0 { o } else { nil } }
        }
        return cases.map { c in
            OracleCase(
                name: c["name"] as! String,
                data: rows(tables[c["data"] as! String]),
                transforms: (c["transform"] as! [Any]).map(toDataValue),
                fields: c["fields"] as! [String],
                parse: c["parse"] as? [String: String] ?? [:],
                datasets: (c["datasets"] as? [String: Any] ?? [:]).mapValues { rows($0) },
                expected: c["expected"] as? [[String]] ?? [])
        }
    }()

    /// The input frame, with `format.parse` date fields turned into dates as Vega does.
    var frame: DataFrame {
        var f = DataFrame(rows: data)
        for (field, type) in parse {
            if let p = FieldParse(rawValue: type), let col = f.column(field) { f.setColumn(field, p.apply(col)) }
        }
        return f
    }

    var context: TransformContext {
        TransformContext(datasets: datasets.mapValues { DataFrame(rows: $0) })
    }
}

func toDataValue(_ any: Any) -> DataValue {
    switch any {
    case is NSNull: return .null
    case let n as NSNumber:
        if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
        return .number(n.doubleValue)
    case let s as String: return .string(s)
    case let a as [Any]: return .array(a.map(toDataValue))
    case let o as [String: Any]: return .object(o.mapValues(toDataValue))
    default: return .null
    }
}

/// A value typed as the oracle writes it, compared with a relative tolerance for numbers.
func oracleMatches(_ v: DataValue, _ expected: String) -> Bool {
    func close(_ a: Double, _ b: Double) -> Bool {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
        if a == b { return true }
        return abs(a - b) <= 1e-9 * max(abs(a), abs(b)) || abs(a - b) < 1e-12
    }
    switch v {
    case .null: return expected == "null"
    case .number(let n):
        guard expected.hasPrefix("N") else { return false }
        let e = String(expected.dropFirst())
        return close(n, e == "NaN" ? .nan : DataValue.jsNumber(e))
    case .date(let t):
        // Vega-Lite's parsed dates are numbers of ms; Pitchline keeps them as `.date(ms)`.
        guard expected.hasPrefix("D") || expected.hasPrefix("N") else { return false }
        let e = String(expected.dropFirst())
        return e == "NaN" ? t.isNaN : close(t, Double(e) ?? .nan)
    case .string(let s): return expected == "S" + s
    case .bool(let b): return expected == "B" + (b ? "true" : "false")
    case .array(let a): return expected == "A\(a.count)"
    case .object: return expected == "O"
    }
}

func oracleText(_ v: DataValue) -> String {
    switch v {
    case .null: "null"
    case .number(let n): "N" + DataValue.jsNumberText(n)
    case .date(let t): "D" + DataValue.jsNumberText(t)
    case .string(let s): "S" + s
    case .bool(let b): "B\(b)"
    case .array(let a): "A\(a.count)"
    case .object: "O"
    }
}

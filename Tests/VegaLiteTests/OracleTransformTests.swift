import Foundation
import Testing
import VegaLite

/// Every transform against Vega-Lite itself: each file in `vegalite-diff/transform-goldens/` holds
/// inline rows, a transform list and the rows Vega-Lite computed (vl-convert-python, TZ=UTC;
/// written by `vegalite-diff/make_transform_goldens.py`). The Swift transforms must give the same
/// values (1e-9 relative tolerance for float formatting), as a multiset unless the case is ordered.
struct OracleTransformTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("vegalite-diff/transform-goldens")

    static let cases: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test func theGoldenFilesAreThere() {
        #expect(Self.cases.count >= 30, "vegalite-diff/transform-goldens/ is missing or incomplete")
    }

    @Test(arguments: cases)
    func transformsGiveVegaLitesRows(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".json"))
        let golden = try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any])
        let rows = (golden["data"] as? [Any] ?? []).map(Self.value)
        var frame = DataFrame(rows: rows.map { if case .object(let o) = $0 { o } else { ["data": $0] } })
        var datasets: [String: DataFrame] = [:]
        for (key, table) in golden["datasets"] as? [String: [Any]] ?? [:] {
            datasets[key] = DataFrame(rows: table.map(Self.value).map { if case .object(let o) = $0 { o } else { [:] } })
        }
        let context = TransformContext(datasets: datasets)
        for object in golden["transform"] as? [Any] ?? [] {
            frame = try Transform.parse(Self.value(object)).apply(frame, context: context)
        }
        let fields = golden["fields"] as? [String] ?? []
        let ours = (0..<frame.rowCount).map { row in fields.map { Self.text(Self.lookup(frame, row: row, path: $0)) } }
        let theirs = (golden["expected"] as? [[Any]] ?? []).map { $0.map(Self.text(json:)) }
        let ordered = golden["ordered"] as? Bool ?? false
        let a = ordered ? ours : ours.sorted { $0.joined(separator: "|") < $1.joined(separator: "|") }
        let b = ordered ? theirs : theirs.sorted { $0.joined(separator: "|") < $1.joined(separator: "|") }
        #expect(a.count == b.count, "\(name): \(a.count) rows, Vega-Lite \(b.count)")
        var differences: [String] = []
        for (x, y) in zip(a, b) where !zip(x, y).allSatisfy(Self.same) {
            differences.append("ours [\(x.joined(separator: ", "))] Vega-Lite [\(y.joined(separator: ", "))]")
        }
        #expect(differences.isEmpty, "\(name) (fields \(fields)): \(differences.count) rows differ, first: \(differences.first ?? "")")
    }

    /// JSON → DataValue (numbers stay numbers; golden input holds no dates, they are ms numbers).
    static func value(_ json: Any) -> DataValue {
        switch json {
        case is NSNull: return .null
        case let n as NSNumber where String(cString: n.objCType) == "c": return .bool(n.boolValue)
        case let n as NSNumber: return .number(n.doubleValue)
        case let s as String: return .string(s)
        case let a as [Any]: return .array(a.map(value))
        case let o as [String: Any]: return .object(o.mapValues(value))
        default: return .null
        }
    }

    /// A field path "a.b" reads field b of object a, as Vega-Lite's field strings do.
    static func lookup(_ frame: DataFrame, row: Int, path: String) -> DataValue {
        if frame.index(of: path) != nil { return frame[row, path] }
        let parts = path.split(separator: ".").map(String.init)
        var current = frame.index(of: parts[0]) != nil ? frame[row, parts[0]] : .null
        for part in parts.dropFirst() {
            guard case .object(let o) = current else { return .null }
            current = o[part] ?? .null
        }
        return current
    }

    /// One comparable text per value, in the oracle's notation: D<ms>, N<number>, S<text>, null.
    static func text(_ v: DataValue) -> String {
        switch v {
        case .null: "null"
        case .number(let n): n.isNaN ? "null" : "N\(n)"
        case .date(let ms): "D\(ms)"
        case .string(let s): "S\(s)"
        case .bool(let b): "S\(b)"
        case .array, .object: "S\(v.text)"
        }
    }

    static func text(json: Any) -> String {
        switch json {
        case is NSNull: "null"
        case let o as [String: Any]: "D\((o["date"] as? NSNumber)?.doubleValue ?? .nan)"
        case let n as NSNumber: "N\(n.doubleValue)"
        case let s as String: "S\(s)"
        default: "null"
        }
    }

    static func same(_ pair: (String, String)) -> Bool {
        let (a, b) = pair
        if a == b { return true }
        guard a.first == b.first, a.first == "N" || a.first == "D",
              let x = Double(a.dropFirst()), let y = Double(b.dropFirst()) else { return false }
        return abs(x - y) <= 1e-9 * max(1, abs(x), abs(y))
    }
}

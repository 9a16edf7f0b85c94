import D3Format
import Foundation

/// One value in a Vega data row, with the JavaScript semantics Vega relies on (truthiness,
/// number coercion, validity). Dates are instants in milliseconds since 1970 UTC, as a JS `Date`.
public enum DataValue: Sendable, Hashable {
    /// JSON `null`, a missing field, or JavaScript `undefined` (Vega treats all three as invalid).
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// Milliseconds since 1970-01-01T00:00:00Z.
    case date(Double)
    case array([DataValue])
    case object([String: DataValue])

    /// Vega's `isValid`: not null and not NaN.
    public var isValid: Bool {
        switch self {
        case .null: false
        case .number(let n): !n.isNaN
        case .date(let t): !t.isNaN
        default: true
        }
    }

    /// JavaScript truthiness (`!!v`).
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        case .number(let n): n != 0 && !n.isNaN
        case .string(let s): !s.isEmpty
        case .date: true
        case .array, .object: true
        }
    }

    /// JavaScript `ToNumber` (`+v`): null → 0, booleans → 0/1, dates → milliseconds, strings parsed
    /// as JavaScript does ("" → 0, " 12 " → 12, "0x1F" → 31, "abc" → NaN), arrays/objects → NaN
    /// (except `[]` → 0 and a one-element array → its element's number).
    public var number: Double {
        switch self {
        case .null: 0
        case .bool(let b): b ? 1 : 0
        case .number(let n): n
        case .date(let t): t
        case .string(let s): DataValue.jsNumber(s)
        case .array(let a):
            a.isEmpty ? 0 : a.count == 1 ? (a[0] == .null ? 0 : DataValue.jsNumber(a[0].text)) : .nan
        case .object: .nan
        }
    }

    /// The number if this is a present, non-NaN number (or date), else nil: what Vega's
    /// aggregates and scales take as a valid numeric value after `+v`.
    public var validNumber: Double? {
        guard isValid else { return nil }
        let n = number
        return n.isNaN ? nil : n
    }

    /// JavaScript `String(v)` for the scalar cases (numbers as JavaScript prints them, dates as
    /// ISO 8601 UTC since Pitchline evaluates in UTC).
    public var text: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): DataValue.jsNumberText(n)
        case .string(let s): s
        case .date(let t):
            t.isNaN ? "Invalid Date" : ISO8601DateFormatter.pitchlineUTC.string(from: Date(timeIntervalSince1970: t / 1000))
        case .array(let a): a.map { $0 == .null ? "" : $0.text }.joined(separator: ",")
        case .object: "[object Object]"
        }
    }

    /// JavaScript's `Number(string)`.
    public static func jsNumber(_ string: String) -> Double {
        let s = string.trimmingCharacters(in: .whitespacesAndNewlines)
        if s.isEmpty { return 0 }
        let lower = s.lowercased()
        if lower.hasPrefix("0x") { return UInt64(s.dropFirst(2), radix: 16).map { Double($0) } ?? .nan }
        if lower.hasPrefix("0b") { return UInt64(s.dropFirst(2), radix: 2).map { Double($0) } ?? .nan }
        if lower.hasPrefix("0o") { return UInt64(s.dropFirst(2), radix: 8).map { Double($0) } ?? .nan }
        switch s {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        // Swift's Double(String) also accepts "nan", "inf" and hex floats, which JavaScript does not.
        guard s.allSatisfy({ "0123456789+-.eE".contains($0) }) else { return .nan }
        return Double(s) ?? .nan
    }

    /// A number as JavaScript's `String(n)` writes it: "3", "0.1", "0.00001", "1e-7", "1e+21", "NaN".
    public static func jsNumberText(_ n: Double) -> String { JSNumber.string(n) }
}

extension ISO8601DateFormatter {
    /// `2012-01-03T00:00:00.000Z`.
    nonisolated(unsafe) static let pitchlineUTC: ISO8601DateFormatter = {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        f.timeZone = TimeZone(identifier: "UTC")
        return f
    }()
}

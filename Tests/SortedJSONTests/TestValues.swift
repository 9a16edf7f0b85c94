import Foundation

struct Point: Encodable {
    var x: Double
    var label: String
    var extra: [String: Int]?
}

struct Ints: Encodable {
    var a: Int8, b: Int16, c: Int32, d: Int64, e: UInt8, f: UInt16, g: UInt32, h: UInt
}

/// Two values written into one object (the data script's `text` and `audio` do this).
struct Merged<First: Encodable, Second: Encodable>: Encodable {
    var first: First
    var second: Second
    func encode(to encoder: any Encoder) throws {
        try first.encode(to: encoder)
        try second.encode(to: encoder)
    }
}

struct Empty: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

struct Nested: Encodable {
    struct Inner: Encodable { var b: [Int]; var a: [String: String] }
    var inner: [[Inner]]
    var nothing: Empty
    var nothings: [Empty]
}

enum Scalar: Encodable {
    case text(String), number(Double), none
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .text(let t): try c.encode(t)
        case .number(let n): try c.encode(n)
        case .none: try c.encodeNil()
        }
    }
}

struct FoundationValues: Encodable {
    var date: Date
    var data: Data
    var url: URL
    var decimal: Decimal
}

/// A JSON document built at random, encoded through keyed, unkeyed and single-value containers.
indirect enum RandomValue: Encodable {
    case object([(String, RandomValue)]), array([RandomValue]), string(String), number(Double), integer(Int), bool(Bool), null

    static func make(_ g: inout SplitMix, depth: Int) -> RandomValue {
        switch g.next() % (depth > 4 ? 5 : 7) {
        case 0: return .string(randomString(&g))
        case 1: return .number(g.next() % 3 == 0 ? Double(bitPattern: g.next()) : Double(Int64(bitPattern: g.next()) % 100_000) / 100)
        case 2: return .integer(Int(truncatingIfNeeded: g.next()) >> Int(g.next() % 64))
        case 3: return .bool(g.next() % 2 == 0)
        case 4: return .null
        case 5: return .array((0..<Int(g.next() % 6)).map { _ in make(&g, depth: depth + 1) })
        default:
            let keys = ["a", "b", "A", "z", "é", "a1", "a10", "_x", "\"", "k/ey"]
            return .object((0..<Int(g.next() % 7)).map { _ in
                (g.next() % 3 == 0 ? randomString(&g) : keys[Int(g.next() % UInt64(keys.count))], make(&g, depth: depth + 1))
            })
        }
    }

    static func randomString(_ g: inout SplitMix) -> String {
        let pools: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x7FF, 0x2000...0x206F, 0xD7F0...0xD7FF, 0xE000...0xFFFF, 0x1F300...0x1F6FF]
        var s = String.UnicodeScalarView()
        for _ in 0..<Int(g.next() % 12) {
            let pool = pools[Int(g.next() % UInt64(pools.count))]
            if let scalar = Unicode.Scalar(pool.lowerBound + UInt32(g.next() % UInt64(pool.count))) { s.append(scalar) }
        }
        return String(s)
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var c = encoder.container(keyedBy: Key.self)
            for (k, v) in members { try c.encode(v, forKey: Key(stringValue: k)) }
        case .array(let elements):
            var c = encoder.unkeyedContainer()
            for e in elements { try c.encode(e) }
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .number(let n): var c = encoder.singleValueContainer(); try c.encode(n)
        case .integer(let i): var c = encoder.singleValueContainer(); try c.encode(i)
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        }
    }
}

/// A small seeded generator (SplitMix64): the same documents every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49EB_133D_111B
        return z ^ (z >> 31)
    }
}

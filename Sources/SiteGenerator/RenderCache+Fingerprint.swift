import ChartData
import ChartModel
import Foundation

/// A canonical byte encoding of a loaded chart for cache keys: equal charts give equal bytes in
/// every process, different charts different bytes.
///
/// It walks the value with `Mirror`, so a field added to `Chart` later is part of the key without
/// anyone remembering to add it here. Numbers are encoded by bit pattern, strings with their
/// length, dictionaries and sets sorted (their iteration order changes from run to run), and the
/// large row arrays take a fast path.
enum ChartFingerprint {
    static func encode(_ chart: Chart) -> Data {
        var out = Data()
        out.reserveCapacity(64 + chart.pointCount * (1 + chart.series.count) * 9)
        append(chart, to: &out)
        return out
    }

    static func append(_ value: Any, to out: inout Data) {
        switch value {
        case let v as String: string(v, &out)
        case let v as Double: tag("d", &out); bits(v.bitPattern, &out)
        case let v as Float: tag("f", &out); bits(UInt64(v.bitPattern), &out)
        case let v as Int: tag("i", &out); bits(UInt64(bitPattern: Int64(v)), &out)
        case let v as Bool: tag(v ? "T" : "F", &out)
        case let v as Date: tag("t", &out); bits(v.timeIntervalSince1970.bitPattern, &out)
        case let v as [Double?]:
            tag("[", &out); bits(UInt64(v.count), &out)
            for d in v {
                if let d { tag("d", &out); bits(d.bitPattern, &out) } else { tag("n", &out) }
            }
        case let v as [XValue]:
            tag("[", &out); bits(UInt64(v.count), &out)
            for x in v {
                switch x {
                case .number(let d): tag("d", &out); bits(d.bitPattern, &out)
                case .date(let d): tag("t", &out); bits(d.timeIntervalSince1970.bitPattern, &out)
                case .category(let s): string(s, &out)
                }
            }
        default: reflect(value, &out)
        }
    }

    private static func reflect(_ value: Any, _ out: inout Data) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let some = mirror.children.first { tag("?", &out); append(some.value, to: &out) } else { tag("n", &out) }
        case .dictionary, .set:
            // Encode each element alone, then sort the encodings: order-independent.
            var items: [Data] = mirror.children.map { child in
                var item = Data()
                append(child.value, to: &item)
                return item
            }
            items.sort { $0.lexicographicallyPrecedes($1) }
            tag("{", &out); bits(UInt64(items.count), &out)
            for item in items { out.append(item) }
        case .enum:
            string("\(type(of: value))", &out)
            // The case name, then any payload.
            string(String(describing: value).prefix { $0 != "(" }.description, &out)
            for child in mirror.children { append(child.value, to: &out) }
        default:
            string("\(type(of: value))", &out)
            bits(UInt64(mirror.children.count), &out)
            for child in mirror.children {
                string(child.label ?? "", &out)
                append(child.value, to: &out)
            }
            if mirror.children.isEmpty { string(String(describing: value), &out) }
        }
    }

    private static func tag(_ c: Character, _ out: inout Data) { out.append(c.asciiValue ?? 0x3F) }

    private static func bits(_ v: UInt64, _ out: inout Data) {
        withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
    }

    private static func string(_ s: String, _ out: inout Data) {
        let utf8 = Data(s.utf8)
        tag("s", &out)
        bits(UInt64(utf8.count), &out)
        out.append(utf8)
    }
}

/// Escapes text for HTML/XML content and attribute values: `&`, `<`, `>`, `"` and `'`.
///
/// The one escaping function used for every text the SVG writer puts into markup
/// (templates escape through Mustache's double braces).
public func xmlEscape(_ text: String) -> String {
    var needsEscaping = false
    for byte in text.utf8 where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 {
        needsEscaping = true
        break
    }
    guard needsEscaping else { return text }
    return xmlEntities.apply(text)
}

private let xmlEntities = ScalarEscapes(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"])

/// Escapes serialized JSON so it can sit inside a classic `<script>` file or element without
/// ever closing it: `<`, `>`, `&`, U+2028 and U+2029 become `\u` escapes (valid JSON and JavaScript).
public func scriptSafeJSON(_ json: String) -> String {
    String(decoding: scriptSafeJSON(bytes: Array(json.utf8)), as: UTF8.self)
}

/// `scriptSafeJSON` over UTF-8 bytes, in one pass: the escaped characters are three ASCII bytes
/// and two three-byte sequences (U+2028 `E2 80 A8`, U+2029 `E2 80 A9`), so no decoding is needed.
public func scriptSafeJSON(bytes json: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(json.count + json.count / 64 + 16)
    json.withUnsafeBufferPointer { b in
        var mark = 0, i = 0
        while i < b.count {
            let c = b[i]
            let escape: StaticString
            var width = 1
            switch c {
            case 0x3C: escape = "\\u003c"
            case 0x3E: escape = "\\u003e"
            case 0x26: escape = "\\u0026"
            case 0xE2 where i + 2 < b.count && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9):
                escape = b[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                width = 3
            default:
                i += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: b[mark..<i]))
            out.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
            i += width
            mark = i
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: b[mark...]))
    }
    return out
}

/// Replacement texts for a few scalars, applied in one pass (the loop behind `xmlEscape`):
/// ASCII ones looked up by index, the few others by a short search.
private struct ScalarEscapes: Sendable {
    private var ascii = [String?](repeating: nil, count: 128)
    private var others: [(scalar: Unicode.Scalar, text: String)] = []

    init(_ table: KeyValuePairs<Unicode.Scalar, String>) {
        for (scalar, text) in table {
            if scalar.isASCII { ascii[Int(scalar.value)] = text } else { others.append((scalar, text)) }
        }
    }

    func apply(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            let replacement = scalar.isASCII ? ascii[Int(scalar.value)] : others.first { $0.scalar == scalar }?.text
            if let replacement { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}

/// Markup that was built by this module and is already escaped, for the few places a template
/// needs raw markup (the SVG). Templates render it with triple braces; nothing else is trusted.
public struct TrustedMarkup: Sendable, CustomStringConvertible {
    public let html: String
    public init(escapedHTML: String) { self.html = escapedHTML }
    public var description: String { html }
}

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
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Escapes serialized JSON so it can sit inside a classic `<script>` file or element without
/// ever closing it: `<`, `>`, `&`, U+2028 and U+2029 become `\u` escapes (valid JSON and JavaScript).
public func scriptSafeJSON(_ json: String) -> String {
    var out = ""
    out.reserveCapacity(json.utf8.count + 16)
    for scalar in json.unicodeScalars {
        switch scalar {
        case "<": out += "\\u003c"
        case ">": out += "\\u003e"
        case "&": out += "\\u0026"
        case "\u{2028}": out += "\\u2028"
        case "\u{2029}": out += "\\u2029"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Markup that was built by this module and is already escaped, for the few places a template
/// needs raw markup (the SVG). Templates render it with triple braces; nothing else is trusted.
public struct TrustedMarkup: Sendable, CustomStringConvertible {
    public let html: String
    public init(escapedHTML: String) { self.html = escapedHTML }
    public var description: String { html }
}

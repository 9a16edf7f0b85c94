import Foundation

/// Fails (traps, so libFuzzer records the input) when text from the Markdown became markup that
/// runs or loads something, or that the page's Content-Security-Policy would have to block:
/// a script other than the theme's and the charts' own, an event-handler attribute, a
/// `javascript:`/`data:` URL, an inline style, or (in the body) an element that embeds or redirects.
/// Text inside quoted attribute values (e.g. an escaped title in `<meta content>`) is not markup.
func checkReport(_ html: String, allowedScripts: Set<String>) {
    let text = html as NSString
    let bodyStart = text.range(of: "<body").location
    for match in Patterns.tag.matches(in: html, range: NSRange(location: 0, length: text.length)) {
        let tag = text.substring(with: match.range)
        let name = text.substring(with: match.range(at: 1)).lowercased()
        let attributes = text.substring(with: match.range(at: 2))
        let unquoted = Patterns.quoted.stringByReplacingMatches(
            in: attributes, range: NSRange(location: 0, length: (attributes as NSString).length), withTemplate: "\"\"")
        func fail(_ what: String) -> Never { preconditionFailure("\(what) in the report page: \(tag)") }

        if name == "script" {
            let src = Patterns.scriptSource.firstMatch(in: tag, range: NSRange(location: 0, length: (tag as NSString).length))
                .map { (tag as NSString).substring(with: $0.range(at: 1)) }
            let file = src?.split(separator: "/").last.map(String.init)
            if file.map(allowedScripts.contains) != true { fail("a script the theme did not put there") }
        }
        if Patterns.handler.firstMatch(in: unquoted, range: NSRange(location: 0, length: (unquoted as NSString).length)) != nil {
            fail("an event-handler attribute")
        }
        if Patterns.style.firstMatch(in: unquoted, range: NSRange(location: 0, length: (unquoted as NSString).length)) != nil {
            fail("an inline style attribute")
        }
        for url in Patterns.urlAttribute.matches(in: attributes, range: NSRange(location: 0, length: (attributes as NSString).length)) {
            let value = (1...3).lazy.map { url.range(at: $0 + 1) }.first { $0.location != NSNotFound }
                .map { (attributes as NSString).substring(with: $0) } ?? ""
            let scheme = decodedScheme(value)
            if ["javascript:", "vbscript:", "data:"].contains(where: scheme.hasPrefix) { fail("a script URL") }
        }
        // The theme's own reader-settings form (partials/settings-dialog) is allowed exactly as the
        // theme writes it: its class and `role="none"` (so screen readers do not announce "form"),
        // nothing else, so no action and no target; submit is cancelled.
        let ownSettingsForm = name == "form" && attributes.trimmingCharacters(in: .whitespaces) == #"class="pl-settings-form" role="none""#
        if bodyStart != NSNotFound, match.range.location > bodyStart, Patterns.forbiddenInBody.contains(name), !ownSettingsForm {
            fail("an element that embeds, styles or redirects")
        }
    }
}

/// The URL as a browser reads it for its scheme: character references decoded, ASCII
/// whitespace and control characters removed, lowercased.
private func decodedScheme(_ value: String) -> String {
    var decoded = value.replacingOccurrences(of: "&colon;", with: ":", options: .caseInsensitive)
    while let match = Patterns.numericReference.firstMatch(in: decoded, range: NSRange(location: 0, length: (decoded as NSString).length)) {
        let digits = (decoded as NSString).substring(with: match.range(at: 2))
        let code = match.range(at: 1).length > 0 ? UInt32(digits, radix: 16) : UInt32(digits)
        let replacement = code.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? ""
        decoded = (decoded as NSString).replacingCharacters(in: match.range, with: replacement)
    }
    return String(decoded.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }.map(Character.init)).lowercased()
}

private enum Patterns {
    static let tag = regex(#"<([a-z][a-z0-9-]*)([^<>]*)>"#)
    static let quoted = regex(#""[^"]*"|'[^']*'"#)
    static let scriptSource = regex(#"^<script defer src="([^"<>]*)">$"#)
    static let handler = regex(#"(^|[\s/"'])on[a-z]+\s*="#)
    static let style = regex(#"(^|[\s/"'])style\s*="#)
    static let urlAttribute = regex(#"(?:^|[\s/"'])(href|src|action|formaction|xlink:href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))"#)
    static let numericReference = regex(#"&#(x?)([0-9a-f]+);?"#)
    static let forbiddenInBody: Set<String> = [
        "iframe", "object", "embed", "base", "style", "form", "frame", "frameset", "applet", "meta", "link", "template",
    ]

    static func regex(_ pattern: String) -> NSRegularExpression {
        try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }
}

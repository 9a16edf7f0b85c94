import Foundation

/// Keeps report Markdown to words and Markdown's own markup: Ink passes raw HTML through and
/// writes link and image URLs into attributes unescaped, so `<script>`, `<img onerror=…>`,
/// `[x](javascript:…)` and `[x](a" onmouseover="…)` would reach the page (found by `Fuzz/fuzz-report`).
/// Raw HTML is shown as text: `<` is escaped before Ink sees it (an unclosed tag such as `<b>`
/// made Ink swallow the rest of the report, charts included), and Ink's output is filtered again.
enum ReportMarkdownSafety {
    /// Ink's HTML with every tag that is not one Ink itself writes turned into visible text
    /// (`<` → `&lt;`), and links and images kept only with an http(s), mailto or relative URL.
    /// Ink's tags: p, h1–h6, em, strong, s, code (`class="language-x"`), pre, blockquote, ul,
    /// ol (`start`), li, table, thead, tbody, tr, th/td (`align`), br, hr, a (`href`), img (`src`, `alt`).
    static func sanitizedHTML(_ html: String) -> String {
        var out = ""
        out.reserveCapacity(html.utf8.count)
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            let close = rest[afterOpen...].firstIndex(where: { $0 == ">" || $0 == "<" })
            if let close, rest[close] == ">", let tag = allowedTag(rest[open...close]) {
                out += tag
                rest = rest[rest.index(after: close)...]
            } else {
                out += "&lt;"
                rest = rest[afterOpen...]
            }
        }
        out += rest
        return out
    }

    /// The tag as it may appear in the page, or nil to show it as text.
    private static func allowedTag(_ tag: Substring) -> String? {
        let inner = tag.dropFirst().dropLast()
        if plainTags.contains(String(inner)) { return String(tag) }
        if let attributes = inner.stripPrefix("ol start=\""), let number = attributes.stripSuffix("\""),
           !number.isEmpty, number.count < 10, number.allSatisfy(\.isASCIIDigit) {
            return String(tag)
        }
        for cell in ["td", "th"] {
            if let value = inner.stripPrefix("\(cell) align=\"").flatMap({ $0.stripSuffix("\"") }),
               ["left", "center", "right"].contains(value) {
                return String(tag)
            }
        }
        if let language = inner.stripPrefix("code class=\"language-").flatMap({ $0.stripSuffix("\"") }),
           !language.isEmpty, language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-_#.".contains($0)) }) {
            return String(tag)
        }
        if let url = inner.stripPrefix("a href=\"").flatMap({ $0.stripSuffix("\"") }) {
            return safeURL(url).map { "<a href=\"\($0)\">" }
        }
        if let attributes = inner.stripPrefix("img src=\"").flatMap({ $0.stripSuffix("/") }) {
            let parts = attributes.split(separator: "\"", omittingEmptySubsequences: false)
            // `x"` or `x" alt="text"`: the quotes split it into 2 or 4 parts.
            guard let url = parts.first.flatMap(safeURL) else { return nil }
            if parts.count == 2, parts[1].isEmpty { return "<img src=\"\(url)\">" }
            if parts.count == 4, parts[1] == " alt=", parts[3].isEmpty {
                return "<img src=\"\(url)\" alt=\"\(parts[2])\">"
            }
            return nil
        }
        return nil
    }

    /// The Markdown as handed to Ink: trailing whitespace removed (Ink 0.6 reads past the end of a
    /// front matter block left open before trailing blank lines, a trap: `---\ntitle: x\n\n`),
    /// and `[` nesting limited (`limitingBracketNesting`).
    static func preparedForInk(_ markdown: String) -> String {
        var text = Substring(markdown)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return limitingBracketNesting(escapingRawHTML(String(text)))
    }

    /// Stands for `<` while Ink parses (a private-use character). Ink never sees a `<`, so its raw
    /// HTML reader never runs: it loops for ever on some tags ("Words\n    ```\n<p": fuzz-report).
    /// An earlier version escaped `<` outside code and left it in code for Ink; deciding where code
    /// is meant mirroring Ink's block rules, and one disagreement (an indented fence after a
    /// paragraph) flipped every later block and let a raw `<p` through.
    static let lessThanMarker: Character = "\u{E000}"

    /// Every `<` outside front matter becomes `lessThanMarker` (a marker already in the text becomes
    /// its character reference first, so the way back is exact); `restoringLessThan` turns the
    /// markers in Ink's output back into `&lt;` (HTML) or `<` (plain text such as a heading's title).
    static func escapingRawHTML(_ markdown: String) -> String {
        guard markdown.contains("<") || markdown.contains(lessThanMarker) else { return markdown }
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        // Front matter only when it is closed: Ink reads an unclosed `---` block as Markdown.
        let frontMatterEnd = lines.first == "---" ? lines.dropFirst().firstIndex(of: "---") : nil
        let body = lines[(frontMatterEnd.map { $0 + 1 } ?? 0)...].joined(separator: "\n")
            .replacingOccurrences(of: String(lessThanMarker), with: "&#xE000;")
            .replacingOccurrences(of: "<", with: String(lessThanMarker))
        guard let frontMatterEnd else { return body }
        return (lines[...frontMatterEnd] + [Substring(body)]).joined(separator: "\n")
    }

    /// Ink's output with each marker back as `&lt;` (`html: true`) or `<`.
    static func restoringLessThan(_ text: String, html: Bool) -> String {
        text.replacingOccurrences(of: String(lessThanMarker), with: html ? "&lt;" : "<")
    }

    /// Deepest `[` nesting handed to Ink. Ink retries every unclosed or unlinked `[` both ways,
    /// so its time doubles with each level (fuzz-report: 16 levels took 17 s, 20 never ended),
    /// times the rest of the paragraph: six unclosed `![` before 1,000 `!` took 6.6 s (ASan build;
    /// CI timed out on a mutation of it). Three levels cover a linked image in a link.
    static let maxBracketDepth = 3

    /// The Markdown with every `[` deeper than `maxBracketDepth` in one paragraph escaped as `\[`
    /// (Ink shows it as a plain "["); fenced code blocks are left alone.
    static func limitingBracketNesting(_ markdown: String) -> String {
        guard markdown.utf8.count(where: { $0 == UInt8(ascii: "[") }) > maxBracketDepth else { return markdown }
        var out = ""
        out.reserveCapacity(markdown.utf8.count)
        var depth = 0
        var inFence = false
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if number > 0 { out += "\n" }
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.hasPrefix("```") { inFence.toggle() }
            if inFence || trimmed.hasPrefix("```") { out += line; continue }
            if trimmed.allSatisfy(\.isWhitespace) { depth = 0 }
            var previous: Character = " "
            for character in line {
                if character == "[" && previous != "\\" {
                    depth += 1
                    if depth > maxBracketDepth { out += "\\" }
                } else if character == "]" && previous != "\\" {
                    depth = max(0, depth - 1)
                }
                out.append(character)
                previous = character
            }
        }
        return out
    }

    private static let plainTags: Set<String> = {
        let names = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "em", "strong", "s", "code", "pre", "blockquote",
                     "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td", "a"]
        return Set(names + names.map { "/" + $0 } + ["br", "hr"])
    }()

    /// The URL for an attribute (`&` escaped), or nil when it is not http(s), mailto or relative,
    /// or holds characters that could end the attribute or hide a scheme.
    static func safeURL(_ url: Substring) -> String? {
        guard !url.contains(where: { $0 == "\"" || $0 == "'" || $0 == "<" || $0 == ">" || $0 == "`" || $0.isWhitespace
                || $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
        else { return nil }
        // A scheme is letters, digits, + - . before the first ":" that comes before any / ? #.
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains(where: { "/?#".contains($0) }) {
            let scheme = url[..<colon].lowercased()
            guard ["http", "https", "mailto"].contains(scheme) else { return nil }
        }
        // `&` always as `&amp;`, so an entity (`java&#115;cript:`) can never spell a scheme.
        return url.replacingOccurrences(of: "&", with: "&amp;")
    }
}

extension Substring {
    fileprivate func stripPrefix(_ prefix: String) -> Substring? { hasPrefix(prefix) ? dropFirst(prefix.count) : nil }
    fileprivate func stripSuffix(_ suffix: String) -> Substring? { hasSuffix(suffix) ? dropLast(suffix.count) : nil }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

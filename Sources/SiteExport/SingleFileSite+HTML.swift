import Foundation

/// Cutting the generated pages apart. The pages come from our own templates (layout.mustache:
/// one `<main id="main" tabindex="-1">`, scripts after `</main>`), so plain string searches
/// suffice; nothing here parses arbitrary HTML.
extension SingleFileSite {
    static let mainOpen = "<main id=\"main\" tabindex=\"-1\">"

    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex) else { return nil }
        return String(text[a.upperBound..<b.lowerBound])
    }

    /// The content of the page's `<main>`.
    static func main(of page: String) -> String {
        (between(page, mainOpen, "</main>") ?? "").trimmingCharacters(in: .newlines)
    }

    /// Everything after `</main>` (help dialog, scripts).
    static func afterMain(of page: String) -> String {
        guard let end = page.range(of: "</main>") else { return "" }
        return String(page[end.upperBound...])
    }

    /// The first `<tag …>…</tag>` element, tags included.
    static func element(_ tag: String, in text: String) -> String? {
        guard let a = text.range(of: "<\(tag)"), let b = text.range(of: "</\(tag)>", range: a.upperBound..<text.endIndex) else { return nil }
        return String(text[a.lowerBound..<b.upperBound])
    }

    static func scriptSources(in text: String) -> [String] {
        matches(#"<script[^>]*\ssrc="([^"]*)""#, in: text)
    }

    static func chartIDs(in page: String) -> Set<String> {
        Set(matches(#"<figure class="pl-chart" data-chart-id="([^"]*)""#, in: page))
    }

    /// `charts/<id>.html` (not a file inside a chart's folder).
    static func isChartPage(_ path: String) -> Bool {
        path.hasPrefix("charts/") && path.hasSuffix(".html") && !path.dropFirst("charts/".count).contains("/")
    }

    static func chartID(ofPage path: String) -> String {
        String(path.dropFirst("charts/".count).dropLast(".html".count))
    }

    /// `reports/rain.html` → `page-reports-rain`.
    static func anchor(for path: String) -> String {
        "page-" + path.dropLast(".html".count).replacingOccurrences(of: "/", with: "-")
    }

    /// `<h1>` → `<h2>` … `<h5>` → `<h6>`, so a page's headings sit under the file's one `<h1>`.
    static func shiftHeadings(_ html: String) -> String {
        replace(#"<(/?)h([1-5])([\s>])"#, in: html) { groups in
            "<\(groups[1])h\(Int(groups[2])! + 1)\(groups[3])"
        }
    }

    /// Capture group 1 of every match.
    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
    }

    /// Replaces every match of `pattern` with `transform(groups)` (group 0 = whole match).
    static func replace(_ pattern: String, in text: String, _ transform: ([String]) -> String) -> String {
        let regex = try! NSRegularExpression(pattern: pattern)
        let ns = text as NSString
        var out = ""
        var last = 0
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            out += ns.substring(with: NSRange(location: last, length: match.range.location - last))
            let groups = (0..<match.numberOfRanges).map {
                match.range(at: $0).location == NSNotFound ? "" : ns.substring(with: match.range(at: $0))
            }
            out += transform(groups)
            last = match.range.location + match.range.length
        }
        out += ns.substring(from: last)
        return out
    }
}

import Foundation

/// Links an author wrote in a report's Markdown, made to work inside the single file: pages
/// become in-page anchors, files `data:` URLs; fragments and other sites are left alone.
/// (Only the report's own Markdown HTML is rewritten; every other link in the single file is
/// made right when it is rendered.)
struct SingleFileLinks {
    /// The page the Markdown belongs to, e.g. `reports/rain.html`.
    let page: String
    /// Site page → where its content is in the single file (`charts/a.html` → `a-heading`).
    let anchors: [String: String]
    let dataURL: (String) -> String?

    func rewrite(_ html: String) -> String {
        let regex = try! NSRegularExpression(pattern: #"(\s(?:href|src)=")([^"]*)(")"#)
        let ns = html as NSString
        var out = ""
        var last = 0
        for match in regex.matches(in: html, range: NSRange(location: 0, length: ns.length)) {
            out += ns.substring(with: NSRange(location: last, length: match.range.location - last))
            out += ns.substring(with: match.range(at: 1)) + target(ns.substring(with: match.range(at: 2))) + ns.substring(with: match.range(at: 3))
            last = match.range.location + match.range.length
        }
        return out + ns.substring(from: last)
    }

    func target(_ link: String) -> String {
        if link.isEmpty || link.hasPrefix("#") || Self.hasScheme(link) { return link }
        let fragment = link.firstIndex(of: "#").map { String(link[link.index(after: $0)...]) }
        let path = Self.resolve(link, from: page)
        if let anchor = anchors[path] { return "#" + (fragment ?? anchor) }
        if path.hasSuffix(".html") { return "#main" }  // a page not in the file: its top
        return dataURL(path) ?? link
    }

    static func hasScheme(_ link: String) -> Bool {
        guard let colon = link.firstIndex(of: ":") else { return false }
        return !link[..<colon].contains("/")
    }

    /// `../charts/a.csv` from `reports/r.html` → `charts/a.csv` (query and fragment dropped).
    static func resolve(_ link: String, from page: String) -> String {
        let bare = link.prefix { $0 != "#" && $0 != "?" }.replacingOccurrences(of: "&amp;", with: "&")
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for component in bare.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case "", ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(String(component))
            }
        }
        return parts.joined(separator: "/")
    }
}

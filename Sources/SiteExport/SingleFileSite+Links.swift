import Foundation
import SiteGenerator

/// Turns a page's relative links into what works inside the single file: pages become in-page
/// anchors, downloads `data:` URLs; fragments and links to other sites are left alone.
struct LinkRewriter {
    let fileSet: FileSet
    /// Where each page's content sits: `reports/x.html` → `page-reports-x`, and a chart page
    /// whose chart is embedded in a report → that embed's heading id.
    let pageAnchors: [String: String]

    func rewrite(_ html: String, from page: String) -> String {
        SingleFileSite.replace(#"(\s(?:href|src)=")([^"]*)(")"#, in: html) { groups in
            groups[1] + target(groups[2], from: page) + groups[3]
        }
    }

    func target(_ link: String, from page: String) -> String {
        if link.isEmpty || link.hasPrefix("#") || Self.hasScheme(link) { return link }
        let fragment = link.firstIndex(of: "#").map { String(link[link.index(after: $0)...]) }
        let path = Self.resolve(link, from: page)
        if path == "index.html" || (path.hasSuffix(".html") && fileSet[path] != nil && pageAnchors[path] == nil) {
            return "#" + (fragment ?? "main")
        }
        if let anchor = pageAnchors[path] { return "#" + (fragment ?? anchor) }
        guard let file = fileSet[path] else { return link }
        let type = file.contentType.replacingOccurrences(of: " ", with: "")
        return "data:\(type);base64,\(file.data.base64EncodedString())"
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

/// Keeps ids unique across the sections of the single file: an id already used by an earlier
/// section is renamed `<section>-<id>` in the later one, with every reference to it there.
struct IDRegistry {
    private var seen: Set<String> = []

    static let referenceAttributes = "id|for|headers|list|aria-labelledby|aria-describedby|aria-controls|aria-owns|aria-details|aria-activedescendant|aria-errormessage|aria-flowto"

    mutating func claim(_ html: String, section: String) -> String {
        let ids = SingleFileSite.matches(#"\sid="([^"]*)""#, in: html)
        var renames: [String: String] = [:]
        for id in ids {
            if seen.contains(id) { renames[id] = "\(section)-\(id)" }
        }
        for id in ids { seen.insert(renames[id] ?? id) }
        guard !renames.isEmpty else { return html }
        var out = SingleFileSite.replace(#"(\s(?:\#(Self.referenceAttributes))=")([^"]*)(")"#, in: html) { g in
            g[1] + g[2].split(separator: " ").map { renames[String($0)] ?? String($0) }.joined(separator: " ") + g[3]
        }
        out = SingleFileSite.replace(##"(\s(?:href|xlink:href)="#)([^"]*)(")"##, in: out) { g in g[1] + (renames[g[2]] ?? g[2]) + g[3] }
        out = SingleFileSite.replace(#"url\(#([^)]*)\)"#, in: out) { g in "url(#\(renames[g[1]] ?? g[1]))" }
        return out
    }
}

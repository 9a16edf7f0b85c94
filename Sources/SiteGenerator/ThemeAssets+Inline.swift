import Foundation

extension ThemeAssets {
    /// The bundled CSS for the single file: every `url(…)` naming one of the theme's other files
    /// (a font, an image in `Public/`, relative to `assets/` where the bundle lives) becomes a
    /// `data:` URL, since the single file has no folder beside it. Other URLs (absolute, `data:`,
    /// fragments, files the theme does not have) are left as written.
    func cssForSingleFile() -> String {
        let css = String(decoding: css.data, as: UTF8.self)
        let files = Dictionary(others.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let regex = try! NSRegularExpression(pattern: #"url\(\s*(['"]?)([^'")\s]+)\1\s*\)"#, options: .caseInsensitive)
        let ns = css as NSString
        var out = ""
        var last = 0
        for match in regex.matches(in: css, range: NSRange(location: 0, length: ns.length)) {
            let reference = ns.substring(with: match.range(at: 2))
            guard let file = files[Self.resolve(reference)] else { continue }
            out += ns.substring(with: NSRange(location: last, length: match.range.location - last))
            let type = file.contentType.replacingOccurrences(of: " ", with: "")
            out += "url(\"data:\(type);base64,\(file.data.base64EncodedString())\")"
            last = match.range.location + match.range.length
        }
        return out + ns.substring(from: last)
    }

    /// `fonts/a.woff2`, `./a.png`, `../assets/a.png` as seen from `assets/` → `assets/fonts/a.woff2`;
    /// "" for URLs that are not files of the site (a scheme, `/`, `#`).
    static func resolve(_ reference: String) -> String {
        if reference.hasPrefix("/") || reference.hasPrefix("#") || SingleFileLinks.hasScheme(reference) { return "" }
        return SingleFileLinks.resolve(reference, from: "assets/bundle.css")
    }
}

import ChartPages
import Foundation

/// `sitemap.xml` (sitemaps.org 0.9): every page's absolute URL under the site's base URL.
struct Sitemap {
    let baseURL: String
    /// Page paths relative to the site root; `index.html` is listed as the base URL itself.
    let pages: [String]

    var file: GeneratedFile {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages {
            let path = page == "index.html" ? "" : page.split(separator: "/").map {
                String($0).addingPercentEncoding(withAllowedCharacters: Self.segmentAllowed) ?? String($0)
            }.joined(separator: "/")
            xml += "<url><loc>\(xmlEscape(baseURL + path))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return GeneratedFile(path: "sitemap.xml", data: Data(xml.utf8), contentType: ContentType.xml, role: .sitemap)
    }

    static let segmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))
}

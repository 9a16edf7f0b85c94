/// The one table of content types: the generator's files, and folders of built files read back
/// (`serve --files`). JavaScript is `text/javascript` (RFC 9239).
public enum ContentType {
    public static let html = "text/html; charset=utf-8"
    public static let css = "text/css; charset=utf-8"
    public static let javascript = "text/javascript; charset=utf-8"
    public static let csv = "text/csv; charset=utf-8"
    /// CSV on the Web metadata (W3C, `<name>.csv-metadata.json`).
    public static let csvMetadata = "application/csvm+json"
    public static let ogg = "audio/ogg"
    public static let webm = "audio/webm"
    public static let xml = "application/xml; charset=utf-8"
    public static let json = "application/json; charset=utf-8"
    public static let svg = "image/svg+xml; charset=utf-8"
    public static let plainText = "text/plain; charset=utf-8"
    /// Braille Ready Format: Braille ASCII text for embossers and note-takers.
    public static let brf = "text/plain; charset=us-ascii"

    /// By file extension; `application/octet-stream` for anything unknown.
    public static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        let ext = name.contains(".") ? (name.split(separator: ".").last.map { $0.lowercased() } ?? "") : ""
        if name.lowercased().hasSuffix(".csv-metadata.json") { return csvMetadata }
        switch ext {
        case "html", "htm": return html
        case "css": return css
        case "js", "mjs": return javascript
        case "json", "map": return json
        case "svg": return svg
        case "csv": return csv
        case "txt", "md": return plainText
        case "brf": return brf
        case "xml": return xml
        case "ogg", "oga": return ogg
        case "webm", "weba": return webm
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "pdf": return "application/pdf"
        default: return "application/octet-stream"
        }
    }

    /// Whether a file of this type is worth compressing: the table's text formats (HTML, CSS,
    /// JavaScript, CSV, plain text, BRF, JSON, SVG, XML); images, audio and fonts are packed already.
    public static func isCompressible(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/") || [json, svg, xml].contains(contentType)
    }
}

import ContentHash
import Foundation
import SiteGenerator

/// The whole site as one self-contained HTML file (`pitchline export --single-file NAME.html`):
/// every report and chart, the CSS, the scripts and the audio (base64) inline, for attaching to
/// an email or archiving. It opens from disk with no other file present and scrubs as the site
/// does, because the audio is already in `window.PitchlineAudio` when the page script starts.
///
/// Built from the generated pages themselves (same bytes as the site, then rearranged):
/// - the index's content comes first, then each report, then each chart page whose chart is not
///   already embedded in a report, each in a `<section class="pl-page">` with its headings one
///   level down under the document's single `<h1>`;
/// - links between pages become in-page anchors, downloads (CSV, audio graphs) `data:` URLs;
/// - every chart appears once, so chart ids (which prefix all ids inside a chart) never collide;
///   any other repeated id is renamed within its section, references included;
/// - a `<meta http-equiv="Content-Security-Policy">` allows exactly the inline scripts and the
///   style by their SHA-256 hashes (no 'unsafe-inline'), and nothing else but `data:` images.
public struct SingleFileSite: Sendable {
    public let fileSet: FileSet

    public init(fileSet: FileSet) {
        self.fileSet = fileSet
    }

    /// A page of the site placed in the single file.
    struct Placed {
        var path: String
        /// The section's id, `page-reports-<slug>` or `page-charts-<id>`.
        var anchor: String
    }

    public func render() throws -> Data {
        guard let index = text("index.html") else {
            throw ExportError(path: "index.html", kind: .system(errno: ENOENT), action: "cannot build the single file without")
        }
        let reports = fileSet.files.keys.filter { $0.hasPrefix("reports/") && $0.hasSuffix(".html") }.sorted()
        var anchors: [String: String] = [:]
        for path in reports {
            let page = text(path) ?? ""
            anchors[path] = Self.anchor(for: path)
            // A chart embedded in a report is not repeated: links to its page go to the embed.
            for id in Self.chartIDs(in: page) where anchors["charts/\(id).html"] == nil {
                anchors["charts/\(id).html"] = page.contains("id=\"\(id)-heading\"") ? "\(id)-heading" : Self.anchor(for: path)
            }
        }
        let chartPages = fileSet.files.keys.filter { Self.isChartPage($0) && anchors[$0] == nil }.sorted()
        for path in chartPages { anchors[path] = Self.anchor(for: path) }
        let placed = (reports + chartPages).map { Placed(path: $0, anchor: anchors[$0]!) }
        let links = LinkRewriter(fileSet: fileSet, pageAnchors: anchors)

        var ids = IDRegistry()
        var body = ""
        body += ids.claim(links.rewrite(Self.main(of: index), from: "index.html"), section: "index")
        var scripts: [String] = []
        var help: String?
        for page in placed {
            guard let html = text(page.path) else { continue }
            var content = Self.shiftHeadings(Self.main(of: html))
            content = links.rewrite(content, from: page.path)
            content = ids.claim(content, section: page.anchor)
            body += "\n<section class=\"pl-page\" id=\"\(page.anchor)\">\n\(content)\n</section>"
            for src in Self.scriptSources(in: Self.afterMain(of: html)) {
                let path = LinkRewriter.resolve(src, from: page.path)
                if !path.hasPrefix("assets/"), !scripts.contains(path) { scripts.append(path) }
            }
            if help == nil { help = Self.element("dialog", in: Self.afterMain(of: html)) }
        }
        // Each chart's audio as a classic script, after its data script.
        var ordered: [String] = []
        for path in scripts {
            ordered.append(path)
            let id = String(path.dropFirst("charts/".count).prefix { $0 != "." })
            if let audio = fileSet.files.keys.filter({ $0.hasPrefix("charts/\(id).audio.") && $0.hasSuffix(".js") }).sorted().first {
                ordered.append(audio)
            }
        }
        if let js = fileSet.files.keys.first(where: { $0.hasPrefix("assets/") && $0.hasSuffix(".js") }) { ordered.append(js) }
        let css = fileSet.files.keys.sorted().filter { $0.hasPrefix("assets/") && $0.hasSuffix(".css") }.compactMap { text($0) }.joined(separator: "\n")
        return Data(document(index: index, body: body, help: help, css: css, scripts: ordered.compactMap { text($0) }).utf8)
    }

    /// Assembles the file around the index page's header and footer.
    func document(index: String, body: String, help: String?, css: String, scripts: [String]) -> String {
        let style = Self.inlineSafe(css, closing: "style")
        let inline = scripts.map { Self.inlineSafe($0, closing: "script") }
        let csp = Self.contentSecurityPolicy(scripts: inline, styles: [style])
        var head = Self.between(index, "<head>", "</head>") ?? ""
        head = head.replacingOccurrences(of: #"<link rel="stylesheet"[^>]*>\n?"#, with: "", options: .regularExpression)
        head = "\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"\(csp)\">"
            + head.replacingOccurrences(of: "\n<meta charset=\"utf-8\">", with: "") + "<style>\(style)</style>\n"
        let links = LinkRewriter(fileSet: fileSet, pageAnchors: [:])
        let header = links.rewrite(Self.between(index, "<body>", "<main id=\"main\" tabindex=\"-1\">") ?? "", from: "index.html")
        let footer = links.rewrite(Self.between(index, "</main>", "</body>") ?? "", from: "index.html")
        // The site's language (`pitchline.json`), as the generator set it on every page.
        let lang = Self.between(index, "<html lang=\"", "\"") ?? "en"
        var out = "<!doctype html>\n<html lang=\"\(lang)\">\n<head>\(head)</head>\n<body>\(header)<main id=\"main\" tabindex=\"-1\">\n"
        out += body
        out += "\n</main>\(footer)"
        if let help { out += help + "\n" }
        for script in inline { out += "<script>\(script)</script>\n" }
        out += "</body>\n</html>\n"
        return out
    }

    /// `default-src 'none'`; each inline script and style allowed by its SHA-256 (base64 of the
    /// raw digest, as CSP wants); images only as `data:` (for any in reports).
    static func contentSecurityPolicy(scripts: [String], styles: [String]) -> String {
        func source(_ text: String) -> String { "'sha256-\(Data(ContentHash.sha256(Data(text.utf8))).base64EncodedString())'" }
        let scriptSources = Array(Set(scripts.map(source))).sorted().joined(separator: " ")
        let styleSources = Array(Set(styles.map(source))).sorted().joined(separator: " ")
        return "default-src 'none'; script-src \(scriptSources); style-src \(styleSources); img-src data:; base-uri 'none'; form-action 'none'"
    }

    /// Text that cannot end its `<script>`/`<style>` element early: `</script` becomes `<\/script`
    /// (the same string to JavaScript and CSS).
    static func inlineSafe(_ text: String, closing tag: String) -> String {
        text.replacingOccurrences(of: "</\(tag)", with: "<\\/\(tag)", options: .caseInsensitive)
    }

    func text(_ path: String) -> String? {
        fileSet[path].map { String(decoding: $0.data, as: UTF8.self) }
    }

    /// Writes the file atomically: a temporary file beside it, fsynced, then renamed.
    public static func write(_ data: Data, to url: URL) throws {
        let target = url.standardizedFileURL.path
        let folder = url.standardizedFileURL.deletingLastPathComponent().path
        if DurableFile.isDirectory(folder) != true {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ExportError.system("cannot create folder", folder, errno: EACCES)
            }
        }
        let temp = target + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try DurableFile.write(data, to: temp)
            try DurableFile.rename(temp, target)
            DurableFile.syncDirectory(url.standardizedFileURL.deletingLastPathComponent().path)
        } catch {
            unlink(temp)
            throw error
        }
    }
}

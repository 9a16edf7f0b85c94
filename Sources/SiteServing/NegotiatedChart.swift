import Foundation
import HTTPServer
import SiteGenerator

/// `GET /charts/<id>`: one chart, several representations (its page, JSON model, text, CSV,
/// first audio graph), chosen by `Accept` and `Accept-Language` (`ContentNegotiation`). Every
/// variant's responses are built at install time with `Vary: Accept, Accept-Language`, a
/// `Link` header naming all variants (and, on the CSV, its metadata: `ChartLinks`) and
/// `Content-Location`; a request no variant suits gets a prebuilt 406 listing them. Built from
/// file roles and chart ids, never from file contents.
final class NegotiatedChart: Sendable {
    /// Roles offered, in the server's order of preference (a tie in `q` goes to the earlier).
    static let roles: [FileRole] = [.chartPage, .chartModel, .chartText, .download, .rendition]

    struct Variant: Sendable {
        let type: String
        let language: String?
        let path: String
        let served: ServedFile
    }

    let variants: [Variant]
    let types: [String]
    let languages: [String?]
    let notAcceptable: HTTPResponse

    /// The variants among `files` (one chart's), or nil when there is only the page.
    /// `links`: the files' own `Link` values (a CSV's metadata), added to the variant's.
    init?(page: GeneratedFile, files: [GeneratedFile], pageHeaders: ServedFile.Headers, links: ChartLinks) throws {
        let chosen = Self.variants(page: page, files: files)
        guard chosen.count > 1 else { return nil }
        let link = Self.alternates(chosen)
        variants = try chosen.map { file in
            let own = links.describedBy[file.path].map { ", " + $0 } ?? ""
            var headers: ServedFile.Headers = [("Link", link + own), ("Content-Location", "/" + Self.linkPath(file.path))]
            if let language = file.language { headers.append(("Content-Language", language)) }
            return Variant(
                type: Self.bareType(file.contentType), language: file.language, path: file.path,
                served: try ServedFile(file, pageHeaders: pageHeaders, extraHeaders: headers, varyOn: ["Accept", "Accept-Language"]))
        }
        types = variants.map(\.type)
        languages = variants.map(\.language)
        let list = variants.map { "\($0.type): /\(Self.linkPath($0.path))" }.joined(separator: "\n")
        notAcceptable = try HTTPResponse(
            status: 406, text: "None of this chart's representations matches the Accept header. Available:\n\(list)\n",
            headers: SecurityHeaders.all + [
                ("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-cache"),
                ("Vary", "Accept, Accept-Language"), ("Link", link),
            ])
    }

    /// A chart's representations: its page, then one file per role and language, the first by
    /// path (a chart's first series' audio graph, graph-0.ogg).
    static func variants(page: GeneratedFile, files: [GeneratedFile]) -> [GeneratedFile] {
        var chosen: [GeneratedFile] = []
        for role in roles {
            let candidates = role == .chartPage ? [page] : files.filter { $0.role == role }
            let byLanguage = Dictionary(grouping: candidates, by: { $0.language ?? "" })
            for language in byLanguage.keys.sorted() {
                chosen.append(byLanguage[language]!.min(by: { order($0.path, $1.path) })!)
            }
        }
        return chosen
    }

    /// `files` as one `Link` value of alternates, each with its type and language.
    static func alternates(_ files: [GeneratedFile]) -> String {
        files.map { file in
            "</\(linkPath(file.path))>; rel=\"alternate\"; type=\"\(bareType(file.contentType))\""
                + (file.language.map { "; hreflang=\"\($0)\"" } ?? "")
        }.joined(separator: ", ")
    }

    /// The response for one request: the chosen variant's file, or the 406.
    func choose(_ request: HTTPRequest) -> Result<ServedFile, NotAcceptable> {
        let index = ContentNegotiation.choose(
            types: types, languages: languages, accept: request.header("Accept"), acceptLanguage: request.header("Accept-Language"))
        guard let index else { return .failure(NotAcceptable(response: notAcceptable)) }
        return .success(variants[index].served)
    }

    struct NotAcceptable: Error { let response: HTTPResponse }

    /// `text/html; charset=utf-8` → `text/html`.
    static func bareType(_ contentType: String) -> String {
        String(contentType.split(separator: ";").first ?? Substring(contentType)).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// A path as a URL path (percent-encoded where it must be).
    static func linkPath(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: ";,<>\"'"))) ?? path
    }

    /// Paths with numbers in natural order (`graph-2` before `graph-10`).
    static func order(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: .numeric) == .orderedAscending
    }
}

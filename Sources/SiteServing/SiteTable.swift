import Foundation
import HTTPServer
import SiteGenerator

/// An immutable snapshot of a whole site: every route with its prebuilt responses.
/// Swapped as a whole; a request keeps its snapshot (and its bytes) alive until it is done.
final class SiteTable: Sendable {
    /// Route (decoded path with its leading "/") → file. Includes `/` → index.html,
    /// `/dir/` → dir/index.html and `/charts/x` → charts/x.html aliases.
    let routes: [String: ServedFile]
    let notFound: HTTPResponse
    let badRequest: HTTPResponse
    /// `/charts/<id>` → the chart's representations, chosen per request (`NegotiatedChart`);
    /// such a route is not in `routes`.
    let negotiated: [String: NegotiatedChart]
    /// `/_pitchline/version` answer, nil when live reload is off.
    let version: HTTPResponse?
    let fileCount: Int

    init(_ fileSet: FileSet, versionToken: String?, live: Bool = false) throws {
        // Under --watch, pages carry a mark the page script can read without a request
        // (PerformanceNavigationTiming.serverTiming); only then does it poll the version. With
        // live charts, `pitchline-live`: only then does a live chart's page open its events.
        let marks = (versionToken == nil ? [] : ["pitchline-watch"]) + (live ? ["pitchline-live"] : [])
        let pageHeaders: [(name: String, value: String)] = marks.isEmpty ? [] : [("Server-Timing", marks.joined(separator: ", "))]
        var routes: [String: ServedFile] = [:]
        let links = ChartLinks(fileSet)
        for (path, file) in fileSet.files where file.path == path && !path.hasPrefix("/") {
            let served = try ServedFile(file, pageHeaders: pageHeaders, extraHeaders: links.headers(path))
            routes["/" + path] = served
        }
        // Aliases never shadow a real file.
        for (path, served) in routes {
            if path.hasSuffix("/index.html") {
                let folder = String(path.dropLast("index.html".count))
                routes[folder] = routes[folder] ?? served
            } else if path.hasSuffix(".html") {
                let bare = String(path.dropLast(".html".count))
                routes[bare] = routes[bare] ?? served
            }
        }
        var negotiated: [String: NegotiatedChart] = [:]
        let byChart = Dictionary(grouping: fileSet.files.values.filter { $0.chartID != nil }, by: { $0.chartID! })
        for page in fileSet.files(.chartPage) where page.path.hasSuffix(".html") {
            let bare = "/" + String(page.path.dropLast(".html".count))
            guard routes[bare] === routes["/" + page.path], let chart = page.chartID,
                  let resource = try NegotiatedChart(page: page, files: byChart[chart] ?? [], pageHeaders: pageHeaders, links: links)
            else { continue }
            negotiated[bare] = resource
            routes[bare] = nil
        }
        self.routes = routes
        self.negotiated = negotiated
        fileCount = fileSet.files.count

        var notFoundFile = fileSet["404.html"] ?? SiteTable.builtInNotFound
        notFoundFile.isImmutable = false
        notFound = try ServedFile(notFoundFile, status: 404, pageHeaders: pageHeaders).identity.response
        badRequest = try HTTPResponse(
            status: 400, text: "Bad request: this path cannot name a file of the site.\n",
            headers: SecurityHeaders.all + [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
            closesConnection: true)
        if let versionToken {
            version = try HTTPResponse(
                status: 200, text: "{\"version\":\"\(versionToken)\"}\n",
                headers: SecurityHeaders.all + [("Content-Type", "application/json"), ("Cache-Control", "no-store")])
        } else {
            version = nil
        }
    }

    static let builtInNotFound = GeneratedFile(
        path: "404.html",
        data: Data("""
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Page not found</title></head>
            <body><main><h1>Page not found</h1>
            <p>There is no page at this address. <a href="/">Go to the list of charts</a>.</p></main></body>
            </html>

            """.utf8),
        contentType: ContentType.html, role: .notFound)
}

import Foundation
import HTTPServer
import Logging
import SiteGenerator

/// Who may POST rows (`pitchline.json`'s `live`): nobody unless enabled; then loopback clients,
/// or any client sending `Authorization: Bearer <token>` when a token is set.
public struct LivePosting: Sendable, Equatable {
    public var enabled: Bool
    public var token: String?

    public init(enabled: Bool = false, token: String? = nil) {
        self.enabled = enabled
        self.token = token
    }
}

extension LiveHub {
    /// `POST /charts/<id>/rows`: all rows added, or none and a 400 naming row, column and problem.
    func post(_ request: HTTPRequest, feed: LiveFeed) -> HTTPResponse {
        guard request.method == .post else {
            return LiveHub.text(405, "POST rows here (text/csv lines or JSON objects).\n", extra: [("Allow", "POST")])
        }
        guard posting.enabled else { return LiveHub.text(403, "Posting rows is off: set \"live\": {\"post\": true} in pitchline.json.\n") }
        if let token = posting.token {
            guard let given = request.header("Authorization"), constantTimeEqual(given, "Bearer " + token) else {
                return LiveHub.text(401, "A bearer token is required.\n", extra: [("WWW-Authenticate", "Bearer")])
            }
        } else if !request.isFromLoopback {
            return LiveHub.text(403, "Rows are taken from this machine only (or set a token in pitchline.json).\n")
        }
        do {
            let rows = try LiveRows.rows(fromBody: request.body, contentType: request.header("Content-Type"), feed: feed)
            let points = try feed.append(rows)
            broadcast(points, chart: feed.source.chartID)
            let last = points.last.map { String($0.id) } ?? "null"
            return LiveHub.text(200, "{\"added\":\(points.count),\"lastID\":\(last)}\n", type: "application/json")
        } catch {
            return LiveHub.text(400, "Rows refused, none added: \(error)\n")
        }
    }

    private func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension LiveHub {
    /// The hub for a site's live charts (each feed reads its data file now), or nil without any.
    static func make(_ fileSet: FileSet, logger: Logger) throws -> LiveHub? {
        guard !fileSet.live.isEmpty else { return nil }
        let feeds = try fileSet.live.map { source in try LiveFeed(source: source) }
        return LiveHub(feeds: feeds, posting: LivePosting(enabled: fileSet.livePost, token: fileSet.liveToken), logger: logger)
    }
}

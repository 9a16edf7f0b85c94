import Foundation
import HTTPServer
import Logging
import SiteGenerator
import Synchronization

/// Serves live charts (issue 29): `GET /charts/<id>/events` as server-sent events (one
/// ``StreamConnection`` per client, no thread per client) and `POST /charts/<id>/rows`. Rows come
/// from ``LiveFeed`` (the generator's loader and formatter make every point); this type only
/// frames events, checks who may post, and reads the data files for appended rows.
public final class LiveHub: Sendable {
    /// Seconds between heartbeat comments (under the server's 15 s idle timeout).
    public static let heartbeatSeconds = 10
    /// Largest POST body.
    public static let maxBodyBytes = 1 << 20

    /// Each live chart's feed, by chart id.
    public let feeds: [String: LiveFeed]
    public let posting: LivePosting
    private let clients = Mutex<[String: [ObjectIdentifier: StreamConnection]]>([:])
    private let logger: Logger

    public init(feeds: [LiveFeed], posting: LivePosting, logger: Logger = Logger(label: "pitchline.live")) {
        self.feeds = Dictionary(feeds.map { ($0.source.chartID, $0) }, uniquingKeysWith: { a, _ in a })
        self.posting = posting
        self.logger = logger
    }

    /// Data files the live charts read (a `--watch` rebuild ignores them: the feed takes their rows).
    public var dataFiles: [URL] { feeds.values.map(\.source.dataURL) }

    /// Open event streams of a chart.
    public func clientCount(chart: String) -> Int { clients.withLock { $0[chart]?.count ?? 0 } }

    /// The response for a live route (`/charts/<id>/events`, `/rows`, `/drawing`), or nil.
    func respond(to request: HTTPRequest, key: String) -> HTTPResponse? {
        guard key.hasPrefix("/charts/") else { return nil }
        let rest = key.dropFirst("/charts/".count)
        guard let slash = rest.lastIndex(of: "/") else { return nil }
        let id = String(rest[..<slash]), action = rest[rest.index(after: slash)...]
        guard let feed = feeds[id], ["events", "rows", "drawing"].contains(action) else { return nil }
        if action == "rows" { return post(request, feed: feed) }
        if action == "drawing" { return drawing(request, feed: feed) }
        guard request.method != .post else { return LiveHub.text(405, "Use GET for events, POST to /charts/\(id)/rows.\n", extra: [("Allow", "GET, HEAD")]) }
        return events(request, feed: feed)
    }

    /// A new client: the stream starts with `retry`, the points after `Last-Event-ID` (or after
    /// `?from=N` − 1: the rows the page has), then every new point as it arrives.
    func events(_ request: HTTPRequest, feed: LiveFeed) -> HTTPResponse {
        let id = feed.source.chartID
        let stream = StreamConnection()
        let key = ObjectIdentifier(stream)
        let resumeFrom = request.header("Last-Event-ID").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { $0 + 1 }
            ?? request.query("from").flatMap { Int($0) } ?? feed.nextID
        var opening = Array("retry: 2000\n: live\n\n".utf8)
        clients.withLock { clients in
            // Registered under the lock that broadcasts take: no point is missed or sent twice.
            let missed = feed.points(from: resumeFrom)
            for point in missed { opening += SSE.event(point) }
            if !missed.isEmpty, let words = feed.words { opening += SSE.words(words) }
            stream.send(opening)
            clients[id, default: [:]][key] = stream
        }
        stream.addEndHandler { [weak self] in self?.clients.withLock { _ = $0[id]?.removeValue(forKey: key) } }
        do {
            return try HTTPResponse(status: 200, stream: stream, request: request, headers: SecurityHeaders.all + [
                ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"), ("X-Accel-Buffering", "no"),
            ])
        } catch {
            stream.close()
            return LiveHub.text(503, "Could not open the event stream.\n")
        }
    }

    /// `GET /charts/<id>/drawing`: the chart drawn as of its latest rows (204 before any new row).
    func drawing(_ request: HTTPRequest, feed: LiveFeed) -> HTTPResponse {
        guard request.method != .post else { return LiveHub.text(405, "Use GET for the drawing.\n", extra: [("Allow", "GET, HEAD")]) }
        guard let json = feed.drawing() else { return LiveHub.text(204, "") }
        return LiveHub.text(200, json, type: "application/json")
    }

    /// Sends points to every open stream of their chart, then the chart's words as of them
    /// (made after the points went out).
    func broadcast(_ points: [LivePoint], chart: String) {
        guard !points.isEmpty else { return }
        send(points.flatMap(SSE.event), chart: chart)
        if let words = feeds[chart]?.makeWords() { send(SSE.words(words), chart: chart) }
    }

    private func send(_ bytes: [UInt8], chart: String) {
        clients.withLock { clients in
            for stream in clients[chart]?.values ?? [:].values { stream.send(bytes) }
        }
    }

    /// One look at every live chart's data file: rows appended since the last look go out.
    public func pollFiles() {
        for (id, feed) in feeds {
            switch feed.readFile() {
            case .none: break
            case .points(let points): broadcast(points, chart: id)
            case .problem(let problem): logger.error("\(feed.source.dataPath): rows not added: \(problem)")
            }
        }
    }

    /// Reads every live data file every `interval` and sends the new rows; a heartbeat comment
    /// to every client every `heartbeatSeconds`. Runs until cancelled.
    public func run(interval: Duration = .milliseconds(250)) async {
        var sinceBeat = Duration.zero
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            pollFiles()
            sinceBeat += interval
            if sinceBeat >= .seconds(LiveHub.heartbeatSeconds) {
                sinceBeat = .zero
                let all = clients.withLock { $0.values.flatMap(\.values) }
                for stream in all { stream.send(SSE.heartbeat) }
            }
        }
    }

    static func text(
        _ status: Int, _ message: String, type: String = "text/plain; charset=utf-8", extra: [(name: String, value: String)] = []
    ) -> HTTPResponse {
        let headers = SecurityHeaders.all + [("Content-Type", type), ("Cache-Control", "no-store")] + extra
        // A response of a few bytes cannot fail but for lack of memory.
        return try! HTTPResponse(status: status, text: message, headers: headers)
    }
}

/// Server-sent events framing (WHATWG HTML, "Server-sent events"): one event per point.
enum SSE {
    static let heartbeat = Array(": heartbeat\n\n".utf8)

    /// `id: N`, `event: point`, `data: {json}` (JSON has no raw line breaks), blank line.
    static func event(_ point: LivePoint) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(point)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return Array("id: \(point.id)\nevent: point\ndata: \(json)\n\n".utf8)
    }

    /// `event: words`, `data: {json}` (no `id`: the page's last id stays its last point's).
    static func words(_ json: String) -> [UInt8] { Array("event: words\ndata: \(json)\n\n".utf8) }
}

extension LiveHub {
    /// The live charts' ids, sorted.
    public var chartIDs: [String] { feeds.keys.sorted() }
}

import Foundation
import HTTPServer
import Logging
import SiteGenerator
import Synchronization

/// Serves a generated ``FileSet`` from memory over ``HTTPServer``.
///
/// GET and HEAD, ETag/If-None-Match → 304, single byte ranges → 206/416, gzip when asked,
/// security headers on every response, and ``install(_:)`` to swap the whole site atomically
/// (the old site keeps serving until the new one is completely built).
public final class SiteServer: Sendable {
    /// Where open pages poll for the site version (live reload). See docs/architecture.md.
    public static let versionPath = "/_pitchline/version"

    private let current: CurrentSite
    private let generation = Atomic<Int>(0)
    /// Serialises installs (each one numbers the next version).
    private let installing = Mutex(())
    private let liveReload: Bool
    private let logger: Logger
    public let http: HTTPServer
    /// The live charts' feeds and event streams; nil when the site has no live chart.
    public let live: LiveHub?

    /// - Parameters:
    ///   - liveReload: answer `/_pitchline/version` (for `--watch`); 404 otherwise.
    public init(fileSet: FileSet, configuration: HTTPServerConfiguration, liveReload: Bool = false) throws {
        var configuration = configuration
        configuration.defaultHeaders = SecurityHeaders.all
        self.liveReload = liveReload
        logger = configuration.logger
        let hub = try LiveHub.make(fileSet, logger: configuration.logger)
        if hub?.posting.enabled == true { configuration.maxBodyBytes = LiveHub.maxBodyBytes }
        live = hub
        let first = try SiteTable(fileSet, versionToken: liveReload ? "1" : nil, live: hub != nil)
        generation.store(1, ordering: .relaxed)
        let current = CurrentSite(first)
        self.current = current
        http = HTTPServer(configuration: configuration) { request in
            if let hub, let key = RequestPath.routeKey(request.path), let response = hub.respond(to: request, key: key) { return response }
            if request.method == .post { return LiveHub.text(405, "Rows are posted to /charts/<id>/rows of a live chart.\n", extra: [("Allow", "GET, HEAD")]) }
            return SiteServer.respond(to: request, table: current.table)
        }
    }

    /// Binds and starts serving.
    public func start() throws { try http.start() }

    /// The bound port.
    public var port: Int { http.port }

    /// Site version as served at `/_pitchline/version` (starts at 1, +1 per install).
    public var version: Int { generation.load(ordering: .relaxed) }

    /// Stops accepting, lets in-flight requests finish (bounded), stops.
    public func stop(gracePeriod: Duration = .seconds(5)) { http.stop(gracePeriod: gracePeriod) }

    /// Replaces the whole site. Every response of the new set is built before the swap; requests
    /// already running finish with the old set, whose memory is freed when the last one ends.
    public func install(_ fileSet: FileSet) throws {
        let built = try installing.withLock { _ throws -> SiteTable in
            let next = generation.load(ordering: .relaxed) + 1
            let built = try SiteTable(fileSet, versionToken: liveReload ? String(next) : nil, live: live != nil)
            current.replace(with: built)
            generation.store(next, ordering: .relaxed)
            return built
        }
        logger.info("site installed", metadata: ["files": "\(built.fileCount)", "version": "\(version)"])
    }
}

/// The snapshot being served; readers take a strong reference under a short lock.
final class CurrentSite: Sendable {
    private let lock: Mutex<SiteTable>
    init(_ table: SiteTable) { lock = Mutex(table) }
    var table: SiteTable { lock.withLock { $0 } }
    /// Swaps under the lock; the old snapshot is released outside it (freeing may take a moment).
    func replace(with table: SiteTable) {
        let old = lock.withLock { current in
            let old = current
            current = table
            return old
        }
        _ = old
    }
}

import ArgumentParser
import Dispatch
import Foundation
import HTTPServer
import Logging
import SiteGenerator
import SiteServing

/// `pitchline serve`: build the site in memory and serve it; `--watch` rebuilds and swaps on change.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the site from memory over HTTP (loopback by default).")

    @Argument(help: "The site folder (specs, data, reports).")
    var site: String = "site"

    @Option(help: "Theme folder (Templates/, Public/) overriding the built-in theme file by file.")
    var theme: String?

    @Option(help: "Audio cache folder.")
    var cache: String = CacheFolder.defaultPath

    @Option(help: "Serve this folder of already-built files (e.g. an export) instead of building SITE.")
    var files: String?

    @Option(help: "Address to listen on. Anything but loopback exposes the site to your network.")
    var host: String = "127.0.0.1"

    @Option(help: "Port (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "Worker threads (one per core unless set).")
    var threads: Int = HTTPServerConfiguration.defaultThreadCount

    @Option(help: "Seconds before an idle connection is closed.")
    var timeout: Int = 15

    @Option(help: "Most connections open at once.")
    var connectionLimit: Int = HTTPServerConfiguration().connectionLimit

    @Option(help: "Most connections open at once from one client address.")
    var clientConnectionLimit: Int = HTTPServerConfiguration().perClientConnectionLimit

    @Flag(help: "Rebuild when the site or theme changes, and reload open pages.")
    var watch = false

    @Option(help: "Log level (debug logs every request).")
    var logLevel: Logger.Level = .info

    func run() async throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "pitchline.serve")
        // Listen before the server starts: a SIGTERM right after the address line is never lost.
        let signals = TerminationSignals.stream()
        if files == nil { _ = try SiteFolder.require(site) }
        let source = SiteSource(site: site, theme: theme, cache: cache, files: files)

        let watcher = watch ? source.makeWatcher(logger: logger) : nil
        let fileSet = try await source.build(logger: logger)
        var configuration = HTTPServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.threads = threads
        configuration.connectionTimeoutSeconds = timeout
        configuration.connectionLimit = connectionLimit
        configuration.perClientConnectionLimit = clientConnectionLimit
        configuration.logger = Logger(label: "pitchline.http")
        let server = try SiteServer(fileSet: fileSet, configuration: configuration, liveReload: watch)
        try server.start()
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let what = files.map { "\($0)/" } ?? "\(site)/"
        print("pitchline: serving \(what) at http://\(shownHost):\(server.port)/ (\(watch ? "watching for changes" : "Ctrl-C to stop"))")
        fflush(nil)

        let watching = watcher.map { watcher in Task { await source.watch(watcher, server: server) } }
        let live = server.live.map { hub in Task { await hub.run() } }
        if let hub = server.live {
            print("pitchline: live charts: \(hub.chartIDs.joined(separator: ", ")) (events at /charts/<id>/events\(hub.posting.enabled ? ", rows posted to /charts/<id>/rows" : ""))")
            fflush(nil)
        }
        let signal = await TerminationSignals.first(of: signals)
        logger.info("shutting down", metadata: ["signal": "\(signal)"])
        watching?.cancel()
        live?.cancel()
        server.stop(gracePeriod: .seconds(5))
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

internal import CMicroHTTPD
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on libmicrohttpd: GET and HEAD (and POST with a bounded body when
/// configured), hardened request screening, responses built once and reused, streamed responses
/// (``StreamConnection``). Knows nothing of what it serves.
///
/// ```swift
/// let hello = try HTTPResponse(status: 200, text: "hello\n")
/// let server = HTTPServer(configuration: .init()) { _ in hello }
/// try server.start()
/// print(server.port)
/// server.stop(gracePeriod: .seconds(5))
/// ```
///
/// The handler runs on the server's worker threads, concurrently: it must be fast and must not block.
public final class HTTPServer: Sendable {
    /// Turns a screened request into a response.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    public let configuration: HTTPServerConfiguration
    let handler: Handler
    private let state = Mutex(State())

    private struct State: @unchecked Sendable {
        // Safety: only touched under the mutex; the daemon is thread-safe for the calls made.
        var daemon: OpaquePointer?
        var context: Unmanaged<ServerContext>?
        var port = 0
        var started = false
    }

    public init(configuration: HTTPServerConfiguration, handler: @escaping Handler) {
        self.configuration = configuration
        self.handler = handler
    }

    deinit {
        assert(state.withLock { $0.daemon == nil }, "HTTPServer released while running: call stop() first")
    }

    /// The port actually bound (useful with port 0); 0 before `start()`.
    public var port: Int { state.withLock { $0.port } }

    /// Number of requests whose responses are still being sent.
    public var requestsInFlight: Int {
        state.withLock { $0.context?.takeUnretainedValue().inFlight.load(ordering: .relaxed) ?? 0 }
    }

    /// Binds and starts the worker threads. Throws if the address cannot be bound.
    public func start() throws(HTTPServerError) {
        try state.withLock { (state) throws(HTTPServerError) in
            guard !state.started else { throw HTTPServerError(.alreadyStarted) }
            try validate(configuration)
            let context = try ServerContext(configuration: configuration, handler: handler)
            let retained = Unmanaged.passRetained(context)
            let daemon = try startDaemon(configuration: configuration, context: retained)
            state.daemon = daemon
            state.context = retained
            state.port = Int(pl_mhd_daemon_port(daemon))
            state.started = true
            if !SocketAddress.isLoopback(configuration.host) {
                configuration.logger.warning(
                    "listening on \(configuration.host), not loopback: other machines can reach this server")
            }
            configuration.logger.info(
                "listening", metadata: ["host": "\(configuration.host)", "port": "\(state.port)",
                                        "threads": "\(configuration.threads)"])
        }
    }

    /// Stops accepting connections, lets requests in flight finish for up to `gracePeriod`,
    /// then closes everything. Blocks until done. Safe to call more than once.
    public func stop(gracePeriod: Duration = .seconds(5)) {
        let taken = state.withLock { state -> (OpaquePointer, Unmanaged<ServerContext>)? in
            guard let daemon = state.daemon, let context = state.context else { return nil }
            state.daemon = nil
            state.context = nil
            return (daemon, context)
        }
        guard let (daemon, retained) = taken else { return }
        let context = retained.takeUnretainedValue()
        // The listening socket is ours to close, but only after MHD_stop_daemon: a pool thread
        // may still hold it in its epoll set, and a closed number reused by another open (a file,
        // a socket) made libmicrohttpd abort ("Failed to remove FD from epoll set"), seen once
        // in `swift test` with many tests opening files beside a stopping server.
        // `shutdown` refuses new connections at once while the number stays taken.
        let listener = MHD_quiesce_daemon(daemon)
        if listener >= 0 { shutdown(listener, Int32(SHUT_RDWR)) }
        // Open streams end now (a suspended connection must be resumed before the daemon stops).
        context.closeStreams()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: gracePeriod)
        while context.inFlight.load(ordering: .acquiring) > 0 && clock.now < deadline {
            usleep(5_000)
        }
        let unfinished = context.inFlight.load(ordering: .acquiring)
        context.closeStreams()
        MHD_stop_daemon(daemon)
        if listener >= 0 { close(listener) }
        retained.release()
        configuration.logger.info("stopped", metadata: unfinished > 0 ? ["cut off": "\(unfinished)"] : [:])
    }
}

private func validate(_ configuration: HTTPServerConfiguration) throws(HTTPServerError) {
    let checks: [(Bool, String)] = [
        ((0...65535).contains(configuration.port), "port must be 0…65535"),
        ((1...1024).contains(configuration.threads), "threads must be 1…1024"),
        (configuration.connectionTimeoutSeconds >= 1, "connection timeout must be at least 1 s"),
        (configuration.connectionLimit >= 1, "connection limit must be at least 1"),
        (configuration.perClientConnectionLimit >= 1, "per-client connection limit must be at least 1"),
        (configuration.connectionMemoryLimit >= 4096, "connection memory limit must be at least 4096 bytes"),
        (configuration.maxHeaderBytes >= 256, "header limit must be at least 256 bytes"),
        (configuration.maxTargetBytes >= 16, "target limit must be at least 16 bytes"),
    ]
    for (ok, message) in checks where !ok { throw HTTPServerError(.invalidConfiguration(message)) }
}

import Logging

/// Where and how an ``HTTPServer`` listens, and the limits it enforces.
///
/// Defaults suit a local preview server: loopback only, one worker thread per core,
/// a 15 s idle timeout so slow clients cannot hold connections forever.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind: an IPv4 or IPv6 literal, or `localhost`. Loopback unless set explicitly.
    public var host: String = "127.0.0.1"
    /// TCP port; 0 picks a free one (read it back from ``HTTPServer/port``).
    public var port: Int = 8080
    /// Worker threads, each with its own epoll loop.
    public var threads: Int = HTTPServerConfiguration.defaultThreadCount
    /// A connection idle for this long (no bytes in or out) is closed. Whole seconds; at least 1.
    public var connectionTimeoutSeconds: Int = 15
    /// Connections open at once, across all clients.
    public var connectionLimit: Int = 1024
    /// Connections open at once from one client address.
    public var perClientConnectionLimit: Int = 64
    /// Memory per connection for the request line, headers and the response header (bytes).
    /// A request that does not fit is answered by libmicrohttpd itself (414 or 431) and closed.
    public var connectionMemoryLimit: Int = 32 * 1024
    /// Largest request target (path and query) in bytes; longer gets 414.
    public var maxTargetBytes: Int = 4 * 1024
    /// Largest sum of header names and values in bytes; more gets 431.
    public var maxHeaderBytes: Int = 8 * 1024
    /// Most header fields in one request; more gets 431.
    public var maxHeaderCount: Int = 64
    /// Largest request body in bytes. 0 (the default): no bodies, POST gets 405; above 0, POST
    /// with a `Content-Length` up to this reaches the handler (more gets 413, none 411).
    public var maxBodyBytes: Int = 0
    /// Headers added to every response the server builds itself (errors), e.g. security headers.
    public var defaultHeaders: [(name: String, value: String)] = []
    /// Access log at `.debug`, errors and libmicrohttpd's own messages at `.warning`.
    public var logger: Logger = Logger(label: "pitchline.http")

    public init() {}

    /// One thread per available core.
    public static var defaultThreadCount: Int {
        max(1, sysconfThreadCount())
    }
}

#if canImport(Glibc)
import Glibc
private func sysconfThreadCount() -> Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
#else
import Foundation
private func sysconfThreadCount() -> Int { ProcessInfo.processInfo.activeProcessorCount }
#endif

/// Why the server could not start or stop. libmicrohttpd says little, so each case names what
/// was being attempted; `detail` keeps the library's own last log line when there is one.
public struct HTTPServerError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The host is not an IPv4 or IPv6 literal.
        case invalidHost(String)
        /// A configuration value is out of range (name of the setting).
        case invalidConfiguration(String)
        /// libmicrohttpd refused to start (port in use, no permission, bad option…).
        case startFailed
        /// `start()` called twice, or on a stopped server.
        case alreadyStarted
        /// A response could not be created (out of memory).
        case responseCreationFailed
    }

    public var reason: Reason
    /// The library's own message, if it logged one.
    public var detail: String?

    public init(_ reason: Reason, detail: String? = nil) {
        self.reason = reason
        self.detail = detail
    }

    public var description: String {
        let base: String
        switch reason {
        case .invalidHost(let host): base = "cannot listen on \"\(host)\": not an IPv4 or IPv6 address"
        case .invalidConfiguration(let name): base = "invalid server setting: \(name)"
        case .startFailed: base = "the HTTP server could not start"
        case .alreadyStarted: base = "the HTTP server was already started"
        case .responseCreationFailed: base = "could not create an HTTP response (out of memory?)"
        }
        if let detail, !detail.isEmpty { return "\(base): \(detail)" }
        return base
    }
}

internal import CMicroHTTPD

/// A request that passed the server's checks, as the handler sees it.
///
/// Valid only during the handler call: do not keep it.
public struct HTTPRequest {
    /// Only GET and HEAD reach a handler; everything else got 405 already.
    public enum Method: Sendable, Equatable {
        case get, head
    }

    public let method: Method
    /// The request target's path exactly as sent (not percent-decoded), query removed.
    /// Always starts with "/" (absolute-form and other targets were refused with 400).
    public let path: String
    /// `HTTP/1.0` or `HTTP/1.1`.
    public let version: String
    let connection: OpaquePointer

    init(method: Method, path: String, version: String, connection: OpaquePointer) {
        self.method = method
        self.path = path
        self.version = version
        self.connection = connection
    }

    /// The value of header `name` (case-insensitive), or nil. The server refused duplicates of
    /// framing headers; for other repeated headers this is the first one.
    public func header(_ name: String) -> String? {
        guard let value = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name) else { return nil }
        return String(cString: value)
    }
}

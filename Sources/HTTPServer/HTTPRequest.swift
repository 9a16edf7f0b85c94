internal import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// A request that passed the server's checks, as the handler sees it.
///
/// Valid only during the handler call: do not keep it.
public struct HTTPRequest {
    /// Only GET and HEAD reach a handler, and POST when the configuration takes bodies
    /// (`maxBodyBytes` > 0); everything else got 405 already.
    public enum Method: Sendable, Equatable {
        case get, head, post
    }

    public let method: Method
    /// The request target's path exactly as sent (not percent-decoded), query removed.
    /// Always starts with "/" (absolute-form and other targets were refused with 400).
    public let path: String
    /// `HTTP/1.0` or `HTTP/1.1`.
    public let version: String
    /// A POST request's body (at most `maxBodyBytes`); empty otherwise.
    public let body: [UInt8]
    let connection: OpaquePointer

    init(method: Method, path: String, version: String, connection: OpaquePointer, body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.version = version
        self.connection = connection
        self.body = body
    }

    /// The query argument `name` as sent (not percent-decoded), or nil.
    public func query(_ name: String) -> String? {
        guard let value = MHD_lookup_connection_value(connection, MHD_ValueKind.GET_ARGUMENT_KIND, name) else { return nil }
        return String(cString: value)
    }

    /// True when the client connects from a loopback address (127.0.0.0/8, ::1, or an
    /// IPv4-mapped 127.x address).
    public var isFromLoopback: Bool {
        guard let address = pl_mhd_client_address(connection) else { return false }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                UInt32(bigEndian: v4.pointee.sin_addr.s_addr) >> 24 == 127
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                let bytes = withUnsafeBytes(of: v6.pointee.sin6_addr) { Array($0) }
                let loopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
                let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
                return loopback || mapped
            }
        default:
            return false
        }
    }

    /// The value of header `name` (case-insensitive), or nil. The server refused duplicates of
    /// framing headers; for other repeated headers this is the first one.
    public func header(_ name: String) -> String? {
        guard let value = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name) else { return nil }
        return String(cString: value)
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 listening address parsed from a literal (no name lookup).
struct SocketAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool

    init(host: String, port: Int) throws(HTTPServerError) {
        let host = host == "localhost" ? "127.0.0.1" : host
        let networkPort = UInt16(truncatingIfNeeded: port).bigEndian
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = networkPort
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: v4) { target.copyMemory(from: $0) }
            }
            isIPv6 = false
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = networkPort
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: v6) { target.copyMemory(from: $0) }
            }
            isIPv6 = true
        } else {
            throw HTTPServerError(.invalidHost(host))
        }
    }

    /// True for 127.0.0.0/8 and ::1.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    mutating func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
        }
    }
}

// Raw HTTP over a POSIX socket: polite clients (curl, URLSession) cannot send hostile requests.
// Shared by HTTPServerTests and SiteServingTests (a plain target: test targets cannot share sources).
import Foundation

#if canImport(Glibc)
import Glibc
#endif

public struct RawHTTPError: Error, CustomStringConvertible {
    public var description: String
}

/// One parsed response.
public struct RawResponse {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// One TCP connection to 127.0.0.1 speaking bytes, with bounded waits.
public final class RawConnection {
    private let fd: Int32
    private var buffer = Data()
    public private(set) var peerClosed = false

    public init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawHTTPError(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(fd)
            throw RawHTTPError(description: "connect failed: errno \(errno)")
        }
    }

    private var closed = false

    deinit { close() }

    /// Closes our end now.
    public func close() {
        if !closed { Glibc.close(fd) }
        closed = true
    }

    public func send(_ text: String) throws { try send(Data(text.utf8)) }

    public func send(_ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { throw RawHTTPError(description: "send failed: errno \(errno)") }
                offset += sent
            }
        }
    }

    /// Half-close: no more bytes from us.
    public func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Reads whatever arrives within `timeout`; false if nothing came (timeout) or the peer closed.
    @discardableResult
    private func fill(timeout: Double) -> Bool {
        if peerClosed { return false }
        var pollfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pollfd, 1, Int32(timeout * 1000))
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &chunk, chunk.count, 0)
        if count <= 0 {
            peerClosed = true
            return false
        }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads one response. `head` means no body follows whatever Content-Length says.
    public func readResponse(head: Bool = false, timeout: Double = 30) throws -> RawResponse {
        let deadline = Date().addingTimeInterval(timeout)
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd = buffer.range(of: separator)
        while headerEnd == nil {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, fill(timeout: left) else {
                throw RawHTTPError(description: peerClosed ? "closed before a response" : "no response in time")
            }
            headerEnd = buffer.range(of: separator)
        }
        let headText = String(decoding: buffer[buffer.startIndex..<headerEnd!.lowerBound], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex..<headerEnd!.upperBound)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw RawHTTPError(description: "bad status line: \(headText.prefix(80))")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = RawResponse(status: status, headers: headers, body: Data())
        let length = response.header("Content-Length").flatMap(Int.init) ?? 0
        if !head && status != 304 && status != 204 {
            while buffer.count < length {
                let left = deadline.timeIntervalSinceNow
                guard left > 0, fill(timeout: left) else { throw RawHTTPError(description: "body cut short") }
            }
            response.body = Data(buffer.prefix(length))
            buffer.removeFirst(length)
        }
        return response
    }

    /// Waits until the peer closes (true) or `timeout` passes (false). Discards data.
    public func waitForClose(timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !peerClosed {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            fill(timeout: left)
        }
        return true
    }

    /// Reads raw bytes until `done` accepts everything read so far (kept), or `timeout` passes
    /// (then throws). For streamed bodies (server-sent events).
    public func readUntil(timeout: Double = 30, _ done: (Data) -> Bool) throws -> Data {
        let deadline = Date().addingTimeInterval(timeout)
        while !done(buffer) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, fill(timeout: left) else {
                throw RawHTTPError(description: "stream ended or stalled; read: \(String(decoding: buffer.suffix(300), as: UTF8.self))")
            }
        }
        return buffer
    }

    /// Reads exactly `count` raw bytes (slow-reader tests), or throws.
    public func readBytes(_ count: Int, timeout: Double = 30) throws -> Data {
        let deadline = Date().addingTimeInterval(timeout)
        while buffer.count < count {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, fill(timeout: left) else { throw RawHTTPError(description: "short read") }
        }
        let result = Data(buffer.prefix(count))
        buffer.removeFirst(count)
        return result
    }
}

/// One request on a fresh connection.
public func rawRequest(port: Int, _ text: String, head: Bool = false) throws -> RawResponse {
    let connection = try RawConnection(port: port)
    try connection.send(text)
    return try connection.readResponse(head: head)
}

public func get(_ path: String, port: Int, headers: [String] = []) throws -> RawResponse {
    let extra = headers.map { $0 + "\r\n" }.joined()
    return try rawRequest(port: port, "GET \(path) HTTP/1.1\r\nHost: localhost\r\n\(extra)\r\n")
}

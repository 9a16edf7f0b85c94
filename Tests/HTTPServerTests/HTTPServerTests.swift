import RawHTTPClient
import Foundation
import HTTPServer
import Logging
import Synchronization
import Testing

@Suite("HTTPServer: real daemon on a loopback port, raw sockets")
struct HTTPServerTests {
    @Test("port 0 binds a free port and GET reaches the handler with the raw path")
    func getReachesHandler() throws {
        try withServer(handler: try echoHandler()) { server in
            #expect(server.port > 0)
            let response = try get("/a%20b/c", port: server.port)
            #expect(response.status == 200)
            #expect(response.text == "hello\n")
            #expect(response.header("X-Path") == "/a%20b/c")
            #expect(response.header("Content-Length") == "6")
            #expect(response.header("Server") == nil)
            #expect(response.header("Date") != nil)
        }
    }

    @Test("HEAD gets the headers and Content-Length but no body; the connection stays usable")
    func headHasNoBody() throws {
        try withServer(handler: try echoHandler()) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("HEAD /x HTTP/1.1\r\nHost: a\r\n\r\n")
            let head = try connection.readResponse(head: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "6")
            #expect(head.header("X-Method") == "HEAD")
            try connection.send("GET /y HTTP/1.1\r\nHost: a\r\n\r\n")
            let next = try connection.readResponse()
            #expect(next.text == "hello\n")
            #expect(next.header("X-Path") == "/y")
        }
    }

    @Test("keep-alive: several requests on one connection, pipelined too")
    func keepAliveAndPipelining() throws {
        try withServer(handler: try echoHandler()) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /1 HTTP/1.1\r\nHost: a\r\n\r\nGET /2 HTTP/1.1\r\nHost: a\r\n\r\nGET /3 HTTP/1.1\r\nHost: a\r\n\r\n")
            for path in ["/1", "/2", "/3"] {
                let response = try connection.readResponse()
                #expect(response.status == 200)
                #expect(response.header("X-Path") == path)
                #expect(response.header("Connection")?.lowercased() != "close")
            }
        }
    }

    /// Requests refused with a closed connection: other methods get 405 (with `Allow: GET, HEAD`),
    /// smuggling shapes and bad bytes 400 (with `Connection: close`).
    static let refusedRequests: [(request: String, status: Int)] = [
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc",
        "PUT /x HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n",
        "DELETE / HTTP/1.1\r\nHost: a\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n",
        "TRACE / HTTP/1.1\r\nHost: a\r\n\r\n",
        "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
        "get / HTTP/1.1\r\nHost: a\r\n\r\n",
    ].map { ($0, 405) } + [
        "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: cHuNkEd\r\n\r\n0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello",
        "HEAD / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\nx",
        "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: +0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX\u{01}Y: 1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX-Y: a\u{7F}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /a\u{01}b HTTP/1.1\r\nHost: a\r\n\r\n",
    ].map { ($0, 400) }

    @Test("other methods get 405 with Allow: GET, HEAD; smuggling shapes and bad bytes 400; the connection closed", arguments: refusedRequests)
    func refused(request: String, status: Int) throws {
        let (response, closed) = try exchangeAlone(request)
        #expect(response.status == status)
        if status == 405 {
            #expect(response.header("Allow") == "GET, HEAD")
        } else {
            #expect(response.header("Connection")?.lowercased() == "close")
        }
        #expect(closed)
    }

    @Test("HTTP versions other than 1.0 and 1.1 are refused")
    func versions() throws {
        try withServer(handler: try echoHandler()) { server in
            let http2 = try rawRequest(port: server.port, "GET / HTTP/2.0\r\nHost: a\r\n\r\n")
            let http10 = try rawRequest(port: server.port, "GET / HTTP/1.0\r\n\r\n")
            let http3 = try rawRequest(port: server.port, "GET / HTTP/3\r\nHost: a\r\n\r\n")
            #expect(http2.status == 505)
            #expect(http10.status == 200)
            #expect(http3.status == 400)
        }
    }

    @Test("a long target gets 414, too many or too large headers get 431")
    func oversize() throws {
        try withServer(handler: try echoHandler()) { server in
            let longTarget = "/" + String(repeating: "a", count: 5000)
            #expect(try rawRequest(port: server.port, "GET \(longTarget) HTTP/1.1\r\nHost: a\r\n\r\n").status == 414)
            let bigHeader = String(repeating: "b", count: 9000)
            #expect(try rawRequest(port: server.port, "GET / HTTP/1.1\r\nHost: a\r\nX-Big: \(bigHeader)\r\n\r\n").status == 431)
            let many = (0..<80).map { "X-\($0): 1\r\n" }.joined()
            #expect(try rawRequest(port: server.port, "GET / HTTP/1.1\r\nHost: a\r\n\(many)\r\n").status == 431)
            // Past the per-connection memory, libmicrohttpd answers itself (still a 4xx, then closes).
            let huge = String(repeating: "c", count: 40000)
            let status = try rawRequest(port: server.port, "GET / HTTP/1.1\r\nHost: a\r\nX-Huge: \(huge)\r\n\r\n").status
            #expect(status == 431)
            #expect(try get("/", port: server.port).status == 200)
        }
    }

    @Test("a request at every default limit at once (4 KiB target, 64 fields, 8 KiB of header bytes) is served")
    func largeLegalRequest() throws {
        try withServer(handler: try echoHandler()) { server in
            let target = "/" + String(repeating: "t", count: 4095)
            // Host (5 bytes) + 63 fields of 10 + 119 bytes = 8132 ≤ 8192.
            let headers = (10..<73).map { "X-Large-\($0): \(String(repeating: "v", count: 119))\r\n" }.joined()
            let response = try rawRequest(port: server.port, "GET \(target) HTTP/1.1\r\nHost: a\r\n\(headers)\r\n")
            #expect(response.status == 200)
            #expect(response.header("X-Path") == target)
        }
    }

    @Test("an idle or slow client is dropped after the connection timeout")
    func slowClientDropped() throws {
        try withServer(configure: { $0.connectionTimeoutSeconds = 1 }, handler: try echoHandler()) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ")
            #expect(connection.waitForClose(timeout: 30))
            #expect(try get("/", port: server.port).status == 200)
        }
    }

    @Test("graceful stop lets a response in flight finish, then refuses new connections")
    func gracefulStop() throws {
        let big = ResponseBody(Data(repeating: 0x61, count: 16 * 1024 * 1024))
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.logger = .init(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let server = HTTPServer(configuration: configuration) { _ in
            (try? HTTPResponse(status: 200, body: big, headers: [("Content-Type", "application/octet-stream")]))!
        }
        try server.start()
        let port = server.port
        let connection = try RawConnection(port: port)
        try connection.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
        let head = try connection.readResponse(head: true)  // headers only: the body is still coming
        #expect(head.header("Content-Length") == "\(16 * 1024 * 1024)")
        #expect(server.requestsInFlight == 1)
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.stop(gracePeriod: .seconds(60))
            stopped.signal()
        }
        #expect(waitUntilRefused(port: port))
        let body = try connection.readBytes(16 * 1024 * 1024, timeout: 60)
        #expect(body.count == 16 * 1024 * 1024 && body.allSatisfy { $0 == 0x61 })
        stopped.wait()
        #expect(server.requestsInFlight == 0)
    }

    @Test("start fails with a typed error on a bad host or a taken port")
    func startErrors() throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "not-an-address"
        configuration.port = 0
        #expect(throws: HTTPServerError(.invalidHost("not-an-address"))) {
            try HTTPServer(configuration: configuration, handler: try echoHandler()).start()
        }
        try withServer(handler: try echoHandler()) { first in
            var taken = HTTPServerConfiguration()
            taken.port = first.port
            taken.logger = .init(label: "test") { _ in SwiftLogNoOpLogHandler() }
            let second = HTTPServer(configuration: taken, handler: try echoHandler())
            #expect { try second.start() } throws: { error in
                (error as? HTTPServerError)?.reason == .startFailed
            }
        }
    }
}

/// True once connecting to `port` fails (the listener is closed), within 10 s.
func waitUntilRefused(port: Int) -> Bool {
    for _ in 0..<1000 {
        if (try? RawConnection(port: port)) == nil { return true }
        usleep(10_000)
    }
    return false
}

@Suite("HTTPServer: addresses")
struct HTTPServerAddressTests {
    @Test("IPv6 loopback and localhost bind and serve")
    func otherLoopbacks() throws {
        try withServer(configure: { $0.host = "::1" }, handler: try echoHandler()) { server in
            #expect(server.port > 0)
            // The raw client speaks IPv4 only: an IPv6-only listener must refuse it.
            #expect((try? RawConnection(port: server.port)) == nil)
        }
        try withServer(configure: { $0.host = "localhost" }, handler: try echoHandler()) { server in
            let response = try get("/", port: server.port)
            #expect(response.status == 200)
        }
    }
}

@Suite("HTTPServer: response memory")
struct ResponseLifetimeTests {
    /// Swapping a response out while it is being sent must not cut its bytes short, and the
    /// bytes must be freed once the last connection is done (no leak). A body this large lives
    /// in a memfd; libmicrohttpd sends from its own duplicate descriptor.
    @Test("a file-backed body's bytes outlive the response and the body while a connection still sends them, then are closed")
    func fileBackedBodyLifetime() throws {
        weak var weakBody: ResponseBody?
        let holder = ResponseHolder()
        let marker = Data(UUID().uuidString.utf8)  // tells this test's memfds from those of tests running beside it
        let block = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 >> 3) })
        let bytes = (0..<4096).reduce(into: marker) { all, _ in all.append(block) }  // 16 MiB and the marker
        do {
            let body = ResponseBody(bytes)
            #expect(body.isFileBacked)
            #expect(body.data == bytes)
            weakBody = body
            holder.set(try HTTPResponse(status: 200, body: body, headers: [("Content-Type", "application/octet-stream")]))
            #expect(openBodyFiles(startingWith: marker) == 2)  // the body's and the response's
        }
        #expect(weakBody == nil)  // the response holds a descriptor of its own, not the body
        try withServer(handler: { _ in holder.get()! }) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            _ = try connection.readResponse(head: true)
            holder.set(nil)  // like a site swap: the server no longer offers this response
            #expect(try connection.readBytes(bytes.count, timeout: 60) == bytes)
            connection.close()
        }
        #expect(openBodyFiles(startingWith: marker) == 0)
    }

    /// A small body stays in memory; its responses keep it alive until they are destroyed.
    @Test("a memory body below the file threshold is freed with its last response")
    func memoryBodyLifetime() throws {
        weak var weakBody: ResponseBody?
        let holder = ResponseHolder()
        do {
            let body = ResponseBody(Data(repeating: 0x5A, count: ResponseBody.fileThreshold - 1))
            #expect(!body.isFileBacked)
            weakBody = body
            holder.set(try HTTPResponse(status: 200, body: body, headers: [("Content-Type", "application/octet-stream")]))
        }
        #expect(weakBody != nil)
        try withServer(handler: { _ in holder.get()! }) { server in
            let response = try get("/", port: server.port)
            #expect(response.body == Data(repeating: 0x5A, count: ResponseBody.fileThreshold - 1))
            holder.set(nil)
        }
        #expect(weakBody == nil)
    }

    /// Ranges of a file-backed body, small (from memory) and large (from the file), over one
    /// connection: each the exact bytes.
    @Test("ranges of a file-backed body, below and above the threshold, are the body's bytes")
    func fileBackedRanges() throws {
        let count = ResponseBody.fileThreshold + 200_000
        let bytes = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let body = ResponseBody(bytes)
        #expect(body.isFileBacked)
        let ranges = [0..<4096, 70_000..<(70_000 + ResponseBody.fileThreshold), (count - 10)..<count, 0..<count]
        let responses = try ranges.map { try HTTPResponse(status: 206, body: body, range: $0) }
        try withServer(handler: { request in responses[Int(request.path.dropFirst())!] }) { server in
            let connection = try RawConnection(port: server.port)
            for (i, range) in ranges.enumerated() {
                try connection.send("GET /\(i) HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try connection.readResponse()
                #expect(response.status == 206)
                #expect(response.body == bytes[range])
            }
        }
    }
}

/// The descriptors this process holds open on response-body memfds whose bytes start with `marker`.
func openBodyFiles(startingWith marker: Data) -> Int {
    let fm = FileManager.default
    return ((try? fm.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).filter { fd in
        let path = "/proc/self/fd/\(fd)"
        guard (try? fm.destinationOfSymbolicLink(atPath: path))?.hasPrefix("/memfd:pitchline-body") == true,
              let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        return (try? file.read(upToCount: marker.count)) == marker
    }.count
}

final class ResponseHolder: Sendable {
    private let response = Mutex<HTTPResponse?>(nil)
    func set(_ new: HTTPResponse?) { response.withLock { $0 = new } }
    func get() -> HTTPResponse? { response.withLock { $0 } }
}

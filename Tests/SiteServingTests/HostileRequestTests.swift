import RawHTTPClient
import Foundation
import HTTPServer
import SiteGenerator
import SiteServing
import Testing

/// The hostile corpus against one running server: each request gets its documented outcome
/// (docs/server.md), and a normal request right after it still succeeds.
@Suite("Hostile requests over raw sockets")
struct HostileRequestTests {
    /// A site with one large file (slow-read cases) besides the sample pages.
    static func hostileSite() -> FileSet {
        var set = negotiatedSite()  // the sample pages and a negotiated chart (/charts/temps)
        set.add(GeneratedFile(
            path: "big.bin", data: Data(repeating: 0x42, count: 8 * 1024 * 1024), contentType: "application/octet-stream", role: .file))
        return set
    }

    static func configure(_ configuration: inout HTTPServerConfiguration) {
        configuration.connectionTimeoutSeconds = 1
        configuration.perClientConnectionLimit = 16
    }

    @Test("every corpus request gets its documented outcome, and the server keeps serving")
    func corpus() throws {
        #expect(hostileCorpus.count >= 40)
        try withSite(Self.hostileSite(), configure: Self.configure) { server in
            for hostile in hostileCorpus {
                let connection = try RawConnection(port: server.port)
                try connection.send(Data(hostile.bytes))
                switch hostile.expected {
                case .refused(let status):
                    let response = try? connection.readResponse(head: hostile.isHead, timeout: 30)
                    #expect(response?.status == status, "\(hostile.name)")
                    #expect(connection.waitForClose(timeout: 30), "\(hostile.name): not closed")
                case .answered(let status):
                    let response = try? connection.readResponse(head: hostile.isHead, timeout: 30)
                    #expect(response?.status == status, "\(hostile.name)")
                case .closedSilently:
                    let response = try? connection.readResponse(timeout: 30)
                    #expect(response == nil, "\(hostile.name): answered \(response?.status ?? 0)")
                    #expect(connection.peerClosed, "\(hostile.name): not closed")
                }
                let normal = try get("/charts/seattle.html", port: server.port)
                #expect(normal.status == 200, "normal request after \(hostile.name)")
            }
        }
    }

    @Test("pipelined requests are answered in order on one connection")
    func pipelined() throws {
        try withSite(Self.hostileSite(), configure: Self.configure) { server in
            let connection = try RawConnection(port: server.port)
            let paths = ["/", "/charts/seattle", "/nope", "/charts/seattle.0a1b2c3d.js"]
            try connection.send(paths.map { "GET \($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined())
            let statuses = try paths.map { _ in try connection.readResponse().status }
            #expect(statuses == [200, 200, 404, 200])
        }
    }

    @Test("a half-closed client still gets its response")
    func halfClosed() throws {
        try withSite(Self.hostileSite(), configure: Self.configure) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /charts/seattle.html HTTP/1.1\r\nHost: a\r\n\r\n")
            connection.shutdownWrite()
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(connection.waitForClose())
        }
    }

    @Test("idle, slow-loris and half-sent requests are dropped after the timeout while others are served")
    func slowClients() throws {
        try withSite(Self.hostileSite(), configure: Self.configure) { server in
            let idle = try RawConnection(port: server.port)
            let partialLine = try RawConnection(port: server.port)
            try partialLine.send("GET /charts/seattle.html HT")
            let partialHeaders = try RawConnection(port: server.port)
            try partialHeaders.send("GET / HTTP/1.1\r\nHost: a\r\nX-Slow: aaaa")
            let bodyless = try RawConnection(port: server.port)
            try bodyless.send("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n")
            #expect(try get("/", port: server.port).status == 200)
            for connection in [idle, partialLine, partialHeaders, bodyless] {
                #expect(connection.waitForClose(timeout: 30))
            }
            #expect(try get("/", port: server.port).status == 200)
        }
    }

    @Test("a slow reader of a large file is dropped after the timeout; others are served meanwhile")
    func slowReader() throws {
        try withSite(Self.hostileSite(), configure: Self.configure) { server in
            let reader = try RawConnection(port: server.port)
            try reader.send("GET /big.bin HTTP/1.1\r\nHost: a\r\n\r\n")
            let head = try reader.readResponse(head: true)
            #expect(head.status == 200)
            #expect(try get("/charts/seattle.html", port: server.port).status == 200)
            // Not reading: the send buffer fills, nothing moves, the timeout closes it.
            Thread.sleep(forTimeInterval: 3)
            let received = (try? reader.readBytes(8 * 1024 * 1024, timeout: 30))?.count
            #expect(received == nil, "the whole file arrived: the stalled connection was not dropped")
            #expect(reader.peerClosed)
            #expect(try get("/", port: server.port).status == 200)
        }
    }

    @Test("one client cannot hold more than its connection limit")
    func perClientLimit() throws {
        try withSite(Self.hostileSite(), configure: { configuration in
            configuration.connectionTimeoutSeconds = 5
            configuration.perClientConnectionLimit = 4
        }) { server in
            var held: [RawConnection] = []
            for _ in 0..<4 {
                let connection = try RawConnection(port: server.port)
                try connection.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try connection.readResponse().status == 200)
                held.append(connection)
            }
            let extra = try RawConnection(port: server.port)
            try? extra.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect((try? extra.readResponse(timeout: 5)) == nil)
            #expect(extra.waitForClose(timeout: 30))
            held.removeAll()
            // Closed connections free their slots (the server notices the close first).
            var served = false
            for _ in 0..<100 where !served {
                served = (try? get("/", port: server.port))?.status == 200
                if !served { Thread.sleep(forTimeInterval: 0.05) }
            }
            #expect(served)
        }
    }
}

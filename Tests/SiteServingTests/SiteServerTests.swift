import RawHTTPClient
import Foundation
import HTTPServer
import SiteGenerator
import SiteServing
import Logging
import Synchronization
import Testing

@Suite("SiteServer: a FileSet over real HTTP")
struct SiteServerTests {
    @Test("pages, folders and extensionless chart URLs resolve; types and caching are right")
    func routing() throws {
        try withSite { server in
            let root = try get("/", port: server.port)
            #expect(root.status == 200)
            #expect(root.text.contains("<title>Charts one</title>"))
            #expect(root.header("Content-Type") == "text/html; charset=utf-8")
            #expect(root.header("Cache-Control") == "no-cache")
            #expect(hasSecurityHeaders(root))

            let page = try get("/charts/seattle.html", port: server.port)
            let bare = try get("/charts/seattle", port: server.port)
            #expect(page.status == 200 && bare.status == 200 && page.body == bare.body)
            #expect(try get("/reports/", port: server.port).text.contains("Reports"))
            #expect(try get("/charts/%C3%A9%20t.html", port: server.port).text.contains("Accented"))

            let script = try get("/charts/seattle.0a1b2c3d.js", port: server.port)
            #expect(script.header("Cache-Control") == "public, max-age=31536000, immutable")
            #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
            #expect(script.header("Content-Length") == "\(11 * 100)")
        }
    }

    @Test("unknown paths get the site's 404 page with status 404 and security headers")
    func notFound() throws {
        try withSite { server in
            for path in ["/nope", "/charts/", "/charts/seattle.html/", "/%252e%252e/x", "/index.htm", "/charts/seattle.HTML"] {
                let response = try get(path, port: server.port)
                #expect(response.status == 404, "\(path)")
                #expect(response.text.contains("Page not found"))
                #expect(hasSecurityHeaders(response))
            }
        }
    }

    @Test("without a 404.html the built-in page is accessible HTML")
    func builtInNotFound() throws {
        var set = sampleSite()
        set.files["404.html"] = nil
        try withSite(set) { server in
            let response = try get("/missing", port: server.port)
            #expect(response.status == 404)
            #expect(response.text.contains("<html lang=\"en\">"))
            #expect(response.text.contains("<h1>Page not found</h1>"))
        }
    }

    @Test("strong ETag; If-None-Match gives 304 without a body, also for lists and *")
    func conditional() throws {
        try withSite { server in
            let first = try get("/charts/seattle.html", port: server.port)
            let etag = try #require(first.header("ETag"))
            #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
            for condition in [etag, "\"nope\", \(etag)", "W/\(etag)", "*"] {
                let again = try get("/charts/seattle.html", port: server.port, headers: ["If-None-Match: \(condition)"])
                #expect(again.status == 304)
                #expect(again.body.isEmpty)
                #expect(again.header("ETag") == etag)
                #expect(hasSecurityHeaders(again))
            }
            let changed = try get("/charts/seattle.html", port: server.port, headers: ["If-None-Match: \"other\""])
            #expect(changed.status == 200)
        }
    }

    @Test("HEAD gives the same headers as GET and no body")
    func head() throws {
        try withSite { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("HEAD /charts/seattle.html HTTP/1.1\r\nHost: a\r\n\r\n")
            let head = try connection.readResponse(head: true)
            let getResponse = try get("/charts/seattle.html", port: server.port)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == getResponse.header("Content-Length"))
            #expect(head.header("ETag") == getResponse.header("ETag"))
            try connection.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
        }
    }

    @Test("byte ranges: 206 with Content-Range and exactly those bytes", arguments: [
        ("bytes=0-99", 0...99), ("bytes=9990-", 9990...9999), ("bytes=-10", 9990...9999),
        ("bytes=5000-5000", 5000...5000), ("bytes=9000-20000", 9000...9999),
    ])
    func ranges(header: String, expected: ClosedRange<Int>) throws {
        try withSite { server in
            let response = try get("/charts/seattle.audio.4e5f6a7b.ogg", port: server.port, headers: ["Range: \(header)"])
            #expect(response.status == 206)
            #expect(response.header("Content-Range") == "bytes \(expected.lowerBound)-\(expected.upperBound)/10000")
            #expect(response.body == audioBytes.subdata(in: expected.lowerBound..<(expected.upperBound + 1)))
            #expect(response.header("Content-Type") == "audio/ogg")
            #expect(hasSecurityHeaders(response))
        }
    }

    @Test("unsatisfiable ranges get 416 with bytes */length; malformed ones are ignored (200)")
    func badRanges() throws {
        try withSite { server in
            let path = "/charts/seattle.audio.4e5f6a7b.ogg"
            for header in ["bytes=10000-", "bytes=20000-30000", "bytes=-0"] {
                let response = try get(path, port: server.port, headers: ["Range: \(header)"])
                #expect(response.status == 416, "\(header)")
                #expect(response.header("Content-Range") == "bytes */10000")
            }
            for header in ["bytes=5-1", "items=0-1", "bytes=0-1,5-6", "bytes=x-y"] {
                let response = try get(path, port: server.port, headers: ["Range: \(header)"])
                #expect(response.status == 200, "\(header)")
                #expect(response.body == audioBytes)
            }
            let stale = try get(path, port: server.port, headers: ["Range: bytes=0-1", "If-Range: \"old\""])
            #expect(stale.status == 200)
        }
    }

    @Test("gzip for text when asked, with Vary and its own ETag; identity otherwise")
    func gzip() throws {
        try withSite { server in
            let plain = try get("/charts/seattle.html", port: server.port)
            let packed = try get("/charts/seattle.html", port: server.port, headers: ["Accept-Encoding: gzip, deflate"])
            #expect(plain.header("Content-Encoding") == nil)
            #expect(packed.header("Content-Encoding") == "gzip")
            #expect(packed.header("Vary") == "Accept-Encoding")
            #expect(plain.header("Vary") == "Accept-Encoding")
            #expect(packed.body.count < plain.body.count)
            #expect(packed.body.prefix(2) == Data([0x1F, 0x8B]))
            #expect(packed.header("ETag") != plain.header("ETag"))
            let refused = try get("/charts/seattle.html", port: server.port, headers: ["Accept-Encoding: gzip;q=0"])
            #expect(refused.header("Content-Encoding") == nil)
            let audio = try get("/charts/seattle.audio.4e5f6a7b.ogg", port: server.port, headers: ["Accept-Encoding: gzip"])
            #expect(audio.header("Content-Encoding") == nil)
            #expect(audio.header("Vary") == nil)
            let tag = try #require(packed.header("ETag"))
            let notModified = try get("/charts/seattle.html", port: server.port, headers: ["Accept-Encoding: gzip", "If-None-Match: \(tag)"])
            #expect(notModified.status == 304)
        }
    }

    @Test("gzip takes the MIME table's text formats and leaves packed media alone")
    func compressibleTypesComeFromTheTable() {
        for name in ["a.html", "a.css", "a.js", "a.mjs", "a.csv", "a.txt", "a.brf", "a.json", "a.svg", "a.xml"] {
            #expect(ContentType.isCompressible(ContentType.forPath(name)), "\(name)")
        }
        for name in ["a.ogg", "a.webm", "a.png", "a.jpg", "a.woff2", "a.pdf", "a.bin"] {
            #expect(!ContentType.isCompressible(ContentType.forPath(name)), "\(name)")
        }
    }

    @Test("the gzip body inflates to the original bytes")
    func gzipRoundTrip() throws {
        try withSite { server in
            let packed = try get("/charts/seattle.html", port: server.port, headers: ["Accept-Encoding: gzip"])
            let plain = try get("/charts/seattle.html", port: server.port)
            #expect(try gunzip(packed.body) == plain.body)
        }
    }

    @Test("install swaps the whole site atomically while requests keep running")
    func atomicSwap() throws {
        try withSite(sampleSite(marker: "one")) { server in
            let port = server.port
            let done = DispatchSemaphore(value: 0)
            let failures = FailureLog()
            DispatchQueue.global().async {
                defer { done.signal() }
                for _ in 0..<300 {
                    guard let response = try? get("/", port: port) else {
                        failures.add("request failed")
                        continue
                    }
                    let text = response.text
                    if response.status != 200 || !(text.contains("Charts one") || text.contains("Charts two")) {
                        failures.add("\(response.status): \(text.prefix(60))")
                    }
                }
            }
            for round in 0..<40 {
                try server.install(sampleSite(marker: round.isMultiple(of: 2) ? "two" : "one"))
            }
            done.wait()
            #expect(failures.entries.isEmpty)
            #expect(server.version == 41)
            #expect(try get("/", port: port).text.contains("Charts one"))
        }
    }

    @Test("live reload: /_pitchline/version changes on install; 404 when not watching")
    func liveReloadVersion() throws {
        try withSite(liveReload: true) { server in
            let before = try get("/_pitchline/version", port: server.port)
            #expect(before.status == 200)
            #expect(before.header("Cache-Control") == "no-store")
            #expect(before.text == "{\"version\":\"1\"}\n")
            #expect(try get("/", port: server.port).header("Server-Timing") == "pitchline-watch")
            #expect(try get("/nope", port: server.port).header("Server-Timing") == "pitchline-watch")
            #expect(try get("/charts/seattle.0a1b2c3d.js", port: server.port).header("Server-Timing") == nil)
            try server.install(sampleSite(marker: "two"))
            #expect(try get("/_pitchline/version", port: server.port).text == "{\"version\":\"2\"}\n")
        }
        try withSite { server in
            let response = try get("/_pitchline/version", port: server.port)
            let page = try get("/", port: server.port)
            #expect(response.status == 404)
            #expect(page.header("Server-Timing") == nil)
        }
    }

    @Test("a folder of built files loads with types and hashed names immutable")
    func folderLoading() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<!doctype html>".utf8).write(to: folder.appendingPathComponent("index.html"))
        try Data("body{}".utf8).write(to: folder.appendingPathComponent("assets/pitchline.0123abcd.css"))
        let set = try FileSet.loadFolder(folder)
        #expect(set.files.count == 2)
        #expect(set["index.html"]?.contentType == "text/html; charset=utf-8")
        #expect(set["index.html"]?.isImmutable == false)
        #expect(set["assets/pitchline.0123abcd.css"]?.isImmutable == true)
        #expect(set["assets/pitchline.0123abcd.css"]?.contentType == "text/css; charset=utf-8")
    }
}

final class FailureLog: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ entry: String) { list.withLock { $0.append(entry) } }
    var entries: [String] { list.withLock { $0 } }
}

@Suite("SiteWatcher: rebuild on change, swap, pages see a new version")
struct SiteWatcherTests {
    @Test("editing a file in a watched folder installs a rebuilt site; a failed rebuild keeps the old one")
    func rebuildsOnChange() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pl-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("index.html")
        try Data("<title>first</title>".utf8).write(to: page)

        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.logger = .init(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let server = try SiteServer(fileSet: try FileSet.loadFolder(folder), configuration: configuration, liveReload: true)
        try server.start()
        defer { server.stop() }
        let watcher = SiteWatcher(folders: [folder], interval: .milliseconds(50), logger: configuration.logger) {
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("broken").path) else {
                return try FileSet.loadFolder(folder)
            }
            throw CocoaError(.fileReadCorruptFile)
        }
        let task = Task { await watcher.run(server: server) }
        defer { task.cancel() }

        try Data("<title>second, longer</title>".utf8).write(to: page)
        #expect(await waitFor { (try? get("/_pitchline/version", port: server.port))?.text == "{\"version\":\"2\"}\n" })
        #expect(try get("/", port: server.port).text == "<title>second, longer</title>")

        try Data().write(to: folder.appendingPathComponent("broken"))
        try Data("<title>third</title>".utf8).write(to: page)
        try await Task.sleep(for: .milliseconds(400))
        #expect(server.version == 2)
        #expect(try get("/", port: server.port).text == "<title>second, longer</title>")

        try Data("<title>fourth</title>".utf8).write(to: page)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("broken"))
        #expect(await waitFor { (try? get("/", port: server.port))?.text == "<title>fourth</title>" })
        #expect(server.version == 3)
    }
}

/// Polls `condition` every 20 ms for up to 60 s (an upper bound for busy CI machines, not a timing check).
func waitFor(_ condition: @Sendable () -> Bool) async -> Bool {
    for _ in 0..<3000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return false
}

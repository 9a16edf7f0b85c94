import RawHTTPClient
import Foundation
import HTTPServer
import Logging
import SiteGenerator
import SiteServing

/// A small generated-looking site: pages, a hashed script, audio bytes, a 404 page.
func sampleSite(marker: String = "one") -> FileSet {
    var set = FileSet()
    set.add(GeneratedFile(
        path: "index.html", data: Data("<!doctype html><title>Charts \(marker)</title><h1>Charts</h1>".utf8),
        contentType: "text/html; charset=utf-8", role: .page))
    let page = "<!doctype html><title>Seattle</title>" + String(repeating: "<p>Temperature rises.</p>", count: 100)
    set.add(GeneratedFile(
        path: "charts/seattle.html", data: Data(page.utf8), contentType: "text/html; charset=utf-8", role: .page))
    set.add(GeneratedFile(
        path: "charts/seattle.0a1b2c3d.js", data: Data(String(repeating: "window.x=1;", count: 100).utf8),
        contentType: "text/javascript; charset=utf-8", role: .chartData, isImmutable: true))
    set.add(GeneratedFile(
        path: "charts/seattle.audio.4e5f6a7b.ogg", data: audioBytes, contentType: "audio/ogg", role: .audioBank, isImmutable: true))
    set.add(GeneratedFile(
        path: "reports/index.html", data: Data("<!doctype html><title>Reports</title>".utf8),
        contentType: "text/html; charset=utf-8", role: .page))
    set.add(GeneratedFile(
        path: "404.html", data: Data("<!doctype html><html lang=\"en\"><title>Not found</title><h1>Page not found</h1>".utf8),
        contentType: "text/html; charset=utf-8", role: .page))
    set.add(GeneratedFile(
        path: "charts/é t.html", data: Data("<!doctype html><title>Accented</title>".utf8),
        contentType: "text/html; charset=utf-8", role: .page))
    return set
}

/// 10,000 bytes with a recognisable pattern: byte i is i % 251.
let audioBytes = Data((0..<10_000).map { UInt8($0 % 251) })

/// Serves `fileSet` on an ephemeral loopback port for one test, and always stops it.
func withSite<T>(
    _ fileSet: FileSet = sampleSite(), liveReload: Bool = false,
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    _ body: (SiteServer) throws -> T
) throws -> T {
    let configuration = testServerConfiguration(configure)
    let server = try SiteServer(fileSet: fileSet, configuration: configuration, liveReload: liveReload)
    try server.start()
    defer { server.stop(gracePeriod: .seconds(2)) }
    return try body(server)
}

let securityHeaders = [
    ("Content-Security-Policy", "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
]

func hasSecurityHeaders(_ response: RawResponse) -> Bool {
    securityHeaders.allSatisfy { response.header($0.0) == $0.1 } && response.header("Server") == nil
}

/// Inflates a gzip member with the system's gzip (the test target does not link zlib).
func gunzip(_ data: Data) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(data)
    try input.fileHandleForWriting.close()
    let result = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return result
}

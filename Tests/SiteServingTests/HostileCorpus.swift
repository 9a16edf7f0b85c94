import Foundation

/// What a hostile request must get. Documented in docs/server.md ("Hostile requests").
enum HostileOutcome: Sendable, CustomStringConvertible {
    /// This status, then the connection is closed by the server.
    case refused(Int)
    /// This status; the connection may stay open (a harmless request, answered normally).
    case answered(Int)
    /// Closed without any response.
    case closedSilently

    var description: String {
        switch self {
        case .refused(let status): "\(status) + close"
        case .answered(let status): "\(status)"
        case .closedSilently: "close"
        }
    }
}

struct HostileCase: Sendable, CustomStringConvertible {
    var name: String
    var bytes: [UInt8]
    var expected: HostileOutcome
    var isHead = false
    var description: String { name }

    init(_ name: String, _ text: String, _ expected: HostileOutcome, head: Bool = false) {
        self.name = name
        bytes = Array(text.utf8)
        self.expected = expected
        isHead = head
    }

    init(_ name: String, bytes: [UInt8], _ expected: HostileOutcome) {
        self.name = name
        self.bytes = bytes
        self.expected = expected
    }
}

private let host = "Host: localhost\r\n"

/// The corpus: framing (smuggling), header bytes, sizes, targets, methods, versions, junk.
let hostileCorpus: [HostileCase] = [
    // Request smuggling and framing.
    .init("duplicate Content-Length, equal", "GET / HTTP/1.1\r\n\(host)Content-Length: 0\r\nContent-Length: 0\r\n\r\n", .refused(400)),
    .init("duplicate Content-Length, different", "GET / HTTP/1.1\r\n\(host)Content-Length: 0\r\nContent-Length: 7\r\n\r\n", .refused(400)),
    .init("Content-Length + Transfer-Encoding", "GET / HTTP/1.1\r\n\(host)Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .refused(400)),
    .init("Transfer-Encoding: chunked on GET", "GET / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .refused(400)),
    .init("Transfer-Encoding value in odd casing", "GET / HTTP/1.1\r\n\(host)Transfer-Encoding: cHuNkEd\r\n\r\n0\r\n\r\n", .refused(400)),
    .init("Transfer-Encoding name in odd casing", "GET / HTTP/1.1\r\n\(host)tRaNsFeR-eNcOdInG: chunked\r\n\r\n", .refused(400)),
    .init("Transfer-Encoding with space before colon", "GET / HTTP/1.1\r\n\(host)Transfer-Encoding : chunked\r\n\r\n", .refused(400)),
    .init("Transfer-Encoding: identity", "GET / HTTP/1.1\r\n\(host)Transfer-Encoding: identity\r\n\r\n", .refused(400)),
    .init("Transfer-Encoding list", "GET / HTTP/1.1\r\n\(host)Transfer-Encoding: gzip, chunked\r\n\r\n", .refused(400)),
    .init("obs-fold hiding Transfer-Encoding", "GET / HTTP/1.1\r\n\(host)X-A: a\r\n\tTransfer-Encoding: chunked\r\n\r\n", .refused(400)),
    .init("body on GET", "GET / HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello", .refused(400)),
    .init("body on HEAD", "HEAD / HTTP/1.1\r\n\(host)Content-Length: 1\r\n\r\nx", .refused(400), head: true),
    .init("Content-Length with sign", "GET / HTTP/1.1\r\n\(host)Content-Length: +0\r\n\r\n", .refused(400)),
    .init("negative Content-Length", "GET / HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n", .refused(400)),
    .init("non-numeric Content-Length", "GET / HTTP/1.1\r\n\(host)Content-Length: abc\r\n\r\n", .refused(400)),
    .init("two Host headers", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .refused(400)),
    .init("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", .refused(400)),
    // Bytes in header names and values.
    .init("control byte in header name", "GET / HTTP/1.1\r\n\(host)X\u{01}A: 1\r\n\r\n", .refused(400)),
    .init("NUL in header name", bytes: Array("GET / HTTP/1.1\r\n\(host)X".utf8) + [0] + Array("A: 1\r\n\r\n".utf8), .refused(400)),
    .init("control byte in header value", "GET / HTTP/1.1\r\n\(host)X-A: a\u{01}b\r\n\r\n", .refused(400)),
    .init("DEL in header value", "GET / HTTP/1.1\r\n\(host)X-A: a\u{7F}b\r\n\r\n", .refused(400)),
    .init("space inside header name", "GET / HTTP/1.1\r\n\(host)X Y: 1\r\n\r\n", .refused(400)),
    .init("header line without colon", "GET / HTTP/1.1\r\n\(host)NoColonHere\r\n\r\n", .refused(400)),
    .init("non-token header name", "GET / HTTP/1.1\r\n\(host)X(A): 1\r\n\r\n", .refused(400)),
    .init("bare CR as line end", "GET / HTTP/1.1\r\(host)\r\n", .refused(400)),
    // Sizes.
    .init("request target over 4 KiB", "GET /\(String(repeating: "a", count: 5000)) HTTP/1.1\r\n\(host)\r\n", .refused(414)),
    .init("request line over the 32 KiB connection memory", "GET /\(String(repeating: "a", count: 40000)) HTTP/1.1\r\n\(host)\r\n", .refused(414)),
    .init("header value over 8 KiB", "GET / HTTP/1.1\r\n\(host)X-A: \(String(repeating: "a", count: 9000))\r\n\r\n", .refused(431)),
    .init("headers over the 32 KiB connection memory", "GET / HTTP/1.1\r\n\(host)X-A: \(String(repeating: "a", count: 40000))\r\n\r\n", .refused(431)),
    .init("100 header fields", "GET / HTTP/1.1\r\n\(host)\((0..<100).map { "X-\($0): 1\r\n" }.joined())\r\n", .refused(431)),
    .init("2000 tiny header fields", "GET / HTTP/1.1\r\n\(host)\((0..<2000).map { "A\($0):1\r\n" }.joined())\r\n", .refused(431)),
    // Targets: traversal in every encoding, odd forms, bad bytes.
    .init("dot-dot traversal", "GET /../../etc/passwd HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("percent-encoded dot-dot", "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("upper-case percent dot-dot", "GET /%2E%2E/etc/passwd HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("mixed dot-dot", "GET /.%2e/etc/passwd HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("encoded slash traversal", "GET /..%2f..%2fetc%2fpasswd HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("backslash traversal", "GET /..\\..\\etc\\passwd HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("encoded backslash traversal", "GET /..%5c..%5cetc%5cpasswd HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("overlong UTF-8 dots", "GET /%c0%ae%c0%ae/etc/passwd HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("double-encoded dot-dot (decoded once)", "GET /%252e%252e/etc/passwd HTTP/1.1\r\n\(host)\r\n", .answered(404)),
    .init("NUL in the target", "GET /index.html%00.txt HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("CR LF in the target", "GET /a%0d%0aSet-Cookie:%20x HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("invalid UTF-8 in the target", "GET /%ff%fe HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("raw non-ASCII bytes in the target", bytes: Array("GET /".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\n\(host)\r\n".utf8), .refused(400)),
    .init("control byte in the target", "GET /a\u{01}b HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("bad percent escape", "GET /%zz HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("absolute-form target", "GET http://localhost/index.html HTTP/1.1\r\n\(host)\r\n", .refused(400)),
    .init("authority-form target (CONNECT)", "CONNECT localhost:443 HTTP/1.1\r\n\(host)\r\n", .refused(405)),
    .init("asterisk-form target (OPTIONS)", "OPTIONS * HTTP/1.1\r\n\(host)\r\n", .refused(405)),
    .init("space inside the target", "GET /a b HTTP/1.1\r\n\(host)\r\n", .closedSilently),
    // Methods and versions.
    .init("POST with a body", "POST / HTTP/1.1\r\n\(host)Content-Length: 3\r\n\r\nabc", .refused(405)),
    .init("PUT", "PUT /index.html HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n", .refused(405)),
    .init("DELETE", "DELETE /index.html HTTP/1.1\r\n\(host)\r\n", .refused(405)),
    .init("TRACE", "TRACE / HTTP/1.1\r\n\(host)\r\n", .refused(405)),
    .init("lower-case get", "get / HTTP/1.1\r\n\(host)\r\n", .refused(405)),
    .init("unknown method", "FOO / HTTP/1.1\r\n\(host)\r\n", .refused(405)),
    .init("HTTP/2.0 in a request line", "GET / HTTP/2.0\r\n\(host)\r\n", .refused(505)),
    .init("HTTP/2 connection preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", .refused(505)),
    .init("HTTP/1.2", "GET / HTTP/1.2\r\n\(host)\r\n", .refused(505)),
    .init("HTTP/0.9 (no version)", "GET /\r\n\r\n", .refused(400)),
    .init("malformed version", "GET / HTTP/3\r\n\(host)\r\n", .refused(400)),
    .init("tabs as separators", "GET\t/\tHTTP/1.1\r\n\(host)\r\n", .closedSilently),
    .init("TLS ClientHello on the plain port", bytes: [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03] + [UInt8](repeating: 0, count: 40), .closedSilently),
    // Tolerated: harmless, answered normally (RFC 9112 allows each).
    .init("obs-fold in an ordinary header (unfolded)", "GET / HTTP/1.1\r\n\(host)X-A: a\r\n b\r\n\r\n", .answered(200)),
    .init("bare LF line ends", "GET / HTTP/1.1\n\(host.replacingOccurrences(of: "\r\n", with: "\n"))\n", .answered(200)),
    .init("empty line before the request", "\r\nGET / HTTP/1.1\r\n\(host)\r\n", .answered(200)),
    .init("Content-Length: 0 on GET", "GET / HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n", .answered(200)),
    // Negotiation (/charts/<id>): unreadable Accept items are skipped, at most 64 ranges are read.
    .init("Accept of 1,000 ranges, */* past the limit", "GET /charts/temps HTTP/1.1\r\n\(host)Accept: \(Array(repeating: "a/b", count: 1000).joined(separator: ",")),*/*\r\n\r\n", .answered(406)),
    .init("Accept of bad q values only", "GET /charts/temps HTTP/1.1\r\n\(host)Accept: text/plain;q=2, application/json;q=abc, image/*;q=-1\r\n\r\n", .answered(200)),
    .init("Accept of separators only", "GET /charts/temps HTTP/1.1\r\n\(host)Accept: ,;,;;q=,\t,\r\n\r\n", .answered(200)),
    .init("Accept with non-ASCII and quotes", "GET /charts/temps HTTP/1.1\r\n\(host)Accept: tëxt/plain, \"a/b\"\r\n\r\n", .answered(200)),
    .init("Accept-Language of 500 ranges", "GET /charts/temps HTTP/1.1\r\n\(host)Accept-Language: \(Array(repeating: "x-y;q=0.5", count: 500).joined(separator: ","))\r\n\r\n", .answered(200)),
    .init("HEAD negotiated", "HEAD /charts/temps HTTP/1.1\r\n\(host)Accept: application/json\r\n\r\n", .answered(200), head: true),
    // A CSV's metadata (a file of its own, named by the CSV's Link header), and its type asked of the chart.
    .init("CSV metadata, a range of it", "GET /charts/temps.csv-metadata.json HTTP/1.1\r\n\(host)Range: bytes=0-3\r\n\r\n", .answered(206)),
    .init("Accept: the CSV metadata's type, no variant has it", "GET /charts/temps HTTP/1.1\r\n\(host)Accept: application/csvm+json\r\n\r\n", .answered(406)),
]

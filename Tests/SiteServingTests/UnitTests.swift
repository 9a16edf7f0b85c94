import SiteServing
import Testing

@Suite("RequestPath: raw targets to keys of the generated set")
struct RequestPathTests {
    @Test("ordinary paths decode once", arguments: [
        ("/", ""), ("/index.html", "index.html"), ("/charts/a%20b.html", "charts/a b.html"),
        ("/charts/%C3%A9.html", "charts/é.html"), ("/reports/", "reports/"), ("/%252e%252e/x", "%2e%2e/x"),
        ("/a//b", "a//b"),
        ("/\u{35A}.", "\u{35A}."),  // a combining mark after the slash stays in the key (fuzz-request)
    ])
    func decodes(raw: String, key: String) {
        #expect(RequestPath.resolve(raw) == .path(key))
    }

    @Test("traversal, NUL, controls, backslashes, bad escapes and bad UTF-8 are invalid", arguments: [
        "/../etc/passwd", "/charts/../../x", "/%2e%2e/x", "/%2E%2E/x", "/.%2e/x", "/%2e/x", "/./x", "/x/..",
        "/index.html%00.txt", "/%00", "/a%0d%0aSet-Cookie:x", "/a%09b", "/%7f",
        "/..%5c..%5cwindows", "/a\\b", "/%5c", "/%ff%fe", "/%c0%ae%c0%ae/x", "/%e2%82", "/%", "/%4", "/%zz",
        "", "x", "http://a/b", "*", "example.com:443",
    ])
    func invalid(raw: String) {
        #expect(RequestPath.resolve(raw) == .invalid)
    }
}

@Suite("ByteRange: the Range header")
struct ByteRangeTests {
    @Test("single ranges", arguments: [
        ("bytes=0-0", ByteRange.satisfiable(0...0)), ("bytes=0-", .satisfiable(0...99)), ("bytes=-1", .satisfiable(99...99)),
        ("bytes=-500", .satisfiable(0...99)), ("bytes=10-2000", .satisfiable(10...99)), ("Bytes= 3-4", .satisfiable(3...4)),
        ("bytes=100-", .unsatisfiable), ("bytes=-0", .unsatisfiable), ("bytes=4-3", .ignored), ("bytes=1-2,4-5", .ignored),
        ("bytes=a-b", .ignored), ("pages=1-2", .ignored), ("bytes=-", .ignored), ("bytes=99999999999999999999-", .ignored),
        ("bytes=+1-2", .ignored),
    ])
    func parse(header: String, expected: ByteRange) {
        #expect(ByteRange.parse(header, length: 100) == expected)
    }

    @Test("an empty file satisfies no range")
    func emptyFile() {
        #expect(ByteRange.parse("bytes=0-", length: 0) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-5", length: 0) == .unsatisfiable)
    }
}

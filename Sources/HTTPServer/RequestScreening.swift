internal import CMicroHTTPD

/// Why a request is refused before it reaches the handler. libmicrohttpd 0.9.75 tolerates some
/// request-smuggling shapes, so the server checks framing headers itself.
enum Rejection: Sendable {
    /// 400: malformed target, bad bytes in a header, duplicate Content-Length or Host,
    /// any Transfer-Encoding, or a body on GET/HEAD. The connection is closed.
    case badRequest
    /// 405 with `Allow: GET, HEAD`.
    case methodNotAllowed
    /// 414: target longer than the configured limit.
    case targetTooLong
    /// 431: too many header fields or too many header bytes.
    case headersTooLarge
    /// 505: anything but HTTP/1.0 and HTTP/1.1.
    case versionNotSupported
    /// 411: a POST without `Content-Length` (bodies are never chunked).
    case lengthRequired
    /// 413: a POST body over `maxBodyBytes`.
    case contentTooLarge

    var status: Int {
        switch self {
        case .badRequest: 400
        case .methodNotAllowed: 405
        case .targetTooLong: 414
        case .headersTooLarge: 431
        case .versionNotSupported: 505
        case .lengthRequired: 411
        case .contentTooLarge: 413
        }
    }

    var message: String {
        switch self {
        case .badRequest: "Bad request.\n"
        case .methodNotAllowed: "Method not allowed: this server answers GET and HEAD only.\n"
        case .targetTooLong: "Request target too long.\n"
        case .headersTooLarge: "Request header fields too large.\n"
        case .versionNotSupported: "HTTP version not supported: use HTTP/1.1 or HTTP/1.0.\n"
        case .lengthRequired: "Length required: send the body with a Content-Length.\n"
        case .contentTooLarge: "Content too large.\n"
        }
    }

    static let all: [Rejection] = [
        .badRequest, .methodNotAllowed, .targetTooLong, .headersTooLarge, .versionNotSupported, .lengthRequired, .contentTooLarge,
    ]
}

/// What one pass over the header fields found.
struct HeaderScan {
    var count = 0
    var bytes = 0
    var contentLengths = 0
    var hosts = 0
    var nonZeroOrInvalidContentLength = false
    /// The one `Content-Length` when it is plain digits (at most 15), else nil.
    var contentLength: Int?
    var transferEncoding = false
    var invalidByte = false

    /// The verdict for a GET or HEAD request with these headers.
    func rejection(maxCount: Int, maxBytes: Int) -> Rejection? {
        if invalidByte || contentLengths > 1 || hosts > 1 || transferEncoding || nonZeroOrInvalidContentLength {
            return .badRequest
        }
        if count > maxCount || bytes > maxBytes { return .headersTooLarge }
        return nil
    }

    /// The verdict for a POST with these headers, taking bodies up to `maxBody` bytes.
    func rejectionWithBody(maxCount: Int, maxBytes: Int, maxBody: Int) -> Rejection? {
        if invalidByte || contentLengths > 1 || hosts > 1 { return .badRequest }
        if count > maxCount || bytes > maxBytes { return .headersTooLarge }
        if transferEncoding || contentLengths == 0 { return .lengthRequired }
        guard let contentLength else { return .badRequest }
        return contentLength > maxBody ? .contentTooLarge : nil
    }
}

/// Scans every header field of `connection` once.
func scanHeaders(of connection: OpaquePointer) -> HeaderScan {
    var scan = HeaderScan()
    withUnsafeMutablePointer(to: &scan) { pointer in
        _ = MHD_get_connection_values_n(connection, MHD_ValueKind.HEADER_KIND, scanHeaderField, pointer)
    }
    return scan
}

private func scanHeaderField(
    _ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind,
    _ key: UnsafePointer<CChar>?, _ keySize: Int, _ value: UnsafePointer<CChar>?, _ valueSize: Int
) -> MHD_Result {
    guard let scan = context?.assumingMemoryBound(to: HeaderScan.self) else { return .NO }
    scan.pointee.count += 1
    scan.pointee.bytes += keySize + valueSize
    guard let key, keySize > 0 else {
        scan.pointee.invalidByte = true
        return .YES
    }
    let name = UnsafeRawBufferPointer(start: key, count: keySize)
    if !name.allSatisfy(isTokenByte) { scan.pointee.invalidByte = true }
    if let value {
        let bytes = UnsafeRawBufferPointer(start: value, count: valueSize)
        // Field values: visible bytes, space, tab, obs-text (≥ 0x80). No CR, LF, NUL or other controls.
        if bytes.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) { scan.pointee.invalidByte = true }
        if equalsIgnoringCase(name, "content-length") {
            scan.pointee.contentLengths += 1
            if !(bytes.count == 1 && bytes[0] == UInt8(ascii: "0")) { scan.pointee.nonZeroOrInvalidContentLength = true }
            if (1...15).contains(bytes.count), bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                scan.pointee.contentLength = bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            }
        } else if equalsIgnoringCase(name, "transfer-encoding") {
            scan.pointee.transferEncoding = true
        } else if equalsIgnoringCase(name, "host") {
            scan.pointee.hosts += 1
        }
    } else if equalsIgnoringCase(name, "transfer-encoding") || equalsIgnoringCase(name, "content-length") {
        scan.pointee.invalidByte = true
    }
    return .YES
}

/// RFC 9110 `tchar`.
@inline(__always)
func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
        UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
        return true
    default:
        return false
    }
}

/// ASCII case-insensitive comparison with a lowercase literal.
@inline(__always)
func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
    guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
    let expected = lowercase.utf8Start
    for index in 0..<bytes.count {
        var byte = bytes[index]
        if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
        if byte != expected[index] { return false }
    }
    return true
}

/// Compares a C string with a literal, byte for byte.
@inline(__always)
func cStringEquals(_ string: UnsafePointer<CChar>, _ literal: StaticString) -> Bool {
    let expected = literal.utf8Start
    let count = literal.utf8CodeUnitCount
    for index in 0..<count where UInt8(bitPattern: string[index]) != expected[index] { return false }
    return string[count] == 0
}

import ContentHash
import Foundation
import HTTPServer
import SiteGenerator
import Synchronization

/// One generated file with every response it can need, built once at install time.
final class ServedFile: Sendable {
    let body: ResponseBody
    let etag: String
    let contentType: String
    let cacheControl: String
    let compressible: Bool
    /// 200, identity encoding.
    let full: HTTPResponse
    /// 304 for the identity ETag.
    let notModified: HTTPResponse
    /// 200 gzip, when it is smaller.
    let gzip: HTTPResponse?
    let gzipETag: String?
    let gzipNotModified: HTTPResponse?
    /// 416 with `Content-Range: bytes */length`.
    let unsatisfiable: HTTPResponse

    /// - Parameter pageHeaders: extra headers for HTML pages only (the live-reload mark).
    init(_ file: GeneratedFile, status: Int = 200, pageHeaders: [(name: String, value: String)] = []) throws {
        body = ResponseBody(file.data)
        let digest = ETagDigest.hex(file.data)
        etag = "\"\(digest)\""
        contentType = file.contentType
        cacheControl = file.isImmutable ? "public, max-age=31536000, immutable" : "no-cache"
        compressible = Gzip.isCompressible(file.contentType)
        var common = SecurityHeaders.all
        common.append(("Cache-Control", cacheControl))
        if compressible { common.append(("Vary", "Accept-Encoding")) }
        if file.contentType.lowercased().hasPrefix("text/html") { common += pageHeaders }

        let identityHeaders = common + [("Content-Type", contentType), ("ETag", etag), ("Accept-Ranges", "bytes")]
        full = try HTTPResponse(status: status, body: body, headers: identityHeaders)
        notModified = try HTTPResponse(
            status: 304, body: ServedFile.empty, headers: common + [("ETag", etag)])
        unsatisfiable = try HTTPResponse(
            status: 416, body: ServedFile.empty,
            headers: SecurityHeaders.all + [("Content-Range", "bytes */\(file.data.count)"), ("Cache-Control", "no-cache")])

        if compressible, file.data.count >= 256, let packed = Gzip.compress(file.data), packed.count < file.data.count {
            let tag = "\"\(digest)-gz\""
            gzipETag = tag
            gzip = try HTTPResponse(
                status: status, body: ResponseBody(packed),
                headers: common + [("Content-Type", contentType), ("ETag", tag), ("Content-Encoding", "gzip")])
            gzipNotModified = try HTTPResponse(status: 304, body: ServedFile.empty, headers: common + [("ETag", tag)])
        } else {
            gzipETag = nil
            gzip = nil
            gzipNotModified = nil
        }
    }

    /// Recently asked ranges (players ask the same ones again and again); bounded.
    private let recentRanges = Mutex<[ClosedRange<Int>: HTTPResponse]>([:])
    static let recentRangeLimit = 64

    /// A 206 for `range` of the identity body, over the same bytes (no copy); reused for repeats.
    func partial(_ range: ClosedRange<Int>) throws -> HTTPResponse {
        if let cached = recentRanges.withLock({ $0[range] }) { return cached }
        let response = try buildPartial(range)
        recentRanges.withLock { cache in
            if cache.count >= Self.recentRangeLimit { cache.removeAll(keepingCapacity: true) }
            cache[range] = response
        }
        return response
    }

    private func buildPartial(_ range: ClosedRange<Int>) throws -> HTTPResponse {
        var headers = SecurityHeaders.all
        headers.append(("Cache-Control", cacheControl))
        headers.append(("Content-Type", contentType))
        headers.append(("ETag", etag))
        headers.append(("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound)/\(body.count)"))
        return try HTTPResponse(status: 206, body: body, range: range.lowerBound..<(range.upperBound + 1), headers: headers)
    }

    static let empty = ResponseBody(Data())
}

/// A strong validator from the bytes: the content hash (SHA-256, `ContentHash`), first 16 hex
/// digits, plus the length in hex. Computed once per file when a site is installed.
enum ETagDigest {
    static func hex(_ data: Data) -> String {
        String(ContentHash.sha256Hex(data).prefix(16)) + "-" + String(data.count, radix: 16)
    }
}

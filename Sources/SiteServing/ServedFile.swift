import ContentHash
import Foundation
import HTTPServer
import SiteGenerator
import Synchronization

/// One generated file with every response it can need, built once at install time.
final class ServedFile: Sendable {
    typealias Headers = [(name: String, value: String)]

    /// The file in one content coding: its 200, its entity tag and the 304 for that tag.
    struct Representation: Sendable {
        let response: HTTPResponse
        let etag: String
        let notModified: HTTPResponse

        /// `common` headers on both responses; the 200 adds Content-Type, ETag and `extra`
        /// (`Accept-Ranges` for identity, `Content-Encoding` for gzip).
        init(status: Int, body: ResponseBody, etag: String, contentType: String, common: Headers, extra: (name: String, value: String)) throws {
            self.etag = etag
            response = try HTTPResponse(status: status, body: body, headers: common + [("Content-Type", contentType), ("ETag", etag), extra])
            notModified = try HTTPResponse(status: 304, body: ServedFile.empty, headers: common + [("ETag", etag)])
        }
    }

    let body: ResponseBody
    /// The bytes as generated (with `Accept-Ranges: bytes`).
    let identity: Representation
    /// Gzip, when the type compresses and the result is smaller.
    let gzip: Representation?
    /// 416 with `Content-Range: bytes */length`.
    let unsatisfiable: HTTPResponse
    /// What every 206 carries but its `Content-Range`.
    let partialHeaders: Headers

    /// - Parameters:
    ///   - pageHeaders: extra headers for HTML pages only (the live-reload mark).
    ///   - extraHeaders, varyOn: more headers and `Vary` fields (a negotiated chart's variant).
    init(_ file: GeneratedFile, status: Int = 200, pageHeaders: Headers = [], extraHeaders: Headers = [], varyOn: [String] = []) throws {
        body = ResponseBody(file.data)
        let digest = ETagDigest.hex(file.data)
        let cacheControl = file.isImmutable ? "public, max-age=31536000, immutable" : "no-cache"
        let compressible = ContentType.isCompressible(file.contentType)
        var common = SecurityHeaders.all
        common.append(("Cache-Control", cacheControl))
        let vary = varyOn + (compressible ? ["Accept-Encoding"] : [])
        if !vary.isEmpty { common.append(("Vary", vary.joined(separator: ", "))) }
        if file.contentType.lowercased().hasPrefix("text/html") { common += pageHeaders }
        common += extraHeaders

        identity = try Representation(
            status: status, body: body, etag: "\"\(digest)\"", contentType: file.contentType, common: common,
            extra: ("Accept-Ranges", "bytes"))
        unsatisfiable = try HTTPResponse(
            status: 416, body: ServedFile.empty,
            headers: SecurityHeaders.all + [("Content-Range", "bytes */\(file.data.count)"), ("Cache-Control", "no-cache")])
        partialHeaders = SecurityHeaders.all + [("Cache-Control", cacheControl), ("Content-Type", file.contentType), ("ETag", identity.etag)]
            + (varyOn.isEmpty ? [] : [("Vary", varyOn.joined(separator: ", "))]) + extraHeaders

        if compressible, file.data.count >= 256, let packed = Gzip.compress(file.data), packed.count < file.data.count {
            gzip = try Representation(
                status: status, body: ResponseBody(packed), etag: "\"\(digest)-gz\"", contentType: file.contentType, common: common,
                extra: ("Content-Encoding", "gzip"))
        } else {
            gzip = nil
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
        let headers = partialHeaders + [("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound)/\(body.count)")]
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

internal import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// One response, headers fixed at creation, ready to be sent any number of times, concurrently.
///
/// Build responses for static content once and return the same object for every request; only
/// dynamic answers (a byte range, an error with a computed header) need a new one per request.
/// Content-Length and Date are added by the server; there is no Server header.
public final class HTTPResponse: @unchecked Sendable {
    /// Status code sent with this response.
    public let status: Int
    /// Body length in bytes.
    public let bodyCount: Int
    let handle: OpaquePointer
    /// The open stream of a streamed response (nil for a body of known bytes).
    let stream: StreamConnection?
    // Safety: `handle` is an MHD_Response, internally locked and reference counted by
    // libmicrohttpd; it is never mutated after init, so sharing it across threads is fine.

    /// A response whose body is `range` (default: all) of `body`, without copying the bytes.
    /// - Parameters:
    ///   - headers: name/value pairs; names and values must not contain CR, LF or NUL.
    ///   - closesConnection: send `Connection: close` and close after sending (for errors).
    public init(
        status: Int, body: ResponseBody, range: Range<Int>? = nil,
        headers: [(name: String, value: String)] = [], closesConnection: Bool = false
    ) throws(HTTPServerError) {
        let range = range ?? 0..<body.count
        precondition(range.lowerBound >= 0 && range.upperBound <= body.count, "range outside the body")
        guard let handle = Self.makeHandle(body: body, range: range) else { throw HTTPServerError(.responseCreationFailed) }
        self.handle = handle
        self.status = status
        self.bodyCount = range.count
        stream = nil
        for (name, value) in headers where !name.isEmpty {
            _ = MHD_add_response_header(handle, name, value)
        }
        if closesConnection { _ = MHD_add_response_header(handle, "Connection", "close") }
    }

    /// A response with a small body copied once (error pages, short texts).
    public convenience init(
        status: Int, text: String, headers: [(name: String, value: String)] = [],
        closesConnection: Bool = false
    ) throws(HTTPServerError) {
        try self.init(
            status: status, body: ResponseBody(text), headers: headers, closesConnection: closesConnection)
    }

    /// A response whose body is `stream`'s bytes as they are sent (chunked; unknown length),
    /// for one request only. `request` is the request it answers.
    public init(
        status: Int, stream: StreamConnection, request: HTTPRequest, headers: [(name: String, value: String)] = []
    ) throws(HTTPServerError) {
        let owner = Unmanaged.passRetained(stream).toOpaque()
        guard let handle = MHD_create_response_from_callback(UInt64.max /* MHD_SIZE_UNKNOWN */, 4096, streamReader, owner, streamReleased) else {
            Unmanaged<StreamConnection>.fromOpaque(owner).release()
            throw HTTPServerError(.responseCreationFailed)
        }
        stream.attach(request.connection)
        self.handle = handle
        self.status = status
        self.bodyCount = 0
        self.stream = stream
        for (name, value) in headers where !name.isEmpty {
            _ = MHD_add_response_header(handle, name, value)
        }
    }

    deinit { MHD_destroy_response(handle) }

    /// A response reading `range` of `body`: from its memfd with `sendfile` when the body is
    /// file-backed and the range is at least `ResponseBody.fileThreshold` bytes (libmicrohttpd
    /// closes the duplicate descriptor with the response), else from its memory, the response
    /// keeping the body alive.
    private static func makeHandle(body: ResponseBody, range: Range<Int>) -> OpaquePointer? {
        if range.count >= ResponseBody.fileThreshold, let fd = body.file?.duplicate() {
            if let handle = MHD_create_response_from_fd_at_offset64(UInt64(range.count), fd, UInt64(range.lowerBound)) {
                return handle
            }
            close(fd)
        }
        let owner = Unmanaged.passRetained(body).toOpaque()
        guard
            let handle = MHD_create_response_from_buffer_with_free_callback_cls(
                range.count, body.base + range.lowerBound, releaseResponseBody, owner)
        else {
            Unmanaged<ResponseBody>.fromOpaque(owner).release()
            return nil
        }
        return handle
    }
}

/// libmicrohttpd calls this when the last user of a response is gone: release its body.
private func releaseResponseBody(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<ResponseBody>.fromOpaque(context).release()
}

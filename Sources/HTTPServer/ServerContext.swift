internal import CMicroHTTPD
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Everything the C callbacks need, reached through libmicrohttpd's `cls` pointers.
/// Retained by the server from `start()` until the daemon has stopped.
final class ServerContext: Sendable {
    let handler: HTTPServer.Handler
    let logger: Logger
    let maxTargetBytes: Int
    let maxHeaderBytes: Int
    let maxHeaderCount: Int
    let maxBodyBytes: Int
    /// Streamed responses still open (closed before the daemon stops).
    let streams = Mutex<[ObjectIdentifier: StreamConnection]>([:])
    /// Set when the server stops: a stream opened from now on is closed at once.
    let stopping = Atomic<Bool>(false)
    /// libmicrohttpd's own messages go here.
    let logCapture: LogCapture
    /// Responses queued whose sending has not completed yet.
    let inFlight = Atomic<Int>(0)
    /// One prebuilt, connection-closing response per rejection.
    private let rejections: [HTTPResponse]

    init(configuration: HTTPServerConfiguration, handler: @escaping HTTPServer.Handler) throws(HTTPServerError) {
        self.handler = handler
        logger = configuration.logger
        logCapture = LogCapture(logger: configuration.logger)
        maxTargetBytes = configuration.maxTargetBytes
        maxHeaderBytes = configuration.maxHeaderBytes
        maxHeaderCount = configuration.maxHeaderCount
        maxBodyBytes = configuration.maxBodyBytes
        var built: [HTTPResponse] = []
        for rejection in Rejection.all {
            var headers = configuration.defaultHeaders
            headers.append(("Content-Type", "text/plain; charset=utf-8"))
            headers.append(("Cache-Control", "no-store"))
            if rejection == .methodNotAllowed {
                headers.append(("Allow", configuration.maxBodyBytes > 0 ? "GET, HEAD, POST" : "GET, HEAD"))
            }
            built.append(
                try HTTPResponse(status: rejection.status, text: rejection.message, headers: headers, closesConnection: true))
        }
        rejections = built
    }

    func response(for rejection: Rejection) -> HTTPResponse {
        switch rejection {
        case .badRequest: rejections[0]
        case .methodNotAllowed: rejections[1]
        case .targetTooLong: rejections[2]
        case .headersTooLarge: rejections[3]
        case .versionNotSupported: rejections[4]
        case .lengthRequired: rejections[5]
        case .contentTooLarge: rejections[6]
        }
    }

    /// Screens a request whose headers have arrived; nil means it may go to the handler.
    func screen(
        connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>
    ) -> HTTPResponse? {
        let post = maxBodyBytes > 0 && cStringEquals(method, "POST")
        if !cStringEquals(method, "GET") && !cStringEquals(method, "HEAD") && !post {
            return reject(.methodNotAllowed, url: url, method: method)
        }
        if !cStringEquals(version, "HTTP/1.1") && !cStringEquals(version, "HTTP/1.0") {
            return reject(.versionNotSupported, url: url, method: method)
        }
        if strnlen(url, maxTargetBytes + 1) > maxTargetBytes {
            return reject(.targetTooLong, url: url, method: method)
        }
        // Origin-form only: absolute-form ("http://…"), authority-form and "*" are refused; so are
        // raw bytes outside visible ASCII (they must arrive percent-encoded).
        if url[0] != CChar(UInt8(ascii: "/")) || !isVisibleASCII(url) {
            return reject(.badRequest, url: url, method: method)
        }
        let scan = scanHeaders(of: connection)
        let rejection = post
            ? scan.rejectionWithBody(maxCount: maxHeaderCount, maxBytes: maxHeaderBytes, maxBody: maxBodyBytes)
            : scan.rejection(maxCount: maxHeaderCount, maxBytes: maxHeaderBytes)
        if let rejection { return reject(rejection, url: url, method: method) }
        return nil
    }

    /// Closes every open stream (resuming suspended connections), so the daemon can stop.
    func closeStreams() {
        stopping.store(true, ordering: .releasing)
        let open = streams.withLock { Array($0.values) }
        for stream in open { stream.close() }
    }

    /// Asks the handler about a screened request.
    func respond(
        connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>, body: [UInt8]? = nil
    ) -> HTTPResponse {
        let request = HTTPRequest(
            method: body != nil ? .post : cStringEquals(method, "HEAD") ? .head : .get, path: String(cString: url),
            version: cStringEquals(version, "HTTP/1.0") ? "HTTP/1.0" : "HTTP/1.1", connection: connection, body: body ?? [])
        let response = handler(request)
        if let stream = response.stream { register(stream) }
        if logger.logLevel <= .debug {
            logger.debug(
                "request", metadata: ["method": "\(String(cString: method))", "path": "\(request.path)",
                                      "status": "\(response.status)", "bytes": "\(response.bodyCount)"])
        }
        return response
    }

    private func register(_ stream: StreamConnection) {
        let key = ObjectIdentifier(stream)
        streams.withLock { $0[key] = stream }
        // Unregistered when the response is released (the stream's end callback runs then);
        // the weak capture keeps the context from owning itself.
        stream.addEndHandler { [weak self] in self?.streams.withLock { _ = $0.removeValue(forKey: key) } }
        if stopping.load(ordering: .acquiring) { stream.close() }
    }

    private func reject(
        _ rejection: Rejection, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>
    ) -> HTTPResponse {
        if logger.logLevel <= .info {
            logger.info(
                "refused", metadata: ["status": "\(rejection.status)", "method": "\(printable(method, limit: 16))",
                                      "target": "\(printable(url, limit: 120))"])
        }
        return response(for: rejection)
    }
}

/// True when every byte is visible US-ASCII (0x21…0x7E).
func isVisibleASCII(_ string: UnsafePointer<CChar>) -> Bool {
    var index = 0
    while string[index] != 0 {
        let byte = UInt8(bitPattern: string[index])
        if byte <= 0x20 || byte >= 0x7F { return false }
        index += 1
    }
    return true
}

/// A C string made safe for a log line: non-printable bytes as \xNN, cut at `limit`.
func printable(_ string: UnsafePointer<CChar>, limit: Int) -> String {
    var result = ""
    var index = 0
    while string[index] != 0 && index < limit {
        let byte = UInt8(bitPattern: string[index])
        if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
            result.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            result += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        index += 1
    }
    if string[index] != 0 { result += "…" }
    return result
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

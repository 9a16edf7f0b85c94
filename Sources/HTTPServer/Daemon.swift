internal import CMicroHTTPD
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Marks a request whose response was queued (so completion decrements the in-flight count).
nonisolated(unsafe) private let queuedMarker = UnsafeMutableRawPointer(bitPattern: 1)!
/// Marks a request that passed screening and waits for its final access-handler call.
nonisolated(unsafe) private let screenedMarker = UnsafeMutableRawPointer(bitPattern: 2)!

/// Starts the libmicrohttpd daemon: epoll thread pool, limits, callbacks. One place maps failure.
func startDaemon(
    configuration: HTTPServerConfiguration, context: Unmanaged<ServerContext>
) throws(HTTPServerError) -> OpaquePointer {
    let cls = context.toOpaque()
    var address = try SocketAddress(host: configuration.host, port: configuration.port)
    // Suspend/resume: streamed responses (server-sent events) wait suspended, not polled.
    var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_ERROR_LOG.rawValue
        | MHD_USE_TURBO.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
    if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }

    // The log capture lives as long as the context (which outlives the daemon).
    let logCapture = context.takeUnretainedValue().logCapture
    let capture = Unmanaged.passUnretained(logCapture)
    logCapture.startCapturing()

    let daemon: OpaquePointer? = address.withSockaddr { sockaddr in
        var options: [MHD_OptionItem] = [
            item(MHD_OPTION.EXTERNAL_LOGGER, unsafeBitCast(libraryLog, to: Int.self), capture.toOpaque()),
            item(MHD_OPTION.CONNECTION_TIMEOUT, configuration.connectionTimeoutSeconds),
            item(MHD_OPTION.CONNECTION_LIMIT, configuration.connectionLimit),
            item(MHD_OPTION.PER_IP_CONNECTION_LIMIT, configuration.perClientConnectionLimit),
            item(MHD_OPTION.CONNECTION_MEMORY_LIMIT, configuration.connectionMemoryLimit),
            item(MHD_OPTION.STRICT_FOR_CLIENT, 1),
            item(MHD_OPTION.LISTEN_BACKLOG_SIZE, 1024),
            item(MHD_OPTION.SOCK_ADDR, 0, UnsafeMutableRawPointer(mutating: sockaddr)),
            item(MHD_OPTION.NOTIFY_COMPLETED, unsafeBitCast(requestCompleted, to: Int.self), cls),
            item(MHD_OPTION.UNESCAPE_CALLBACK, unsafeBitCast(keepEscapes, to: Int.self), nil),
        ]
        if configuration.threads > 1 { options.append(item(MHD_OPTION.THREAD_POOL_SIZE, configuration.threads)) }
        options.append(item(MHD_OPTION.END, 0))
        return options.withUnsafeMutableBufferPointer { buffer in
            pl_mhd_start_daemon(UInt32(flags), UInt16(configuration.port), accessHandler, cls, buffer.baseAddress)
        }
    }
    let lastLine = logCapture.stopCapturing()
    guard let daemon else {
        throw HTTPServerError(.startFailed, detail: lastLine ?? "could not bind \(configuration.host):\(configuration.port)")
    }
    // From now on the daemon logs through the long-lived context's logger.
    return daemon
}

private func item(_ option: MHD_OPTION, _ value: Int, _ pointer: UnsafeMutableRawPointer? = nil) -> MHD_OptionItem {
    MHD_OptionItem(option: option, value: value, ptr_value: pointer)
}

/// libmicrohttpd's messages, logged; during start the last one is also kept (to explain a failure).
final class LogCapture: Sendable {
    let logger: Logger
    /// nil when not capturing; otherwise the last line so far (if any).
    private let captured = Mutex<String??>(nil)
    init(logger: Logger) { self.logger = logger }

    func startCapturing() { captured.withLock { $0 = .some(nil) } }

    /// Stops capturing; returns the last line logged meanwhile.
    func stopCapturing() -> String? {
        captured.withLock { state in
            defer { state = nil }
            return state ?? nil
        }
    }

    func log(_ line: String) {
        captured.withLock { state in if state != nil { state = .some(line) } }
        // Requests the library refuses by itself are client errors: not worth a warning each.
        if line.hasPrefix("Error processing request") {
            logger.debug("libmicrohttpd: \(line)")
        } else {
            logger.warning("libmicrohttpd: \(line)")
        }
    }
}

private let libraryLog: MHD_LogCallback = {
    cls, format, arguments in
    guard let cls, let format else { return }
    var buffer = [CChar](repeating: 0, count: 512)
    guard let arguments else { return }
    _ = pl_mhd_format_log(&buffer, buffer.count, format, arguments)
    let line = String(cString: buffer).trimmingCharacters(in: "\n ")
    Unmanaged<LogCapture>.fromOpaque(cls).takeUnretainedValue().log(line)
}

/// Leaves the target as sent: percent-decoding is the handler's job, done once.
private let keepEscapes: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = {
    _, _, string in
    guard let string else { return 0 }
    return strlen(string)
}

/// A POST body being received (the request context between the handler's calls).
final class RequestBody {
    var bytes: [UInt8] = []
}

/// libmicrohttpd calls this once when the headers are in (screening happens then; a refusal is
/// queued at once and closes the connection), then again when the request is complete (the
/// handler runs then: a response queued on the first call would make the library close the
/// connection instead of keeping it alive), then once per chunk of any body (kept for a POST the
/// configuration allows, within `maxBodyBytes`: screening checked `Content-Length`).
private let accessHandler: MHD_AccessHandlerCallback = {
    cls, connection, url, method, version, uploadData, uploadDataSize, requestContext in
    guard let cls, let connection, let url, let method, let version, let requestContext else { return .NO }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let response: HTTPResponse
    switch requestContext.pointee {
    case nil:
        guard let refusal = context.screen(connection: connection, url: url, method: method, version: version) else {
            if context.maxBodyBytes > 0 && cStringEquals(method, "POST") {
                requestContext.pointee = Unmanaged.passRetained(RequestBody()).toOpaque()
            } else {
                requestContext.pointee = screenedMarker
            }
            return .YES
        }
        response = refusal
    case screenedMarker:
        if let uploadDataSize, uploadDataSize.pointee != 0 {
            uploadDataSize.pointee = 0  // cannot happen for a screened GET/HEAD; never read bodies
            return .YES
        }
        response = context.respond(connection: connection, url: url, method: method, version: version)
    case queuedMarker:
        uploadDataSize?.pointee = 0
        return .YES
    case let pointer?:
        let body = Unmanaged<RequestBody>.fromOpaque(pointer)
        if let uploadDataSize, uploadDataSize.pointee != 0 {
            if let uploadData, body.takeUnretainedValue().bytes.count + uploadDataSize.pointee <= context.maxBodyBytes {
                body.takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee))
            }
            uploadDataSize.pointee = 0
            return .YES
        }
        let bytes = body.takeRetainedValue().bytes
        response = context.respond(connection: connection, url: url, method: method, version: version, body: bytes)
    }
    requestContext.pointee = queuedMarker
    context.inFlight.add(1, ordering: .relaxed)
    return MHD_queue_response(connection, UInt32(response.status), response.handle)
}

private let requestCompleted: MHD_RequestCompletedCallback = { cls, _, requestContext, _ in
    guard let cls, let requestContext, let pointer = requestContext.pointee else { return }
    requestContext.pointee = nil
    switch pointer {
    case queuedMarker:
        Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().inFlight.subtract(1, ordering: .releasing)
    case screenedMarker:
        break
    default:
        Unmanaged<RequestBody>.fromOpaque(pointer).release()  // a body cut off before its end
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}

internal import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One open response of unknown length (server-sent events): bytes are queued with ``send(_:)``
/// from any thread and written as the client takes them. No thread per client: libmicrohttpd
/// calls the content reader on its worker threads; with nothing queued the connection is
/// suspended (`MHD_suspend_connection`, no busy polling) and ``send(_:)`` resumes it.
///
/// Build the response with ``HTTPResponse/init(status:stream:request:headers:)``; the server
/// closes every open stream before it stops (libmicrohttpd must not stop with suspended
/// connections).
public final class StreamConnection: Sendable {
    /// Bytes a client may fall behind before it is cut off (it reconnects and resumes).
    public let maxQueuedBytes: Int
    private let state = Mutex(State())
    /// Called once when the response is finished; nil once that has happened.
    private let ended: Mutex<[@Sendable () -> Void]?>

    private struct State: @unchecked Sendable {
        // Safety: the connection pointer is only used under the mutex, while the response is queued.
        var queue: [UInt8] = []
        var sent = 0
        var connection: OpaquePointer?
        var suspended = false
        var closed = false
        var released = false
    }

    /// - Parameter onEnd: called once when the response is finished (client gone, cut off,
    ///   closed or server stopping), on a server thread.
    public init(maxQueuedBytes: Int = 1 << 20, onEnd: (@Sendable () -> Void)? = nil) {
        self.maxQueuedBytes = maxQueuedBytes
        ended = Mutex(onEnd.map { [$0] } ?? [])
    }

    /// Adds a callback for the end of the response (run at once if it has ended).
    public func addEndHandler(_ handler: @escaping @Sendable () -> Void) {
        let now = ended.withLock { handlers -> Bool in
            guard handlers != nil else { return true }
            handlers!.append(handler)
            return false
        }
        if now { handler() }
    }

    /// Queues bytes. False when the stream is closed, or has just been closed because the
    /// client fell more than `maxQueuedBytes` behind.
    @discardableResult
    public func send(_ bytes: some Collection<UInt8>) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.queue.append(contentsOf: bytes)
            if state.queue.count - state.sent > maxQueuedBytes {
                state.closed = true
                state.queue = []
                state.sent = 0
            }
            wake(&state)
            return !state.closed
        }
    }

    /// Ends the response once the bytes queued so far are sent.
    public func close() {
        state.withLock { state in
            state.closed = true
            wake(&state)
        }
    }

    /// True once closed (by ``close()``, a slow client or the server), or the client left.
    public var isClosed: Bool { state.withLock { $0.closed || $0.released } }

    /// Bytes queued but not yet taken by the connection.
    public var queuedBytes: Int { state.withLock { $0.queue.count - $0.sent } }

    private func wake(_ state: inout State) {
        if state.suspended, let connection = state.connection {
            state.suspended = false
            MHD_resume_connection(connection)
        }
    }

    func attach(_ connection: OpaquePointer) {
        state.withLock { $0.connection = connection }
    }

    /// The content reader: queued bytes, the end (-1), or 0 after suspending the connection.
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        state.withLock { state in
            let available = state.queue.count - state.sent
            if available > 0 {
                let count = min(available, max)
                state.queue.withUnsafeBytes { raw in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress! + state.sent, byteCount: count)
                }
                state.sent += count
                if state.sent == state.queue.count {
                    state.queue.removeAll(keepingCapacity: state.queue.capacity <= 64 * 1024)
                    state.sent = 0
                } else if state.sent > 64 * 1024 {
                    state.queue.removeFirst(state.sent)
                    state.sent = 0
                }
                return count
            }
            if state.closed { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
            guard let connection = state.connection else { return -1 }
            state.suspended = true
            MHD_suspend_connection(connection)
            return 0
        }
    }

    /// The response is gone: no more reads, no resume.
    func release() {
        state.withLock { state in
            state.closed = true
            state.released = true
            state.connection = nil
            state.suspended = false
            state.queue = []
        }
        let handlers = ended.withLock { handlers in
            defer { handlers = nil }
            return handlers ?? []
        }
        for handler in handlers { handler() }
    }
}

/// libmicrohttpd's content reader for a ``StreamConnection``.
let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return -2 }
    return Unmanaged<StreamConnection>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
}

/// Called when the last user of a stream's response is gone.
let streamReleased: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let stream = Unmanaged<StreamConnection>.fromOpaque(cls)
    stream.takeUnretainedValue().release()
    stream.release()
}

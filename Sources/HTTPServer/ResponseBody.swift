internal import CMicroHTTPD
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Bytes that outlive every response built over them, never moved or changed.
///
/// A body of at least `fileThreshold` bytes lives in an anonymous in-memory file (`BodyFile`, a
/// memfd) mapped read-only: libmicrohttpd sends its responses with `sendfile`, without copying
/// the bytes through user space into each socket. A smaller one is one heap copy, and responses
/// are built over it without copying (`MHD_RESPMEM_PERSISTENT`-style). Either way each response
/// keeps what it reads alive, so bytes are freed only after the last connection using them is done.
public final class ResponseBody: Sendable {
    /// Start of the bytes (never nil: an empty body still owns one byte).
    nonisolated(unsafe) let base: UnsafeMutableRawPointer
    /// Number of bytes.
    public let count: Int
    /// The memfd holding the bytes (nil below `fileThreshold`, or where memfds are unavailable).
    let file: BodyFile?

    /// Bodies from this size up are file-backed, and responses of at least this many bytes are
    /// sent from the file: 1 MiB, or `PITCHLINE_SENDFILE_MIN` bytes when set (for measuring).
    /// Measured with wrk against the same files from memory (release, 29 November, load 11–15):
    /// a 13 MB CSV took half the server's CPU per request with `sendfile`, a 985 KB script about
    /// the same, a 93 KB script no less, and a 25 KB chart page 4.5× fewer requests per second
    /// (libmicrohttpd 0.9.75 sends the headers and the file in separate calls): docs/server.md.
    public static let fileThreshold = ProcessInfo.processInfo.environment["PITCHLINE_SENDFILE_MIN"].flatMap { Int($0) }.map { max(1, $0) } ?? 1 << 20

    /// Copies `data` once (into a memfd from `fileThreshold` bytes).
    public init(_ data: Data) {
        count = data.count
        if count >= Self.fileThreshold, let file = BodyFile(data) {
            self.file = file
            base = file.mapped
            return
        }
        file = nil
        base = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 16)
        data.withUnsafeBytes { raw in
            if let source = raw.baseAddress, count > 0 { base.copyMemory(from: source, byteCount: count) }
        }
    }

    /// Copies the UTF-8 bytes of `text` once.
    public convenience init(_ text: String) {
        self.init(Data(text.utf8))
    }

    deinit {
        if file == nil { base.deallocate() }
    }

    /// The bytes, for reading (tests, checks).
    public var data: Data { Data(bytes: base, count: count) }

    /// Whether the bytes are in a memfd (responses of `fileThreshold` bytes or more are sent with `sendfile`).
    public var isFileBacked: Bool { file != nil }
}

/// One memfd (the one owner of its descriptor) holding a body's bytes, mapped read-only for
/// reading them back. Each response gets its own duplicate descriptor, which libmicrohttpd
/// closes when it destroys the response.
final class BodyFile: Sendable {
    let descriptor: Int32
    nonisolated(unsafe) let mapped: UnsafeMutableRawPointer
    let count: Int

    /// Nil when the memfd cannot be made, written or mapped (the body stays in the heap then).
    init?(_ data: Data) {
        count = data.count
        let fd = pl_memfd_create("pitchline-body")
        guard fd >= 0 else { return nil }
        let written = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        guard written, let map = mmap(nil, count, PROT_READ, MAP_SHARED, fd, 0), map != UnsafeMutableRawPointer(bitPattern: -1) else {
            close(fd)
            return nil
        }
        descriptor = fd
        mapped = map
    }

    deinit {
        munmap(mapped, count)
        close(descriptor)
    }

    /// A new descriptor of the same file for one response (nil when none is left: out of descriptors).
    func duplicate() -> Int32? {
        let fd = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        return fd >= 0 ? fd : nil
    }
}

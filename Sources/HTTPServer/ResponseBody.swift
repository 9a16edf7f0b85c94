import Foundation

/// Bytes that outlive every response built over them: one heap copy, never moved or changed.
///
/// Responses are built over this memory without copying (`MHD_RESPMEM_PERSISTENT`); each
/// response keeps its body alive, so bytes are freed only after the last connection using them
/// has finished sending.
public final class ResponseBody: Sendable {
    /// Start of the bytes (never nil: an empty body still owns one byte).
    nonisolated(unsafe) let base: UnsafeMutableRawPointer
    /// Number of bytes.
    public let count: Int

    /// Copies `data` once.
    public init(_ data: Data) {
        count = data.count
        base = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 16)
        data.withUnsafeBytes { raw in
            if let source = raw.baseAddress, count > 0 { base.copyMemory(from: source, byteCount: count) }
        }
    }

    /// Copies the UTF-8 bytes of `text` once.
    public convenience init(_ text: String) {
        self.init(Data(text.utf8))
    }

    deinit { base.deallocate() }

    /// The bytes, for reading (tests, checks).
    public var data: Data { Data(bytes: base, count: count) }
}

import Foundation
internal import CZlib

/// Gzip compression through zlib, done once per file when a site is installed (never per request).
/// The only owner of zlib state: a stream lives inside one call.
enum Gzip {
    /// The gzip member for `data`, or nil if zlib fails.
    static func compress(_ data: Data) -> Data? {
        var stream = z_stream()
        guard pl_deflate_init_gzip(&stream) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var output = Data(count: bound)
        let status: Int32 = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(
                    mutating: input.bindMemory(to: Bytef.self).baseAddress ?? UnsafePointer(bitPattern: 1)!)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.count = Int(stream.total_out)
        return output
    }
}

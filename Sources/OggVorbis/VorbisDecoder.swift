import Foundation
internal import CVorbis

/// Decoded audio: samples de-interleaved per channel.
public struct DecodedAudio: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int
    /// `samples[channel][frame]`.
    public var samples: [[Float]]

    /// Frames per channel.
    public var frameCount: Int { samples.first?.count ?? 0 }
    /// Length in seconds.
    public var duration: Double { Double(frameCount) / Double(sampleRate) }
}

/// Decodes a whole Ogg Vorbis file held in memory through libvorbisfile.
public enum VorbisDecoder {
    /// Decodes `data` to float PCM; throws `VorbisError` for anything that is not a valid stream.
    public static func decode(_ data: Data) throws -> DecodedAudio {
        let source = MemorySource(data)
        let context = Unmanaged.passRetained(source)
        defer { context.release() }
        let file = UnsafeMutablePointer<OggVorbis_File>.allocate(capacity: 1)
        defer { file.deallocate() }
        let callbacks = ov_callbacks(
            read_func: memoryRead, seek_func: memorySeek, close_func: nil, tell_func: memoryTell)
        try VorbisError.check(
            ov_open_callbacks(context.toOpaque(), file, nil, 0, callbacks), "ov_open_callbacks")
        defer { ov_clear(file) }
        guard let info = ov_info(file, -1) else { throw VorbisError.notVorbis("ov_info returned NULL") }
        let channels = Int(info.pointee.channels)
        let rate = Int(info.pointee.rate)
        var out = [[Float]](repeating: [], count: channels)
        let total = ov_pcm_total(file, -1)
        if total > 0 { for c in 0..<channels { out[c].reserveCapacity(Int(total)) } }
        var pcm: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?
        var section: Int32 = 0
        while true {
            let n = ov_read_float(file, &pcm, 4096, &section)
            if n == 0 { break }
            if n == Int(OV_HOLE) { continue }  // a gap in the data; libvorbisfile resyncs
            if n < 0 { throw VorbisError(code: Int32(n), call: "ov_read_float") }
            guard let pcm else { throw VorbisError.internalFault("ov_read_float gave no buffers") }
            for c in 0..<channels {
                out[c].append(contentsOf: UnsafeBufferPointer(start: pcm[c]!, count: n))
            }
        }
        return DecodedAudio(sampleRate: rate, channels: channels, samples: out)
    }
}

/// The bytes libvorbisfile reads through the callbacks below.
private final class MemorySource {
    let bytes: [UInt8]
    var position = 0
    init(_ data: Data) { bytes = [UInt8](data) }
}

// C callbacks: plain nonisolated functions; the context pointer is the retained MemorySource.

private func memoryRead(
    _ ptr: UnsafeMutableRawPointer?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let ptr, let context, size > 0 else { return 0 }
    let source = Unmanaged<MemorySource>.fromOpaque(context).takeUnretainedValue()
    let wanted = size * count
    let n = min(wanted, source.bytes.count - source.position)
    guard n > 0 else { return 0 }
    source.bytes.withUnsafeBytes { raw in
        ptr.copyMemory(from: raw.baseAddress! + source.position, byteCount: n)
    }
    source.position += n
    return n / size
}

private func memorySeek(_ context: UnsafeMutableRawPointer?, _ offset: ogg_int64_t, _ whence: Int32) -> Int32 {
    guard let context else { return -1 }
    let source = Unmanaged<MemorySource>.fromOpaque(context).takeUnretainedValue()
    let base: Int
    switch whence {
    case SEEK_SET: base = 0
    case SEEK_CUR: base = source.position
    case SEEK_END: base = source.bytes.count
    default: return -1
    }
    let target = base + Int(offset)
    guard target >= 0, target <= source.bytes.count else { return -1 }
    source.position = target
    return 0
}

private func memoryTell(_ context: UnsafeMutableRawPointer?) -> Int {
    guard let context else { return -1 }
    return Unmanaged<MemorySource>.fromOpaque(context).takeUnretainedValue().position
}

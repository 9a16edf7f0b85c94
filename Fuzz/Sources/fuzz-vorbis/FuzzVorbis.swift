import Foundation
import OggVorbis

/// libFuzzer entry for the owner of libvorbis/libogg state (OggVorbis), run under AddressSanitizer
/// and LeakSanitizer: every C allocation is freed exactly once on every path, including the
/// throwing initialisers (issue 17: `VorbisEncoder`'s init relies on `deinit` running after a
/// throw once every stored property is set; a leak or double free there fails this target).
///
/// The first byte chooses what the rest is:
/// - even: encoder settings (sample rate, channels, quality; many are refused by the arguments
///   check or by libvorbis itself), then a short tone encoded, sliced and decoded back;
/// - odd: an Ogg stream (damaged, truncated or foreign) for the slicer and the decoder, which
///   must throw, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVorbis(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let mode = bytes.first else { return 0 }
    let rest = Data(bytes.dropFirst())
    if mode % 2 == 0 { encode(settings: rest) } else { read(rest) }
    return 0
}

private func encode(settings: Data) {
    let b = [UInt8](settings) + [UInt8](repeating: 0, count: max(0, 8 - settings.count))
    // Rates from 0 to ~16.7 MHz (libvorbis has modes for 8–192 kHz), 0–15 channels, quality −0.3…1.2.
    let rate = Int(b[0]) << 16 | Int(b[1]) << 8 | Int(b[2])
    let channels = Int(b[3] & 0x0F)
    let quality = Float(Int(b[4]) - 50) / 170
    let frames = Int(b[5]) * 16
    guard let encoder = try? VorbisEncoder(sampleRate: rate, channels: channels, quality: quality) else { return }
    // Interleaved: one sine per channel.
    let samples = (0..<(frames * channels)).map { Float(sin(Double($0 / channels) * 0.05)) * 0.5 }
    guard (try? encoder.write(samples: samples)) != nil, let ogg = try? encoder.finish() else { return }
    precondition((try? encoder.finish()) == nil, "a finished encoder finished again")
    guard let slicer = try? OggSlicer(ogg) else { return }
    if slicer.frameCount > 2 { _ = try? slicer.slice(frames: 1..<(slicer.frameCount / 2)) }
    _ = try? VorbisDecoder.decode(ogg)
}

private func read(_ stream: Data) {
    if let slicer = try? OggSlicer(stream), slicer.frameCount > 1 {
        _ = try? slicer.slice(frames: 0..<(slicer.frameCount / 2))
    }
    _ = try? VorbisDecoder.decode(stream)
}

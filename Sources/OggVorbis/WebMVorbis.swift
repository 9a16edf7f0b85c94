import Foundation

/// The same Vorbis stream in a WebM (Matroska) container, without re-encoding: the three header
/// packets become the track's CodecPrivate (Xiph lacing) and each audio packet one SimpleBlock.
///
/// Why: Safari decodes Vorbis in WebM since 14.1 on macOS 11.3 and iOS 15 (Apple's answer in
/// caniuse #6997 for iOS 17.4: "Vorbis should work in other containers, like WebM"), but Vorbis
/// in Ogg only from Safari 18.4 (macOS 15.4, iOS 18.4), and WebKit's `decodeAudioData` demuxes
/// WebM itself (AudioFileReaderCocoa, `isMaybeWebM`). Same packets, so the same samples at the
/// same frame offsets (checked against the Ogg in Chromium and by decoding both here).
public enum WebMVorbis {
    /// `ogg` (a single-logical-stream Ogg Vorbis file) as a WebM file.
    public static func remux(_ ogg: Data) throws -> Data {
        let stream = try ParsedVorbisStream(ogg)
        let rate = Double(stream.sampleRate)
        // Milliseconds (TimecodeScale 1,000,000 ns): where each audio packet's output starts.
        let starts = stream.audio.indices.map { k in k == 0 ? 0 : stream.audioEnds[k - 1] }

        var privateData: [UInt8] = [2]   // three packets: two laced sizes, the last implied
        for header in stream.headers.dropLast() { privateData += xiphLacedSize(header.count) }
        for header in stream.headers { privateData += header }
        var channels = 1
        if stream.headers[0].count > 11 { channels = Int(stream.headers[0][11]) }

        let info = element(0x1549A966, [
            element(0x2AD7B1, uint(1_000_000)),
            element(0x4489, float(Double(stream.totalFrames) / rate * 1000)),
            element(0x4D80, Array("pitchline".utf8)), element(0x5741, Array("pitchline".utf8)),
        ].flatMap { $0 })
        let track = element(0xAE, [
            element(0xD7, uint(1)), element(0x73C5, uint(1)), element(0x83, uint(2)),
            element(0x86, Array("A_VORBIS".utf8)), element(0x63A2, privateData),
            element(0xE1, element(0xB5, float(rate)) + element(0x9F, uint(UInt64(channels)))),
        ].flatMap { $0 })
        let tracks = element(0x1654AE6B, track)

        // Clusters of at most 30 s (block times are 16-bit offsets from the cluster's time).
        var clusters: [UInt8] = []
        var k = 0
        while k < stream.audio.count {
            let clusterTime = starts[k] * 1000 / stream.sampleRate
            var body = element(0xE7, uint(UInt64(clusterTime)))
            while k < stream.audio.count {
                let offset = starts[k] * 1000 / stream.sampleRate - clusterTime
                if offset > 30_000 { break }
                // Track 1 (as a 1-byte vint), the time offset, flags: a keyframe (every Vorbis packet is).
                let header: [UInt8] = [0x81, UInt8((offset >> 8) & 0xFF), UInt8(offset & 0xFF)]
                // A slice's lead trim has no WebM form that decoders honour for Vorbis: its lead
                // frames stay (as Chromium plays the Ogg's), and only the tail is padding.
                let padding = stream.untrimmedFrames - stream.totalFrames - stream.leadFrames
                if k == stream.audio.count - 1 && padding > 0 {
                    // The last packet's end padding, as Ogg's last granule trims it: a BlockGroup
                    // with DiscardPadding (nanoseconds).
                    let ns = UInt64((Double(padding) / rate * 1e9).rounded())
                    body += element(0xA0, element(0xA1, header + [0x00] + stream.audio[k]) + element(0x75A2, uint(ns)))
                } else {
                    body += element(0xA3, header + [0x80] + stream.audio[k])
                }
                k += 1
            }
            clusters += element(0x1F43B675, body)
        }

        let header = element(0x1A45DFA3, [
            element(0x4286, uint(1)), element(0x42F7, uint(1)), element(0x42F2, uint(4)), element(0x42F3, uint(8)),
            element(0x4282, Array("webm".utf8)), element(0x4287, uint(2)), element(0x4285, uint(2)),
        ].flatMap { $0 })
        return Data(header + element(0x18538067, info + tracks + clusters))
    }

    /// An EBML element: its ID bytes, its size as the shortest vint (a block of a small packet
    /// costs 6 bytes of framing, about what Ogg's pages cost it), its body.
    static func element(_ id: UInt32, _ body: [UInt8]) -> [UInt8] {
        var idBytes: [UInt8] = []
        var v = id
        while v > 0 { idBytes.insert(UInt8(v & 0xFF), at: 0); v >>= 8 }
        let size = UInt64(body.count)
        var length = 1
        while length < 8 && size >= (UInt64(1) << UInt64(7 * length)) - 1 { length += 1 }   // all ones means "unknown"
        var sizeBytes = (0..<length).map { UInt8((size >> UInt64(8 * (length - 1 - $0))) & 0xFF) }
        sizeBytes[0] |= UInt8(0x80 >> (length - 1))
        return idBytes + sizeBytes + body
    }

    static func uint(_ value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        var v = value
        repeat { bytes.insert(UInt8(v & 0xFF), at: 0); v >>= 8 } while v > 0
        return bytes
    }

    static func float(_ value: Double) -> [UInt8] {
        let bits = value.bitPattern
        return (0..<8).map { UInt8((bits >> UInt64(56 - 8 * $0)) & 0xFF) }
    }

    static func xiphLacedSize(_ n: Int) -> [UInt8] {
        Array(repeating: 255, count: n / 255) + [UInt8(n % 255)]
    }
}

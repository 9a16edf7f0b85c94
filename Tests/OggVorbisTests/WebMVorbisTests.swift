import Foundation
import OggVorbis
import Testing

/// The WebM twin of a tone bank: a well-formed EBML tree holding the Ogg's own Vorbis packets
/// (Chromium decodes both to the same samples: browser-tests/test_reader.py).
@Suite struct WebMVorbisTests {
    /// Walks EBML elements of `bytes[range]`: (id, body range) in order.
    static func elements(_ bytes: [UInt8], _ range: Range<Int>) -> [(UInt32, Range<Int>)] {
        var out: [(UInt32, Range<Int>)] = []
        var i = range.lowerBound
        func vint(_ keepMarker: Bool) -> UInt64 {
            let first = bytes[i]
            var length = 1
            while length <= 8 && first & (0x80 >> (length - 1)) == 0 { length += 1 }
            var value = UInt64(keepMarker ? first : first & (0xFF >> length))
            for k in 1..<length { value = value << 8 | UInt64(bytes[i + k]) }
            i += length
            return value
        }
        while i < range.upperBound {
            let id = UInt32(vint(true)), size = Int(vint(false))
            out.append((id, i..<(i + size)))
            i += size
        }
        return out
    }

    @Test func theSamePacketsInAWellFormedWebM() throws {
        let ogg = try SlicerTests.sprite()
        let webm = [UInt8](try WebMVorbis.remux(ogg))
        let top = Self.elements(webm, 0..<webm.count)
        #expect(top.map(\.0) == [0x1A45DFA3, 0x18538067])   // EBML header, one Segment filling the file
        let header = Self.elements(webm, top[0].1)
        let docType = header.first { $0.0 == 0x4282 }.map { String(decoding: webm[$0.1], as: UTF8.self) }
        #expect(docType == "webm")
        let segment = Self.elements(webm, top[1].1)
        let tracks = segment.first { $0.0 == 0x1654AE6B }!
        let entry = Self.elements(webm, Self.elements(webm, tracks.1)[0].1)
        let codec = entry.first { $0.0 == 0x86 }.map { String(decoding: webm[$0.1], as: UTF8.self) }
        #expect(codec == "A_VORBIS")
        let codecPrivate = webm[entry.first { $0.0 == 0x63A2 }!.1]
        #expect(codecPrivate.first == 2 && codecPrivate.dropFirst().first == 30)   // three Xiph-laced headers, 30 B first
        // The identification, comment and setup headers, in that order, right after the lacing.
        let bytes = Array(codecPrivate)
        let starts = [1, 3, 5].map { type -> Int? in
            let mark = [UInt8(type)] + Array("vorbis".utf8)
            return (0...(bytes.count - mark.count)).first { Array(bytes[$0..<($0 + mark.count)]) == mark }
        }
        #expect(starts[0] == 3 || starts[0] == 4)
        #expect(starts[1].map { $0 == starts[0]! + 30 } == true)
        #expect(starts[2].map { $0 > starts[1]! } == true)
        // Every audio packet once, in order; the last one carries the end trim as DiscardPadding.
        var blocks = 0, padded = 0
        for cluster in segment where cluster.0 == 0x1F43B675 {
            for element in Self.elements(webm, cluster.1) {
                if element.0 == 0xA3 { blocks += 1 }
                if element.0 == 0xA0 {
                    blocks += 1
                    padded += Self.elements(webm, element.1).contains { $0.0 == 0x75A2 } ? 1 : 0
                }
            }
        }
        let decoded = try VorbisDecoder.decode(ogg)
        #expect(blocks > decoded.frameCount / 2048)                  // at least one packet per long block
        #expect(padded == 1)                                         // the encoder padded its last block
        #expect(webm.count < ogg.count * 13 / 10)                    // framing costs a little, not a copy
    }
}

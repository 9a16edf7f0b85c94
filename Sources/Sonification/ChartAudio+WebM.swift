import Foundation
import OggVorbis

extension ChartAudio {
    /// Bank segment `k`'s Vorbis packets in a WebM container (no re-encoding: the same tones at the
    /// same offsets), for browsers that decode Vorbis but not Ogg (Safari before 18.4).
    public func segmentWebM(_ k: Int) throws -> Data { try WebMVorbis.remux(segments[k]) }

    /// An Ogg Vorbis file of this bank (`toneFile(_:)`) in WebM, for the same browsers.
    public static func webm(_ ogg: Data) throws -> Data { try WebMVorbis.remux(ogg) }
}

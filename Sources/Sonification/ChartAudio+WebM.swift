import Foundation
import OggVorbis

extension ChartAudio {
    /// The tone bank's Vorbis packets in a WebM container (no re-encoding: the same tones at the
    /// same offsets), for browsers that decode Vorbis but not Ogg (Safari before 18.4).
    public func spriteWebM() throws -> Data { try WebMVorbis.remux(sprite) }

    /// An Ogg Vorbis file of this bank (`toneFile(_:)`) in WebM, for the same browsers.
    public static func webm(_ ogg: Data) throws -> Data { try WebMVorbis.remux(ogg) }
}

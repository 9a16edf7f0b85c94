import Foundation
import OggVorbis

extension ChartAudio {
    /// The tone bank's Vorbis packets in a WebM container (no re-encoding: the same tones at the
    /// same offsets), for browsers that decode Vorbis but not Ogg (Safari before 18.4).
    public func spriteWebM() throws -> Data { try WebMVorbis.remux(sprite) }
}

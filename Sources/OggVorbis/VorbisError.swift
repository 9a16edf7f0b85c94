internal import CVorbis

/// Errors from encoding, decoding or slicing Ogg Vorbis, with the libvorbis/libogg return
/// code and the call that produced it.
public enum VorbisError: Error, Equatable, CustomStringConvertible {
    /// Parameters libvorbis refuses (sample rate, channels, quality out of range).
    case invalidArguments(String)
    /// A mode libvorbis does not implement for these settings.
    case unsupportedMode(String)
    /// The library hit an internal fault or ran out of memory.
    case internalFault(String)
    /// The bytes are not an Ogg Vorbis stream, or the headers are damaged.
    case notVorbis(String)
    /// The stream is damaged past its headers (bad packet, bad link, hole that cannot be read).
    case corruptStream(String)
    /// The encoder was used after `finish()`.
    case alreadyFinished
    /// A requested sample range lies outside the stream.
    case rangeOutOfBounds(start: Int, end: Int, length: Int)

    public var description: String { "Vorbis: " + summary + (detail.map { ": " + $0 } ?? "") }

    /// What went wrong, in words.
    var summary: String {
        switch self {
        case .invalidArguments: "invalid arguments"
        case .unsupportedMode: "unsupported encoding mode"
        case .internalFault: "internal fault"
        case .notVorbis: "not an Ogg Vorbis stream"
        case .corruptStream: "damaged stream"
        case .alreadyFinished: "the encoder was already finished"
        case .rangeOutOfBounds(let s, let e, let n): "sample range \(s)..<\(e) is outside the stream of \(n) samples"
        }
    }

    /// The call and its return code, for the errors libvorbis reports.
    var detail: String? {
        switch self {
        case .invalidArguments(let m), .unsupportedMode(let m), .internalFault(let m), .notVorbis(let m), .corruptStream(let m): m
        case .alreadyFinished, .rangeOutOfBounds: nil
        }
    }

    /// Maps a libvorbis / vorbisfile return code (OV_*) to an error; the one place that knows them.
    static func check(_ code: Int32, _ call: String) throws(VorbisError) {
        guard code < 0 else { return }
        throw VorbisError(code: code, call: call)
    }

    init(code: Int32, call: String) {
        let m = "\(call) returned \(code)"
        switch code {
        case OV_EINVAL: self = .invalidArguments(m)
        case OV_EIMPL: self = .unsupportedMode(m)
        case OV_EFAULT: self = .internalFault(m)
        case OV_ENOTVORBIS, OV_EBADHEADER, OV_EVERSION, OV_ENOTAUDIO: self = .notVorbis(m)
        case OV_EREAD, OV_EBADPACKET, OV_EBADLINK, OV_HOLE, OV_ENOSEEK, OV_EOF, OV_FALSE:
            self = .corruptStream(m)
        default: self = .internalFault(m)
        }
    }
}

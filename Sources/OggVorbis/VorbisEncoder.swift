import Foundation
internal import CVorbis

/// Encodes PCM into one Ogg Vorbis logical stream in memory.
///
/// Owns libogg/libvorbis state in heap memory it allocates (the structs point at each other
/// after init, so they never live in copyable Swift values) and frees it on every path: after
/// `finish()`, on a failed init, or in `deinit` if the encoder is dropped unfinished.
/// Output is deterministic: a fixed stream serial number, no clock or randomness. Not thread
/// safe: use one encoder per task (independent encoders run in parallel safely).
public final class VorbisEncoder {
    /// The serial number written into every page unless one is given.
    public static let defaultSerial: Int32 = 0x504C_4E31  // "PLN1"

    /// libvorbis' own version string (e.g. "Xiph.Org libVorbis 1.3.7"); part of cache keys,
    /// since another library version may encode different bytes.
    public static let libraryVersion = String(cString: vorbis_version_string())

    public let sampleRate: Int
    public let channels: Int
    /// Frames written so far (per channel).
    public private(set) var framesWritten = 0

    private let stream = UnsafeMutablePointer<ogg_stream_state>.allocate(capacity: 1)
    private let info = UnsafeMutablePointer<vorbis_info>.allocate(capacity: 1)
    private let comment = UnsafeMutablePointer<vorbis_comment>.allocate(capacity: 1)
    private let dsp = UnsafeMutablePointer<vorbis_dsp_state>.allocate(capacity: 1)
    private let block = UnsafeMutablePointer<vorbis_block>.allocate(capacity: 1)
    private var output = Data()
    /// How far the C state got initialised, so `release()` clears exactly that.
    private var stage = Stage.none

    private enum Stage: Int { case none, info, dsp, block, ready, released }

    /// Creates an encoder and writes the three Vorbis header packets.
    /// - Parameters:
    ///   - quality: libvorbis VBR quality, -0.1 (smallest) … 1.0 (best).
    ///   - serial: the Ogg stream serial number (fixed for reproducible bytes).
    public init(sampleRate: Int, channels: Int = 1, quality: Float = 0.2, serial: Int32 = defaultSerial) throws {
        self.sampleRate = sampleRate
        self.channels = channels
        do {
            // Mono or stereo: all Pitchline needs. With more channels, libvorbis 1.3.7 leaks
            // 2,848 bytes whenever its own setup refuses a rate (vorbis_encode_setup_init; found by
            // fuzz-vorbis: 6 channels at 44,034 Hz, and reproduced in plain C).
            guard sampleRate > 0, (1...2).contains(channels), (-0.1...1.0).contains(quality) else {
                throw VorbisError.invalidArguments(
                    "sampleRate \(sampleRate), channels \(channels), quality \(quality)")
            }
            vorbis_info_init(info)
            vorbis_comment_init(comment)
            stage = .info
            try VorbisError.check(
                vorbis_encode_init_vbr(info, Int(channels), Int(sampleRate), quality), "vorbis_encode_init_vbr")
            vorbis_comment_add_tag(comment, "ENCODER", "Pitchline")
            try VorbisError.check(vorbis_analysis_init(dsp, info), "vorbis_analysis_init")
            stage = .dsp
            try VorbisError.check(vorbis_block_init(dsp, block), "vorbis_block_init")
            stage = .block
            try VorbisError.check(ogg_stream_init(stream, serial), "ogg_stream_init")
            stage = .ready
            try writeHeaders()
        } catch {
            // `deinit` runs after this throw too (every stored property is set), so `release()`
            // must be, and is, idempotent; it is called here to free the C state at once.
            release()
            throw error
        }
    }

    deinit {
        release()
        stream.deallocate()
        info.deallocate()
        comment.deallocate()
        dsp.deallocate()
        block.deallocate()
    }

    /// Appends samples (interleaved when `channels > 1`, nominally within -1…1).
    public func write(samples: [Float]) throws {
        try samples.withUnsafeBufferPointer { try write(samples: $0) }
    }

    /// Appends samples from a buffer (interleaved when `channels > 1`).
    public func write(samples: UnsafeBufferPointer<Float>) throws {
        guard stage == .ready else { throw VorbisError.alreadyFinished }
        let frames = samples.count / channels
        var done = 0
        while done < frames {
            let n = min(4096, frames - done)
            guard let buffers = vorbis_analysis_buffer(dsp, Int32(n)) else {
                throw VorbisError.internalFault("vorbis_analysis_buffer returned NULL")
            }
            for c in 0..<channels {
                let dst = buffers[c]!
                var i = (done * channels) + c
                for f in 0..<n {
                    dst[f] = samples[i]
                    i += channels
                }
            }
            try VorbisError.check(vorbis_analysis_wrote(dsp, Int32(n)), "vorbis_analysis_wrote")
            done += n
            try drain()
        }
        framesWritten += frames
    }

    /// Ends the stream and returns the whole file; frees the C state. Call once.
    public func finish() throws -> Data {
        guard stage == .ready else { throw VorbisError.alreadyFinished }
        defer { release() }
        try VorbisError.check(vorbis_analysis_wrote(dsp, 0), "vorbis_analysis_wrote")
        try drain()
        try flushPages()
        let result = output
        output = Data()
        return result
    }

    // MARK: - Internals

    private func writeHeaders() throws {
        var id = ogg_packet(), comm = ogg_packet(), code = ogg_packet()
        try VorbisError.check(vorbis_analysis_headerout(dsp, comment, &id, &comm, &code), "vorbis_analysis_headerout")
        try VorbisError.check(ogg_stream_packetin(stream, &id), "ogg_stream_packetin")
        try VorbisError.check(ogg_stream_packetin(stream, &comm), "ogg_stream_packetin")
        try VorbisError.check(ogg_stream_packetin(stream, &code), "ogg_stream_packetin")
        // The spec wants audio to start on a fresh page.
        try flushPages()
    }

    /// Moves finished blocks through analysis into packets and full pages.
    private func drain() throws {
        var packet = ogg_packet()
        var page = ogg_page()
        while vorbis_analysis_blockout(dsp, block) == 1 {
            try VorbisError.check(vorbis_analysis(block, nil), "vorbis_analysis")
            try VorbisError.check(vorbis_bitrate_addblock(block), "vorbis_bitrate_addblock")
            while vorbis_bitrate_flushpacket(dsp, &packet) == 1 {
                try VorbisError.check(ogg_stream_packetin(stream, &packet), "ogg_stream_packetin")
                while ogg_stream_pageout(stream, &page) != 0 { append(page) }
            }
        }
    }

    private func flushPages() throws {
        var page = ogg_page()
        while ogg_stream_flush(stream, &page) != 0 { append(page) }
    }

    private func append(_ page: ogg_page) {
        output.append(page.header, count: page.header_len)
        output.append(page.body, count: page.body_len)
    }

    /// Clears whatever was initialised, in reverse order; safe to call more than once.
    private func release() {
        let reached = stage
        stage = .released
        guard reached != .released, reached != .none else { return }
        if reached.rawValue >= Stage.ready.rawValue { ogg_stream_clear(stream) }
        if reached.rawValue >= Stage.block.rawValue { vorbis_block_clear(block) }
        if reached.rawValue >= Stage.dsp.rawValue { vorbis_dsp_clear(dsp) }
        vorbis_comment_clear(comment)
        vorbis_info_clear(info)
    }
}

import Foundation
internal import CVorbis

/// Cuts a sample range out of an Ogg Vorbis stream as a standalone, valid Ogg Vorbis file,
/// without re-encoding.
///
/// The three header packets are copied, then the audio packets covering the range plus one
/// packet before it (a Vorbis decoder emits nothing for its first audio packet: it only primes
/// the overlap), re-packetised with libogg so pages are renumbered and their CRCs recomputed.
/// Granule positions are rewritten relative to the range start: the first audio page's
/// granule is smaller than the samples its packets produce, which tells the decoder to drop
/// the leading extra samples, and the last page's granule trims the tail (Vorbis I spec,
/// A.2). Decoders that ignore the leading trim (ffmpeg's, so Chromium's) play up to half a
/// long block (≤ 1,024 frames at 22.05 kHz) from before the range; the tone bank leaves that
/// much silence after every tone.
public struct OggSlicer: Sendable {
    private let stream: ParsedVorbisStream

    /// Parses `data` once, so many slices can be cut cheaply.
    public init(_ data: Data) throws {
        stream = try ParsedVorbisStream(data)
    }

    /// Total frames (per channel) in the stream.
    public var frameCount: Int { stream.totalFrames }
    /// The stream's sample rate.
    public var sampleRate: Int { stream.sampleRate }

    /// One parse + one slice.
    public static func slice(_ data: Data, frames: Range<Int>) throws -> Data {
        try OggSlicer(data).slice(frames: frames)
    }

    /// A standalone Ogg Vorbis file holding exactly `frames` of the stream.
    public func slice(frames: Range<Int>) throws -> Data {
        let s = frames.lowerBound, e = frames.upperBound
        guard s >= 0, e <= stream.totalFrames, s < e else {
            throw VorbisError.rangeOutOfBounds(start: s, end: e, length: stream.totalFrames)
        }
        let ends = stream.audioEnds
        // First packet whose output covers frame s, and the packet before it primes the decoder.
        var first = 0
        while ends[first] <= s { first += 1 }
        let prime = max(first - 1, 0)
        var last = first
        while ends[last] < e { last += 1 }

        let writer = OggPageWriter(serial: stream.serial)
        for (i, header) in stream.headers.enumerated() {
            try writer.add(header, granule: 0, endOfStream: false)
            if i == 0 { try writer.flush() }  // the identification header owns the first page
        }
        try writer.flush()
        for k in prime...last {
            let granule = k == last ? e - s : max(ends[k] - s, 0)
            try writer.add(stream.audio[k], granule: Int64(granule), endOfStream: k == last)
            if k == first { try writer.flush() }  // first audio page: its granule sets the lead trim
        }
        try writer.flush()
        return writer.output
    }
}

/// The packets of a single-logical-stream Ogg Vorbis file, with each audio packet's end frame.
struct ParsedVorbisStream: Sendable {
    var serial: Int32
    var sampleRate: Int
    var headers: [[UInt8]]
    var audio: [[UInt8]]
    /// Frame index just past the output of audio packet k (the first packet outputs nothing).
    var audioEnds: [Int]
    var totalFrames: Int
    /// Frames the packets decode to before the last granule's trim (the encoder's end padding).
    var untrimmedFrames = 0
    /// Frames the first audio page's granule drops from the start (a slice's lead trim; 0 for
    /// an encoder's stream). Not in `audioEnds`/`totalFrames`, which count from frame 0.
    var leadFrames = 0

    init(_ data: Data) throws {
        let (serial, packets) = try Self.packets(of: data)
        guard packets.count >= 4 else { throw VorbisError.notVorbis("fewer than 4 packets") }
        self.serial = serial
        headers = packets[0..<3].map(\.bytes)
        audio = packets[3...].map(\.bytes)

        let blocks = try Self.packetEnds(headers: headers, audio: audio)
        sampleRate = blocks.sampleRate
        var ends = blocks.ends
        let position = blocks.position
        // The first audio page's granule, when smaller than what its packets produce, drops
        // the difference from the start (Vorbis I, A.2: how OggSlicer's slices begin).
        if let k = audio.indices.first(where: { packets[$0 + 3].granule >= 0 }), k < audio.count - 1 {
            leadFrames = max(0, ends[k] - Int(packets[k + 3].granule))
        }
        // The encoder's last granule trims the final packet's padding.
        let lastGranule = packets.last!.granule
        if lastGranule >= 0, lastGranule < position { ends[ends.count - 1] = Int(lastGranule) }
        audioEnds = ends
        totalFrames = ends.last ?? 0
        untrimmedFrames = position
    }

    /// The packets of `data`'s one logical stream, each with its granule position.
    private static func packets(of data: Data) throws -> (serial: Int32, packets: [(bytes: [UInt8], granule: Int64)]) {
        var packets: [(bytes: [UInt8], granule: Int64)] = []
        var serial: Int32 = 0
        let sync = UnsafeMutablePointer<ogg_sync_state>.allocate(capacity: 1)
        let os = UnsafeMutablePointer<ogg_stream_state>.allocate(capacity: 1)
        ogg_sync_init(sync)
        var streamStarted = false
        defer {
            ogg_sync_clear(sync)
            if streamStarted { ogg_stream_clear(os) }
            sync.deallocate()
            os.deallocate()
        }
        guard let buffer = ogg_sync_buffer(sync, data.count) else {
            throw VorbisError.internalFault("ogg_sync_buffer returned NULL")
        }
        data.copyBytes(to: UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: data.count)
        try VorbisError.check(ogg_sync_wrote(sync, data.count), "ogg_sync_wrote")
        var page = ogg_page()
        var packet = ogg_packet()
        while true {
            let r = ogg_sync_pageout(sync, &page)
            if r == 0 { break }
            if r < 0 { throw VorbisError.corruptStream("ogg_sync_pageout: bytes skipped (bad capture or CRC)") }
            if !streamStarted {
                serial = ogg_page_serialno(&page)
                try VorbisError.check(ogg_stream_init(os, serial), "ogg_stream_init")
                streamStarted = true
            } else if ogg_page_serialno(&page) != serial {
                throw VorbisError.corruptStream("more than one logical stream")
            }
            try VorbisError.check(ogg_stream_pagein(os, &page), "ogg_stream_pagein")
            while true {
                let p = ogg_stream_packetout(os, &packet)
                if p == 0 { break }
                if p < 0 { throw VorbisError.corruptStream("ogg_stream_packetout: missing data") }
                packets.append(([UInt8](UnsafeBufferPointer(start: packet.packet, count: packet.bytes)), packet.granulepos))
            }
        }
        return (serial, packets)
    }

    /// The stream's sample rate (from its headers) and where each audio packet's output ends,
    /// from the block sizes (before the last granule's trim); `position`: the last end.
    private static func packetEnds(headers: [[UInt8]], audio: [[UInt8]]) throws -> (sampleRate: Int, ends: [Int], position: Int) {
        // Block sizes need the stream's vorbis_info.
        let info = UnsafeMutablePointer<vorbis_info>.allocate(capacity: 1)
        let comment = UnsafeMutablePointer<vorbis_comment>.allocate(capacity: 1)
        vorbis_info_init(info)
        vorbis_comment_init(comment)
        defer {
            vorbis_comment_clear(comment)
            vorbis_info_clear(info)
            info.deallocate()
            comment.deallocate()
        }
        for (i, header) in headers.enumerated() {
            try withPacket(header, number: i) { op in
                try VorbisError.check(vorbis_synthesis_headerin(info, comment, op), "vorbis_synthesis_headerin")
            }
        }
        var ends: [Int] = []
        ends.reserveCapacity(audio.count)
        var previous = 0
        var position = 0
        for (k, bytes) in audio.enumerated() {
            let size = try withPacket(bytes, number: k + 3) { op in vorbis_packet_blocksize(info, op) }
            guard size > 0 else { throw VorbisError.corruptStream("audio packet \(k) has no block size") }
            if k > 0 { position += previous / 4 + size / 4 }
            previous = size
            ends.append(position)
        }
        return (info.pointee.rate, ends, position)
    }

    static func withPacket<R>(_ bytes: [UInt8], number: Int, _ body: (UnsafeMutablePointer<ogg_packet>) throws -> R) throws -> R {
        var copy = bytes
        return try copy.withUnsafeMutableBufferPointer { buf in
            var op = ogg_packet(
                packet: buf.baseAddress, bytes: buf.count, b_o_s: number == 0 ? 1 : 0, e_o_s: 0,
                granulepos: 0, packetno: Int64(number))
            return try body(&op)
        }
    }
}

/// libogg page writer for re-packetising: packets in, framed pages with fresh CRCs out.
final class OggPageWriter {
    private let os = UnsafeMutablePointer<ogg_stream_state>.allocate(capacity: 1)
    private var packetNumber: Int64 = 0
    private(set) var output = Data()

    /// `ogg_stream_init` fails only when `malloc` does (it then clears what it made and returns
    /// -1); Swift stops the process on a failed allocation too, so this init does the same
    /// instead of carrying a throwing path that no input can reach (and that only a test hook
    /// could). `VorbisEncoder`'s init does throw (bad settings, libvorbis refusing them): its
    /// clean-up is checked under LeakSanitizer by the `fuzz-vorbis` target (`make test`).
    init(serial: Int32) {
        let status = ogg_stream_init(os, serial)
        precondition(status == 0, "ogg_stream_init failed: out of memory")
    }

    deinit {
        ogg_stream_clear(os)
        os.deallocate()
    }

    func add(_ bytes: [UInt8], granule: Int64, endOfStream: Bool) throws {
        var copy = bytes
        try copy.withUnsafeMutableBufferPointer { buf in
            var op = ogg_packet(
                packet: buf.baseAddress, bytes: buf.count, b_o_s: packetNumber == 0 ? 1 : 0,
                e_o_s: endOfStream ? 1 : 0, granulepos: granule, packetno: packetNumber)
            try VorbisError.check(ogg_stream_packetin(os, &op), "ogg_stream_packetin")
        }
        packetNumber += 1
        var page = ogg_page()
        while ogg_stream_pageout(os, &page) != 0 { append(page) }
    }

    func flush() throws {
        var page = ogg_page()
        while ogg_stream_flush(os, &page) != 0 { append(page) }
    }

    private func append(_ page: ogg_page) {
        output.append(page.header, count: page.header_len)
        output.append(page.body, count: page.body_len)
    }
}

import Foundation
import OggVorbis
import Testing

@Suite struct SlicerTests {
    static let rate = 22050
    static let frequencies: [Double] = [220, 330, 440, 550, 660, 880]
    static let toneFrames = 4410  // 200 ms including fades

    /// Six tones back to back in one stream, like a tone bank sprite.
    static func sprite() throws -> Data {
        try encode(frequencies.flatMap { sine($0, seconds: 0.2) })
    }

    @Test func eachSliceDecodesToItsToneWithExactLength() throws {
        let data = try Self.sprite()
        let whole = try VorbisDecoder.decode(data)
        let slicer = try OggSlicer(data)
        #expect(slicer.frameCount == whole.frameCount)
        for (i, f) in Self.frequencies.enumerated() {
            let range = (i * Self.toneFrames)..<((i + 1) * Self.toneFrames)
            let piece = try slicer.slice(frames: range)
            let audio = try VorbisDecoder.decode(piece)
            #expect(audio.frameCount == range.count, "tone \(i)")
            #expect(audio.sampleRate == Self.rate)
            let found = PCMAnalysis.dominantFrequency(
                in: audio.samples[0][400..<4000], sampleRate: Self.rate, low: 150, high: 1200)
            #expect(abs(found - f) / f < 0.01, "tone \(i): \(found) Hz, want \(f)")
            // Same packets, same priming: the slice decodes to the sprite's own samples.
            let reference = whole.samples[0][range]
            let worst = zip(audio.samples[0], reference).map { abs($0 - $1) }.max() ?? 1
            #expect(worst < 1e-4, "tone \(i) differs from the sprite by \(worst)")
        }
    }

    @Test func slicesAtOddOffsetsAndTheWholeStream() throws {
        let data = try Self.sprite()
        let slicer = try OggSlicer(data)
        for range in [0..<1, 1..<2, 123..<4567, 10_000..<slicer.frameCount, 0..<slicer.frameCount] {
            let audio = try VorbisDecoder.decode(try slicer.slice(frames: range))
            #expect(audio.frameCount == range.count, "\(range)")
        }
    }

    @Test func outOfRangeIsAnError() throws {
        let slicer = try OggSlicer(try Self.sprite())
        #expect(throws: VorbisError.self) { try slicer.slice(frames: 0..<(slicer.frameCount + 1)) }
        #expect(throws: VorbisError.self) { try slicer.slice(frames: -1..<10) }
        #expect(throws: VorbisError.self) { try slicer.slice(frames: 5..<5) }
    }

    @Test func slicesPassOgginfoAndOggdec() throws {
        let ogginfo = "/usr/bin/ogginfo", oggdec = "/usr/bin/oggdec"
        guard FileManager.default.isExecutableFile(atPath: ogginfo),
            FileManager.default.isExecutableFile(atPath: oggdec)
        else { return }  // vorbis-tools is in the Makefile's APT_TEST; absent only off CI
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slicer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("tone.ogg")
        try OggSlicer.slice(try Self.sprite(), frames: 4410..<8820).write(to: file)
        let info = try run(ogginfo, [file.path])
        #expect(info.status == 0, "\(info.output)")
        #expect(!info.output.contains("WARNING"), "\(info.output)")
        let wav = dir.appendingPathComponent("tone.wav")
        let dec = try run(oggdec, ["-Q", "-o", wav.path, file.path])
        #expect(dec.status == 0, "\(dec.output)")
        // 16-bit mono WAV: 44-byte header + 2 bytes per frame.
        let size = try FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int ?? 0
        #expect(size == 44 + 2 * 4410)
    }
}

func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

import Foundation
import OggVorbis
import Testing

/// Damaged or hostile bytes must give a `VorbisError` or a (shorter) decode, never a crash.
@Suite struct DamagedInputTests {
    /// What `pitchline export` prints when a tone bank cannot be read or written.
    @Test func errorsSayWhatWentWrongAndWhichCallSaidSo() throws {
        #expect("\(VorbisError.notVorbis("ov_open_callbacks returned -132"))" == "Vorbis: not an Ogg Vorbis stream: ov_open_callbacks returned -132")
        #expect("\(VorbisError.alreadyFinished)" == "Vorbis: the encoder was already finished")
        #expect("\(VorbisError.rangeOutOfBounds(start: 5, end: 9, length: 7))" == "Vorbis: sample range 5..<9 is outside the stream of 7 samples")
        let error = try #require(throws: VorbisError.self) { try OggSlicer(Data("not ogg".utf8)) }
        #expect(error.description.hasPrefix("Vorbis: not an Ogg Vorbis stream: ") || error.description.hasPrefix("Vorbis: damaged stream: "))
    }

    @Test func truncatedAndCorruptedStreamsNeverCrash() throws {
        let good = try SlicerTests.sprite()
        var seed: UInt64 = 0x5EED
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        var inputs: [Data] = [0, 1, 27, 58, 100, 3000, 4000, good.count / 2, good.count - 1].map { good.prefix($0) }
        for _ in 0..<40 {
            var bad = good
            for _ in 0..<(1 + next() % 8) { bad[next() % bad.count] ^= UInt8(truncatingIfNeeded: 1 + next() % 255) }
            inputs.append(bad)
        }
        for input in inputs {
            do {
                let audio = try VorbisDecoder.decode(input)
                #expect(audio.frameCount <= 6 * 4410 + 2048)
            } catch is VorbisError {}
            do {
                let slicer = try OggSlicer(input)
                if slicer.frameCount > 10 {
                    let piece = try slicer.slice(frames: 5..<(slicer.frameCount - 5))
                    _ = try? VorbisDecoder.decode(piece)
                }
            } catch is VorbisError {}
        }
    }

    @Test func randomRangesAlwaysSliceToExactLengths() throws {
        let data = try SlicerTests.sprite()
        let slicer = try OggSlicer(data)
        var seed: UInt64 = 42
        for _ in 0..<40 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1
            let a = Int(seed >> 40) % slicer.frameCount
            seed = seed &* 6_364_136_223_846_793_005 &+ 1
            let b = Int(seed >> 40) % slicer.frameCount
            let range = min(a, b)..<(max(a, b) + 1)
            let audio = try VorbisDecoder.decode(try slicer.slice(frames: range))
            #expect(audio.frameCount == range.count, "\(range)")
        }
    }
}

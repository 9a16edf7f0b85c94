import Foundation
import Testing

@testable import OggVorbis

/// A throwing init of an owner of C state frees that state exactly once. Swift runs `deinit`
/// after a class initialiser throws once every stored property is set, so clean-up in both the
/// init's error path and `deinit` must not double up. Under AddressSanitizer and LeakSanitizer
/// (`make leak-check`) these fail on a double free, a use after free or a leak: OggPageWriter's
/// old failure path (freeing its stream state in init, then again in deinit) crashed there in
/// `ogg_stream_clear`. Without the sanitizer they check that nothing crashes. `make test` runs
/// the same paths under the sanitizers through the `fuzz-vorbis` target (no extra build).
@Suite struct ThrowingInitTests {
    @Test func vorbisEncoderRefusedArgumentsFreeEverything() {
        for _ in 0..<20 {
            #expect(throws: VorbisError.self) { try VorbisEncoder(sampleRate: 22_050, quality: 5) }
            #expect(throws: VorbisError.self) { try VorbisEncoder(sampleRate: 0) }
        }
    }

    @Test func vorbisEncoderFailingInLibvorbisFreesEverything() {
        // libvorbis has no mode for 50 MHz: vorbis_encode_init_vbr fails after vorbis_info_init (stage .info).
        for _ in 0..<20 {
            #expect(throws: VorbisError.self) { try VorbisEncoder(sampleRate: 50_000_000, channels: 1, quality: 0.5) }
        }
    }

    @Test func oggPageWritersFreeTheirStreamState() throws {
        // OggPageWriter's init no longer throws (ogg_stream_init fails only when malloc does);
        // writers made and dropped, with and without pages, free everything.
        for serial in 0..<20 {
            let writer = OggPageWriter(serial: Int32(serial))
            if serial % 2 == 0 {
                try writer.add([1, 2, 3], granule: 0, endOfStream: true)
                try writer.flush()
                #expect(!writer.output.isEmpty)
            }
        }
    }

    /// The rule both owners' clean-up rests on: Swift runs `deinit` when a class initialiser
    /// throws after every stored property is set (VorbisEncoder frees its C state there).
    @Test func deinitRunsAfterAThrowOnceEveryPropertyIsSet() {
        final class Probe {
            nonisolated(unsafe) static var deinits = 0
            let x: Int
            init(fail: Bool) throws {
                x = 1
                if fail { throw VorbisError.alreadyFinished }
            }
            deinit { Probe.deinits += 1 }
        }
        Probe.deinits = 0
        #expect(throws: VorbisError.self) { try Probe(fail: true) }
        #expect(Probe.deinits == 1)
    }

    @Test func finishedAndDroppedEncodersFreeEverything() throws {
        let encoder = try VorbisEncoder(sampleRate: 22_050)
        try encoder.write(samples: [Float](repeating: 0.1, count: 4_410))
        _ = try encoder.finish()
        _ = try VorbisEncoder(sampleRate: 22_050)  // dropped unfinished
    }
}

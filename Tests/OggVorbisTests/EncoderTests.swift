import Foundation
import OggVorbis
import Testing

/// A sine with 10 ms raised-cosine fades, `seconds` long.
func sine(_ frequency: Double, seconds: Double, rate: Int = 22050, amplitude: Double = 0.5) -> [Float] {
    let n = Int(seconds * Double(rate))
    let fade = Int(0.01 * Double(rate))
    return (0..<n).map { i in
        var g = 1.0
        if i < fade { g = 0.5 - 0.5 * cos(Double.pi * Double(i) / Double(fade)) }
        if i >= n - fade { g = 0.5 - 0.5 * cos(Double.pi * Double(n - 1 - i) / Double(fade)) }
        return Float(amplitude * g * sin(2 * Double.pi * frequency * Double(i) / Double(rate)))
    }
}

func encode(_ samples: [Float], rate: Int = 22050, quality: Float = 0.2) throws -> Data {
    let encoder = try VorbisEncoder(sampleRate: rate, channels: 1, quality: quality)
    try encoder.write(samples: samples)
    return try encoder.finish()
}

@Suite(.serialized) struct EncoderTests {
    @Test func roundTripKeepsLengthRateAndPitch() throws {
        let input = sine(440, seconds: 1)
        let ogg = try encode(input)
        #expect(ogg.starts(with: Array("OggS".utf8)))
        let audio = try VorbisDecoder.decode(ogg)
        #expect(audio.sampleRate == 22050)
        #expect(audio.channels == 1)
        #expect(audio.frameCount == input.count)
        let f = PCMAnalysis.dominantFrequency(
            in: audio.samples[0][2000..<20000], sampleRate: 22050, low: 300, high: 600)
        #expect(abs(f - 440) / 440 < 0.01)
        #expect(PCMAnalysis.peak(audio.samples[0][...]) < 0.6)
    }

    @Test func sameInputGivesIdenticalBytes() throws {
        let input = sine(523.25, seconds: 0.5)
        #expect(try encode(input) == encode(input))
    }

    @Test func stereoRoundTrip() throws {
        let left = sine(300, seconds: 0.3), right = sine(600, seconds: 0.3)
        var interleaved: [Float] = []
        for i in left.indices { interleaved += [left[i], right[i]] }
        let encoder = try VorbisEncoder(sampleRate: 22050, channels: 2, quality: 0.3)
        try encoder.write(samples: interleaved)
        let audio = try VorbisDecoder.decode(try encoder.finish())
        #expect(audio.channels == 2)
        let fl = PCMAnalysis.dominantFrequency(in: audio.samples[0][1000..<6000], sampleRate: 22050, low: 200, high: 800)
        let fr = PCMAnalysis.dominantFrequency(in: audio.samples[1][1000..<6000], sampleRate: 22050, low: 200, high: 800)
        #expect(abs(fl - 300) < 3)
        #expect(abs(fr - 600) < 6)
    }

    @Test func badArgumentsAreTypedErrors() {
        #expect(throws: VorbisError.self) { try VorbisEncoder(sampleRate: 0) }
        #expect(throws: VorbisError.self) { try VorbisEncoder(sampleRate: 22050, channels: 0) }
        #expect(throws: VorbisError.self) { try VorbisEncoder(sampleRate: 22050, quality: 2) }
        // libvorbis itself refuses absurd rates: that code maps to a Swift error too.
        #expect(throws: VorbisError.self) { try VorbisEncoder(sampleRate: 10_000_000) }
    }

    @Test func finishTwiceAndWriteAfterFinishThrow() throws {
        let encoder = try VorbisEncoder(sampleRate: 22050)
        try encoder.write(samples: sine(440, seconds: 0.1))
        _ = try encoder.finish()
        #expect(throws: VorbisError.alreadyFinished) { try encoder.finish() }
        #expect(throws: VorbisError.alreadyFinished) { try encoder.write(samples: [0]) }
    }

    @Test func decodingGarbageThrows() {
        #expect(throws: VorbisError.self) { try VorbisDecoder.decode(Data("not audio at all".utf8)) }
        #expect(throws: VorbisError.self) { try VorbisDecoder.decode(Data()) }
    }

    @Test func encodersAreFreedInALoop() throws {
        final class Weak { weak var encoder: VorbisEncoder? }
        // RSS is the whole process's, and other suites run beside this one: three rounds, and the
        // least any of them grew. A leak of each encoder's C state (hundreds of KB) shows in every
        // round; another suite's allocations rarely in all three.
        var growths: [Int] = []
        for round in 0..<3 {
            var watchers: [Weak] = []
            let rssBefore = residentBytes()
            for i in 0..<300 {
                let encoder = try VorbisEncoder(sampleRate: 22050)
                try encoder.write(samples: sine(200 + Double(i + round), seconds: 0.05))
                if i % 2 == 0 { _ = try encoder.finish() }  // the others are dropped unfinished
                let w = Weak()
                w.encoder = encoder
                watchers.append(w)
            }
            // Every encoder was deinitialised (deinit clears the libvorbis/libogg state it still owns)…
            #expect(watchers.allSatisfy { $0.encoder == nil })
            growths.append(residentBytes() - rssBefore)
        }
        // …and the C side returned its memory: hundreds of KB of encoder state each would add up
        // to far more than this over 300 encoders.
        #expect(growths.min()! < 25_000_000, "RSS grew by \(growths) bytes over each 300 encoders")
    }
}

/// Resident set size from /proc (Linux); 0 elsewhere.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return (Int(fields[1]) ?? 0) * 4096
}

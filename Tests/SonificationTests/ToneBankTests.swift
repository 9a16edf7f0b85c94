import ChartData
import ChartModel
import Foundation
import OggVorbis
@testable import Sonification
import SpecReading
import Testing

@Suite struct ToneBankTests {
    let chart = weatherChart()

    /// One render of the weather chart shared by the tests below (debug synthesis is slow), the
    /// bank in one segment (the segments are `BankSegmentTests`').
    static let rendered: ChartAudio = try! Sonifier(cacheDirectory: nil, segmentSeconds: .infinity).render(chart: weatherChart())

    @Test func spriteHoldsOneSlotPerDistinctToneAtTheDeclaredFormat() throws {
        let audio = Self.rendered
        let decoded = try VorbisDecoder.decode(audio.segments[0])
        #expect(decoded.sampleRate == audio.sampleRate)
        #expect(decoded.channels == 1)
        #expect(decoded.frameCount == audio.tones.last!.startFrame + audio.tones.last!.frameCount)
        // One bank entry per distinct (series, kind, pitch step), plus missing and end.
        var distinct = Set<String>()
        for (s, series) in chart.series.enumerated() {
            let present = series.values.compactMap { $0 }
            for v in present {
                let kind = v == present.max() ? "max" : v == present.min() ? "min" : "value"
                distinct.insert("\(s) \(kind) \(audio.scale.level(for: v))")
            }
        }
        #expect(audio.tones.count == distinct.count + 2)
        #expect(audio.tones.filter { $0.kind == .missing }.count == 1)
        #expect(audio.tones.filter { $0.kind == .end }.count == 1)
        // Slots tile the sprite with no gaps.
        for (a, b) in zip(audio.tones, audio.tones.dropFirst()) { #expect(a.startFrame + a.frameCount == b.startFrame) }
    }

    @Test func everyPointMapsToAToneWithinOnePercentOfItsPitch() throws {
        let audio = Self.rendered
        #expect(audio.pointTones.count == 2)
        for (s, series) in chart.series.enumerated() {
            #expect(audio.pointTones[s].count == chart.pointCount)
            for (row, value) in series.values.enumerated() {
                let tone = audio.tones[audio.pointTones[s][row]]
                guard let value else {
                    #expect(audio.pointTones[s][row] == audio.missingTone)
                    continue
                }
                #expect(tone.series == s)
                let exact = audio.scale.exactFrequency(for: value)
                #expect(abs(tone.frequency - exact) / exact < 0.01, "series \(s) row \(row)")
            }
        }
    }

    @Test func eachDecodedToneSoundsAtItsPitch() throws {
        let audio = Self.rendered
        let decoded = try VorbisDecoder.decode(audio.segments[0])
        for tone in audio.tones where [.value, .minimum, .maximum].contains(tone.kind) {
            let found = PCMAnalysis.dominantFrequency(
                in: body(tone, in: decoded), sampleRate: decoded.sampleRate,
                low: tone.frequency * 0.75, high: tone.frequency * 1.35, resolution: 0.001)
            #expect(abs(found - tone.frequency) / tone.frequency < 0.01, "\(tone.kind) \(tone.frequency) Hz heard as \(found) Hz")
        }
    }

    @Test func valuesOnePercentOfTheRangeApartGetDifferentTones() throws {
        for options in [AudioOptions(), AudioOptions(minFrequency: 300, maxFrequency: 330)] {
            let values: [Double?] = stride(from: 0.0, through: 100, by: 1.01).map { $0 }
            let audio = try Sonifier(cacheDirectory: nil).render(chart: simpleChart([values], options: options))
            let tones = audio.pointTones[0].map { audio.tones[$0].frequency }
            for (a, b) in zip(tones, tones.dropFirst()) { #expect(b > a) }
        }
    }

    @Test func noClippingAndNoClicksAtToneBoundaries() throws {
        let audio = Self.rendered
        let decoded = try VorbisDecoder.decode(audio.segments[0])
        #expect(PCMAnalysis.peak(decoded.samples[0][...]) < 0.9)
        let edge = Int(0.002 * Double(decoded.sampleRate))
        for tone in audio.tones {
            let s = slot(tone, in: decoded)
            // Silence at both ends of the slot and a gentle start and end of the sound itself.
            #expect(PCMAnalysis.peak(s.prefix(edge)) < 0.02, "start of \(tone.kind) at \(tone.startFrame)")
            #expect(PCMAnalysis.peak(s.suffix(edge * 5)) < 0.02, "end of \(tone.kind) at \(tone.startFrame)")
            let onset = s.dropFirst(tone.leadFrames).prefix(edge)
            #expect(PCMAnalysis.maxJump(onset) < 0.05, "click at onset of \(tone.kind) \(tone.frequency) Hz")
        }
    }

    @Test func missingValuesSoundAsAQuietTickNotATone() throws {
        let audio = Self.rendered
        let decoded = try VorbisDecoder.decode(audio.segments[0])
        let tick = slot(audio.tones[audio.missingTone], in: decoded)
        let aTone = slot(audio.tones.first { $0.kind == .value }!, in: decoded)
        #expect(audio.tones[audio.missingTone].duration < 0.1)
        #expect(PCMAnalysis.rms(tick) > 0.003, "the tick is audible")
        #expect(PCMAnalysis.rms(tick) < PCMAnalysis.rms(aTone) / 3, "the tick is softer than a tone")
        // Not a pitch: no single frequency in the tone range carries most of the energy.
        let f = PCMAnalysis.dominantFrequency(in: tick, sampleRate: decoded.sampleRate, low: 150, high: 1200, resolution: 0.01)
        let peakPower = PCMAnalysis.power(of: f, in: tick, sampleRate: decoded.sampleRate)
        let total = PCMAnalysis.rms(tick) * PCMAnalysis.rms(tick)
        #expect(peakPower < total * 0.25)
    }

    @Test func endEarconIsALowDoubleTone() throws {
        let audio = Self.rendered
        let decoded = try VorbisDecoder.decode(audio.segments[0])
        let end = audio.tones[audio.endTone]
        #expect(end.frequency < AudioOptions().minFrequency)
        let s = slot(end, in: decoded).dropFirst(end.leadFrames)
        let ms = decoded.sampleRate / 1000
        // Two bursts separated by a quiet gap.
        #expect(PCMAnalysis.rms(s.dropFirst(20 * ms).prefix(30 * ms)) > 0.05)
        #expect(PCMAnalysis.rms(s.dropFirst(75 * ms).prefix(30 * ms)) < 0.01)
        #expect(PCMAnalysis.rms(s.dropFirst(130 * ms).prefix(30 * ms)) > 0.05)
    }

    @Test func seriesDifferInTimbre() throws {
        let audio = try Sonifier(cacheDirectory: nil).render(chart: simpleChart([[1, 2], [1, 2], [1, 2]]))
        #expect(audio.timbres == ["sine", "triangle", "organ"])
        let decoded = try VorbisDecoder.decode(audio.segments[0])
        // Same pitch, different harmonic content: the organ has a strong 2nd harmonic, the sine none.
        func secondHarmonicRatio(_ s: Int) -> Double {
            let tone = audio.tones[audio.pointTones[s][0]]
            let b = body(tone, in: decoded)
            return PCMAnalysis.power(of: 2 * tone.frequency, in: b, sampleRate: decoded.sampleRate)
                / PCMAnalysis.power(of: tone.frequency, in: b, sampleRate: decoded.sampleRate)
        }
        #expect(secondHarmonicRatio(0) < 0.01)
        #expect(secondHarmonicRatio(2) > 0.05)
    }

    @Test func toneFilesDecodeAloneToTheirPitchAndLength() throws {
        let audio = Self.rendered
        let files = try audio.toneFiles()
        #expect(files.count == audio.tones.count)
        for i in [0, audio.tones.count / 2, audio.missingTone, audio.endTone] {
            let tone = audio.tones[i]
            #expect(try audio.toneFile(i) == files[i])
            let decoded = try VorbisDecoder.decode(files[i])
            #expect(decoded.frameCount == tone.frameCount)
            #expect(files[i].count < 6000, "one tone file stays small")
            if tone.kind == .value {
                let shifted = Tone(
                    kind: tone.kind, series: tone.series, frequency: tone.frequency, segment: 0, startFrame: 0,
                    frameCount: tone.frameCount, leadFrames: tone.leadFrames, sampleRate: tone.sampleRate)
                let f = PCMAnalysis.dominantFrequency(
                    in: body(shifted, in: decoded), sampleRate: decoded.sampleRate,
                    low: tone.frequency * 0.8, high: tone.frequency * 1.25, resolution: 0.001)
                #expect(abs(f - tone.frequency) / tone.frequency < 0.01)
            }
        }
    }
}

@Suite struct ToneFileToolTests {
    @Test func toneFilesPassOggdecWithTheirExactLength() throws {
        let oggdec = "/usr/bin/oggdec"
        guard FileManager.default.isExecutableFile(atPath: oggdec) else { return }  // vorbis-tools: APT_TEST
        let audio = try Sonifier(cacheDirectory: nil).render(chart: weatherChart(days: 60))
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in [1, audio.missingTone, audio.endTone] {
            let ogg = dir.appendingPathComponent("tone-\(i).ogg"), wav = dir.appendingPathComponent("tone-\(i).wav")
            try audio.toneFile(i).write(to: ogg)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: oggdec)
            process.arguments = ["-Q", "-o", wav.path, ogg.path]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let size = try FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int ?? 0
            #expect(size == 44 + 2 * audio.tones[i].frameCount, "tone \(i)")
        }
    }
}

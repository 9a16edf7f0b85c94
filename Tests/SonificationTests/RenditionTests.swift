import ChartData
import ChartModel
import Foundation
import OggVorbis
@testable import Sonification
import SpecReading
import Testing

@Suite struct RenditionTests {
    @Test func largeSeriesIsReducedNotTruncatedKeepingExtremes() throws {
        var rng = XorShift32(seed: 7)
        var values: [Double?] = (0..<100_000).map { i in sin(Double(i) / 5000) + 0.1 * rng.nextSigned() }
        values[12_345] = 5  // a spike must survive
        values[98_765] = -5
        let plan = try Rendition(values: values, series: "s", length: .standard)
        #expect(plan.rows.count <= Int(10 * Downsampling.playbackNotesPerSecond))
        #expect(plan.rows.first == 0)
        #expect(plan.rows.last == 99_999, "reduced across the whole series, not cut short")
        #expect(plan.rows.contains(12_345))
        #expect(plan.rows.contains(98_765))
        #expect(plan.rows == plan.rows.sorted())
    }

    @Test func smallSeriesKeepsEveryPoint() throws {
        let plan = try Rendition(values: [1, 2, nil, 4], series: "s", length: .short)
        #expect(plan.rows == [0, 1, 3])
        #expect(plan.missingRows == [2])
        #expect(plan.duration == 5)
    }

    @Test func smoothingFollowsAudiograph() throws {
        let plan = try Rendition(values: [0, 10, 0, 10], series: "s", length: .short, smoothing: 0.5)
        #expect(plan.values == [0, 5, 2.5, 6.25])
        let none = try Rendition(values: [0, 10, 0, 10], series: "s", length: .short)
        #expect(none.values == [0, 10, 0, 10])
    }

    @Test func lengthsAndValidation() throws {
        #expect(RenditionLength.short.seconds == 5)
        #expect(RenditionLength.standard.seconds == 10)
        #expect(RenditionLength.long.seconds == 20)
        #expect(throws: SonificationError.invalidPlaybackDuration(-1)) { try Rendition(values: [1], series: "s", length: .exact(-1)) }
        #expect(throws: SonificationError.invalidSmoothing(2)) { try Rendition(values: [1], series: "s", length: .short, smoothing: 2) }
        #expect(throws: SonificationError.self) { try Rendition(values: [], series: "s", length: .short) }
        #expect(throws: SonificationError.self) { try Rendition(values: [1, .nan], series: "s", length: .short) }
    }

    /// An audio graph's errors name its series: before, every one said `chart "series"`.
    @Test func errorsNameTheSeries() throws {
        let empty = #expect(throws: SonificationError.self) { try Rendition(values: [], series: "Rainfall", length: .short) }
        #expect(empty?.description == "series \"Rainfall\" has no values to play")
        let nan = #expect(throws: SonificationError.self) { try Rendition(values: [1, .nan], series: "Rainfall", length: .short) }
        #expect(nan?.description == "series \"Rainfall\" has a value that is not a number (NaN or infinite) at row 2")
    }

    @Test func renderedRenditionGlidesFromLowToHighInTheChosenTime() throws {
        let chart = simpleChart([(0..<50).map { Double($0) }], options: AudioOptions(playbackDuration: 4))
        let audio = try Sonifier(cacheDirectory: nil).render(chart: chart)
        #expect(audio.renditions.count == 1)
        let decoded = try VorbisDecoder.decode(audio.renditions[0])
        #expect(abs(decoded.duration - 4) < 0.01)
        #expect(PCMAnalysis.peak(decoded.samples[0][...]) < 0.9)
        let rate = decoded.sampleRate
        let early = PCMAnalysis.dominantFrequency(
            in: decoded.samples[0][(rate / 10)..<(rate / 10 + 2048)], sampleRate: rate, low: 150, high: 1200, resolution: 0.005)
        let late = PCMAnalysis.dominantFrequency(
            in: decoded.samples[0][(rate * 39 / 10 - 2048)..<(rate * 39 / 10)], sampleRate: rate, low: 150, high: 1200, resolution: 0.005)
        #expect(early < 260)
        #expect(late > 850)
    }

    @Test func missingStretchIsSilentInTheRendition() throws {
        var values: [Double?] = Array(repeating: 3, count: 100)
        for i in 40..<60 { values[i] = nil }
        values[0] = 1
        let audio = try Sonifier(cacheDirectory: nil).render(
            chart: simpleChart([values], options: AudioOptions(playbackDuration: 2)))
        let decoded = try VorbisDecoder.decode(audio.renditions[0])
        let rate = decoded.sampleRate
        #expect(PCMAnalysis.rms(decoded.samples[0][(rate * 9 / 10)..<(rate * 11 / 10)]) < 0.01)
        #expect(PCMAnalysis.rms(decoded.samples[0][(rate * 3 / 10)..<(rate * 5 / 10)]) > 0.1)
    }
}

@Suite struct RenditionLengthTests {
    @Test func otherLengthsOnDemandMatchTheDefaultRendition() throws {
        let chart = weatherChart(days: 120)
        let sonifier = Sonifier(cacheDirectory: nil)
        let audio = try sonifier.render(chart: chart)
        #expect(try sonifier.rendition(chart: chart, series: 1, length: .standard) == audio.renditions[1])
        let short = try VorbisDecoder.decode(try sonifier.rendition(chart: chart, series: 0, length: .short))
        let long = try VorbisDecoder.decode(try sonifier.rendition(chart: chart, series: 0, length: .exact(12.5)))
        #expect(abs(short.duration - 5) < 0.001)
        #expect(abs(long.duration - 12.5) < 0.001)
        #expect(throws: SonificationError.noSuchSeries(chart: "weather", index: 2)) {
            try sonifier.rendition(chart: chart, series: 2, length: .short)
        }
        #expect(throws: SonificationError.invalidPlaybackDuration(0)) {
            try sonifier.rendition(chart: chart, series: 0, length: .exact(0))
        }
    }
}

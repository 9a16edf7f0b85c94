import ChartData
import ChartModel
import Foundation
import OggVorbis
@testable import Sonification
import Testing

/// The tone bank in segments (issue 31): the landing view plays from the first segment alone,
/// every tone sounds at its pitch in its own segment, and series with one timbre share tones.
@Suite struct BankSegmentTests {
    /// Seven series on their own scales (SeriesPitchScaleTests' employment-like chart).
    static let chart = SeriesPitchScaleTests.employment()
    static let rendered: ChartAudio = try! Sonifier(cacheDirectory: nil, segmentSeconds: 2).render(chart: chart)

    @Test func theLandingViewAndTheEarconsAreAllInTheFirstSegment() throws {
        let audio = Self.rendered
        #expect(audio.segments.count > 2)
        #expect(audio.segmentsNeeded(series: 0) == [0])
        for tone in [audio.missingTone, audio.endTone] { #expect(audio.tones[tone].segment == 0) }
        #expect(audio.bytesBeforeFirstTone == audio.segments[0].count)
        #expect(audio.bytesBeforeFirstTone * 2 < audio.bankBytes)
        // Another series needs its own segment; the shared scale (the all-series view) more.
        #expect(audio.segmentsNeeded(series: 3).count >= 2)
        #expect(!audio.segmentsNeeded(series: 3, shared: true).isEmpty)
    }

    @Test func everyToneSoundsAtItsPitchInItsSegment() throws {
        let audio = Self.rendered
        let decoded = try audio.segments.map { try VorbisDecoder.decode($0) }
        for (k, d) in decoded.enumerated() {
            let slots = audio.tones.filter { $0.segment == k }
            #expect(d.frameCount == slots.map { $0.startFrame + $0.frameCount }.max())
        }
        for tone in audio.tones where tone.kind == .value {
            let d = decoded[tone.segment]
            let found = PCMAnalysis.dominantFrequency(
                in: body(tone, in: d), sampleRate: d.sampleRate, low: tone.frequency * 0.75, high: tone.frequency * 1.35, resolution: 0.001)
            #expect(abs(found - tone.frequency) / tone.frequency < 0.01, "\(tone.frequency) Hz heard as \(found) Hz")
        }
        // One segment: the bank before issue 31, the same tones.
        let whole = try Sonifier(cacheDirectory: nil, segmentSeconds: .infinity).render(chart: Self.chart)
        #expect(whole.segments.count == 1)
        #expect(Set(whole.tones.map(\.frequency)) == Set(audio.tones.map(\.frequency)))
        #expect(whole.pointTones.map { $0.map { whole.tones[$0].frequency } } == audio.pointTones.map { $0.map { audio.tones[$0].frequency } })
    }

    @Test func seriesWithTheSameTimbreShareTheirEqualTones() throws {
        // 13 series: series 12 has series 0's timbre and the same values, so the same tones.
        let values: [Double?] = (0..<30).map { Double($0 % 10) }
        let series = (0..<13).map { Series(name: "S\($0)", values: $0 == 0 || $0 == 12 ? values : values.map { $0.map { $0 + 1 } }) }
        let chart = Chart(id: "same", sourcePath: "charts/same.vl.json", title: "Same", mark: .line,
                          x: XAxis(field: "i", title: "Index", type: .quantitative), y: YAxis(field: "v", title: "Value"),
                          xValues: (0..<30).map { .number(Double($0)) }, series: series)
        let audio = try Sonifier(cacheDirectory: nil).render(chart: chart)
        #expect(audio.pointTones[12] == audio.pointTones[0])
        #expect(audio.pointTones[1] != audio.pointTones[0])   // another timbre: other tones
        #expect(audio.timbres[12] == audio.timbres[0])
    }
}

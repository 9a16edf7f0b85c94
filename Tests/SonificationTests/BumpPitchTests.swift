import Testing
@testable import ChartData
@testable import Sonification

/// A bump chart draws rank 1 at the top, so rank 1 plays the highest pitch (`PitchScale.descending`).
struct BumpPitchTests {
    @Test func rankOnePlaysHighest() {
        var chart = simpleChart([[1, 2, 3], [3, 1, 2], [2, 3, 1]])
        chart.y.type = .ordinal
        chart.semantics.idiom = .bump
        let bank = ToneBank(chart: chart)
        let pitch = { (s: Int, row: Int) in bank.specs[bank.pointTones[s][row]].frequency }
        #expect(pitch(0, 0) > pitch(2, 0))  // rank 1 above rank 2
        #expect(pitch(2, 0) > pitch(1, 0))  // rank 2 above rank 3
        #expect(abs(pitch(0, 0) - chart.options.audio.maxFrequency) / chart.options.audio.maxFrequency < 0.01)
        // Other charts keep the larger value higher.
        chart.semantics.idiom = nil
        let plain = ToneBank(chart: chart)
        #expect(plain.specs[plain.pointTones[0][0]].frequency < plain.specs[plain.pointTones[1][0]].frequency)
    }
}

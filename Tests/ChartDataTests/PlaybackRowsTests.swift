import ChartModel
import Testing
@testable import ChartData

/// The one point-reduction rule for playback and the scrubber (`Downsampling.keyRows`, `playbackRows`).
struct PlaybackRowsTests {
    @Test func playbackIsReducedOnlyPastThirtyNotesASecond() {
        let fits: [Double?] = (0..<300).map { Double($0 % 17) }
        #expect(Downsampling.playbackRows(fits, seconds: 10) == nil)  // 300 notes in 10 s: every row
        let over = fits + [4]
        let rows = Downsampling.playbackRows(over, seconds: 10)!
        #expect(rows.count <= 300 && rows.first == 0 && rows.last == 300)
        #expect(Downsampling.playbackRows(fits, seconds: 9.99)!.count <= 299)
    }

    @Test func keyRowsKeepEverySeriesExtremesAndSkipGapsWhenPlaying() {
        var a: [Double?] = (0..<1_000).map { Double($0 % 10) }, b: [Double?] = (0..<1_000).map { _ in 0 }
        b[777] = 50; b[123] = -50; a[5] = nil
        let rows = Downsampling.keyRows([a, b], limit: 100)
        #expect(rows.count <= 100 && rows.contains(777) && rows.contains(123))
        #expect(Downsampling.keyRows([a, b], limit: 1_000) == Array(0..<1_000))
        #expect(Downsampling.playbackRows(a, seconds: 1)!.allSatisfy { a[$0] != nil })
    }
}

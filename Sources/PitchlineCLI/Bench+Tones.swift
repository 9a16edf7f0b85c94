import ArgumentParser
import ChartData
import ChartModel
import Foundation
import Sonification
import SpecReading

/// `pitchline bench tones`: what a reader downloads of the tone bank before the first tone and in
/// all, per chart of the example site and of the 23-series employment chart (issue 31), against
/// the bank in one piece (the design before issue 31, `segmentSeconds: .infinity`) rendered in the
/// same run. Ogg bytes; from disk (`file:`) each segment comes as its base64 script twin (× 4/3),
/// and the single file carries every segment inline, so there the first tone costs the whole file.
struct TonesBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tones", abstract: "Measure the tone bank bytes a reader downloads before the first tone and in total.")

    @Option(help: "The example site folder.") var site = "site"
    @Option(help: "A site with the 23-series employment chart.") var employment = "bench/employment-site"

    func run() async throws {
        let charts = AudioBenchCharts.site(site: URL(fileURLWithPath: site))
            + ChartLoader(siteDirectory: URL(fileURLWithPath: employment)).loadSite().charts
        let segmented = Sonifier(cacheDirectory: nil)
        let whole = Sonifier(cacheDirectory: nil, segmentSeconds: .infinity)
        func kb(_ n: Int) -> String { String(format: "%6.1f KB", Double(n) / 1000) }
        print("Ogg bytes of the tone bank; reference: the bank in one piece (before issue 31), same run. Target before the first tone ≤ 150 KB.")
        print("chart".padding(toLength: 34, withPad: " ", startingAt: 0)
              + "series  tones  segs   before 1st tone (reference)        total (reference)")
        var worst = 0, totals = (new: 0, old: 0, firstNew: 0, firstOld: 0)
        for chart in charts where chart.validateForAudioQuietly {
            let audio = try segmented.render(chart: chart)
            let reference = try whole.render(chart: chart)
            let first = audio.bytesBeforeFirstTone, ref = reference.bankBytes
            worst = max(worst, first)
            totals.new += audio.bankBytes
            totals.old += ref
            totals.firstNew += first
            totals.firstOld += ref
            print(chart.id.padding(toLength: 34, withPad: " ", startingAt: 0)
                  + String(format: "%6d %6d %5d ", chart.series.count, audio.tones.count, audio.segments.count)
                  + "  \(kb(first)) (\(kb(ref)), \(String(format: "%4.2f", Double(first) / Double(max(1, ref))))×)"
                  + "   \(kb(audio.bankBytes)) (\(kb(ref)), \(String(format: "%4.2f", Double(audio.bankBytes) / Double(max(1, ref))))×)")
        }
        print("all charts: before the first tone \(kb(totals.firstNew)) (reference \(kb(totals.firstOld))), in total \(kb(totals.new)) (reference \(kb(totals.old)))")
        print("largest before the first tone: \(kb(worst)) (target ≤ 150 KB: \(worst <= 150_000 ? "met" : "NOT met")); from file: × 4/3 (base64 twin)")
    }
}

extension Chart {
    /// Whether Sonification renders this chart (a chart without sound is skipped by the bench).
    fileprivate var validateForAudioQuietly: Bool { (try? Sonifier.check(sharing: [self])) != nil }
}

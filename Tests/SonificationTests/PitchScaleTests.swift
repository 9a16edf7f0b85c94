import ChartData
import ChartModel
import Foundation
@testable import Sonification
import Testing

/// Each series' shape is heard: series an order of magnitude apart play on their own scales.
@Suite struct SeriesPitchScaleTests {
    /// Employment-like: seven series from a few hundred jobs (crossing zero) to 143,093 thousand.
    static func employment() -> Chart {
        let months = 36
        func wave(_ base: Double, _ amplitude: Double, _ phase: Double) -> [Double?] {
            (0..<months).map { (base + amplitude * sin(Double($0) / 5 + phase)).rounded() }
        }
        var change = wave(-300, 500, 0)
        change[7] = -802
        var total = wave(140_000, 2_000, 1)
        total[20] = 143_093
        let series = [
            Series(name: "Total nonfarm", values: total),
            Series(name: "Information", values: (0..<months).map { 3_055 - Double($0) * 11.7 }.map { $0.rounded() }),
            Series(name: "Mining", values: wave(700, 40, 2)),
            Series(name: "Government", values: wave(22_000, 150, 3)),
            Series(name: "Utilities", values: wave(550, 12, 4)),
            Series(name: "Monthly change", values: change),
            Series(name: "Temporary help", values: wave(2_900, 200, 5)),
        ]
        return Chart(id: "jobs", sourcePath: "charts/jobs.vl.json", title: "Jobs", mark: .line,
                     x: XAxis(field: "i", title: "Index", type: .quantitative), y: YAxis(field: "v", title: "Jobs"),
                     xValues: (0..<months).map { .number(Double($0)) }, series: series)
    }

    @Test func everySeriesOfAMixedMagnitudeChartUsesAtLeastEightPitches() throws {
        let chart = Self.employment()
        #expect(chart.pitchScalePerSeries)
        let audio = try Sonifier(cacheDirectory: nil).render(chart: chart)
        for s in chart.series.indices {
            let pitches = Set(audio.pointTones[s].map { audio.tones[$0].frequency })
            #expect(pitches.count >= 8, "\(chart.series[s].name): \(pitches.count) pitches")
            // Each series spans the whole pitch range on its own scale.
            #expect(abs(pitches.min()! - 200) < 1 && abs(pitches.max()! - 1000) < 1)
        }
        // The all-series view compares on one shared scale: Information is one low tone there.
        let shared = try #require(audio.sharedPointTones)
        let info = Set(shared[1].map { audio.tones[$0].frequency })
        #expect(info.count < 8)
        let totals = shared[0].map { audio.tones[$0].frequency }
        #expect(totals.allSatisfy { $0 > 900 })
        #expect(chart.describe().summary.contains("Each series plays on its own pitch scale"))
    }

    @Test func similarSeriesShareOneScale() throws {
        let chart = weatherChart(days: 60)
        #expect(!chart.pitchScalePerSeries)
        let audio = try Sonifier(cacheDirectory: nil).render(chart: chart)
        #expect(audio.sharedPointTones == nil)
        #expect(audio.seriesScales.allSatisfy { $0 == audio.scale })
        #expect(!chart.describe().summary.contains("pitch scale"))
    }
}

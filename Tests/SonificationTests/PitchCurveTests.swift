@testable import ChartData
import ChartModel
import Foundation
@testable import Sonification
import SpecReading
import Testing

/// Pitch follows the value axis' scale type (`scale.type` log, sqrt, pow, symlog).
@Suite struct PitchCurveTests {
    static func chart(_ values: [Double?], scale: ScaleInfo) -> Chart {
        var chart = Chart(
            id: "c", sourcePath: "charts/c.vl.json", title: "Counts", mark: .line,
            x: XAxis(field: "n", title: "N", type: .quantitative), y: YAxis(field: "v", title: "Value"),
            xValues: values.indices.map { .number(Double($0)) }, series: [Series(name: "Value", values: values)])
        chart.semantics.valueScale = scale
        return chart
    }

    @Test func onALogAxisEqualRatiosAreEqualPitchSteps() {
        let chart = Self.chart([1, 10, 100, 1000], scale: ScaleInfo(type: .log))
        let scale = ToneBank.scale(for: chart)
        let f = [1.0, 10, 100, 1000].map { scale.exactFrequency(for: $0) }
        #expect(abs(f[0] - 200) < 1e-9 && abs(f[3] - 1000) < 1e-9)
        // Each tenfold step is the same musical interval: a third of the way from 200 to 1000 Hz.
        for (a, b) in zip(f, f.dropFirst()) { #expect(abs(b / a - pow(5, 1.0 / 3)) < 1e-9) }
        // On a linear axis 10 and 100 sit near the bottom instead.
        let linear = ToneBank.scale(for: Self.chart([1, 10, 100, 1000], scale: ScaleInfo()))
        #expect(linear.exactFrequency(for: 100) < 240)
        #expect(chart.describe().summary.contains("Pitch follows the logarithmic value axis: equal ratios of value are equal steps in pitch."))
        #expect(!Self.chart([1, 2], scale: ScaleInfo()).describe().summary.contains("Pitch follows"))
    }

    @Test func zeroOnALogAxisPlaysTheLowestPitchAndIsSaid() {
        let chart = Self.chart([0, 10, 100], scale: ScaleInfo(type: .log))
        let scale = ToneBank.scale(for: chart)
        #expect(scale.lowValue == 10)  // the range comes from values the axis can place
        #expect(scale.level(for: 0) == 0 && scale.level(for: 100) == scale.steps)
        #expect(chart.describe().summary.contains("Zero and negative values have no place on it"))
    }

    @Test func sqrtPowAndSymlogFollowD3Scales() {
        let sqrt = ToneBank.scale(for: Self.chart([0, 25, 100], scale: ScaleInfo(type: .sqrt)))
        #expect(abs(sqrt.position(of: 25) - 0.5) < 1e-12)
        let pow = ToneBank.scale(for: Self.chart([0, 2, 4], scale: ScaleInfo(type: .pow, exponent: 2)))
        #expect(abs(pow.position(of: 2) - 0.25) < 1e-12)
        let symlog = ToneBank.scale(for: Self.chart([-99, 0, 99], scale: ScaleInfo(type: .symlog, constant: 1)))
        #expect(abs(symlog.position(of: 0) - 0.5) < 1e-12)
        #expect(abs(symlog.position(of: 9) - (1 + Foundation.log(10) / Foundation.log(100)) / 2) < 1e-12)
    }
}

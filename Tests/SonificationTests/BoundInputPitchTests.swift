import ChartModel
import Foundation
import Testing
@testable import ChartData
@testable import Sonification

/// A bound input's pages (issue 28, `ChartLoader.withInputVariants`) share one pitch scale: the
/// same value sounds the same on each page, whichever year or option it belongs to.
struct BoundInputPitchTests {
    @Test func everyYearsPagePlaysOnTheScaleOfAllYears() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pl-input-pitch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("charts"), withIntermediateDirectories: true)
        try Data("""
            {"data": {"values": [{"y": 2012, "d": 1, "v": 1}, {"y": 2012, "d": 2, "v": 5}, {"y": 2013, "d": 1, "v": 2},
                                 {"y": 2013, "d": 2, "v": 3}, {"y": 2014, "d": 1, "v": 40}, {"y": 2014, "d": 2, "v": 4}]},
             "mark": "line", "params": [{"name": "yr", "value": 2013, "bind": {"input": "range", "min": 2012, "max": 2014, "step": 1}}],
             "transform": [{"filter": "datum.y == yr"}],
             "encoding": {"x": {"field": "d", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}}}
            """.utf8).write(to: root.appendingPathComponent("charts/yearly.vl.json"))
        let charts = Dictionary(uniqueKeysWithValues: ChartLoader(siteDirectory: root).loadSite().charts.map { ($0.id, $0) })
        #expect(charts.count == 3)
        let frequency = { (id: String, row: Int) in
            let bank = ToneBank(chart: charts[id]!)
            return bank.specs[bank.pointTones[0][row]].frequency
        }
        // 5 (2012) above 4 (2014) above 3 (2013): each page alone would play its own highest at the top.
        #expect(frequency("yearly--yr-0", 1) > frequency("yearly--yr-2", 1))
        #expect(frequency("yearly--yr-2", 1) > frequency("yearly", 1))
        #expect(charts.values.allSatisfy { (ToneBank.scale(for: $0).lowValue, ToneBank.scale(for: $0).highValue) == (1, 40) })
    }
}

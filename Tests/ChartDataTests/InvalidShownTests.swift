import Foundation
import Testing
@testable import ChartData

/// `invalid: null` (mark or config.mark) asks Vega-Lite to draw invalid values; Pitchline leaves
/// rows without a valid x out as before, and says so where an author looks (`check`'s notes).
@Suite struct InvalidShownTests {
    @Test func aConfigInvalidNullIsNotSilentlyIgnored() throws {
        let chart = try spec("""
        {"data": {"values": [{"a": 1, "b": 2}, {"a": null, "b": 3}, {"a": 2, "b": 4}]}, "mark": "point",
         "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}},
         "config": {"mark": {"invalid": null}}}
        """)
        #expect(chart.semantics.invalidRows == 1)
        #expect(chart.semantics.notes.contains { $0.hasPrefix(#"1 row with no valid a left out: "invalid": null"#) })
        let plain = try spec("""
        {"data": {"values": [{"a": 1, "b": 2}, {"a": null, "b": 3}]}, "mark": {"type": "point", "invalid": "filter"},
         "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}}, "config": {"mark": {"invalid": null}}}
        """)
        #expect(plain.semantics.notes.isEmpty)  // the mark's own "filter" wins
    }
}

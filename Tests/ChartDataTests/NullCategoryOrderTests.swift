import ChartModel
import Foundation
import Testing
@testable import ChartData

/// A null category on a discrete axis comes first in ascending order and last in descending
/// order, as Vega sorts a discrete domain (a binned field's cars without horsepower: the
/// "null" bar left of 40, where Vega-Lite draws it; before: right of 220).
struct NullCategoryOrderTests {
    static func chart(sort: String = "") throws -> Chart {
        try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": [{"b": 60, "v": 2}, {"b": null, "v": 1}, {"b": 40, "v": 3}]}, "mark": "bar",
         "encoding": {"x": {"field": "b", "type": "ordinal"\(sort)}, "y": {"field": "v", "type": "quantitative"}}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    @Test func nullComesFirstAscendingAndLastDescending() throws {
        #expect(try Self.chart().xValues == [.category("null"), .category("40"), .category("60")])
        #expect(try Self.chart(sort: #", "sort": "descending""#).xValues == [.category("60"), .category("40"), .category("null")])
    }
}

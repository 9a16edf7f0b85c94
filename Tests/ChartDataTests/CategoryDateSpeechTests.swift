import Foundation
import Testing
@testable import ChartData

/// R26: a nominal category written as an ISO date is said as a date, as a temporal x is
/// ("1 January 2021", not "2021 minus 01 minus 01"); the table keeps the text as written.
struct CategoryDateSpeechTests {
    @Test func anISODateCategoryIsSaidAsADate() throws {
        let chart = try spec("""
        {"data": {"values": [{"d": "2021-01-01", "v": 4}, {"d": "2021-02-30", "v": 2}, {"d": "Total", "v": 6}]}, "mark": "bar",
         "encoding": {"x": {"field": "d", "type": "nominal", "sort": null}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        let speech = SpeechFormatter(chart: chart)
        let labels = chart.xValues.indices.map { speech.spokenLabel(series: 0, row: $0) }
        #expect(labels[0].hasPrefix("1 January 2021, "), "\(labels)")
        #expect(labels[1].hasPrefix("2021-02-30, "), "not a day: as written; \(labels)")
        #expect(labels[2].hasPrefix("Total, "), "\(labels)")
        #expect(speech.atX(0) == "on 1 January 2021")
        #expect(speech.xText(0) == "2021-01-01")  // the table's text
    }
}

import ChartModel
import Foundation
import Testing
@testable import ChartData

/// A year written as a number and typed temporal (`"field": "year", "type": "temporal"`, 1850):
/// Vega-Lite reads it as milliseconds since 1970, and so does Pitchline, but `check` says so,
/// naming the file, line and JSON path, with the fix (ChartBuilder+Warnings.swift).
struct YearsAsTemporalTests {
    static func chart(_ values: String, format: String = "") throws -> Chart {
        try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": \(values)\(format)},
         "mark": "line",
         "encoding": {"x": {"field": "year", "type": "temporal"}, "y": {"field": "v", "type": "quantitative"}}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    @Test func numbersThatLookLikeYearsGetANoteWithTheFix() throws {
        let chart = try Self.chart(#"[{"year": 1850, "v": 1}, {"year": 1900, "v": 2}, {"year": 1950, "v": 3}]"#)
        let notes = chart.semantics.notes.filter { $0.contains("milliseconds since 1970") }
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("site/charts/t.vl.json:3: $.encoding.x: \"year\" holds numbers") == true, "\(notes)")
        #expect(notes.first?.contains("\"format\": {\"parse\": {\"year\": \"date:'%Y'\"}}") == true)
        // Read as Vega-Lite reads it: the first seconds of 1970.
        #expect(chart.xValues.first == .date(Date(timeIntervalSince1970: 1.85)))
    }

    @Test func realDatesAndParsedYearsGetNoNote() throws {
        let dates = try Self.chart(#"[{"year": "2012-01-01", "v": 1}, {"year": "2013-01-01", "v": 2}]"#)
        #expect(!dates.semantics.notes.contains { $0.contains("milliseconds") })
        let parsed = try Self.chart(#"[{"year": 1850, "v": 1}, {"year": 1900, "v": 2}]"#, format: #", "format": {"parse": {"year": "date:'%Y'"}}"#)
        #expect(!parsed.semantics.notes.contains { $0.contains("milliseconds") })
        #expect(parsed.xValues.count == 2 && parsed.xValues.first != .date(Date(timeIntervalSince1970: 1.85)))
    }
}

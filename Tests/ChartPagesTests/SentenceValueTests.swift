import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// D, S, the JSON's sentences and the one-line summary choose parts of the description's values
/// (sentences, clauses), never cut its prose at punctuation.
struct SentenceValueTests {
    func load(_ json: String) throws -> Chart {
        try ChartLoader.loadSpec(data: Data(json.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
    }

    func line(title: String, field: String) throws -> Chart {
        let rows = (0...10).map { "{\"year\": \"\(2001 + $0)\", \"v\": \(10 + $0)}" }.joined(separator: ", ")
        return try load("""
        {"title": "\(title)", "data": {"values": [\(rows)]}, "mark": "line",
         "encoding": {"x": {"field": "year", "type": "temporal"}, "y": {"field": "v", "type": "quantitative", "title": "\(field)"}}}
        """)
    }

    @Test func aFullStopInsideATitleEndsNoSentence() throws {
        let p = ChartPresentation(chart: try line(title: "U.S. Sales. Avg. values", field: "Sales"))
        let sentences = p.summarySentences
        #expect(sentences.first?.hasPrefix("Line chart of U.S. Sales. Avg. values") == true, "\(sentences)")
        #expect(p.oneLineSummary == sentences.first)
        #expect(sentences.joined(separator: " ") == p.description.summary)
        // D's first part is whole sentences: the title's full stops do not end it.
        let object = try DataScriptTests.object(p, audio: nil)
        let describe = try #require((object["text"] as? [String: Any])?["describe"] as? [String])
        #expect(describe[0].hasPrefix("Line chart of U.S. Sales. Avg. values") && describe[0].hasSuffix("."))
    }

    @Test func sKeepsTheChangeInItsParentheses() throws {
        let p = ChartPresentation(chart: try line(title: "Jobs", field: "Total nonfarm employment in the region"))
        let object = try DataScriptTests.object(p, audio: nil)
        let brief = try #require(((object["series"] as? [[String: Any]])?.first)?["brief"] as? String)
        // Long enough to be cut to its first part: the change stays whole ("(+10, +100%)").
        #expect(brief.split(separator: " ").count > 20, "\(brief)")
        #expect(brief.contains("%)"), "\(brief)")
        #expect(brief.filter { $0 == "(" }.count == brief.filter { $0 == ")" }.count, "\(brief)")
    }

    /// A kind's summary is made as sentences (Chart+Kinds.swift): a slice named in lower case, a
    /// title with full stops and a day's number in German end no sentence and start none.
    @Test func aKindSummaryIsMadeAsSentences() throws {
        let pie = try load("""
        {"title": "U.S. Energy. Sources", "data": {"values": [{"k": "solar", "v": 5}, {"k": "wind", "v": 3}, {"k": "coal", "v": 2}]},
         "mark": "arc", "encoding": {"theta": {"field": "v", "type": "quantitative"}, "color": {"field": "k", "type": "nominal"}}}
        """)
        let sentences = ChartPresentation(chart: pie).summarySentences
        #expect(sentences.count == 3, "\(sentences)")
        #expect(sentences.first?.hasPrefix("Pie chart of U.S. Energy. Sources, 3 slices") == true, "\(sentences)")
        #expect(sentences.dropFirst().first?.hasPrefix("solar is the largest share") == true, "\(sentences)")
        #expect(sentences.last?.hasPrefix("Total 10") == true, "\(sentences)")
    }

    /// The kinds' summaries claim what they say (issue 30): a pie's largest slice, a heatmap's
    /// highest and lowest cell, a box plot's lowest and highest median; each claim's row holds
    /// its value, and the page links the value's own text.
    @Test func kindSummariesClaimTheirValuesAtTheirRows() throws {
        let pie = try load("""
        {"data": {"values": [{"k": "solar", "v": 5}, {"k": "wind", "v": 3}, {"k": "coal", "v": 2}]},
         "mark": "arc", "encoding": {"theta": {"field": "v", "type": "quantitative"}, "color": {"field": "k", "type": "nominal"}}}
        """)
        let heatmap = try load("""
        {"data": {"values": [{"a": "x", "b": "p", "v": 1}, {"a": "y", "b": "p", "v": 9}, {"a": "x", "b": "q", "v": 4}, {"a": "y", "b": "q", "v": 2}]},
         "mark": "rect", "encoding": {"x": {"field": "a", "type": "nominal"}, "y": {"field": "b", "type": "nominal"}, "color": {"field": "v", "type": "quantitative"}}}
        """)
        let box = try load("""
        {"data": {"values": [\((1...5).map { "{\"g\": \"a\", \"v\": \($0)}" }.joined(separator: ", ")), \((10...14).map { "{\"g\": \"b\", \"v\": \($0)}" }.joined(separator: ", "))]},
         "mark": "boxplot", "encoding": {"x": {"field": "g", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        let expected: [(Chart, [Claim.Kind], [Double])] = [(pie, [.highest], [5]), (heatmap, [.highest, .lowest], [9, 1]), (box, [.lowest, .highest], [3, 12])]
        for (chart, kinds, values) in expected {
            let p = ChartPresentation(chart: chart)
            let claims = p.description.sentences.flatMap(\.claims)
            #expect(claims.map(\.kind) == kinds && claims.map(\.value) == values, "\(p.summarySentences)")
            for c in claims { #expect(chart.series[c.series].values[c.rows[0]] == c.value) }
            let html = p.linkedHTML(p.description.sentences, shownRows: chart.pointCount)
            #expect(html.components(separatedBy: "class=\"pl-claim\"").count - 1 == claims.count, "\(html)")
        }
    }
}

import ChartData
import ChartModel
import Foundation
import Testing
@testable import ChartPages

/// A figure's comparison claims its extremes on their panels' rows (issue 30): the figure page
/// links each value to its row in the panel's table, and a panel's D again says the comparison
/// with J's stops on the panel holding each row.
struct FigureClaimsTests {
    /// Two panels by year; the single highest value (9) is in 2013's February, the lowest (1) in 2012's January.
    static func figure() throws -> ChartFigure {
        let spec = """
        {"data": {"values": [{"y": 2012, "m": "Jan", "v": 1}, {"y": 2012, "m": "Feb", "v": 4}, {"y": 2013, "m": "Jan", "v": 3}, {"y": 2013, "m": "Feb", "v": 9}]},
         "facet": {"field": "y", "type": "ordinal", "title": "Year"},
         "spec": {"mark": "bar", "encoding": {"x": {"field": "m", "sort": ["Jan", "Feb"], "title": "Month"}, "y": {"field": "v", "type": "quantitative", "title": "Rain"}}}}
        """
        guard case .figure(let f) = try ChartLoader.loadAny(data: Data(spec.utf8), path: "site/charts/t.vl.json", readFile: { _ in throw CocoaError(.fileReadNoSuchFile) }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return f
    }

    @Test func theComparisonLinksEachExtremeToItsRowInItsPanelsTable() async throws {
        let f = try Self.figure()
        let context = FigureContext(f)
        let extremes = try #require(context.description.comparison.first { !$0.claims.isEmpty })
        #expect(extremes.claims.map(\.kind) == [.highest, .lowest])
        #expect(extremes.claims.map(\.panel) == [1, 0] && extremes.claims.map(\.rows) == [[1], [0]] && extremes.claims.map(\.value) == [9, 1])
        let presentation = FigurePresentation(figure: f, panels: f.panels.map { ChartPresentation(chart: $0, figure: context) })
        let html = try await PageRenderer(templatesDirectory: Fixtures.templates)
            .figurePage(presentation, dataScript: "t.123.js", audio: [nil, nil], assets: assets)
        let ids = f.panels.map(\.id)
        #expect(html.contains("<a class=\"pl-claim\" href=\"#\(ids[1])-row-1\">9</a>"), "\(html)")
        #expect(html.contains("<a class=\"pl-claim\" href=\"#\(ids[0])-row-0\">1</a>"))
        #expect(html.contains("id=\"\(ids[1])-row-1\"") && html.contains("id=\"\(ids[0])-row-0\""))  // the targets: the panels' table rows
    }

    @Test func aPanelsDAgainSaysTheComparisonAndJGoesToTheOtherPanel() throws {
        let f = try Self.figure()
        let context = FigureContext(f)
        let first = ChartPresentation(chart: f.panels[0], figure: context)
        let text = try #require(try DataScriptTests.object(first, audio: nil)["text"] as? [String: Any])
        let describe = try #require(text["describe"] as? [String])
        #expect(describe[1].contains("The single highest value is in 2013, Feb, 9; the lowest in 2012, Jan, 1."), "\(describe[1])")
        let stops = try #require(text["describeClaims"] as? [[[String: Any]]])[1]
        let figureStops = stops.suffix(2).map { ($0["c"] as? String, $0["row"] as? Int, $0["say"] as? String) }
        #expect(figureStops.map { $0.0 } == [f.panels[1].id, nil])  // the other panel named; its own not
        #expect(figureStops.map { $0.1 } == [1, 0])
        #expect(figureStops.map { $0.2 } == ["Highest: {l}", "Lowest: {l}"])
        // A chart of its own says no figure's words.
        let alone = try #require(try DataScriptTests.object(ChartPresentation(chart: f.panels[0]), audio: nil)["text"] as? [String: Any])
        #expect(!((alone["describe"] as? [String])?[1].contains("single highest") ?? true))
    }
}

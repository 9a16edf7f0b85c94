import ChartData
import ChartModel
import Foundation
import Testing

/// The spec's selections the page makes controls of (issue 28, `ChartSelection`): an interval
/// along x, a legend-bound point selection, a clicked point selection, each with the opacity the
/// spec's condition gives what it does not hold; hover selections and inputs are not controls.
struct SelectionTests {
    private let rows = """
        {"values": [{"k": "A", "v": 1, "s": "p"}, {"k": "B", "v": 2, "s": "p"}, {"k": "A", "v": 3, "s": "q"}, {"k": "B", "v": 4, "s": "q"}]}
        """

    @Test func anIntervalAlongXIsAKeyboardRangeAndLeavesTheNote() throws {
        let chart = try spec("""
        {"data": \(rows), "mark": "line", "params": [{"name": "brush", "select": {"type": "interval", "encodings": ["x"]}}],
         "encoding": {"x": {"field": "k", "type": "ordinal"}, "y": {"field": "v", "type": "quantitative"}, "color": {"field": "s"}}}
        """)
        #expect(chart.semantics.selections == [ChartSelection(name: "brush", kind: .interval)])
        #expect(!chart.semantics.notes.contains { $0.contains("not interactive") })
    }

    @Test func aLegendSelectionKeepsItsConditionsUnselectedOpacity() throws {
        let chart = try spec("""
        {"data": \(rows), "mark": "line", "params": [{"name": "pick", "select": {"type": "point", "fields": ["s"]}, "bind": "legend"}],
         "encoding": {"x": {"field": "k", "type": "ordinal"}, "y": {"field": "v", "type": "quantitative"}, "color": {"field": "s"},
                      "opacity": {"condition": {"param": "pick", "value": 1}, "value": 0.2}}}
        """)
        #expect(chart.semantics.selections == [ChartSelection(name: "pick", kind: .legend, unselectedOpacity: 0.2)])
    }

    @Test func aClickSelectionIsAControlAndAHoverOneIsNot() throws {
        let chart = try spec("""
        {"data": \(rows), "mark": "bar",
         "params": [{"name": "highlight", "select": {"type": "point", "on": "pointerover"}}, {"name": "select", "select": "point"},
                    {"name": "yr", "value": 2, "bind": {"input": "range", "min": 1, "max": 4}}],
         "encoding": {"x": {"field": "k", "type": "ordinal"}, "y": {"field": "v", "type": "quantitative", "aggregate": "sum"},
                      "fillOpacity": {"condition": {"param": "select", "value": 1}, "value": 0.3},
                      "strokeWidth": {"condition": [{"param": "select", "empty": false, "value": 2}, {"param": "highlight", "empty": false, "value": 1}], "value": 0}}}
        """)
        #expect(chart.semantics.selections == [ChartSelection(name: "select", kind: .point, unselectedOpacity: 0.3)])
        // The hover selection and the bound variable are still read only, and `check` says so.
        let note = try #require(chart.semantics.notes.first { $0.contains("not interactive") })
        #expect(note.hasPrefix("2 parameters") && note.contains("highlight (a point selection)") && note.contains("yr (a range input"))
        #expect(!note.contains("select (a point selection)"))
    }

    @Test func anIntervalAlongYOnlyIsNotARowRange() throws {
        let chart = try spec("""
        {"data": \(rows), "mark": "point", "params": [{"name": "b", "select": {"type": "interval", "encodings": ["y"]}}],
         "encoding": {"x": {"field": "k", "type": "ordinal"}, "y": {"field": "v", "type": "quantitative"}}}
        """)
        #expect(chart.semantics.selections.isEmpty)
    }

    @Test func anOverviewBrushIsThePanelsOwnAndTheDetailFollowsIt() throws {
        let values = (1...6).map { "{\"d\": \"2020-0\($0)-01\", \"p\": \($0 * 3)}" }.joined(separator: ", ")
        let figure = try SpecText.figure("""
        {"data": {"values": [\(values)]}, "vconcat": [
          {"mark": "area", "encoding": {"x": {"field": "d", "type": "temporal", "scale": {"domain": {"param": "brush"}}}, "y": {"field": "p", "type": "quantitative"}}},
          {"mark": "area", "params": [{"name": "brush", "select": {"type": "interval", "encodings": ["x"]}}],
           "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "p", "type": "quantitative"}}}]}
        """)
        #expect(figure.panels.map(\.semantics.selections) == [[ChartSelection(name: "brush", kind: .follows)],
                                                              [ChartSelection(name: "brush", kind: .interval)]])
    }
}

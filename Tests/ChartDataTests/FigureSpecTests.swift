import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData

/// Small multiples: facet, row/column channels, repeat and concat specs load as figures whose
/// panels hold the values Vega-Lite draws in each cell; bad compositions are located problems.
struct FigureSpecTests {
    let rows = """
    [{"year": 2013, "site": "A", "month": "Jan", "v": 3}, {"year": 2013, "site": "A", "month": "Feb", "v": 5},
     {"year": 2012, "site": "A", "month": "Jan", "v": 1}, {"year": 2012, "site": "A", "month": "Feb", "v": 8},
     {"year": 2013, "site": "B", "month": "Jan", "v": 10}, {"year": 2012, "site": "B", "month": "Jan", "v": 2}]
    """

    func figure(_ json: String) throws(ChartProblem) -> ChartFigure { try SpecText.figure(json) }
    func figureProblem(_ json: String) -> String { SpecText.problem(json, SpecText.figure) }

    @Test func facetOperatorSplitsRowsIntoPanelsInAscendingOrder() throws {
        let f = try figure("""
        {"title": "By year", "data": {"values": \(rows)}, "transform": [{"filter": "datum.site == 'A'"}],
         "facet": {"field": "year", "type": "ordinal"}, "columns": 2,
         "spec": {"mark": "bar", "encoding": {"x": {"field": "month", "sort": ["Jan", "Feb"]}, "y": {"field": "v", "aggregate": "sum"}}}}
        """)
        #expect(f.composition == .facet)
        #expect(f.columns == 2)
        #expect(f.panels.map { $0.panel?.header } == ["2012", "2013"])
        // The top-level filter runs before the split: site B's rows are in no panel.
        #expect(f.panels[0].series[0].values == [1, 8])
        #expect(f.panels[1].series[0].values == [3, 5])
        #expect(f.panels.map(\.id) == ["t--p1", "t--p2"])
        // Headed by the facet field with its value (a bare "2013" would leave the reader guessing).
        #expect(f.panels[1].panel?.name(.english) == "Panel 2 of 2, Year 2013")
        #expect(f.panels[1].panel?.header == "2013")
        // Facets share the value scale by default: every panel spans 1…8.
        #expect(f.sharedScales.value)
        #expect(f.panels[0].panel?.sharedValueRange?.low == 1)
        #expect(f.panels[0].panel?.sharedValueRange?.high == 8)
    }

    @Test func rowAndColumnChannelsMakeAGridOfThePresentCells() throws {
        let f = try figure("""
        {"data": {"values": \(rows)}, "mark": "line",
         "encoding": {"row": {"field": "site"}, "column": {"field": "year", "sort": "descending"},
                      "x": {"field": "month", "sort": ["Jan", "Feb"]}, "y": {"field": "v", "type": "quantitative"}},
         "resolve": {"scale": {"y": "independent"}}}
        """)
        #expect(f.columns == 2)
        #expect(f.panels.map { $0.panel?.header } == ["A, 2013", "A, 2012", "B, 2013", "B, 2012"])
        #expect(f.panels[2].series[0].values == [10])
        #expect(!f.sharedScales.value)
        #expect(f.panels[0].panel?.sharedValueRange == nil)
        #expect(f.describe().sharedScales == "Each panel has its own value axis and pitch range.")
    }

    @Test func facetByTimeUnitNamesPanelsByTheUnit() throws {
        let f = try figure("""
        {"data": {"values": [{"d": "2012-03-01", "v": 1}, {"d": "2012-04-01", "v": 2}, {"d": "2013-03-01", "v": 4}]},
         "facet": {"column": {"field": "d", "timeUnit": "year", "type": "ordinal"}},
         "spec": {"mark": "bar", "encoding": {"x": {"field": "d", "timeUnit": "month", "type": "ordinal"}, "y": {"field": "v", "type": "quantitative"}}}}
        """)
        #expect(f.panels.map { $0.panel?.header } == ["2012", "2013"])
        #expect(f.panels[0].xValues == [.category("March"), .category("April")])
        #expect(f.panels[1].series[0].values == [4])
        let text = f.describe()
        #expect(text.overview.hasPrefix("2 panels by d (2012 to 2013), each a bar chart"))
        #expect(text.comparison.text.contains("Highest on average: 2013 (mean 4); lowest: 2012 (mean 1.5)."))
    }

    @Test func repeatFillsEachFieldIntoItsPanel() throws {
        let f = try figure("""
        {"data": {"values": [{"x": 1, "a": 2, "b": 20}, {"x": 2, "a": 3, "b": 30}]},
         "repeat": ["a", "b"],
         "spec": {"mark": "line", "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": {"repeat": "repeat"}, "type": "quantitative"}}}}
        """)
        #expect(f.composition == .repeat)
        #expect(f.panels.map(\.y.field) == ["a", "b"])
        #expect(f.panels[1].series[0].values == [20, 30])
        // Repeated views resolve x and y independently (Vega-Lite's concat rule).
        #expect(!f.sharedScales.value)
    }

    @Test func concatPanelsInheritDataAndKeepTheirOwnTransforms() throws {
        let f = try figure("""
        {"data": {"values": \(rows)},
         "vconcat": [
           {"title": "Site A", "transform": [{"filter": "datum.site == 'A'"}], "mark": "bar",
            "encoding": {"x": {"field": "year", "type": "ordinal"}, "y": {"field": "v", "aggregate": "sum"}}},
           {"data": {"values": [{"k": "z", "n": 7}]}, "mark": "bar", "encoding": {"x": {"field": "k"}, "y": {"field": "n", "type": "quantitative", "title": "Count"}}}
         ]}
        """)
        #expect(f.composition == .concat)
        #expect(f.columns == 1)
        #expect(f.panels.map { $0.panel?.header } == ["Site A", "Count"])
        #expect(f.panels[0].series[0].values == [9, 8])
        #expect(f.panels[1].series[0].values == [7])
    }

    @Test func aRowFacetOfDistributionsIsReadAsARidgeline() throws {
        let f = try figure("""
        {"data": {"values": [{"m": "Jan", "t": 1}, {"m": "Jan", "t": 2}, {"m": "Jan", "t": 2}, {"m": "Feb", "t": 4}, {"m": "Feb", "t": 5}, {"m": "Feb", "t": 5}]},
         "mark": "area",
         "encoding": {"row": {"field": "m", "sort": ["Jan", "Feb"], "title": "Month"}, "x": {"field": "t", "type": "quantitative", "title": "Temperature"},
                      "y": {"aggregate": "count", "type": "quantitative", "title": "Days"}}}
        """)
        #expect(f.isRidgeline)
        let text = f.describe()
        #expect(text.overview == "A ridgeline plot: 2 rows by month (Jan to Feb), each the distribution of temperature (days).")
        #expect(text.comparison.text == "Each row peaks at: Jan 2; Feb 5.")
        // Each peak a claim on its row's highest value, in its own panel (issue 30): J and the page's links go there.
        let claims = text.comparison.flatMap(\.claims)
        #expect(claims.map(\.kind) == [.highest, .highest] && claims.map(\.panel) == [0, 1] && claims.map(\.value) == [2, 2])
        #expect(zip(claims, f.panels).allSatisfy { claim, panel in claim.rows.allSatisfy { panel.series[0].values[$0] == 2 } })
    }

    @Test func badCompositionsAreLocatedProblems() {
        #expect(figureProblem("""
        {"data": {"values": [{"a": 1}]},
         "facet": {"row": {"field": "nope"}},
         "spec": {"mark": "bar", "encoding": {"y": {"field": "a", "type": "quantitative"}}}}
        """) == "site/charts/t.vl.json:2: $.facet.row.field: no field \"nope\" in the data; fields: a")
        #expect(figureProblem("""
        {"data": {"values": [{"a": 1, "g": "x"}]},
         "facet": {"row": {"field": "g"}},
         "spec": {"mark": "bar",
                  "encoding": {"y": {"field": "a", "type": "quantitative"}, "size": {"field": "a", "bin": "often"}}}}
        """) == "site/charts/t.vl.json:4: $.spec.encoding.size.bin: expected true, \"binned\" or an object of bin parameters, found a string")
        #expect(figureProblem("""
        {"data": {"values": [{"a": 1}]},
         "hconcat": [{"mark": "bar", "encoding": {"y": {"field": "a", "type": "quantitative"}}},
                     {"mark": "wiggle", "encoding": {"y": {"field": "a", "type": "quantitative"}}}]}
        """).hasPrefix("site/charts/t.vl.json:3: $.hconcat[1].mark: \"wiggle\" is not supported"))
        #expect(figureProblem("""
        {"data": {"values": [{"a": 1}]}, "repeat": ["a"],
         "spec": {"mark": "bar", "encoding": {"y": {"field": {"repeat": "row"}, "type": "quantitative"}}}}
        """) == "site/charts/t.vl.json:2: $.spec.encoding.y.field.repeat: \"row\" is not repeated here; the repeat gives repeat")
        #expect(figureProblem("""
        {"facet": {"row": {"field": "g"}}, "spec": {"mark": "bar", "encoding": {"y": {"field": "a", "type": "quantitative"}}}}
        """).contains("$: missing \"data\""))
        #expect(figureProblem("""
        {"data": {"values": [{"a": 1}]}, "mark": "bar", "hconcat": []}
        """) == "site/charts/t.vl.json:1: $.mark: \"mark\" is not supported beside \"hconcat\" (a hconcat puts the view in its array)")
    }
}

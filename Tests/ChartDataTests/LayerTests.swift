import Foundation
import Testing
@testable import ChartData

/// Layered specs (`ChartSpec+Layers.swift`, `LayerMerge`): one chart, values from each layer's
/// own evaluation, annotations, bands, trend lines and idioms as a reader meets them.
struct LayerTests {
    static let rows = #"[{"year": 2001, "v": 4, "lo": 2, "hi": 6, "g": "a"}, {"year": 2002, "v": 8, "lo": 5, "hi": 9, "g": "a"}, {"year": 2003, "v": 6, "lo": 3, "hi": 10, "g": "a"}]"#

    @Test func lineWithPointLayerIsOneSeries() throws {
        let chart = try spec("""
        {"data": {"values": \(Self.rows)}, "encoding": {"x": {"field": "year", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}},
         "layer": [{"mark": "line"}, {"mark": "point"}]}
        """)
        #expect(chart.series.count == 1)
        #expect(chart.series[0].values == [4, 8, 6])
        #expect(chart.mark == .line)
        #expect(chart.kindName == "Line chart")
    }

    @Test func encodingIsInheritedAndOwnDataIsEvaluatedOnItsOwn() throws {
        // The parent's filter applies to the layer that inherits the data, not to the layer with its own.
        let chart = try spec("""
        {"data": {"values": \(Self.rows)}, "transform": [{"filter": "datum.year > 2001"}],
         "encoding": {"x": {"field": "year", "type": "quantitative", "title": "Year"}},
         "layer": [
           {"mark": "line", "encoding": {"y": {"field": "v", "type": "quantitative", "title": "Value"}}},
           {"mark": "line", "data": {"values": [{"year": 2001, "w": 1}, {"year": 2004, "w": 3}]},
            "encoding": {"y": {"field": "w", "type": "quantitative", "title": "Other"}}}
         ]}
        """)
        #expect(chart.xValues == [.number(2001), .number(2002), .number(2003), .number(2004)])
        #expect(chart.x.title == "Year")
        #expect(chart.series.map(\.name) == ["Value", "Other"])
        #expect(chart.series[0].values == [nil, 8, 6, nil])
        #expect(chart.series[1].values == [1, nil, nil, 3])
        #expect(chart.semantics.seriesLayers.map(\.layer) == [0, 1])
    }

    @Test func ruleAtMeanAndThresholdAreAnnotationsSaidAndLabelled() throws {
        let chart = try spec("""
        {"data": {"values": \(Self.rows)}, "usermeta": {"pitchline": {"unit": "°C"}},
         "layer": [
           {"mark": "bar", "encoding": {"x": {"field": "year", "type": "ordinal"}, "y": {"field": "v", "type": "quantitative"}}},
           {"mark": "rule", "encoding": {"y": {"field": "v", "aggregate": "mean"}}},
           {"mark": "rule", "encoding": {"y": {"datum": 7.5}}},
           {"mark": "text", "encoding": {"y": {"datum": 7.5}, "text": {"value": "Warning level"}}}
         ]}
        """)
        #expect(chart.series.count == 1)
        let a = chart.semantics.annotations
        #expect(a.count == 2)
        #expect(a[0].kind == .rule && a[0].aggregate == "mean" && a[0].value == 6)
        #expect(a[1].kind == .rule && a[1].value == 7.5 && a[1].label == "Warning level")
        let summary = chart.describe().summary
        #expect(summary.contains("A rule marks the mean, 6 °C."))
        #expect(summary.contains("A rule marks Warning level, 7.5 °C."))
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.landmarkLabel(0, of: 2, chart.landmarks[0]) == "Mark 1 of 2: the mean, 6 degrees Celsius")
    }

    @Test func bandIsTheLinesRange() throws {
        let chart = try spec("""
        {"data": {"values": \(Self.rows)}, "usermeta": {"pitchline": {"unit": "°C"}},
         "encoding": {"x": {"field": "year", "type": "ordinal"}},
         "layer": [
           {"mark": "area", "encoding": {"y": {"field": "lo", "type": "quantitative"}, "y2": {"field": "hi"}}},
           {"mark": "line", "encoding": {"y": {"field": "v", "type": "quantitative", "title": "Mean"}}}
         ]}
        """)
        #expect(chart.series.count == 1)
        #expect(chart.series[0].details.map(\.bandLower) == [2, 5, 3])
        #expect(chart.series[0].details.map(\.bandUpper) == [6, 9, 10])
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.spokenLabel(series: 0, row: 2) == "2003, mean 6 degrees Celsius, range 3 to 10")
    }

    @Test func regressionLayerIsATrendLineAlongTheRows() throws {
        let chart = try spec("""
        {"data": {"values": [{"x": 1, "y": 1}, {"x": 2, "y": 3}, {"x": 3, "y": 2}, {"x": 4, "y": 6}]},
         "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}},
         "layer": [{"mark": "point"}, {"mark": "line", "transform": [{"regression": "y", "on": "x"}]}]}
        """)
        #expect(chart.series.map(\.name) == ["Y", "Trend line"])
        #expect(chart.semantics.seriesLayers.map(\.trend) == [false, true])
        // Least squares: y = −0.5 + 1.4 x.
        let trend = chart.series[1].values.map { $0.map { ($0 * 1e9).rounded() / 1e9 } }
        #expect(trend == [0.9, 2.3, 3.7, 5.1])
    }

    @Test func dumbbellSaysTheChange() throws {
        let chart = try spec("""
        {"data": {"values": [{"c": "A", "year": "1995", "v": 12}, {"c": "A", "year": "2000", "v": 18}, {"c": "B", "year": "1995", "v": 9}, {"c": "B", "year": "2000", "v": 7}]},
         "encoding": {"y": {"field": "c", "type": "nominal"}, "x": {"field": "v", "type": "quantitative"}},
         "layer": [{"mark": "line", "encoding": {"detail": {"field": "c"}}},
                   {"mark": "point", "encoding": {"color": {"field": "year", "type": "ordinal"}}}]}
        """)
        #expect(chart.semantics.idiom == .dumbbell)
        #expect(chart.kindName == "Dumbbell chart")
        #expect(chart.series.map(\.name) == ["1995", "2000"])
        let speech = SpeechFormatter(chart: chart)
        // The year set off from its value, as issue 14 words it ("1995: 12, 2000: 18, up 6").
        #expect(speech.spokenAllLabel(row: 0) == "A: 1995: 12, 2000: 18, up 6 from 1995")
        #expect(speech.spokenLabel(series: 1, row: 1) == "B, 2000: 7, down 2 from 1995")
    }

    @Test func lollipopIsOneSeries() throws {
        let chart = try spec("""
        {"data": {"values": \(Self.rows)}, "encoding": {"x": {"field": "year", "type": "ordinal"}, "y": {"field": "v", "type": "quantitative"}},
         "layer": [{"mark": "rule"}, {"mark": "point"}]}
        """)
        #expect(chart.semantics.idiom == .lollipop)
        #expect(chart.series.count == 1)
        #expect(chart.describe().summary.hasPrefix("Lollipop chart"))
        // `pitchline check` says how each layer was read: nothing merged silently.
        #expect(chart.semantics.notes == ["$.layer[0] (rule): the same points as $.layer[1], read as one series"])
    }

    @Test func problemsNameTheLayerPath() {
        #expect(specProblem("""
        {"data": {"values": \(Self.rows)}, "encoding": {"x": {"field": "year", "type": "quantitative"}},
         "layer": [{"mark": "line", "encoding": {"y": {"field": "v", "type": "quantitative"}}},
                   {"mark": "line", "encoding": {"y": {"field": "nope", "type": "quantitative"}}}]}
        """).contains("$.layer[1].encoding.y.field: no field \"nope\""))
        #expect(specProblem("""
        {"data": {"values": \(Self.rows)}, "encoding": {"x": {"field": "nope", "type": "quantitative"}},
         "layer": [{"mark": "line", "encoding": {"y": {"field": "v", "type": "quantitative"}}}]}
        """).contains("$.encoding.x.field: no field \"nope\""))
        #expect(specProblem(#"{"layer": [], "data": {"values": []}}"#) == "site/charts/t.vl.json:1: $.layer: a layer needs at least one view")
        #expect(specProblem("""
        {"data": {"values": \(Self.rows)}, "layer": [{"mark": "line", "facet": {}}]}
        """).contains("$.layer[0].facet: \"facet\" inside a layer is not supported"))
    }
}

/// Waterfalls, labels and row-axis marks.
struct LayerIdiomTests {
    @Test func waterfallSaysEachStepAndLeavesOutNumberLabels() throws {
        let chart = try spec("""
        {"data": {"values": [{"k": "Begin", "a": 0, "b": 10}, {"k": "Jan", "a": 10, "b": 14}, {"k": "Feb", "a": 14, "b": 11}, {"k": "End", "a": 0, "b": 11}]},
         "encoding": {"x": {"field": "k", "type": "ordinal", "sort": null}},
         "layer": [{"mark": "bar", "encoding": {"y": {"field": "a", "type": "quantitative", "title": "Amount"}, "y2": {"field": "b"}}},
                   {"mark": "rule", "encoding": {"y": {"field": "b", "type": "quantitative"}}},
                   {"mark": "text", "encoding": {"y": {"field": "b", "type": "quantitative"}, "text": {"field": "b", "type": "nominal", "format": "+d"}}}]}
        """)
        #expect(chart.semantics.idiom == .waterfall)
        #expect(chart.series.count == 1)
        #expect(chart.semantics.annotations.isEmpty)
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.spokenLabel(series: 0, row: 2) == "Feb, amount from 14 to 11, down 3")
        #expect(speech.spokenLabel(series: 0, row: 3) == "End, amount from 0 to 11")
    }

    @Test func aWordLabelIsAMarkAndARowMeanIsSaidAsItsNumber() throws {
        let chart = try spec("""
        {"data": {"values": [{"x": 1, "y": 2, "n": null}, {"x": 2, "y": 5, "n": "Peak"}, {"x": 4, "y": 3, "n": null}]},
         "encoding": {"x": {"field": "x", "type": "quantitative", "title": "Distance"}, "y": {"field": "y", "type": "quantitative"}},
         "layer": [{"mark": "line"}, {"mark": "text", "encoding": {"text": {"field": "n"}}, "transform": [{"filter": "datum.n !== null"}]},
                   {"mark": "rule", "encoding": {"x": {"field": "x", "aggregate": "mean"}, "y": null}}]}
        """)
        let marks = chart.landmarks
        #expect(marks.count == 2)
        let speech = SpeechFormatter(chart: chart)
        #expect(marks.map { speech.annotationText($0) } == ["Peak, 2", "the mean distance, 2.333"])
        #expect(chart.describe().summary.contains("A label reads Peak, 2. A rule marks the mean distance, 2.333."))
    }
}

/// Range bars in one view read as what they are.
struct RangeIdiomTests {
    @Test func horizontalRangeBarsAreAGanttChart() throws {
        let chart = try spec("""
        {"data": {"values": [{"task": "Design", "start": 1, "end": 3}, {"task": "Build", "start": 3, "end": 8}, {"task": "Launch", "start": 10, "end": 10.5}]},
         "mark": "bar", "encoding": {"y": {"field": "task", "type": "nominal", "sort": null}, "x": {"field": "start", "type": "quantitative"}, "x2": {"field": "end"}}}
        """)
        #expect(chart.semantics.idiom == .gantt)
        #expect(chart.kindName == "Gantt chart")
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.spokenLabel(series: 0, row: 2) == "Launch, start from 10 to 10.5, lasting 0.5")
        #expect(chart.describe().summary.contains("The bars run from 1 to 10.5; the longest is Build, lasting 5."))
    }
}

extension RangeIdiomTests {
    @Test func stackedBarsOnBothSidesOfZeroAreDivergingWithoutATotal() throws {
        let rows = #"[{"age": "0", "sex": "m", "n": 5}, {"age": "0", "sex": "f", "n": -4}, {"age": "5", "sex": "m", "n": 6}, {"age": "5", "sex": "f", "n": -7}]"#
        let chart = try spec("""
        {"data": {"values": \(rows)}, "mark": "bar",
         "encoding": {"y": {"field": "age", "type": "ordinal"}, "x": {"field": "n", "type": "quantitative", "aggregate": "sum"}, "color": {"field": "sex"}}}
        """)
        #expect(chart.semantics.idiom == .diverging)
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.spokenLabel(series: 1, row: 1) == "5, f 7")  // the side is said in the summary, not as a minus
        #expect(chart.describe().summary.contains("The bars diverge from zero: m on the positive side, f on the negative side."))
        // Series that change sign (profit and loss) are an ordinary stack with its net total.
        let mixed = try spec("""
        {"data": {"values": [{"q": "Q1", "r": "N", "v": 5}, {"q": "Q1", "r": "S", "v": -2}, {"q": "Q2", "r": "N", "v": -1}, {"q": "Q2", "r": "S", "v": 3}]},
         "mark": "bar", "encoding": {"x": {"field": "q", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}, "color": {"field": "r"}}}
        """)
        #expect(mixed.semantics.idiom == nil)
    }
}

extension LayerIdiomTests {
    @Test func aFitOverDatesKeepsTheRowsDays() throws {
        let chart = try spec("""
        {"data": {"values": [{"d": "2012-01-01", "v": 1}, {"d": "2012-01-02", "v": 4}, {"d": "2012-01-03", "v": 2}, {"d": "2012-01-04", "v": 5}, {"d": "2012-01-05", "v": 3}]},
         "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "v", "type": "quantitative"}},
         "layer": [{"mark": "line"}, {"mark": "line", "transform": [{"regression": "v", "on": "d", "method": "quad"}]}]}
        """)
        #expect(chart.series.map(\.name) == ["V", "Quadratic trend line"])
        #expect(chart.x.granularity == .day)
        #expect(SpeechFormatter(chart: chart).xLabel(0) == "1 January 2012")
    }
}

extension LayerIdiomTests {
    @Test func aRuleLayerOverItsOwnDataMarksEachDatum() throws {
        let chart = try spec("""
        {"layer": [
           {"data": {"values": \(LayerTests.rows)}, "mark": "line", "encoding": {"x": {"field": "year", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}}},
           {"data": {"values": [{"at": 7, "what": "Target"}, {"at": 5.5, "what": "Floor"}]}, "mark": "rule",
            "encoding": {"y": {"field": "at", "type": "quantitative"}, "text": {"field": "what"}}}]}
        """)
        #expect(chart.series.count == 1)
        #expect(chart.landmarks.map(\.label) == ["Floor", "Target"])
        #expect(chart.describe().summary.contains("A rule marks Floor, 5.5. A rule marks Target, 7."))
    }
}

extension LayerIdiomTests {
    @Test func labelsNamingTheRowsAreNotSaidAgain() throws {
        let chart = try spec("""
        {"data": {"values": \(LayerTests.rows)}, "encoding": {"y": {"field": "g", "type": "nominal"}},
         "layer": [{"mark": "bar", "encoding": {"x": {"field": "v", "aggregate": "mean"}}}, {"mark": "text", "encoding": {"text": {"field": "g"}}}]}
        """)
        #expect(chart.series.count == 1 && chart.semantics.annotations.isEmpty)
        #expect(chart.semantics.notes == ["$.layer[1] (text): labels repeat the row names, not said again"])
    }
}

extension LayerIdiomTests {
    @Test func aContinuousScaleTypeMakesAnUntypedFieldQuantitative() throws {
        // vega-lite defaultType: a field with a numeric scale type is quantitative (the gallery's layer_line_window).
        let chart = try spec("""
        {"data": {"values": \(LayerTests.rows)}, "mark": "line",
         "encoding": {"x": {"field": "year", "type": "quantitative"}, "y": {"field": "v", "scale": {"type": "log"}}}}
        """)
        #expect(chart.semantics.orientation == .vertical)
        #expect(chart.series[0].values == [4, 8, 6])
    }
}

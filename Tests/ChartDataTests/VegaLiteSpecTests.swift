import ChartModel
import Foundation
import Testing
@testable import ChartData

/// Specs as authors write them (gallery and Altair shapes): the values asserted are the ones
/// Vega-Lite computes for the same spec (worked by hand from its bin, stack and aggregate rules).
struct VegaLiteSpecTests {
    @Test func histogramBinsAreSpokenAsSpans() throws {
        let chart = try spec("""
        {"data": {"values": [{"v": 1}, {"v": 1.5}, {"v": 2.5}, {"v": 3}, {"v": 7}, {"v": 9.9}, {"v": null}]}, "mark": "bar",
         "encoding": {"x": {"field": "v", "bin": true}, "y": {"aggregate": "count"}}}
        """)
        // extent 1…9.9, maxbins 10 → step 1, bins start at 1 (vega-statistics bin).
        #expect(chart.semantics.bins?.prefix(3) == [BinRange(start: 1, end: 2), BinRange(start: 2, end: 3), BinRange(start: 3, end: 4)])
        #expect(chart.xValues == [.number(1), .number(2), .number(3), .number(7), .number(9)])
        #expect(chart.series[0].values == [2, 1, 1, 1, 1])
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.xText(0) == "from 1 to 2")
        #expect(speech.pointLabel(series: 0, row: 0) == "from 1 to 2, count 2")
        // The null value is in no bin: Vega-Lite counts it in a null bin that is not drawn.
        #expect(chart.semantics.invalidRows == 1)
    }

    @Test func horizontalBarsAggregateOnX() throws {
        let chart = try spec("""
        {"data": {"values": [{"k": "a", "v": 1}, {"k": "b", "v": 2}, {"k": "a", "v": 3}]}, "mark": "bar",
         "encoding": {"y": {"field": "k", "type": "nominal"}, "x": {"field": "v", "aggregate": "sum", "title": "Total"}}}
        """)
        #expect(chart.semantics.orientation == .horizontal)
        #expect(chart.xValues == [.category("a"), .category("b")])
        #expect(chart.series[0].values == [4, 2])
        #expect(chart.y.title == "Total")
        #expect(chart.y.aggregate == "sum")
    }

    let stackData = """
    [{"year": "2001", "source": "Coal", "v": 3988}, {"year": "2001", "source": "Wind", "v": 1132},
     {"year": "2002", "source": "Coal", "v": 4000}, {"year": "2002", "source": "Wind", "v": 1000}]
    """

    @Test func stackedBarsSpeakSegmentAndTotal() throws {
        let chart = try spec("""
        {"data": {"values": \(stackData)}, "mark": "bar",
         "encoding": {"x": {"field": "year", "type": "ordinal"}, "y": {"field": "v", "type": "quantitative", "aggregate": "sum"},
                      "color": {"field": "source", "type": "nominal"}},
         "usermeta": {"pitchline": {"unit": "thousand MWh"}}}
        """)
        #expect(chart.semantics.stack == .zero)
        #expect(chart.series.map(\.name) == ["Coal", "Wind"])
        // Vega-Lite stacks by the colour field descending: Wind at the bottom, Coal above it.
        let segment = { (lower: Double, upper: Double) in
            var d = PointDetail()
            (d.lower, d.upper, d.stackTotal) = (lower, upper, 5120)
            return d
        }
        #expect(chart.series[1].details[0] == segment(0, 1132))
        #expect(chart.series[0].details[0] == segment(1132, 5120))
        #expect(SpeechFormatter(chart: chart).pointLabel(series: 0, row: 0) == "2001, Coal 3,988 thousand MWh, total 5,120")
    }

    @Test func normalizedStacksArePercentages() throws {
        let chart = try spec("""
        {"data": {"values": \(stackData)}, "mark": "area",
         "encoding": {"x": {"field": "year", "type": "ordinal"}, "y": {"field": "v", "type": "quantitative", "stack": "normalize"},
                      "color": {"field": "source", "type": "nominal"}}}
        """)
        #expect(chart.semantics.stack == .normalize)
        #expect(chart.series[0].values[1] == 0.8)
        #expect(SpeechFormatter(chart: chart).pointLabel(series: 0, row: 1) == "2002, Coal 80%, total 5,000")
        let unstacked = try spec("""
        {"data": {"values": \(stackData)}, "mark": "area",
         "encoding": {"x": {"field": "year", "type": "ordinal"}, "y": {"field": "v", "type": "quantitative", "stack": null},
                      "color": {"field": "source", "type": "nominal"}}}
        """)
        #expect(unstacked.semantics.stack == nil)
        #expect(unstacked.series[1].values == [1132, 1000])
    }

    @Test func rangesFromX2AreSpokenFromTo() throws {
        let chart = try spec("""
        {"data": {"values": [{"task": "Plan", "start": 1, "end": 3}, {"task": "Build", "start": 3, "end": 8}]}, "mark": "bar",
         "encoding": {"y": {"field": "task", "type": "ordinal", "sort": null}, "x": {"field": "start", "type": "quantitative", "title": "Days"},
                      "x2": {"field": "end"}}}
        """)
        #expect(chart.semantics.orientation == .horizontal)
        #expect(chart.xValues == [.category("Plan"), .category("Build")])
        // Horizontal range bars over categories read as a Gantt chart: each bar says its length too.
        #expect(SpeechFormatter(chart: chart).pointLabel(series: 0, row: 1) == "Build, days from 3 to 8, lasting 5")
    }

    @Test func altairSavedSpecWithDatasetsParamsAndConfig() throws {
        let chart = try spec("""
        {"$schema": "https://vega.github.io/schema/vega-lite/v5.17.0.json", "config": {"view": {"continuousWidth": 300}},
         "data": {"name": "data-4f3a"}, "mark": {"type": "line", "point": true, "interpolate": "monotone"},
         "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"},
                      "tooltip": [{"field": "x", "type": "quantitative"}, {"field": "label", "type": "nominal", "title": "Name"}]},
         "params": [{"name": "param_1", "select": {"type": "interval", "encodings": ["x"]}, "bind": "scales"}],
         "width": "container", "height": 300,
         "datasets": {"data-4f3a": [{"x": 1, "y": 5, "label": "one"}, {"x": 2, "y": 7, "label": "two"}]}}
        """)
        #expect(chart.series[0].values == [5, 7])
        #expect(chart.semantics.notes.count == 1)
        #expect(chart.semantics.extraFields == [ExtraField(channel: "tooltip", title: "Name")])
        #expect(SpeechFormatter(chart: chart).pointLabel(series: 0, row: 1) == "2, Y 7, name two")
        #expect(specProblem(#"{"data": {"name": "nope"}, "datasets": {"a": []}, "mark": "line", "encoding": {}}"#)
            == "site/charts/t.vl.json:1: $.data.name: no dataset named \"nope\"; datasets: a")
    }

    @Test func sequencesPrimitivesAndTSVWithParsePatterns() throws {
        let seq = try spec(#"{"data": {"sequence": {"start": 0, "stop": 3, "as": "n"}}, "mark": "point", "encoding": {"x": {"field": "n", "type": "ordinal"}, "y": {"field": "n", "type": "quantitative"}}}"#)
        #expect(seq.series[0].values == [0, 1, 2])
        let primitives = try spec(#"{"data": {"values": [5, 7, 5]}, "mark": "tick", "encoding": {"x": {"field": "data", "type": "quantitative"}}}"#)
        #expect(primitives.semantics.specMark == .tick)
        #expect(primitives.series[0].values == [5, 5, 7])  // a strip: one row per point, by value
        let tsv = "d\tv\n31/01/2012\t5\n01/02/2012\t\n"
        let chart = try spec("""
        {"data": {"url": "../data/t.tsv", "format": {"type": "tsv", "parse": {"d": "date:'%d/%m/%Y'"}}}, "mark": "line",
         "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "v", "type": "quantitative"}}}
        """, files: ["site/data/t.tsv": tsv])
        #expect(SpeechFormatter(chart: chart).xText(1) == "1 February 2012")
        #expect(chart.series[0].values == [5, nil])
    }

    @Test func timeUnitsAggregatesAndSorts() throws {
        let byDay = try spec("""
        {"data": {"url": "../data/w.csv"}, "mark": "bar",
         "encoding": {"x": {"field": "date", "timeUnit": "day", "type": "ordinal"}, "y": {"field": "temp_max", "aggregate": "median"}}}
        """)
        // 2012-01-01 was a Sunday, 2 January a Monday, 3 January a Tuesday, 1 February a Wednesday.
        #expect(byDay.xValues == [.category("Sunday"), .category("Monday"), .category("Tuesday"), .category("Wednesday")])
        let quartiles = try spec("""
        {"data": {"url": "../data/w.csv"}, "mark": "bar",
         "encoding": {"x": {"field": "date", "timeUnit": "year", "type": "temporal"}, "y": {"field": "temp_max", "aggregate": "q1"}}}
        """)
        // d3.quantile([-1.6, 10.6, 11.7, 12.8], 0.25) = -1.6 + 0.75 × 12.2
        #expect(abs(quartiles.series[0].values[0]! - 7.55) < 1e-9)
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line", "transform": [{"fold": ["temp_max", "temp_min"]}],
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "temperature", "type": "quantitative"}}}
        """) == "site/charts/t.vl.json:2: $.encoding.y.field: no field \"temperature\" in the data; fields: date, precipitation, temp_max, temp_min, wind, weather, key, value")
    }
}

struct SpecTransformTests {
    @Test func transformsRunInOrderBeforeTheEncoding() throws {
        let chart = try spec("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "transform": [{"filter": "datum.temp_max > 0"}, {"calculate": "datum.temp_max * 9 / 5 + 32", "as": "f"},
                       {"filter": {"field": "weather", "oneOf": ["rain", "drizzle"]}}],
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "f", "type": "quantitative"}}}
        """)
        #expect(chart.pointCount == 3)
        #expect(chart.series[0].values.map { $0.map { ($0 * 100).rounded() / 100 } } == [55.04, 51.08, 53.06])
    }

    @Test func transformErrorsAreLocatedInTheSpec() {
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "bar",
         "transform": [{"filter": "datum.wind > 1"},
                       {"aggregate": [{"op": "sum", "field": "wind", "as": "w"}],
                        "groupby": ["weather", "nope"]}],
         "encoding": {"x": {"field": "weather", "type": "nominal"}, "y": {"field": "w", "type": "quantitative"}}}
        """).hasPrefix("site/charts/t.vl.json:4: $.transform[1].groupby[1]: no field \"nope\" in the data; fields are date, precipitation"))
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "transform": [{"calculate": "frobnicate(datum.wind)", "as": "f"}],
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "f", "type": "quantitative"}}}
        """).contains("$.transform[0].calculate: "))
        #expect(specProblem("""
        {"data": {"url": "../data/w.csv"}, "mark": "line",
         "transform": [{"teleport": 1}],
         "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "wind", "type": "quantitative"}}}
        """).hasPrefix("site/charts/t.vl.json:2: $.transform[0]: unknown transform (keys \"teleport\")"))
    }
}

struct SpecFileTests {
    @Test func loadSpecFileResolvesDataBesideIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pl-spec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try Data("a,b\nx,1\ny,2\nx,3\n".utf8).write(to: root.appendingPathComponent("data/d.csv"))
        let specURL = root.appendingPathComponent("specs/s.vl.json")
        try Data(#"{"data": {"url": "../data/d.csv"}, "mark": "bar", "encoding": {"y": {"field": "a", "type": "nominal"}, "x": {"aggregate": "sum", "field": "b"}}}"#.utf8).write(to: specURL)
        let chart = try ChartLoader.loadSpecFile(atPath: specURL.path)
        #expect(chart.xValues == [.category("x"), .category("y")])
        #expect(chart.series[0].values == [4, 2])
        #expect(chart.semantics.orientation == .horizontal)
    }
}

struct SpecDataShapeTests {
    @Test func inlineTextDataAndChannelImputeAndBumpRanks() throws {
        let text = try spec(#"{"data": {"values": "day,amount\n03.01.2012,10\n04.01.2012,12\n", "format": {"type": "csv", "parse": {"day": "date:'%d.%m.%Y'"}}}, "mark": "bar", "encoding": {"x": {"field": "day", "type": "temporal"}, "y": {"field": "amount", "type": "quantitative"}}}"#)
        #expect(SpeechFormatter(chart: text).pointLabel(series: 0, row: 1) == "4 January 2012, amount 12")
        // impute "mean" fills b's missing q = 2 with the mean of b (3) and a's q = 3 with a's mean (4).
        let imputed = try spec("""
        {"data": {"values": [{"k": "a", "q": 1, "v": 3}, {"k": "a", "q": 2, "v": 5}, {"k": "a", "q": 4, "v": 4},
                             {"k": "b", "q": 1, "v": 2}, {"k": "b", "q": 3, "v": 6}, {"k": "b", "q": 4, "v": 1}]}, "mark": "line",
         "encoding": {"x": {"field": "q", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative", "impute": {"method": "mean"}},
                      "color": {"field": "k", "type": "nominal"}}}
        """)
        #expect(imputed.series[0].values == [3, 5, 4, 4])
        #expect(imputed.series[1].values == [2, 3, 6, 1])
        let bump = try spec("""
        {"data": {"values": [{"t": "A", "d": 1, "rank": 2}, {"t": "B", "d": 1, "rank": 1}, {"t": "A", "d": 2, "rank": 1}, {"t": "B", "d": 2, "rank": 2}]},
         "mark": "line", "encoding": {"x": {"field": "d", "type": "ordinal"}, "y": {"field": "rank", "type": "ordinal"}, "color": {"field": "t", "type": "nominal"}}}
        """)
        #expect(bump.series.map(\.values) == [[2, 1], [1, 2]])
    }
}


struct ScatterRowTests {
    @Test func seriesShareRowsAtARepeatedX() throws {
        let chart = try spec("""
        {"data": {"values": [{"x": 1, "y": 5, "g": "a"}, {"x": 1, "y": 2, "g": "a"}, {"x": 1, "y": 9, "g": "b"}, {"x": 2, "y": 4, "g": "b"}]},
         "mark": "point", "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"},
                                      "color": {"field": "g", "type": "nominal"}, "size": {"field": "y", "type": "quantitative", "format": ".1f", "title": "Size"}}}
        """)
        #expect(chart.xValues == [.number(1), .number(1), .number(2)])
        #expect(chart.series.map(\.values) == [[2, 5, nil], [9, nil, 4]])
        #expect(chart.series[0].pointRows == [0, 1])
    }
}

struct SemanticsDescriptionTests {
    @Test func histogramSummaryReadsBins() throws {
        let hist = try spec("""
        {"title": "Wind", "data": {"url": "../data/w.csv"}, "mark": "bar",
         "encoding": {"x": {"field": "wind", "bin": true}, "y": {"aggregate": "count"}}}
        """)
        #expect(hist.describe().summary.hasPrefix("Bar chart of Wind (counts), from 2 to 5, 3 bars. Values range from 1 for wind between 2 and 2.5 to 2 for wind between 4.5 and 5."))
        #expect(SpeechFormatter(chart: hist).pointLabel(series: 0, row: 2) == "from 4.5 to 5, count 2")
    }
}

struct ScatterDescriptionTests {
    @Test func scatterSeriesCountTheirOwnPoints() throws {
        let chart = try spec("""
        {"data": {"values": [{"x": 1, "y": 5, "g": "a"}, {"x": 1, "y": 2, "g": "a"}, {"x": 1, "y": 9, "g": "b"}, {"x": 2, "y": null, "g": "b"}, {"x": null, "y": 3, "g": "a"}]},
         "mark": "point", "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}, "color": {"field": "g", "type": "nominal"}}}
        """)
        let d = chart.describe()
        #expect(d.summary.contains(", 3 points in all. "))   // each series' own points (b's null y is not drawn: no point)
        #expect(d.series[0].statistics.missing == 0)
        // Vega-Lite filters b's null y out of the marks: b is scrubbed on its one drawn point only,
        // never on a "no data" stop (issue 27; before, the row was a stop and counted missing).
        let b = chart.series[1]
        #expect(b.pointRows?.map { b.values[$0] } == [9] && d.series[1].statistics.missing == 0)
        #expect(d.summary.hasSuffix(" 1 data row has no valid x and is left out."))
    }
}

struct SpecCorpusRobustnessTests {
    /// Every spec of the fuzz corpus and the differential corpus either loads or is refused
    /// with a located problem (no crash, no unlocated message).
    @Test func corpusSpecsLoadOrAreLocated() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Fuzz/corpus/spec", "vegalite-diff/corpus/own", "vegalite-diff/corpus/gallery", "vegalite-diff/corpus/altair"] {
            let dir = root.appendingPathComponent(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] where name.hasSuffix(".json") {
                files.append(dir.appendingPathComponent(name))
            }
        }
        #expect(files.count > 50)
        for file in files {
            do {
                _ = try ChartLoader.loadSpecFile(atPath: file.path)
            } catch {
                #expect(error.line != nil || error.jsonPath != nil || error.message.hasPrefix("JSON") || error.message.contains("cannot read"), "\(error)")
            }
        }
    }
}

struct SortByOtherFieldTests {
    @Test func sortByAFieldUsesTheDataRowsNotTheAggregate() throws {
        // Mean of v: a = 5, b = 4; max of v: a = 6, b = 8. Sorted by max descending: b first.
        let chart = try spec("""
        {"data": {"values": [{"k": "a", "v": 4}, {"k": "a", "v": 6}, {"k": "b", "v": 0}, {"k": "b", "v": 8}]}, "mark": "bar",
         "encoding": {"x": {"field": "k", "type": "nominal", "sort": {"field": "v", "op": "max", "order": "descending"}},
                      "y": {"field": "v", "aggregate": "mean"}}}
        """)
        #expect(chart.xValues == [.category("b"), .category("a")])
        #expect(chart.series[0].values == [4, 5])
    }
}

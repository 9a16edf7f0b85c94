import ArgumentParser
import ChartData
import ChartModel
import ChartPages
import Foundation
import SiteGenerator
import SpecReading

/// `pitchline inspect SPEC… --json`: a developer tool that prints each chart model as JSON (the
/// rows, series and values that pages, speech and audio read), for the differential test against
/// Vega-Lite (vegalite-diff/). A chart that does not load is printed as its problems.
/// `--model`: each chart as `charts/<id>.json` has it instead (`ChartModelJSON`, the published
/// schema), one a line, for authors' scripts.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the evaluated chart model of specs or CSV files as JSON (developer tool).",
        shouldDisplay: false)  // docs/commands.md, "For developers"

    @Argument(help: "Spec (.vl.json) or CSV files.")
    var files: [String]

    @Flag(help: "Print JSON (one object per file, as a JSON array when several files are given).")
    var json = false

    @Flag(help: "Add each chart's drawing (`svg`; a figure's `panelSVGs`), as pages draw it.")
    var svg = false

    @Flag(help: "Print each chart as charts/<id>.json has it (schema assets/schema/chart-3.json), one JSON object a line; a figure's panels one each; problems to standard error (exit 1).")
    var model = false

    func run() throws {
        if model { return try printModels() }
        var out: [Any] = []
        for file in files {
            do {
                switch try Self.load(file) {
                case .chart(let chart):
                    var dumped = Self.dump(chart, file: file)
                    if svg { dumped["svg"] = Self.drawing(chart) }
                    out.append(dumped)
                case .figure(let figure):
                    var dumped = Self.dump(figure, file: file)
                    if svg { dumped["panelSVGs"] = figure.panels.map(Self.drawing) }
                    out.append(dumped)
                }
            } catch {  // loadItem throws only ChartProblem
                out.append(["file": file, "problems": [error.description]])
            }
        }
        let value: Any = files.count == 1 ? out[0] : out
        let data = try JSONSerialization.data(withJSONObject: value, options: json ? [.sortedKeys] : [.prettyPrinted, .sortedKeys])
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }

    /// `file` loaded; paths are display paths relative to a root: the working folder, or "/" for absolute ones.
    static func load(_ file: String) throws(ChartProblem) -> LoadedSpec {
        let absolute = file.hasPrefix("/")
        let loader = ChartLoader(siteDirectory: URL(fileURLWithPath: absolute ? "/" : "."))
        return try loader.loadItem(path: absolute ? String(file.dropFirst()) : file)
    }

    /// `--model`: every chart (a figure's panels) as JSON Lines; a file that does not load is
    /// reported on standard error and the rest still printed.
    private func printModels() throws {
        var failed = false
        for file in files {
            do {
                let (charts, figure): ([Chart], FigureContext?) = switch try Self.load(file) {
                case .chart(let chart): ([chart], nil)
                case .figure(let figure): (figure.panels, FigureContext(figure))
                }
                for chart in charts { FileHandle.standardOutput.write(try ChartModelJSON.data(for: chart, figure: figure)) }
            } catch let problem as ChartProblem {
                FileHandle.standardError.write(Data("\(problem.description)\n".utf8))
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }

    /// The chart's `<svg>` as its page draws it (`ChartPresentation`'s geometry).
    static func drawing(_ chart: Chart) -> String {
        ChartSVG(geometry: ChartGeometry(chart: chart), idPrefix: chart.id).render()
    }

    /// A figure of small multiples: its layout and each panel's chart model (`panels`, in reading order).
    static func dump(_ figure: ChartFigure, file: String) -> [String: Any] {
        [
            "file": file, "id": figure.id, "title": figure.title, "composition": figure.composition.rawValue,
            "columns": figure.columns, "sharedScales": ["value": figure.sharedScales.value, "rows": figure.sharedScales.rows],
            "panels": figure.panels.map { panel -> [String: Any] in
                var out = dump(panel, file: file)
                out["header"] = panel.panel?.header
                return out
            },
        ]
    }

    /// The chart model as JSON-ready values: dates as milliseconds since 1970 (UTC) under "date".
    static func dump(_ chart: Chart, file: String) -> [String: Any] {
        var semanticsJSON = Self.semanticsJSON(chart.semantics)
        Self.addLayers(chart, to: &semanticsJSON)  // Inspect+Layers.swift
        var x: [String: Any] = ["field": chart.x.field, "title": chart.x.title, "type": chart.x.type.rawValue]
        x["granularity"] = chart.x.granularity?.rawValue
        x["unit"] = chart.x.unit
        x["format"] = chart.x.format
        var y: [String: Any] = ["field": chart.y.field, "title": chart.y.title]
        y["unit"] = chart.y.unit
        y["format"] = chart.y.format
        y["aggregate"] = chart.y.aggregate
        if chart.y.type == .temporal { y["type"] = "temporal" }  // values are seconds since 1970
        var result: [String: Any] = [
            "file": file, "id": chart.id, "title": chart.title, "mark": chart.mark.rawValue,
            "x": x, "y": y, "xValues": chart.xValues.map(json), "series": chart.series.map(seriesJSON), "semantics": semanticsJSON,
        ]
        result["subtitle"] = chart.subtitle
        result["speech"] = Self.speechJSON(chart)  // Inspect+Speech.swift
        return result
    }

    private static func json(_ value: XValue) -> Any {
        switch value {
        case .number(let n): n
        case .date(let d): ["date": (d.timeIntervalSince1970 * 1000).rounded()]
        case .category(let c): c
        }
    }

    private static func json(_ value: Double?) -> Any { value.map { $0 as Any } ?? NSNull() }

    /// A series: its name, values, point rows, invalid rows and each point's details.
    private static func seriesJSON(_ series: Series) -> [String: Any] {
        var out: [String: Any] = ["name": series.name, "values": series.values.map(json)]
        out["pointRows"] = series.pointRows
        if !series.invalidRows.isEmpty { out["invalidRows"] = series.invalidRows.sorted() }
        if !series.details.isEmpty {
            out["details"] = series.details.map { detail -> Any in
                if detail.isEmpty { return NSNull() }
                var d: [String: Any] = [:]
                d["lower"] = detail.lower
                d["upper"] = detail.upper
                d["stackTotal"] = detail.stackTotal
                d["share"] = detail.share
                if !detail.extras.isEmpty { d["extras"] = detail.extras.map { $0.map { $0 as Any } ?? NSNull() } }
                d["bandLower"] = detail.bandLower
                d["bandUpper"] = detail.bandUpper
                d["change"] = detail.change
                return d
            }
        }
        return out
    }

    /// What the chart means beyond its values: orientation, scales, stacks, bins, and its kind's payload.
    private static func semanticsJSON(_ semantics: ChartSemantics) -> [String: Any] {
        func scale(_ info: ScaleInfo) -> [String: Any] {
            var out: [String: Any] = ["type": info.type.rawValue]
            out["domain"] = info.domain
            out["exponent"] = info.exponent
            out["constant"] = info.constant
            out["base"] = info.base
            return out
        }
        var semanticsJSON: [String: Any] = [
            "orientation": semantics.orientation.rawValue, "valueScale": scale(semantics.valueScale),
            "rowScale": scale(semantics.rowScale), "invalidRows": semantics.invalidRows,
            "pointPerDatum": semantics.pointPerDatum, "notes": semantics.notes,
            "extraFields": semantics.extraFields.map { ["channel": $0.channel, "title": $0.title] },
        ]
        semanticsJSON["valueChannel"] = semantics.valueChannel.rawValue
        if let d = semantics.invalidDrawn {
            semanticsJSON["invalidDrawn"] = ["value": d.value, "row": d.row.map { $0 as Any } ?? NSNull(), "keyRows": d.keyRows.sorted()] as [String: Any]
        }
        semanticsJSON["specMark"] = semantics.specMark?.rawValue
        semanticsJSON["stack"] = semantics.stack?.rawValue
        semanticsJSON["bins"] = semantics.bins?.map { [$0.start, $0.end] }
        switch semantics.kind {
        case .boxPlot(let box):
            semanticsJSON["box"] = ["whiskerIQR": box.whiskerIQR.map { $0 as Any } ?? NSNull(), "statistics": box.statistics.map(\.rawValue),
                                    "counts": box.counts, "lowerOutliers": box.lowerOutliers, "upperOutliers": box.upperOutliers] as [String: Any]
        case .errorRange(let e):
            semanticsJSON["errorRange"] = ["extent": e.extent, "center": e.center.map { $0 as Any } ?? NSNull()] as [String: Any]
        case .arc(let arc):  // a radial chart's radius per slice; whether theta is stacked (shares)
            semanticsJSON["arc"] = ["radii": arc.radii.map { $0.map(json) as Any } ?? NSNull(), "thetaStacked": arc.thetaStacked]
        case .candlestick(let c):  // each row's prices, for drawing and the differential tests
            semanticsJSON["candlestick"] = ["style": c.style.rawValue, "fields": c.fields, "open": c.open.map(json), "high": c.high.map(json),
                                            "low": c.low.map(json), "close": c.close.map(json), "otherColumns": c.otherColumns.map(\.name)] as [String: Any]
        case .series, .heatmap:
            break
        }
        return semanticsJSON
    }
}

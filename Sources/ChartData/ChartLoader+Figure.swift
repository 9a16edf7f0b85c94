import ChartModel
import Foundation
import SpecReading

/// Loading a spec that may be a composition: a single view is a `Chart`, a facet, repeat or
/// concat is a `ChartFigure` of panels (`FigureSpec`).
public enum LoadedSpec: Sendable, Equatable {
    case chart(Chart)
    case figure(ChartFigure)

    public var id: String {
        switch self {
        case .chart(let c): c.id
        case .figure(let f): f.id
        }
    }
}

extension ChartID {
    /// The id of panel `index` (0-based) of a figure: `seattle-precipitation--p3`. Names its
    /// files and the ids inside its markup, like a chart's id.
    public static func panel(_ figureID: String, _ index: Int) -> String { "\(figureID)--p\(index + 1)" }
}

extension ChartLoader {
    /// Loads a spec as a chart, or as a figure when it composes views (facet, repeat, concat).
    public static func loadAny(
        data: Data, path: String, audioDefaults: AudioOptions = AudioOptions(), readFile: (String) throws -> Data
    ) throws(ChartProblem) -> LoadedSpec {
        let root = try parseSpec(data, path: path)
        if let layered = try FigureSpec.layerOfRepeat(root, file: path) {
            do {
                return .chart(try loadSpec(root: layered, path: path, audioDefaults: audioDefaults, readFile: readFile))
            } catch {
                throw FigureSpec.repeatedLayerProblem(error)
            }
        }
        guard FigureSpec.isComposition(root) else {
            return .chart(try loadSpec(root: root, path: path, audioDefaults: audioDefaults, readFile: readFile))
        }
        return .figure(try loadFigure(root, path: path, audioDefaults: audioDefaults, readFile: readFile))
    }

    static func loadFigure(
        _ root: JSONValue, path: String, audioDefaults: AudioOptions, readFile: (String) throws -> Data
    ) throws(ChartProblem) -> ChartFigure {
        let id = chartID(path)
        let r = SpecReader(file: path)
        let loaded = withoutActuallyEscaping(readFile) { readFile in
            var reader = FigureSpec(file: path, id: id, datasets: root["datasets"], readFile: readFile)
            reader.usermeta = root["usermeta"]
            reader.params = ChartSpec.gatheredParams(root)
            return Result { () throws(ChartProblem) in (try reader.layout(root, path: "$", inherited: nil), try reader.scaleResolve(root, path: "$")) }
        }
        let (layout, resolve) = try loaded.get()
        guard !layout.drafts.isEmpty else { throw r.problem(root, "$", "no panels: the facet field has no values in the data") }

        let (title, subtitle) = try r.title(root)
        let figureTitle = title ?? ChartBuilder.humanize(id)
        var audio = audioDefaults
        if let own = root["usermeta"]?["pitchline"]?["audio"] {
            audio = try r.audioOptions(own, "$.usermeta.pitchline.audio", base: audioDefaults)
        }
        // Which axis holds the values decides which resolve entry is the value scale's.
        let horizontal = layout.drafts.allSatisfy { $0.chart.semantics.orientation == .horizontal }
        var shared = SharedScales(value: layout.sharedValue, rows: layout.sharedRows)
        if horizontal {
            if let x = resolve.x { shared.value = x }
            if let y = resolve.y { shared.rows = y }
        }
        // A shared value scale spans everything every panel draws on it (bars and areas stand on zero).
        var low = Double.infinity, high = -Double.infinity
        for d in layout.drafts {
            for v in d.chart.valuesDrawn { low = min(low, v); high = max(high, v) }
        }
        // A shared continuous row scale spans every panel's rows (Vega-Lite's shared x of a facet).
        let rows = layout.drafts.flatMap { d in d.chart.xValues.count == d.chart.xValues.compactMap(\.numeric).count ? d.chart.xValues.compactMap(\.numeric) : [] }
        let rowRange = shared.rows ? rows.min().flatMap { lo in rows.max().map { (lo, $0) } } : nil
        let count = layout.drafts.count
        let panels = layout.drafts.enumerated().map { i, d -> Chart in
            var chart = d.chart
            chart.id = ChartID.panel(id, i)
            chart.sourcePath = path
            chart.title = "\(figureTitle): \(d.header)"
            chart.subtitle = nil
            if root["usermeta"]?["pitchline"]?["audio"] != nil || audioDefaults != AudioOptions() { chart.options.audio = audio }
            chart.panel = PanelPlacement(figureID: id, index: i, count: count, header: d.header)
            if shared.value && low <= high {
                chart.panel?.sharedValueLow = low
                chart.panel?.sharedValueHigh = high
            }
            chart.panel?.headingParts = d.headingParts
            chart.panel?.sharedRowLow = rowRange?.0
            chart.panel?.sharedRowHigh = rowRange?.1
            return chart
        }
        var figure = ChartFigure(
            id: id, sourcePath: path, title: figureTitle, subtitle: subtitle,
            authorDescription: try r.string(root["description"], "$.description"),
            composition: layout.composition, panels: panels, columns: layout.columns, panelField: layout.panelField,
            sharedScales: shared)
        figure.emptyPanels = layout.emptyPanels
        return figure
    }
}

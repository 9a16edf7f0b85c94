import ChartModel
import D3Format
import Foundation
import SpecReading
import VegaLite

/// A layered spec as one chart: every leaf layer is evaluated on its own (its data, transforms and
/// encoding, `ChartSpec+Layers.swift`), then the layers are merged (`LayerMerge`).
extension ChartLoader {
    /// `rootFrame`: the rows of the spec's own `data` when a composition gives them (a facet
    /// cell's part, or a parent's transformed rows); layers with their own data load it.
    static func loadLayered(_ root: JSONValue, path: String, readFile: (String) throws -> Data, rootFrame: DataFrame? = nil) throws(ChartProblem) -> Chart {
        var leaves = try ChartSpec.layerLeaves(root, file: path)
        for i in leaves.indices where leaves[i].dataPath == "$.data" { leaves[i].source = rootFrame }
        var parts: [LayerMerge.Part] = []
        var annotations: [LayerMerge.PendingAnnotation] = []
        var labels: [(Int, LayerLeaf, Chart)] = []
        var markNotes: [String] = []
        for (index, leaf) in leaves.enumerated() {
            do {
                if leaf.isInvisibleSelectionTarget {
                    markNotes.append("\(leaf.path) (\(leaf.spec.markName)): drawn invisible for a selection to pick from (Vega-Lite shows nothing until one is made), left out")
                    continue
                }
                if LayerMerge.isAnnotation(leaf.spec) {
                    let marks: [LayerMerge.PendingAnnotation]
                    do {
                        marks = try LayerMerge.annotations(of: leaf, index: index, file: path, readFile: readFile)
                    } catch where error.message == ChartBuilder.noRowsLeft && leaf.spec.params.contains(where: { $0.kind != .variable }) {
                        markNotes.append("\(leaf.path) (\(leaf.spec.markName)): empty until a selection is made (Vega-Lite draws nothing then), left out")
                        continue
                    }
                    markNotes.append("\(leaf.path) (\(leaf.spec.markName)): \(marks.count == 1 ? "a mark" : "\(marks.count) marks") in the description and on M")
                    annotations += marks
                    continue
                }
                var spec = leaf.spec
                // (A quantitative position showing the text's field is the value: labelled bars, below.)
                if spec.markName == "text", let f = spec.channel("text")?.field, spec.channel("text")?.aggregate == nil,
                   ["x", "y"].contains(where: { spec.channel($0)?.field == f && spec.channel($0)?.aggregate == nil && spec.channel($0)?.type != .quantitative }) {
                    markNotes.append("\(leaf.path) (text): labels repeat the row names, not said again")
                    continue
                }
                if leaf.repeatsHeatmapCells(of: leaves) {
                    markNotes.append("\(leaf.path) (text): labels repeat the heatmap's cell values, not said again")
                    continue
                }
                if spec.markName == "text" { spec.markName = "point" }  // labels: read where they stand
                let frame = try leaf.frame(spec, file: path, readFile: readFile)
                let chart: Chart
                do {
                    chart = try ChartBuilder(spec: spec, frame: frame, specFile: path, id: chartID(path)).build(readFile: readFile)
                } catch where error.message == ChartBuilder.noRowsLeft && spec.params.contains(where: { $0.kind != .variable }) {
                    // A layer shown only while a selection holds something (a hover rule, a
                    // label by the nearest point: `"empty": false`): Vega-Lite draws nothing
                    // for it at the start, nor does Pitchline.
                    markNotes.append("\(leaf.path) (\(leaf.spec.markName)): empty until a selection is made (Vega-Lite draws nothing then), left out")
                    continue
                }
                if leaf.spec.markName == "text" {
                    labels.append((index, leaf, chart))
                } else {
                    parts.append(LayerMerge.Part(index: index, leaf: leaf, chart: chart))
                }
            } catch {
                throw leaf.relocated(error)
            }
        }
        var notes = markNotes
        var drawnLabels: [LayerMerge.PendingAnnotation] = []
        for (index, leaf, chart) in labels {
            let (kept, drawn) = LayerMerge.labels(of: leaf, chart: chart, index: index, parts: parts)
            notes.append("\(leaf.path) (text): " + (kept.isEmpty ? "labels repeat the values the points say, drawn and not said again" : "\(kept.count) label\(kept.count == 1 ? "" : "s") kept as marks (M)"))
            annotations += kept
            drawnLabels += drawn
        }
        var merge = LayerMerge(parts: parts, annotations: annotations, file: path, labelNotes: notes)
        merge.valueLabels = drawnLabels
        // `resolve: {scale: {y: "independent"}}` (a dual-axis chart): each layer its own value scale.
        merge.independentScales = Set(["x", "y"].filter { root["resolve"]?["scale"]?[$0]?.string == "independent" })
        var chart = try merge.merged()
        addSourceColumns(&chart, leaves: leaves, file: path, readFile: readFile)  // a candlestick's CSV keeps every column
        return chart
    }
}

/// Merges evaluated layers into one `Chart` (docs/architecture.md, "Layers"):
/// - layers that repeat another's data are one series: a point layer over its line (a line with
///   points), a rule under its points (a lollipop), a line or rule joining two or more point
///   series row by row (a dumbbell's connector);
/// - a band (an `area` with y2, an `errorband`) over the same rows as one line is that line's
///   range ("14.2 °C, range 11.9 to 16.5");
/// - floating bars, each starting where the one before ended, are a waterfall ("up 126.5");
/// - a `regression`/`loess` layer is its own series, "Trend line", read along the chart's rows
///   (the fitted line as drawn, between its samples);
/// - `rule` and `text` layers without a row field are annotations (a mean, a threshold, a label);
/// - the other layers' rows are united (same keys, same order rules as one view).
struct LayerMerge {
    struct Part {
        var index: Int
        var leaf: LayerLeaf
        var chart: Chart
        var spec: ChartSpec { leaf.spec }
        var isTrend: Bool { spec.transforms.contains { $0.json["regression"] != nil || $0.json["loess"] != nil } }
        var isBand: Bool {
            if spec.markName == "errorband" { return true }
            guard chart.mark == .area, chart.semantics.stack == nil else { return false }
            let ranged = chart.series.allSatisfy { s in s.values.indices.allSatisfy { r in s.values[r] == nil || (s.details.indices.contains(r) && s.details[r].lower != nil && s.details[r].upper != nil) } }
            return ranged && chart.series.contains { !$0.details.isEmpty }
        }
    }

    /// An annotation before the merge knows which axis holds the rows.
    struct PendingAnnotation {
        var annotation: ChartAnnotation
        /// "x" or "y": the channel that places it; "point" for a label at a row and a value.
        var channel: String
        /// For a mark on the row axis: its position as a row key.
        var key: XValue?
    }

    let parts: [Part]
    let annotations: [PendingAnnotation]
    let file: String
    /// How label layers were read (left out, or kept as marks), for `pitchline check`.
    var labelNotes: [String] = []
    /// Labels that repeat the values the marks say: drawn only (`ChartSemantics.valueLabels`).
    var valueLabels: [PendingAnnotation] = []
    /// The position channels whose scales the layers do not share (`resolve.scale`): on the value
    /// axis, each layer keeps its own measure (a dual-axis chart), no band is another's range.
    var independentScales: Set<String> = []

    // MARK: Annotations

    /// A `rule` or `text` layer whose position is a constant or an aggregate, not a field per row.
    /// Or a `rule` with one positional field and nothing on the other axis: a rule across the
    /// chart at each value of the data (thresholds, event dates from a table).
    static func isAnnotation(_ spec: ChartSpec) -> Bool {
        guard spec.markName == "rule" || spec.markName == "text" else { return false }
        let positional = ["x", "y", "x2", "y2"].compactMap { spec.channel($0) }
        if !positional.contains(where: { $0.field != nil && $0.aggregate == nil }) { return true }
        return spec.markName == "rule" && dataRuleChannel(spec) != nil
    }

    /// The one positional channel of a rule drawn across the whole chart at each datum.
    static func dataRuleChannel(_ spec: ChartSpec) -> ChartSpec.ChannelDef? {
        let x = spec.channel("x"), y = spec.channel("y")
        guard spec.channel("x2") == nil, spec.channel("y2") == nil else { return nil }
        switch (x, y) {
        case (let c?, nil), (nil, let c?): return c.field != nil && c.aggregate == nil && c.bin == nil && c.timeUnit == nil ? c : nil
        default: return nil
        }
    }

    /// A rule at every datum of its layer (after its transforms), labelled by its text field.
    static func dataRules(of leaf: LayerLeaf, channel c: ChartSpec.ChannelDef, index: Int, file: String,
                          readFile: (String) throws -> Data) throws(ChartProblem) -> [PendingAnnotation] {
        let spec = leaf.spec
        var frame = try leaf.frame(spec, file: file, readFile: readFile)
        if c.type == .temporal, let f = c.field, let column = frame.column(f) { frame.setColumn(f, column.map(SpecData.toDate)) }
        frame = try SpecTransforms.apply(spec.transforms, to: frame, spec: spec, file: file, readFile: readFile)
        guard let f = c.field, let column = frame.column(f) else {
            throw ChartProblem(file: file, line: c.line, jsonPath: "\(c.path).field", message: "no field \"\(c.field ?? "")\" in the data; fields: \(frame.fields.joined(separator: ", "))")
        }
        let labels = spec.channel("text")?.field.flatMap { frame.column($0) }
        var out: [PendingAnnotation] = []
        for (r, v) in column.enumerated() where out.count < labelLimit {
            var key: XValue?
            var number: Double?
            if c.type == .temporal, case .date(let ms) = v, ms.isFinite {
                key = .date(Date(timeIntervalSince1970: ms / 1000)); number = ms / 1000
            } else if let n = v.validNumber {
                key = .number(n); number = n
            } else if v.isValid {
                key = .category(ChartBuilder.text(v))
            }
            guard key != nil else { continue }
            let label = labels.map { ChartBuilder.text($0[r]) }.flatMap { $0 == "null" ? nil : $0 } ?? constantLabel(leaf)
            out.append(PendingAnnotation(annotation: ChartAnnotation(kind: .rule, value: number, label: label, layer: index), channel: c.channel, key: key))
        }
        return out
    }

    static func annotations(of leaf: LayerLeaf, index: Int, file: String, readFile: (String) throws -> Data) throws(ChartProblem) -> [PendingAnnotation] {
        let spec = leaf.spec
        if spec.markName == "rule", let c = dataRuleChannel(spec), c.field != nil {
            return try dataRules(of: leaf, channel: c, index: index, file: file, readFile: readFile)
        }
        let kind: ChartAnnotation.Kind = spec.markName == "rule" ? .rule : .text
        let label = constantLabel(leaf)
        guard let channel = ["y", "x"].first(where: { spec.channel($0) != nil }), let def = spec.channel(channel) else {
            // A label with no position (a note on the chart).
            return label.map { [PendingAnnotation(annotation: ChartAnnotation(kind: .text, label: $0, layer: index), channel: "y")] } ?? []
        }
        if let constant = def.constant {
            let v = SpecData.dataValue(constant)
            var key: XValue?
            var number: Double?
            if def.type == .temporal || def.timeUnit != nil, case .date(let ms) = SpecData.toDate(v), ms.isFinite {
                key = .date(Date(timeIntervalSince1970: ms / 1000))
                number = ms / 1000
            } else if let n = v.validNumber {
                key = .number(n)
                number = n
            } else {
                key = .category(ChartBuilder.text(v))
            }
            var a = ChartAnnotation(kind: kind, value: number, label: label, layer: index)
            if kind == .text { a.placement = LabelPlacement(mark: leaf.markJSON) }
            return [PendingAnnotation(annotation: a, channel: channel, key: key)]
        }
        // An aggregate over the layer's data (one per colour group): evaluated as a one-row view.
        var readable = spec
        readable.markName = "point"
        let frame = try leaf.frame(readable, file: file, readFile: readFile)
        let chart = try ChartBuilder(spec: readable, frame: frame, specFile: file, id: "").build(readFile: readFile)
        let textIndex = chart.semantics.extraFields.firstIndex { $0.channel == "text" }
        var out: [PendingAnnotation] = []
        for s in chart.series {
            for (row, value) in s.values.enumerated() {
                guard let value else { continue }
                let text = textIndex.flatMap { s.details.indices.contains(row) && s.details[row].extras.indices.contains($0) ? s.details[row].extras[$0] : nil }
                let key: XValue = chart.x.type == .temporal ? .date(Date(timeIntervalSince1970: value / 1000)) : .number(value)
                var a = ChartAnnotation(kind: kind, value: value, label: text ?? label, layer: index)
                a.aggregate = def.aggregate
                a.group = chart.series.count > 1 ? s.name : nil
                if kind == .text { a.placement = LabelPlacement(mark: leaf.markJSON) }
                out.append(PendingAnnotation(annotation: a, channel: channel, key: key))
            }
        }
        return out
    }

    /// Most text labels a layered chart keeps as landmarks; more are left to the data table.
    static let labelLimit = 50

    /// A text layer over the data: labels that only repeat a data layer's values (labelled bars)
    /// add nothing to hear, so they are `drawn` only (where Vega-Lite writes them, never said or
    /// visited); other labels are `kept` as landmarks at their row ("Record high").
    static func labels(of leaf: LayerLeaf, chart: Chart, index: Int, parts: [Part]) -> (kept: [PendingAnnotation], drawn: [PendingAnnotation]) {
        let text = leaf.spec.channel("text")
        let valueField = chart.y.field
        let textIndex = chart.semantics.extraFields.firstIndex(where: { $0.channel == "text" })
        // The text channel shows the value itself (then it is no extra channel): written as Vega-Lite writes it.
        let repeatsValue = text?.field != nil && text?.field == valueField
        guard textIndex != nil || repeatsValue else { return ([], []) }
        let format = text?.format.flatMap { $0.isEmpty ? nil : try? D3Format.NumberFormat($0) }
        var kept: [PendingAnnotation] = [], drawn: [PendingAnnotation] = []
        for s in chart.series {
            for r in s.values.indices {
                guard let v = s.values[r] else { continue }
                let label: String
                if repeatsValue {
                    label = format.map { $0(v) } ?? PlainNumber.text(v)
                } else {
                    guard let i = textIndex, s.details.indices.contains(r), s.details[r].extras.indices.contains(i), let t = s.details[r].extras[i] else { continue }
                    label = t
                }
                var a = ChartAnnotation(kind: .text, value: v, label: label, layer: index)
                a.atPoint = true
                a.placement = LabelPlacement(mark: leaf.markJSON)
                let pending = PendingAnnotation(annotation: a, channel: "point", key: chart.xValues[r])
                if repeatsValue || Self.isNumberLabel(label) {
                    if drawn.count < drawnLabelLimit { drawn.append(pending) }
                } else if kept.count < labelLimit {
                    kept.append(pending)
                }
            }
        }
        return (kept, drawn)
    }

    /// Most labels that repeat the values a layered chart draws (beyond them, the drawing would be ink).
    static let drawnLabelLimit = 2_000

    /// "+1,130", "−4.5 %", "62%": a number label repeats the data the points already say.
    static func isNumberLabel(_ text: String) -> Bool {
        let core = text.filter { !" +-−,%$€£".contains($0) }
        return !core.isEmpty && Double(core) != nil
    }

    /// A label written as a constant: `text: {"value"|"datum": "…"}` or the mark's `text`.
    static func constantLabel(_ leaf: LayerLeaf) -> String? {
        if let def = leaf.encodingJSON.first(where: { $0.channel == "text" })?.def {
            for key in ["datum", "value"] {
                if let t = def[key] {
                    if let s = t.string { return s }
                    if let n = t.number { return TextFormat.plainNumber(n) }
                }
            }
        }
        if let t = leaf.markJSON["text"] { return t.string ?? t.number.map(TextFormat.plainNumber) }
        return nil
    }
}

extension LayerLeaf {
    /// A layer a selection picks from that shows nothing until something is selected: drawn at
    /// opacity 0 or in "transparent" (the gallery's index chart's points to hover, a tooltip
    /// rule), unless a condition on a selection that starts empty (`"empty": false`) says otherwise.
    /// Vega-Lite draws nothing a reader could see at the start, so it is no part of the chart.
    var isInvisibleSelectionTarget: Bool {
        guard spec.params.contains(where: { $0.kind != .variable }) else { return false }
        func hidden(_ def: JSONValue) -> Bool {
            guard def["value"]?.number == 0 || def["value"]?.string == "transparent" else { return false }
            guard let condition = def["condition"] else { return true }
            let empty = condition["empty"] ?? condition["test"]?["empty"]
            guard condition["param"] != nil || condition["test"]?["param"] != nil, case .bool(false)? = empty?.value else { return false }
            return true
        }
        if encodingJSON.contains(where: { ["opacity", "color", "fill", "stroke"].contains($0.channel) && hidden($0.def) }) { return true }
        return markJSON["opacity"]?.number == 0
    }
}

extension LayerLeaf {
    /// A text layer writing a heatmap's value in each of its cells (the same x, y and field as a
    /// `rect` layer's colour): what the cells already say.
    func repeatsHeatmapCells(of leaves: [LayerLeaf]) -> Bool {
        guard spec.markName == "text", let text = spec.channel("text"), let field = text.field else { return false }
        return leaves.contains { other in
            other.spec.markName == "rect" && other.spec.channel("color")?.field == field && other.spec.channel("color")?.aggregate == text.aggregate
                && ["x", "y"].allSatisfy { other.spec.channel($0)?.field == spec.channel($0)?.field }
        }
    }
}

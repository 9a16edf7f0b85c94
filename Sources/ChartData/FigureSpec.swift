import ChartModel
import Foundation
import SpecReading
import VegaLite

/// Reading a composed Vega-Lite spec (`facet` with `spec`, the `row`/`column`/`facet` channels,
/// `repeat`, `concat`/`hconcat`/`vconcat`) into a `ChartFigure`, as Vega-Lite normalizes it: a
/// view's `data` and `transform` apply before its children (which inherit the data when they
/// have none); a facet splits the transformed rows by the facet field's value (after its
/// `timeUnit`) and runs the inner view on each part; a repeat writes each field into the
/// `{"repeat": …}` references; each panel is then a single view read by `ChartSpec` and built by
/// `ChartBuilder`, with problems located at their real JSON path (`$.spec.encoding.y`).
struct FigureSpec {
    /// Keys that make a view a composition.
    static let operatorKeys = ["facet", "repeat", "concat", "hconcat", "vconcat"]
    static let facetChannels = ["row", "column", "facet"]
    /// Keys a composition may carry besides its operator (the rest are drawing-only).
    static let compositionKeys: Set<String> = [
        "title", "description", "data", "datasets", "transform", "usermeta", "resolve", "columns", "spec", "params",
    ]

    let file: String
    let id: String
    let datasets: JSONValue?
    /// The figure's `usermeta` (unit, format, series names, audio): every panel's unless it has its own.
    var usermeta: JSONValue? = nil
    /// Every view's `params` as one array (`ChartSpec.gatheredParams`): names are global, so each
    /// panel and each composition's transforms read them all.
    var params: JSONValue? = nil
    let readFile: (String) throws -> Data
    var r: SpecReader { SpecReader(file: file) }

    /// True for a composition: an operator key, or a facet channel in the encoding.
    static func isComposition(_ root: JSONValue) -> Bool {
        guard case .object(let members) = root.value else { return false }
        if members.contains(where: { operatorKeys.contains($0.key) }) { return true }
        return facetChannels.contains { root["encoding"]?[$0] != nil }
    }

    /// A panel before placement: its chart and header.
    struct Draft {
        var chart: Chart
        var header: String
        /// A facet cell's header by facet field (`PanelPlacement.headingParts`).
        var headingParts: [PanelPlacement.HeadingPart] = []
    }

    /// What a child view inherits: the data as written (for reading the child) and the rows after
    /// the parent's transforms.
    struct Inherited {
        var data: JSONValue
        var frame: DataFrame
    }

    /// The figure's panels in reading order, its columns and what tells panels apart.
    struct Layout {
        var drafts: [Draft]
        var columns: Int
        var composition: ChartFigure.Composition
        var panelField: String?
        var sharedValue: Bool
        var sharedRows: Bool
        /// Facet cells with no values (drawn empty by Vega-Lite), by header.
        var emptyPanels: [String] = []
    }

    func layout(_ view: JSONValue, path: String, inherited: Inherited?) throws(ChartProblem) -> Layout {
        guard case .object(let members) = view.value else { throw r.problem(view, path, "expected an object (a view), found \(view.kindName)") }
        let op = members.first { Self.operatorKeys.contains($0.key) }
        guard let op else {
            // A single view with row/column/facet channels: the facet operator's shorthand.
            return try facetShorthand(view, path: path, inherited: inherited)
        }
        for (key, member) in members where key != op.key && !Self.compositionKeys.contains(key) && !ChartSpec.drawingTopLevel.contains(key) {
            let hint = ["mark", "encoding", "layer"].contains(key) ? " (a \(op.key) puts the view in \(op.key == "facet" || op.key == "repeat" ? "\"spec\"" : "its array"))" : ""
            throw r.problem(member, "\(path).\(key)", "\"\(key)\" is not supported beside \"\(op.key)\"\(hint)")
        }
        let frame = try ownFrame(view, path: path, inherited: inherited)
        let data = view["data"] ?? inherited?.data
        let passOn = frame.map { Inherited(data: data!, frame: $0) }
        let resolve = try scaleResolve(view, path: path)
        switch op.key {
        case "facet":
            guard let inner = view["spec"] else { throw r.problem(view, path, "a \"facet\" needs a \"spec\": the view drawn in each panel") }
            guard let passOn else { throw missingData(view, path) }
            return try facet(op.value, facetPath: "\(path).facet", inner: inner, innerPath: "\(path).spec", view: view,
                             inherited: passOn, resolve: resolve, wrapped: op.value["field"] != nil)
        case "repeat":
            guard let inner = view["spec"] else { throw r.problem(view, path, "a \"repeat\" needs a \"spec\": the view drawn for each field") }
            return try `repeat`(op.value, path: "\(path).repeat", inner: inner, innerPath: "\(path).spec", view: view, inherited: passOn, resolve: resolve)
        default:
            guard case .array(let items) = op.value.value, !items.isEmpty else {
                throw r.problem(op.value, "\(path).\(op.key)", "expected a non-empty array of views")
            }
            var drafts: [Draft] = []
            var labelNotes: [String] = []
            for (k, item) in items.enumerated() {
                if Self.isRowLabelColumn(item) {
                    labelNotes.append("\(path).\(op.key)[\(k)] (text): labels repeat the neighbouring panels' row names, not said again")
                    continue
                }
                drafts += try panels(item, path: "\(path).\(op.key)[\(k)]", inherited: passOn, defaultHeader: "View \(k + 1)")
            }
            if !drafts.isEmpty { drafts[0].chart.semantics.notes += labelNotes }
            let columns = op.key == "hconcat" ? drafts.count : op.key == "vconcat" ? 1 : (try columnsValue(view, path: path) ?? drafts.count)
            return Layout(drafts: drafts, columns: columns, composition: .concat, panelField: nil,
                          sharedValue: resolve.value ?? false, sharedRows: resolve.rows ?? false)
        }
    }

    /// A text view whose one position channel and text show the same field (the ages between the
    /// halves of a population pyramid): row names for its neighbours, with no value of its own.
    static func isRowLabelColumn(_ view: JSONValue) -> Bool {
        let mark = view["mark"]?.string ?? view["mark"]?["type"]?.string
        guard mark == "text", view["layer"] == nil, case .object(let channels)? = view["encoding"]?.value else { return false }
        let positions = channels.filter { ["x", "y"].contains($0.key) }
        guard positions.count == 1, let field = positions[0].value["field"]?.string, positions[0].value["aggregate"] == nil,
              let text = view["encoding"]?["text"], text["field"]?.string == field, text["aggregate"] == nil else { return false }
        return channels.allSatisfy { ["x", "y", "text"].contains($0.key) || $0.value["field"] == nil }
    }

    /// The panels of any child view: a single view is one panel; a composition is flattened.
    func panels(_ view: JSONValue, path: String, inherited: Inherited?, defaultHeader: String) throws(ChartProblem) -> [Draft] {
        if Self.isComposition(view) { return try layout(view, path: path, inherited: inherited).drafts }  // nested: flattened
        let chart = try leaf(view, path: path, inherited: inherited, frame: nil)
        // Named by its own title, else by what it shows (the value axis' title).
        return [Draft(chart: chart, header: try r.title(view, view: path).title ?? chart.y.title)]
    }

    /// One single view as a chart. `frame` (a facet's part) replaces the data when given.
    func leaf(_ view: JSONValue, path: String, inherited: Inherited?, frame given: DataFrame?) throws(ChartProblem) -> Chart {
        guard case .object(var members) = view.value else { throw r.problem(view, path, "expected an object (a view), found \(view.kindName)") }
        if members.first(where: { $0.key == "data" }) == nil {
            guard let inherited else { throw missingData(view, path) }
            members.append(("data", inherited.data))
        }
        if let datasets, !members.contains(where: { $0.key == "datasets" }) { members.append(("datasets", datasets)) }
        if let usermeta, !members.contains(where: { $0.key == "usermeta" }) { members.append(("usermeta", usermeta)) }
        if let params {
            members.removeAll { $0.key == "params" || $0.key == "selection" }
            members.append(("params", params))
        }
        let single = JSONValue(value: .object(members), line: view.line)
        if view["layer"] != nil {
            // A layered view (ChartLoader+Layers): the layers that take the view's data start
            // from the rows given (a facet's part, a parent's transformed rows); a layer with
            // data of its own loads it whole, as Vega-Lite draws it in every cell.
            do {
                var chart = try ChartLoader.loadLayered(single, path: file, readFile: readFile,
                                                        rootFrame: given ?? (view["data"] == nil ? inherited?.frame : nil))
                // Notes name layers by their path in the whole spec (`$.spec.layer[1]`).
                if path != "$" { chart.semantics.notes = chart.semantics.notes.map { $0.replacingOccurrences(of: "$.layer", with: path + ".layer") } }
                Self.panelSelections(&chart, view: view)
                return chart
            } catch {
                throw located(error, path)
            }
        }
        do {
            let spec = try ChartSpec.parse(single, file: file)
            let frame: DataFrame
            if let given { frame = given }
            else if view["data"] == nil, let inherited { frame = inherited.frame }
            else { frame = try SpecData.load(spec, specPath: file, readFile: readFile) }
            var chart = try ChartBuilder(spec: spec, frame: frame, specFile: file, id: id).build(readFile: readFile)
            Self.panelSelections(&chart, view: view)
            return chart
        } catch {
            throw located(error, path)
        }
    }

    /// A panel's controls (issue 28): the selections its own view defines (every panel reads
    /// them all, names being global), and `follows` when its x scale's domain is another panel's
    /// interval (overview + detail).
    static func panelSelections(_ chart: inout Chart, view: JSONValue) {
        let own = Set(ChartSpec.gatheredParams(view).flatMap { list -> [String] in
            guard case .array(let items) = list.value else { return [] }
            return items.compactMap { $0["name"]?.string }
        } ?? [])
        let intervals = chart.semantics.selections.filter { $0.kind == .interval }.map(\.name)
        chart.semantics.selections.removeAll { !own.contains($0.name) }
        if let name = view["encoding"]?["x"]?["scale"]?["domain"]?["param"]?.string, !own.contains(name), intervals.contains(name) {
            chart.semantics.selections.append(ChartSelection(name: name, kind: .follows))
        }
    }

    /// The rows a composition's children start from: its own data (or the inherited rows) after
    /// its own transforms; nil when neither it nor a parent has data (each child brings its own).
    func ownFrame(_ view: JSONValue, path: String, inherited: Inherited?) throws(ChartProblem) -> DataFrame? {
        guard let data = view["data"] ?? inherited?.data else { return nil }
        var probe: [(key: String, value: JSONValue)] = [("data", data), ("mark", JSONValue(value: .string("point"), line: view.line)),
                                                         ("encoding", JSONValue(value: .object([]), line: view.line))]
        if let t = view["transform"] { probe.append(("transform", t)) }
        if let datasets { probe.append(("datasets", datasets)) }
        if let params { probe.append(("params", params)) }
        do {
            let spec = try ChartSpec.parse(JSONValue(value: .object(probe), line: view.line), file: file)
            var frame: DataFrame
            if view["data"] == nil, let inherited { frame = inherited.frame } else {
                frame = try SpecData.load(spec, specPath: file, readFile: readFile)
                // Vega-Lite parses the fields temporal channels name at the source, so transforms see dates.
                for field in Self.temporalFields(view) {
                    if let column = frame.column(field) { frame.setColumn(field, column.map(SpecData.toDate)) }
                }
            }
            return try SpecTransforms.apply(spec.transforms, to: frame, spec: spec, file: file, readFile: readFile)
        } catch {
            throw located(error, path)
        }
    }

    /// `resolve.scale.x`/`.y` as written ("shared" → true, "independent" → false), by role: the
    /// value axis is y unless a panel turns out horizontal (decided once the panels are built).
    struct Resolve { var value: Bool?; var rows: Bool?; var x: Bool?; var y: Bool? }

    func scaleResolve(_ view: JSONValue, path: String) throws(ChartProblem) -> Resolve {
        var out = Resolve()
        guard let scale = view["resolve"]?["scale"] else { return out }
        for axis in ["x", "y"] {
            guard let v = scale[axis] else { continue }
            guard let s = v.string, s == "shared" || s == "independent" else {
                throw r.problem(v, "\(path).resolve.scale.\(axis)", "expected \"shared\" or \"independent\", found \(v.string.map { "\"\($0)\"" } ?? v.kindName)")
            }
            if axis == "x" { out.x = s == "shared" } else { out.y = s == "shared" }
        }
        out.value = out.y
        out.rows = out.x
        return out
    }

    func columnsValue(_ view: JSONValue, path: String) throws(ChartProblem) -> Int? {
        guard let c = view["columns"] else { return nil }
        guard let n = c.number, n >= 1, n == n.rounded() else {
            throw r.problem(c, "\(path).columns", "expected a whole number of columns (1 or more), found \(c.number.map(TextFormat.plainNumber) ?? c.kindName)")
        }
        return Int(n)
    }

    func missingData(_ view: JSONValue, _ path: String) -> ChartProblem {
        r.problem(view, path, "missing \"data\": give the composition (or this view) {\"url\": \"data/file.csv\"}, {\"values\": [...]} or {\"name\": …}")
    }

    /// A problem from reading a panel, its JSON path under the panel's own (`$.spec.encoding.y`).
    func located(_ problem: ChartProblem, _ path: String) -> ChartProblem {
        guard path != "$", problem.file == file, let p = problem.jsonPath, p.hasPrefix("$") else { return problem }
        var out = problem
        out.jsonPath = path + p.dropFirst()
        return out
    }

    /// Fields any channel below `view` reads as dates (temporal type or a timeUnit).
    static func temporalFields(_ view: JSONValue) -> Set<String> {
        var out = Set<String>()
        func walk(_ v: JSONValue) {
            switch v.value {
            case .object(let members):
                if let f = v["field"]?.string, v["type"]?.string == "temporal" || v["timeUnit"] != nil { out.insert(f) }
                for m in members where m.key != "data" && m.key != "datasets" { walk(m.value) }
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        walk(view)
        return out
    }
}

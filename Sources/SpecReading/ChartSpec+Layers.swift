import ChartModel
import Foundation
import VegaLite

/// Reading a layered spec (`"layer": [...]`) as Vega-Lite normalizes it: each leaf layer becomes a
/// single-view spec with the parents' `data` (unless it has its own), the parents' `transform`s
/// before its own (only when it inherits the data: a layer with its own data starts a new data
/// flow) and the parents' `encoding` merged under its own channel by channel (a field or datum
/// definition keeps the parent's keys it does not set; `null` removes the channel), as
/// vega-lite/src/normalize/core.ts `mergeEncoding` does.
package struct LayerLeaf {
    /// The leaf as a single-view spec; every JSON path in it names where the value was written.
    package var spec: ChartSpec
    /// Where it was written: `path` the leaf (`$.layer[1]`, `$.layer[0].layer[2]`), `markPath` its
    /// `mark`, `dataPath` its data; then its transforms and channels (a parent's or its own).
    package var path, markPath, dataPath: String
    var transformPaths: [String]
    package var encodingPaths: [(String, String)]
    /// The merged encoding and the mark as written (a label's `value`, a text mark's `text`).
    package var encodingJSON: [(channel: String, def: JSONValue)]
    package var markJSON: JSONValue
    /// Rows given for the leaf's data (a facet cell's part), read instead of loading `spec.data`.
    package var source: DataFrame? = nil

    /// The leaf's rows before its transforms: `source`, else its data loaded.
    package func frame(_ spec: ChartSpec, file: String, readFile: (String) throws -> Data) throws(ChartProblem) -> DataFrame {
        if let source { return source }
        return try SpecData.load(spec, specPath: file, readFile: readFile)
    }

    /// A problem found in the leaf's single-view spec, at the path where the value was written.
    package func relocated(_ problem: ChartProblem) -> ChartProblem {
        var moved = problem
        moved.jsonPath = problem.jsonPath.map { ChartSpec.relocate($0, leaf: path, data: dataPath, transforms: transformPaths, encoding: encodingPaths) }
        return moved
    }
}

extension ChartSpec {
    /// Keys a layer (or the layered top level) may carry; drawing keys are accepted too.
    static let layerKeys: Set<String> = ["data", "mark", "encoding", "transform", "layer", "title", "description", "params", "selection", "usermeta", "datasets"]

    /// Every leaf of a layered spec, in drawing order (first = bottom).
    package static func layerLeaves(_ root: JSONValue, file: String) throws(ChartProblem) -> [LayerLeaf] {
        let r = SpecReader(file: file)
        var leaves: [LayerLeaf] = []
        try collect(root, path: "$", parentData: nil, parentTransforms: [], parentEncoding: [], root: root, r, into: &leaves)
        guard !leaves.isEmpty else { throw r.problem(root, "$.layer", "a layer needs at least one view") }
        return leaves
    }

    private typealias Origin<T> = (value: T, path: String)

    private static func collect(
        _ node: JSONValue, path: String, parentData: Origin<JSONValue>?, parentTransforms: [Origin<JSONValue>],
        parentEncoding: [(channel: String, def: JSONValue, path: String)], root: JSONValue, _ r: SpecReader, into leaves: inout [LayerLeaf]
    ) throws(ChartProblem) {
        guard case .object(let members) = node.value else { throw r.problem(node, path, "expected an object (a view), found \(node.kindName)") }
        try checkViewKeys(node, members, path: path, r)
        let ownData: Origin<JSONValue>? = node["data"].map { (value: $0, path: "\(path).data") }
        let data = ownData ?? parentData
        // A layer with its own data starts a new data flow: the parents' transforms do not apply.
        var transforms: [Origin<JSONValue>] = ownData == nil ? parentTransforms : []
        if let t = node["transform"] {
            guard case .array(let steps) = t.value else { throw r.problem(t, "\(path).transform", "expected an array of transforms") }
            for (k, step) in steps.enumerated() { transforms.append((step, "\(path).transform[\(k)]")) }
        }
        let encoding = try mergedEncoding(node, path: path, parentEncoding: parentEncoding, r)
        if let layers = node["layer"] {
            if let m = node["mark"] { throw r.problem(m, "\(path).mark", "a view has either \"mark\" or \"layer\", not both") }
            guard case .array(let items) = layers.value else { throw r.problem(layers, "\(path).layer", "expected an array of views, found \(layers.kindName)") }
            for (k, item) in items.enumerated() {
                try collect(item, path: "\(path).layer[\(k)]", parentData: data, parentTransforms: transforms, parentEncoding: encoding, root: root, r, into: &leaves)
            }
            return
        }
        guard let mark = node["mark"] else { throw r.problem(node, path, "a layer needs \"mark\" (or a nested \"layer\")") }
        guard let data else { throw r.problem(node, path, "no \"data\" for this layer: give it \"data\", or give the layered spec one for every layer") }
        leaves.append(try leaf(node, mark: mark, path: path, data: data, transforms: transforms, encoding: encoding, root: root, r))
    }

    private typealias EncodingOrigin = (channel: String, def: JSONValue, path: String)

    /// A view's keys: those a layer reads or that only change drawing; `datasets` and `usermeta`
    /// only at the top.
    private static func checkViewKeys(_ node: JSONValue, _ members: [(key: String, value: JSONValue)], path: String, _ r: SpecReader) throws(ChartProblem) {
        for (key, member) in members where !layerKeys.contains(key) && !drawingTopLevel.contains(key) {
            if compositeKeys.contains(key) {
                throw r.problem(member, "\(path).\(key)", "\"\(key)\" inside a layer is not supported; a layer holds single views or layers")
            }
            throw r.problem(member, "\(path).\(key)", "\"\(key)\" is not supported in a layer; supported: \(layerKeys.sorted().joined(separator: ", "))")
        }
        if path != "$", node["datasets"] != nil { throw r.problem(node["datasets"]!, "\(path).datasets", "\"datasets\" belongs at the top level of the spec") }
        if path != "$", node["usermeta"] != nil { throw r.problem(node["usermeta"]!, "\(path).usermeta", "\"usermeta\" belongs at the top level of the spec") }
    }

    /// The encoding a view's layers see: the parent's channels, each overridden by the view's own
    /// (a field or datum definition keeps the parent's keys it does not set; null removes it).
    private static func mergedEncoding(
        _ node: JSONValue, path: String, parentEncoding: [EncodingOrigin], _ r: SpecReader
    ) throws(ChartProblem) -> [EncodingOrigin] {
        var encoding = parentEncoding
        if let e = node["encoding"] {
            guard case .object(let channels) = e.value else { throw r.problem(e, "\(path).encoding", "expected an object, found \(e.kindName)") }
            for (channel, def) in channels {
                let childPath = "\(path).encoding.\(channel)"
                let parent = encoding.firstIndex { $0.channel == channel }
                if case .null = def.value {
                    if let parent { encoding.remove(at: parent) }
                    continue
                }
                var merged = def
                // A field or datum definition keeps the parent's keys it does not set.
                if let parent, case .object(let own) = def.value, own.contains(where: { $0.key == "field" || $0.key == "datum" || $0.key == "aggregate" }),
                   case .object(let inherited) = encoding[parent].def.value {
                    let keys = Set(own.map(\.key))
                    merged = JSONValue(value: .object(inherited.filter { !keys.contains($0.key) } + own), line: def.line)
                }
                if let parent { encoding[parent] = (channel, merged, childPath) } else { encoding.append((channel, merged, childPath)) }
            }
        }
        return encoding
    }

    /// A leaf view read as a single-view spec by `ChartSpec.parse`, with the paths of what it read
    /// moved to where each value was written in the layered spec.
    private static func leaf(
        _ node: JSONValue, mark: JSONValue, path: String, data: Origin<JSONValue>, transforms: [Origin<JSONValue>],
        encoding: [EncodingOrigin], root: JSONValue, _ r: SpecReader
    ) throws(ChartProblem) -> LayerLeaf {
        // A text layer is read for its position and label (as a point until `text` is a mark of its own).
        let markName = mark.string ?? mark["type"]?.string
        let readMark = markName == "text" ? JSONValue(value: .string("point"), line: mark.line) : mark
        var synthetic: [(key: String, value: JSONValue)] = [("data", data.value), ("mark", readMark)]
        for key in ["title", "description", "datasets", "usermeta"] {
            if let v = root[key] { synthetic.append((key, v)) }
        }
        // Parameter names are global: every layer reads those any view defines.
        if let params = gatheredParams(root) { synthetic.append(("params", params)) }
        if !encoding.isEmpty {
            synthetic.append(("encoding", JSONValue(value: .object(encoding.map { ($0.channel, $0.def) }), line: node.line)))
        } else {
            synthetic.append(("encoding", JSONValue(value: .object([]), line: node.line)))
        }
        if !transforms.isEmpty { synthetic.append(("transform", JSONValue(value: .array(transforms.map(\.value)), line: node.line))) }
        let leafRoot = JSONValue(value: .object(synthetic), line: node.line)
        func pathOf(_ p: String) -> String { relocate(p, leaf: path, data: data.path, transforms: transforms.map(\.path), encoding: encoding.map { ($0.channel, $0.path) }) }
        var spec: ChartSpec
        do {
            spec = try parse(leafRoot, file: r.file)
        } catch {
            var moved = error
            if let p = error.jsonPath { moved.jsonPath = pathOf(p) }
            throw moved
        }
        if markName == "text" { spec.markName = "text" }
        for i in spec.channels.indices { spec.channels[i].path = pathOf(spec.channels[i].path) }
        // The author's steps where they were written; a step the reading adds (a colour condition's) at its channel.
        for i in spec.transforms.indices { spec.transforms[i].path = i < transforms.count ? transforms[i].path : pathOf(spec.transforms[i].path) }
        spec.undrawnColour = spec.undrawnColour.map(pathOf)
        return LayerLeaf(spec: spec, path: path, markPath: "\(path).mark", dataPath: data.path, transformPaths: transforms.map(\.path),
                         encodingPaths: encoding.map { ($0.channel, $0.path) }, encodingJSON: encoding.map { ($0.channel, $0.def) }, markJSON: mark)
    }

    /// A path in a leaf's single-view spec (`$.encoding.y.field`) as written in the layered spec
    /// (`$.layer[1].encoding.y.field`, or `$.encoding.y.field` when the channel is the parent's).
    static func relocate(_ p: String, leaf: String, data: String, transforms: [String], encoding: [(String, String)]) -> String {
        func moved(_ prefix: String, to target: String) -> String? {
            guard p == prefix || p.hasPrefix(prefix + ".") || p.hasPrefix(prefix + "[") else { return nil }
            return target + p.dropFirst(prefix.count)
        }
        for (channel, origin) in encoding {
            if let m = moved("$.encoding.\(channel)", to: origin) { return m }
        }
        for (k, origin) in transforms.enumerated() {
            if let m = moved("$.transform[\(k)]", to: origin) { return m }
        }
        if let m = moved("$.data", to: data) { return m }
        for key in ["$.mark", "$.encoding", "$.transform"] {
            if let m = moved(key, to: leaf + key.dropFirst()) { return m }
        }
        return p == "$" ? leaf : p
    }
}

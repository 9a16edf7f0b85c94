/// `{"lookup": "id", "from": {"data": {"name" | "url" | "values"}, "key": "id", "fields": [...]},
/// "as": ..., "default": ...}`: adds fields from the secondary row whose key matches (the last
/// such row, as Vega indexes them).
public struct LookupTransform: Sendable {
    public var lookup: FieldRef
    /// The secondary data's name or url, as `TransformContext.datasets` is keyed.
    public var from: String
    public var key: FieldRef
    public var fields: [FieldRef]?
    public var `as`: [String]
    public var defaultValue: DataValue
    /// `from.data.values`, read with the transform.
    public var inline: DataFrame?
    /// `from.param`: the rows the selection holds (all of them while it is empty), as Vega-Lite
    /// looks up in the selecting view's data filtered by the selection.
    var selection: Predicate?

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["lookup", "from", "as", "default"], in: "a lookup transform")
        lookup = try o.field("lookup")
        guard let f = try o.object("from") else { throw TransformError("\"from\" is required", path: o.at("from")) }
        if f.has("param") {
            self = try LookupTransform(selection: o, from: f)
            return
        }
        try f.allowOnly(["data", "key", "fields"], in: "lookup's from")
        guard let d = try f.object("data") else { throw TransformError("\"data\" is required", path: f.at("data")) }
        if let values = try d.array("values") {
            // Inline secondary data needs no loading: objects are rows, primitives go under "data".
            inline = DataFrame(rows: values.map { v in if case .object(let o) = v { o } else { ["data": v] } })
            from = "values"
        } else {
            var source = try d.optionalString("name")
            if source == nil { source = try d.optionalString("url") }
            guard let name = source else {
                throw TransformError("lookup data needs a name, url or values", path: d.path)
            }
            from = name
        }
        key = try f.field("key")
        fields = try f.strings("fields")?.map(FieldRef.init)
        let given = try o.strings("as", single: true)
        if let fields {
            self.as = fields.enumerated().map { i, fld in i < (given?.count ?? 0) ? given![i] : fld.name }
        } else {
            // Without fields, the whole matching row goes under `as` (Vega-Lite requires it).
            guard let g = given, g.count == 1 else {
                throw TransformError("\"as\" (one name) is required when from.fields is absent", path: o.at("as"))
            }
            self.as = g
        }
        defaultValue = o.values["default"] ?? .null
    }

    /// `{"lookup": "symbol", "from": {"param": "index", "key": "symbol"}}`: the whole row the
    /// selection holds for each key goes under `as` (the param's name unless given).
    private init(selection o: SpecObject, from f: SpecObject) throws(TransformError) {
        try f.allowOnly(["param", "key"], in: "lookup's from")
        let name = try f.string("param")
        lookup = try o.field("lookup")
        key = try f.field("key")
        from = name
        self.as = try o.strings("as", single: true) ?? [name]
        defaultValue = o.values["default"] ?? .null
        selection = try Predicate.parse(.object(["param": .string(name)]), path: f.at("param"), variables: o.variables)
    }

    func apply(_ frame: DataFrame, context: TransformContext) throws(TransformError) -> DataFrame {
        try checkField(lookup, in: frame, path: "lookup")
        // The selecting view's data is taken as the data this transform sees (one source in the gallery's index chart).
        let selected = try selection.map { p throws(TransformError) in try p.filter(frame) }
        guard let secondary = selected ?? inline ?? context.datasets[from] else {
            throw TransformError("no data \"\(from)\" for lookup; known: \(context.datasets.keys.sorted().joined(separator: ", "))", path: "from.data")
        }
        try checkField(key, in: secondary, path: "from.key")
        for (i, f) in (fields ?? []).enumerated() { try checkField(f, in: secondary, path: "from.fields[\(i)]") }
        // Vega keeps the last row for each key value (by text).
        var index: [String: Int] = [:]
        for (r, k) in key.values(in: secondary).enumerated() { index[k.text] = r }
        let probe = lookup.values(in: frame)
        let matches = probe.map { index[$0.text] }
        var out = frame
        if let fields {
            for (i, f) in fields.enumerated() {
                let col = f.values(in: secondary)
                out.setColumn(self.as[i], matches.map { m in m.map { col[$0] } ?? defaultValue })
            }
        } else {
            out.setColumn(self.as[0], matches.map { m in m.map { .object(secondary.object(row: $0)) } ?? defaultValue })
        }
        return out
    }
}

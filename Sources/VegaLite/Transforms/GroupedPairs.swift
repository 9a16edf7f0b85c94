/// What regression, loess, density and quantile share: rows grouped by `groupby`, each group
/// turned into (a, b) pairs (a fitted curve, a density estimate, quantiles); each pair becomes a
/// row holding its group's `groupby` values, then `a` in `names[0]` and `b` in `names[1]`.
func pairsPerGroup(
    _ frame: DataFrame, groupby: [FieldRef], as names: [String], _ pairs: ([Int]) -> [(DataValue, DataValue)]
) -> DataFrame {
    let groups = frame.rowCount == 0 ? [] : Grouping(frame, by: groupby).groups
    let groupCols = groupby.map { $0.values(in: frame) }
    var keyCols = groupby.map { _ in [DataValue]() }
    var first: [DataValue] = [], second: [DataValue] = []
    for rows in groups {
        for (a, b) in pairs(rows) {
            for i in groupby.indices { keyCols[i].append(groupCols[i][rows[0]]) }
            first.append(a)
            second.append(b)
        }
    }
    var out = DataFrame(rowCount: first.count)
    for (i, g) in groupby.enumerated() { out.setColumn(g.name, keyCols[i]) }
    out.setColumn(names[0], first)
    out.setColumn(names[1], second)
    return out
}

/// Refuses any of `fields` (each at its property name) or of `groupby` the frame does not have.
func checkFieldsAndGroupby(_ fields: KeyValuePairs<String, FieldRef>, groupby: [FieldRef], in frame: DataFrame) throws(TransformError) {
    for (key, field) in fields { try checkField(field, in: frame, path: key) }
    for (i, g) in groupby.enumerated() { try checkField(g, in: frame, path: "groupby[\(i)]") }
}

extension SpecObject {
    /// The two output names under `as`, each one not given taken from `defaults`.
    func asPair(defaults: (String, String)) throws(TransformError) -> [String] {
        let given = try strings("as") ?? []
        return [given.count > 0 ? given[0] : defaults.0, given.count > 1 ? given[1] : defaults.1]
    }
}

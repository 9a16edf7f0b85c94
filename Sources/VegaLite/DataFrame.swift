/// A Vega data table held by column: every column has `rowCount` values. Transforms are pure
/// functions `DataFrame → DataFrame`; rows keep their order unless a transform says otherwise.
public struct DataFrame: Sendable, Equatable {
    /// Field names in first-seen order (the order a CSV header or the first JSON object gave).
    public private(set) var fields: [String]
    public private(set) var columns: [[DataValue]]
    public private(set) var rowCount: Int
    private var indexByField: [String: Int]

    /// An empty table with no fields.
    public init() {
        fields = []
        columns = []
        rowCount = 0
        indexByField = [:]
    }

    /// A table from columns of equal length (`precondition`).
    public init(fields: [String], columns: [[DataValue]]) {
        precondition(fields.count == columns.count, "one column per field")
        let count = columns.first?.count ?? 0
        precondition(columns.allSatisfy { $0.count == count }, "columns of equal length")
        self.fields = fields
        self.columns = columns
        self.rowCount = count
        self.indexByField = Dictionary(fields.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// A table with `rowCount` rows and no fields yet (e.g. `data.sequence` before its field).
    public init(rowCount: Int) {
        self.init()
        self.rowCount = rowCount
    }

    /// A table from row objects (a JSON array of objects); fields in first-seen order, a field
    /// absent from a row is `.null` there.
    public init(rows: [[String: DataValue]], fieldOrder: [String] = []) {
        var fields = fieldOrder
        var seen = Set(fieldOrder)
        for row in rows {
            for key in row.keys.sorted() where !seen.contains(key) {
                seen.insert(key)
                fields.append(key)
            }
        }
        let columns = fields.map { f in rows.map { $0[f] ?? .null } }
        self.init(fields: fields, columns: columns)
        self.rowCount = rows.count
    }

    /// The position of `field` in `fields`, or nil.
    public func index(of field: String) -> Int? { indexByField[field] }

    /// The values of `field`, or nil when the table has no such field.
    public func column(_ field: String) -> [DataValue]? {
        indexByField[field].map { columns[$0] }
    }

    /// The value of `field` in `row`; `.null` when the field does not exist (as `datum.missing`).
    public subscript(row: Int, field: String) -> DataValue {
        guard let c = indexByField[field] else { return .null }
        return columns[c][row]
    }

    /// Row `row` as an object (for `lookup`, `flatten` and messages).
    public func object(row: Int) -> [String: DataValue] {
        var o: [String: DataValue] = [:]
        for (i, f) in fields.enumerated() { o[f] = columns[i][row] }
        return o
    }

    /// Adds `field` at the end, or replaces its values (`calculate`, `as` outputs).
    public mutating func setColumn(_ field: String, _ values: [DataValue]) {
        precondition(values.count == rowCount || fields.isEmpty, "column length \(values.count) ≠ \(rowCount)")
        if fields.isEmpty { rowCount = values.count }
        if let i = indexByField[field] {
            columns[i] = values
        } else {
            indexByField[field] = fields.count
            fields.append(field)
            columns.append(values)
        }
    }

    /// The rows at `indexes`, in that order (filter, sort, sample).
    public func selecting(rows indexes: [Int]) -> DataFrame {
        var out = DataFrame(fields: fields, columns: columns.map { col in indexes.map { col[$0] } })
        out.rowCount = indexes.count
        return out
    }

    public static func == (a: DataFrame, b: DataFrame) -> Bool {
        a.fields == b.fields && a.columns == b.columns && a.rowCount == b.rowCount
    }
}

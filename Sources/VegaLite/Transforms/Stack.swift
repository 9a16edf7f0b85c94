/// `{"stack": "v", "groupby": [...], "sort": [{field, order}], "offset": "zero" | "normalize" |
/// "center", "as": ["v0", "v1"]}`: within each group, sorted, each row gets where its segment
/// starts and ends. Zero offset stacks negatives downward from 0 separately. Rows keep order.
public struct StackTransform: Sendable {
    public enum Offset: String, Sendable, CaseIterable { case zero, normalize, center }

    public var stack: FieldRef
    public var groupby: [FieldRef]
    public var sort: [SortField]
    public var offset: Offset
    public var `as`: [String]

    public init(stack: String, groupby: [String], sort: [SortField] = [], offset: Offset = .zero, as names: [String]) {
        self.stack = FieldRef(stack)
        self.groupby = groupby.map(FieldRef.init)
        self.sort = sort
        self.offset = offset
        self.as = names
    }

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["stack", "groupby", "sort", "offset", "as"], in: "a stack transform")
        stack = try o.field("stack")
        guard let g = try o.strings("groupby") else { throw TransformError("\"groupby\" is required", path: o.at("groupby")) }
        groupby = g.map(FieldRef.init)
        sort = try SortField.parseList(o, "sort")
        offset = Offset(rawValue: try o.oneOf("offset", Offset.allCases.map(\.rawValue)) ?? "zero")!
        self.as = try o.startEndNames()
    }

    public func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkField(stack, in: frame, path: "stack")
        for (i, g) in groupby.enumerated() { try checkField(g, in: frame, path: "groupby[\(i)]") }
        for (i, s) in sort.enumerated() { try checkField(s.field, in: frame, path: "sort[\(i)].field") }
        let n = frame.rowCount
        let values = stack.values(in: frame)
        let grouping = Grouping(frame, by: groupby)
        let groups = n == 0 ? [] : grouping.groups
        let cmp = RowComparator(sort, frame: frame)
        var y0 = [DataValue](repeating: .null, count: n), y1 = y0
        var sums: [Double] = []
        var maxSum = 0.0
        for rows in groups {
            var s = 0.0
            for r in rows { s += abs(values[r].number) }
            sums.append(s)
            if s > maxSum { maxSum = s }
        }
        for (gi, rows) in groups.enumerated() {
            let sorted = cmp.sorted(rows)
            switch offset {
            case .zero:
                var pos = 0.0, neg = 0.0
                for r in sorted {
                    let v = values[r].number
                    if v < 0 {
                        y0[r] = .number(neg); neg += v; y1[r] = .number(neg)
                    } else {
                        y0[r] = .number(pos); pos += v; y1[r] = .number(pos)
                    }
                }
            case .normalize:
                let scale = 1 / sums[gi]
                var last = 0.0, v = 0.0
                for r in sorted {
                    y0[r] = .number(last)
                    v += abs(values[r].number)
                    last = scale * v
                    y1[r] = .number(last)
                }
            case .center:
                var last = (maxSum - sums[gi]) / 2
                for r in sorted {
                    y0[r] = .number(last)
                    last += abs(values[r].number)
                    y1[r] = .number(last)
                }
            }
        }
        var out = frame
        out.setColumn(self.as[0], y0)
        out.setColumn(self.as[1], y1)
        return out
    }
}

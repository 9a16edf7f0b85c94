/// `{"window": [{op, field, param, as}], "frame": [a, b], "ignorePeers", "sort", "groupby"}`:
/// per partition, sorted by `sort`, each row gets window-op and aggregate values over its
/// frame. Rows keep their input order (Vega's window modifies rows in place).
public struct WindowTransform: Sendable {
    public enum Op: Sendable, Equatable {
        case rowNumber, rank, denseRank, percentRank, cumeDist
        case ntile(Int)
        case lag(Int), lead(Int)
        case firstValue, lastValue
        case nthValue(Int)
        case prevValue, nextValue
        case aggregate(AggregateOp)
    }

    public struct Item: Sendable {
        public var op: Op
        public var field: FieldRef?
        public var `as`: String
    }

    public var ops: [Item]
    /// nil = unbounded.
    public var frame: (Int?, Int?)
    public var ignorePeers: Bool
    public var sort: [SortField]
    public var groupby: [FieldRef]

    static let windowOps = ["row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
                            "first_value", "last_value", "nth_value", "prev_value", "next_value"]

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["window", "frame", "ignorePeers", "sort", "groupby"], in: "a window transform")
        guard let list = try o.array("window") else { throw TransformError("\"window\" is required", path: o.at("window")) }
        ops = []
        for (i, item) in list.enumerated() {
            let w = try SpecObject(item, path: o.at("window", i))
            try w.allowOnly(["op", "field", "param", "as"], in: "a window field")
            let name = try w.string("op")
            let field = try w.optionalString("field")
            let param = try w.int("param", -1_000_000_000...1_000_000_000).map(Double.init)
            func intParam(_ dflt: Int?) throws(TransformError) -> Int {
                guard let p = param ?? dflt.map(Double.init) else {
                    throw TransformError("op \"\(name)\" needs \"param\"", path: w.at("param"))
                }
                return Int(p)
            }
            /// ntile's and nth_value's param: required, a whole number above zero.
            func positiveParam() throws(TransformError) -> Int {
                let k = try intParam(nil)
                guard k > 0 else { throw TransformError("\(name)'s param must be greater than zero", path: w.at("param")) }
                return k
            }
            let op: Op
            switch name {
            case "row_number": op = .rowNumber
            case "rank": op = .rank
            case "dense_rank": op = .denseRank
            case "percent_rank": op = .percentRank
            case "cume_dist": op = .cumeDist
            case "ntile": op = .ntile(try positiveParam())
            case "lag": op = .lag(param.map { $0 == 0 ? 1 : Int($0) } ?? 1)
            case "lead": op = .lead(param.map { $0 == 0 ? 1 : Int($0) } ?? 1)
            case "first_value": op = .firstValue
            case "last_value": op = .lastValue
            case "nth_value": op = .nthValue(try positiveParam())
            case "prev_value": op = .prevValue
            case "next_value": op = .nextValue
            default:
                guard let agg = AggregateOp(rawValue: name) else {
                    throw TransformError(
                        "unknown window op \"\(name)\"; supported: \((WindowTransform.windowOps + AggregateOp.allCases.map(\.rawValue)).joined(separator: ", "))",
                        path: w.at("op"))
                }
                op = .aggregate(agg)
            }
            let needsField: Bool
            switch op {
            case .lag, .lead, .firstValue, .lastValue, .nthValue, .prevValue, .nextValue: needsField = true
            case .aggregate(let a): needsField = a != .count
            default: needsField = false
            }
            if needsField && field == nil {
                throw TransformError("\"field\" is required for op \"\(name)\"", path: w.at("field"))
            }
            ops.append(Item(op: op, field: field.map(FieldRef.init), as: try w.optionalString("as") ?? name + (field.map { "_" + $0 } ?? "")))
        }
        frame = try o.windowFrame(absent: (nil, 0))
        ignorePeers = try o.bool("ignorePeers") ?? false
        sort = try SortField.parseList(o, "sort")
        groupby = try o.fields("groupby")
    }

    func apply(_ input: DataFrame) throws(TransformError) -> DataFrame {
        for (i, g) in groupby.enumerated() { try checkField(g, in: input, path: "groupby[\(i)]") }
        for (i, s) in sort.enumerated() { try checkField(s.field, in: input, path: "sort[\(i)].field") }
        for (i, op) in ops.enumerated() { if let f = op.field { try checkField(f, in: input, path: "window[\(i)].field") } }
        let n = input.rowCount
        let cmp = RowComparator(sort, frame: input)
        let grouping = Grouping(input, by: groupby)
        let fieldValues = ops.map { $0.field?.values(in: input) ?? [] }
        var outputs = ops.map { _ in [DataValue](repeating: .null, count: n) }
        let aggItems = aggregateItems(fieldValues)
        var cell = WindowCell(items: aggItems.items, fields: aggItems.columns)
        for group in (n == 0 ? [] : grouping.groups) {
            apply(group: cmp.sorted(group), cmp: cmp, fieldValues: fieldValues, aggItems: aggItems.items, cell: &cell, outputs: &outputs, input: input)
        }
        var out = input
        for (j, item) in ops.enumerated() { out.setColumn(item.as, outputs[j]) }
        return out
    }

    /// The aggregate ops as the window cell computes them: each with its field's column (one
    /// column per field, however many ops read it) and the output it fills.
    private func aggregateItems(_ fieldValues: [[DataValue]]) -> (items: [WindowCell.Item], columns: [[DataValue]]) {
        var aggFields: [String] = []
        var aggItems: [WindowCell.Item] = []
        var aggColumns: [[DataValue]] = []
        for (j, item) in ops.enumerated() {
            guard case .aggregate(let op) = item.op else { continue }
            var f: Int? = nil
            if op != .count, let name = item.field?.name {
                if let k = aggFields.firstIndex(of: name) { f = k } else {
                    f = aggFields.count; aggFields.append(name); aggColumns.append(fieldValues[j])
                }
            }
            aggItems.append(WindowCell.Item(op: op, field: f, output: j))
        }
        return (aggItems, aggColumns)
    }

    /// Peer runs (rows the sort cannot tell apart) of rows in sort order, found once: for each
    /// place, where its run starts and ends, [peerStart, peerEnd).
    private static func peerRuns(_ data: [Int], _ cmp: RowComparator) -> (start: [Int], end: [Int]) {
        let m = data.count
        var peerStart = [Int](repeating: 0, count: m), peerEnd = [Int](repeating: m, count: m)
        if !cmp.isEmpty && m > 0 {
            var s0 = 0
            for k in 1...m where k == m || cmp.compare(data[k - 1], data[k]) != 0 {
                for j in s0..<k { peerStart[j] = s0; peerEnd[j] = k }
                s0 = k
            }
        }
        return (peerStart, peerEnd)
    }

    /// Where a row stands in its group: its place `i` of `m` (sort order), its frame [i0, i1),
    /// its rank, dense rank and the last place of its peers (`cume`).
    private struct Place {
        var i: Int, m: Int, i0: Int, i1: Int
        var rank: Int, denseRank: Int, cume: Int
    }

    /// What `prev_value` and `next_value` carry from row to row, per op.
    private struct Carried {
        var prev: [DataValue]
        var nextIndex: [Int]
        var nextValue: [DataValue]

        init(count: Int) {
            prev = Array(repeating: .null, count: count)
            nextIndex = Array(repeating: -1, count: count)
            nextValue = Array(repeating: .null, count: count)
        }
    }

    /// One group's rows in sort order: each row's frame (widened to its peers when the sort
    /// ranges), the aggregates over it, and the ranking and navigation values.
    private func apply(
        group data: [Int], cmp: RowComparator, fieldValues: [[DataValue]], aggItems: [WindowCell.Item],
        cell: inout WindowCell, outputs: inout [[DataValue]], input: DataFrame
    ) {
        let m = data.count
        let range = !sort.isEmpty && !ignorePeers
        // Vega compares neighbours with the sort comparator, or treats every row as distinct.
        func differs(_ a: Int, _ b: Int) -> Bool { cmp.isEmpty ? true : cmp.compare(a, b) != 0 }
        let (peerStart, peerEnd) = Self.peerRuns(data, cmp)
        cell.reset()
        var i0 = 0, i1 = 0
        var rank = 1, drank = 1, cume = 0
        var carried = Carried(count: ops.count)
        for i in 0..<m {
            let p0 = i0, p1 = i1
            let start = frame.0.map { i + $0 } ?? 0
            let end = frame.1.map { i + $0 + 1 } ?? m
            i0 = Swift.min(Swift.max(start, 0), m)
            i1 = Swift.min(Swift.max(end, 0), m)
            if range {
                let r0 = i0, r1 = i1 - 1
                if r0 > 0, r0 < m, cmp.compare(data[r0], data[r0 - 1]) == 0 { i0 = peerStart[r0] }
                if r1 >= 0, r1 < m - 1, cmp.compare(data[r1], data[r1 + 1]) == 0 { i1 = peerEnd[r1] }
            }
            let row = data[i]
            if !aggItems.isEmpty {
                for k in p0..<Swift.max(p0, i0) { cell.remove(row: data[k]) }
                for k in p1..<Swift.max(p1, i1) { cell.add(row: data[k]) }
                if i > 0 && i0 == p0 && i1 == p1 {
                    // The same frame as the previous row (e.g. [null, null]): the same values.
                    for item in aggItems { outputs[item.output][row] = outputs[item.output][data[i - 1]] }
                } else {
                    cell.set(rows: data[i0..<i1], into: &outputs, at: row, frame: input)
                }
            }
            let rankNow: Int = (i > 0 && differs(data[i - 1], row)) ? i + 1 : rank
            rank = rankNow
            if i > 0 && differs(data[i - 1], row) { drank += 1 }
            if cume < i {
                cume = cmp.isEmpty ? i : peerEnd[i] - 1
            }
            let place = Place(i: i, m: m, i0: i0, i1: i1, rank: rankNow, denseRank: drank, cume: cume)
            for (j, item) in ops.enumerated() {
                guard let out = value(item.op, op: j, values: fieldValues[j], data: data, place, &carried) else { continue }
                outputs[j][row] = out
            }
        }
    }

    /// A ranking or navigation op's value at `place` (nil for an aggregate: the cell has it).
    private func value(_ op: Op, op j: Int, values vals: [DataValue], data: [Int], _ place: Place, _ carried: inout Carried) -> DataValue? {
        let (i, m, i0, i1) = (place.i, place.m, place.i0, place.i1)
        switch op {
        case .rowNumber: return .number(Double(i + 1))
        case .rank: return .number(Double(place.rank))
        case .denseRank: return .number(Double(place.denseRank))
        case .percentRank: return .number(Double(place.rank - 1) / Double(m - 1))
        case .cumeDist: return .number(Double(1 + place.cume) / Double(m))
        case .ntile(let k): return .number((Double(k) * Double(1 + place.cume) / Double(m)).rounded(.up))
        case .lag(let k): return i - k >= 0 ? vals[data[i - k]] : .null
        case .lead(let k): return i + k < m ? vals[data[i + k]] : .null
        case .firstValue: return i0 < m && i0 < i1 ? vals[data[i0]] : .null
        case .lastValue: return i1 - 1 >= 0 && i1 > i0 ? vals[data[i1 - 1]] : .null
        case .nthValue(let k): return i0 + k - 1 < i1 ? vals[data[i0 + k - 1]] : .null
        case .prevValue:
            let v = vals[data[i]]
            if v != .null { carried.prev[j] = v }
            return carried.prev[j]
        case .nextValue:
            if i > carried.nextIndex[j] {
                var k = i
                while k < m && vals[data[k]] == .null { k += 1 }
                carried.nextIndex[j] = k
                carried.nextValue[j] = k < m ? vals[data[k]] : .null
            }
            return carried.nextValue[j]
        case .aggregate: return nil
        }
    }
}

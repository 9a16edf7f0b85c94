/// One Vega-Lite transform (an entry of a spec's `transform` array), parsed and ready to run over
/// a `DataFrame` with the semantics of Vega-Lite compiled to Vega's dataflow.
///
/// ```swift
/// let t = try Transform.parse(.object(["filter": .object(["field": .string("a"), "gt": .number(2)])]))
/// let out = try t.apply(frame, context: TransformContext())
/// ```
/// Every key a transform object may carry is checked: an unknown key, op, unit or method is an
/// error naming it and what is supported, never ignored.
public enum Transform: Sendable {
    case filter(Predicate)
    case calculate(expression: VegaExpression, as: String)
    case aggregate(AggregateTransform)
    case joinaggregate(JoinAggregateTransform)
    case window(WindowTransform)
    case bin(BinTransform)
    case timeUnit(TimeUnitTransform)
    case fold(FoldTransform)
    case pivot(PivotTransform)
    case impute(ImputeTransform)
    case lookup(LookupTransform)
    case density(DensityTransform)
    case regression(RegressionTransform)
    case loess(LoessTransform)
    case flatten(FlattenTransform)
    case extent(ExtentTransform)
    case sample(SampleTransform)
    case stack(StackTransform)
    case quantile(QuantileTransform)

    /// The transform keys Pitchline reads, in the order Vega-Lite's documentation lists them.
    public static let supported = [
        "aggregate", "bin", "calculate", "density", "extent", "filter", "flatten", "fold", "impute",
        "joinaggregate", "loess", "lookup", "pivot", "quantile", "regression", "sample", "stack", "timeUnit", "window",
    ]

    /// Parses one transform object. Errors carry a path relative to the object ("groupby[1]").
    /// Its expressions read the spec's parameters (`variables`, Vega-Lite `params`) by name.
    public static func parse(_ object: DataValue, variables: [String: DataValue] = [:]) throws(TransformError) -> Transform {
        var o = try SpecObject(object, path: "")
        o.variables = variables
        if o.has("filter") { return .filter(try Predicate.parseFilter(o)) }
        if o.has("calculate") {
            try o.allowOnly(["calculate", "as"], in: "calculate")
            return .calculate(expression: try o.expression("calculate"), as: try o.string("as"))
        }
        if o.has("aggregate") { return .aggregate(try AggregateTransform(o)) }
        if o.has("joinaggregate") { return .joinaggregate(try JoinAggregateTransform(o)) }
        if o.has("window") { return .window(try WindowTransform(o)) }
        if o.has("bin") { return .bin(try BinTransform(o)) }
        if o.has("timeUnit") { return .timeUnit(try TimeUnitTransform(o)) }
        if o.has("fold") { return .fold(try FoldTransform(o)) }
        if o.has("pivot") { return .pivot(try PivotTransform(o)) }
        if o.has("impute") { return .impute(try ImputeTransform(o)) }
        if o.has("lookup") { return .lookup(try LookupTransform(o)) }
        if o.has("density") { return .density(try DensityTransform(o)) }
        if o.has("regression") { return .regression(try RegressionTransform(o)) }
        if o.has("loess") { return .loess(try LoessTransform(o)) }
        if o.has("flatten") { return .flatten(try FlattenTransform(o)) }
        if o.has("extent") { return .extent(try ExtentTransform(o)) }
        if o.has("sample") { return .sample(try SampleTransform(o)) }
        if o.has("stack") { return .stack(try StackTransform(o)) }
        if o.has("quantile") { return .quantile(try QuantileTransform(o)) }
        let keys = o.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        throw TransformError(
            "unknown transform (keys \(keys.isEmpty ? "none" : keys)); supported: \(supported.joined(separator: ", "))",
            path: "")
    }

    /// Runs the transform. Rows keep their order unless the transform defines a new one
    /// (aggregate, pivot, fold, flatten, density, regression, loess generate new rows).
    public func apply(_ frame: DataFrame, context: TransformContext = TransformContext()) throws(TransformError) -> DataFrame {
        switch self {
        case .filter(let p): return try p.filter(frame)
        case .calculate(let e, let name): return try runCalculate(frame, e, as: name)
        case .aggregate(let t): return try t.apply(frame)
        case .joinaggregate(let t): return try t.apply(frame)
        case .window(let t): return try t.apply(frame)
        case .bin(let t): return try t.apply(frame)
        case .timeUnit(let t): return try t.apply(frame)
        case .fold(let t): return try t.apply(frame)
        case .pivot(let t): return try t.apply(frame)
        case .impute(let t): return try t.apply(frame)
        case .lookup(let t): return try t.apply(frame, context: context)
        case .density(let t): return try t.apply(frame)
        case .regression(let t): return try t.apply(frame)
        case .loess(let t): return try t.apply(frame)
        case .flatten(let t): return try t.apply(frame)
        case .extent: return frame
        case .sample(let t): return t.apply(frame)
        case .stack(let t): return try t.apply(frame)
        case .quantile(let t): return try t.apply(frame)
        }
    }

    /// The parameters this transform defines over `frame` (`extent` → `[min, max]` under its
    /// `param` name); empty for every other transform.
    public func parameters(over frame: DataFrame) throws(TransformError) -> [String: DataValue] {
        guard case .extent(let t) = self else { return [:] }
        return [t.param: try t.extent(of: frame)]
    }

    /// Fields the transform reads (for "no field x" checks and for ChartData's parse inference).
    public var fieldsRead: [String] {
        switch self {
        case .filter(let p): p.fieldsRead
        case .calculate(let e, _): Array(e.fieldsRead).sorted()
        case .aggregate(let t): t.groupby.map(\.name) + t.measures.compactMap { $0.field?.name }
        case .joinaggregate(let t): t.groupby.map(\.name) + t.measures.compactMap { $0.field?.name }
        case .window(let t): t.groupby.map(\.name) + t.sort.map(\.field.name) + t.ops.compactMap { $0.field?.name }
        case .bin(let t): [t.field.name]
        case .timeUnit(let t): [t.field.name]
        case .fold(let t): t.fields.map(\.name)
        case .pivot(let t): [t.pivot.name, t.value.name] + t.groupby.map(\.name)
        case .impute(let t): [t.impute.name, t.key.name] + t.groupby.map(\.name)
        case .lookup(let t): [t.lookup.name]
        case .density(let t): [t.density.name] + t.groupby.map(\.name)
        case .regression(let t): [t.regression.name, t.on.name] + t.groupby.map(\.name)
        case .loess(let t): [t.loess.name, t.on.name] + t.groupby.map(\.name)
        case .flatten(let t): t.fields.map(\.name)
        case .extent(let t): [t.field.name]
        case .sample: []
        case .stack(let t): [t.stack.name] + t.groupby.map(\.name) + t.sort.map(\.field.name)
        case .quantile(let t): [t.quantile.name] + t.groupby.map(\.name)
        }
    }
}

/// A transform that cannot be read or run: what is wrong, and where, relative to the transform
/// object ("groupby[1]", "window[0].op"; "" for the object itself).
public struct TransformError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var path: String

    public init(_ message: String, path: String) {
        self.message = message
        self.path = path
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// What a transform needs beyond its input frame.
public struct TransformContext: Sendable {
    /// Secondary tables for `lookup`, by the `from.data` name or url as written in the spec
    /// (ChartData loads them).
    public var datasets: [String: DataFrame]

    public init(datasets: [String: DataFrame] = [:]) {
        self.datasets = datasets
    }
}

/// `calculate`: one new (or replaced) column from an expression evaluated per row.
func runCalculate(_ frame: DataFrame, _ expression: VegaExpression, as name: String) throws(TransformError) -> DataFrame {
    try checkFields(expression.fieldsComputed.sorted(), in: frame, path: "calculate")  // a compared field may be missing (undefined)
    let values: [DataValue]
    do {
        values = try expression.evaluateColumn(of: frame)
    } catch {
        throw TransformError("in expression \"\(expression.source)\": \(error.description)", path: "calculate")
    }
    var out = frame
    out.setColumn(name, values)
    return out
}

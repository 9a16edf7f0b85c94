/// A parsed Vega expression (`"datum.temp_max > 10 && month(datum.date) == 6"`), as used by
/// `filter`, `calculate`, `window`, `impute` and `joinaggregate`. Parse once, evaluate per row.
///
/// The language is Vega's: an ECMAScript 5 expression subset (`Expression+Lexer.swift`,
/// `Expression+Parser.swift`) evaluated with JavaScript's coercions (`Expression+Evaluator.swift`,
/// `Expression+Coercion.swift`) and Vega's function library (`Expression+Functions*.swift`).
/// Local time is UTC.
public struct VegaExpression: Sendable {
    /// The source text as written in the spec.
    public let source: String
    /// Fields read through `datum.x` or `datum["x"]` (for "no field x; fields are …" errors).
    public internal(set) var fieldsRead: Set<String> = []
    let root: ExpressionNode
    /// Field names by slot (see `ExpressionNode.field`).
    let fieldSlots: [String]

    /// Parses `source`; throws a located `ExpressionError` (offset into `source`) for a syntax
    /// error or an unknown function ("unsupported function foo; supported: …"). `variables` are
    /// the spec's parameters by name (Vega-Lite `params`), read as their values.
    public static func parse(_ source: String, variables: [String: DataValue] = [:]) throws(ExpressionError) -> VegaExpression {
        var parser = try ExpressionParser(source, variables: variables)
        let root = try parser.parseAll()
        return VegaExpression(source: source, fieldsRead: parser.fieldsRead, root: root, fieldSlots: parser.fieldSlots)
    }

    /// `fieldsRead` without those read only as an operand of `==`, `!=`, `===` or `!==`: there a
    /// field the row lacks is Vega's undefined, which equals no value (the gallery's CO2 chart
    /// compares fields no transform made); anywhere else it is most likely a mistake.
    public var fieldsComputed: Set<String> {
        var out: Set<String> = []
        func walk(_ node: ExpressionNode) {
            switch node {
            case .field(let name, _): out.insert(name)
            case .binary(let op, let l, let r) where [.looseEqual, .looseNotEqual, .strictEqual, .strictNotEqual].contains(op):
                for side in [l, r] { if case .field = side { continue }; walk(side) }
            case .binary(_, let l, let r), .and(let l, let r), .or(let l, let r), .member(let l, let r, _): walk(l); walk(r)
            case .unary(_, let e): walk(e)
            case .conditional(let a, let b, let c): walk(a); walk(b); walk(c)
            case .call(_, let args, _), .array(let args): args.forEach(walk)
            case .object(let members): members.forEach { walk($0.1) }
            case .literal, .regex, .datum: break
            }
        }
        walk(root)
        return out
    }

    /// Evaluates against row `row` of `frame` (`datum` is that row).
    public func evaluate(row: Int, of frame: DataFrame) throws(ExpressionError) -> DataValue {
        var scope = ExpressionScope(frame: frame, slots: [], row: row)
        return try ExpressionEvaluator.evaluate(root, &scope)
    }

    /// Evaluates with `datum` = `datum` (an object not held in a frame: a window's or an
    /// imputed row, a literal row in a test).
    public func evaluate(datum: [String: DataValue]) throws(ExpressionError) -> DataValue {
        var scope = ExpressionScope(object: datum)
        return try ExpressionEvaluator.evaluate(root, &scope)
    }

    /// Evaluates against every row of `frame` in order (a `calculate` column, a `filter` mask).
    public func evaluateColumn(of frame: DataFrame) throws(ExpressionError) -> [DataValue] {
        var out: [DataValue] = []
        out.reserveCapacity(frame.rowCount)
        var scope = ExpressionScope(frame: frame, slots: fieldSlots, row: 0)
        for row in 0..<frame.rowCount {
            scope.row = row
            scope.randomState = UInt64(truncatingIfNeeded: row)
            out.append(try ExpressionEvaluator.evaluate(root, &scope))
        }
        return out
    }
}

/// A problem in an expression: what is wrong, and where in the source (UTF-16 offset as editors
/// count; nil when it is about the whole expression).
public struct ExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var offset: Int?

    public init(message: String, offset: Int?) {
        self.message = message
        self.offset = offset
    }

    public var description: String {
        offset.map { "\(message) (at character \($0 + 1))" } ?? message
    }
}

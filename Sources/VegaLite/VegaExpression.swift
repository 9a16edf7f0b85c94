/// A parsed Vega expression (`"datum.temp_max > 10 && month(datum.date) == 6"`), as used by
/// `filter`, `calculate`, `window`, `impute` and `joinaggregate`. Parse once, evaluate per row.
///
/// Interface agreed between the expression and transform work; the implementation lives in
/// `Expression+Lexer.swift`, `Expression+Parser.swift`, `Expression+Evaluator.swift`.
public struct VegaExpression: Sendable {
    /// The source text as written in the spec.
    public let source: String
    /// Fields read through `datum.x` or `datum["x"]` (for "no field x; fields are …" errors).
    public internal(set) var fieldsRead: Set<String> = []

    /// Parses `source`; throws a located `ExpressionError` (offset into `source`) for a syntax
    /// error or an unknown function ("unsupported function foo; supported: …").
    public static func parse(_ source: String) throws(ExpressionError) -> VegaExpression {
        throw ExpressionError(message: "the expression language is not built yet", offset: 0)
    }

    /// Evaluates against row `row` of `frame` (`datum` is that row).
    public func evaluate(row: Int, of frame: DataFrame) throws(ExpressionError) -> DataValue {
        throw ExpressionError(message: "the expression language is not built yet", offset: 0)
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

/// The syntax tree of a Vega expression.
indirect enum ExpressionNode: Sendable {
    case literal(DataValue)
    /// A regular expression literal `/pattern/flags`.
    case regex(pattern: String, flags: String)
    case array([ExpressionNode])
    case object([(String, ExpressionNode)])
    /// `datum` itself.
    case datum
    /// `datum.x`, `datum["x"]`: a field of the current row; `slot` numbers the expression's
    /// distinct fields, so a whole column can be looked up once.
    case field(String, slot: Int)
    /// `object.name` or `object[index]` on any other value.
    case member(ExpressionNode, ExpressionNode, offset: Int)
    case unary(String, ExpressionNode)
    case binary(BinaryOperator, ExpressionNode, ExpressionNode)
    case and(ExpressionNode, ExpressionNode)
    case or(ExpressionNode, ExpressionNode)
    case conditional(ExpressionNode, ExpressionNode, ExpressionNode)
    case call(Builtin, [ExpressionNode], offset: Int)
}

/// The binary operators Vega's grammar has (ECMAScript 5's, without `instanceof`).
enum BinaryOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case looseEqual = "==", looseNotEqual = "!=", strictEqual = "===", strictNotEqual = "!=="
    case less = "<", greater = ">", lessOrEqual = "<=", greaterOrEqual = ">="
    case bitAnd = "&", bitOr = "|", bitXor = "^", shiftLeft = "<<", shiftRight = ">>", shiftRightUnsigned = ">>>"
    case `in` = "in"
}

/// Recursive-descent parser with ECMAScript 5 precedence, restricted as Vega restricts it: no
/// assignment, no `new`/`this`/`typeof`, calls only of the built-in functions, identifiers only
/// `datum`, the constants and the spec's parameters (`variables`: Vega-Lite's `params`, each
/// read as its value, a literal from here on).
struct ExpressionParser {
    /// Parameter values by name (`{"name": "yr", "value": 2013}` makes `yr` read 2013).
    private let variables: [String: DataValue]
    private var tokens: [ExpressionToken]
    private var p = 0
    private(set) var fieldsRead: Set<String> = []
    /// The distinct fields in order of first use (index = slot).
    private(set) var fieldSlots: [String] = []
    /// Nesting depth, bounded so hostile input cannot exhaust the stack.
    private var depth = 0
    static let maxDepth = 200

    init(_ source: String, variables: [String: DataValue] = [:]) throws(ExpressionError) {
        self.variables = variables
        var lexer = ExpressionLexer(source)
        tokens = try lexer.tokens()
    }

    mutating func parseAll() throws(ExpressionError) -> ExpressionNode {
        if case .end = tokens[0].kind { throw ExpressionError(message: "empty expression", offset: 0) }
        let node = try expression()
        guard case .end = current.kind else { throw unexpected() }
        return node
    }

    private var current: ExpressionToken { tokens[p] }

    private func unexpected() -> ExpressionError {
        let t = current
        let what: String = switch t.kind {
        case .end: "unexpected end of expression"
        case .number(let n): "unexpected number \(DataValue.jsNumberText(n))"
        case .string(let s): "unexpected string \"\(s)\""
        case .identifier(let s): "unexpected identifier \(s)"
        case .keyword(let s): "unexpected keyword \(s)"
        case .punctuator(let s): "unexpected \"\(s)\""
        case .regex: "unexpected regular expression"
        }
        return ExpressionError(message: what, offset: t.offset)
    }

    private func isPunctuator(_ s: String) -> Bool {
        if case .punctuator(let q) = current.kind { return q == s }
        return false
    }

    private mutating func expect(_ s: String) throws(ExpressionError) {
        guard isPunctuator(s) else { throw unexpected() }
        p += 1
    }

    private mutating func expression() throws(ExpressionError) -> ExpressionNode {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth { throw ExpressionError(message: "expression nested too deeply", offset: current.offset) }
        let test = try binary(0)
        guard isPunctuator("?") else { return test }
        p += 1
        let yes = try expression()
        try expect(":")
        let no = try expression()
        return .conditional(test, yes, no)
    }

    private func precedence(_ t: ExpressionToken) -> Int {
        switch t.kind {
        case .keyword("in"): return 7
        case .punctuator(let s):
            switch s {
            case "||": return 1
            case "&&": return 2
            case "|": return 3
            case "^": return 4
            case "&": return 5
            case "==", "!=", "===", "!==": return 6
            case "<", ">", "<=", ">=": return 7
            case "<<", ">>", ">>>": return 8
            case "+", "-": return 9
            case "*", "/", "%": return 11
            default: return 0
            }
        default: return 0
        }
    }

    /// Operators of precedence above `minimum`, left-associative.
    private mutating func binary(_ minimum: Int) throws(ExpressionError) -> ExpressionNode {
        var left = try unary()
        while true {
            let t = current
            let prec = precedence(t)
            guard prec > minimum else { return left }
            p += 1
            let right = try binary(prec)
            let op: String = if case .punctuator(let s) = t.kind { s } else { "in" }
            switch op {
            case "&&": left = .and(left, right)
            case "||": left = .or(left, right)
            default:
                guard let binary = BinaryOperator(rawValue: op) else { throw ExpressionError(message: "unsupported operator \(op)", offset: t.offset) }
                left = .binary(binary, left, right)
            }
        }
    }

    private mutating func unary() throws(ExpressionError) -> ExpressionNode {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth { throw ExpressionError(message: "expression nested too deeply", offset: current.offset) }
        if case .punctuator(let s) = current.kind, ["+", "-", "!", "~"].contains(s) {
            p += 1
            return .unary(s, try unary())
        }
        return try postfix()
    }

    private mutating func postfix() throws(ExpressionError) -> ExpressionNode {
        var node = try primary()
        while true {
            let start = current.offset
            if isPunctuator(".") {
                p += 1
                let name: String
                switch current.kind {
                case .identifier(let s), .keyword(let s): name = s
                default: throw unexpected()
                }
                p += 1
                node = member(node, .literal(.string(name)), offset: start)
            } else if isPunctuator("[") {
                p += 1
                let index = try expression()
                try expect("]")
                node = member(node, index, offset: start)
            } else if isPunctuator("(") {
                throw ExpressionError(message: "only the built-in functions can be called", offset: start)
            } else {
                return node
            }
        }
    }

    private mutating func member(_ object: ExpressionNode, _ property: ExpressionNode, offset: Int) -> ExpressionNode {
        if case .datum = object, case .literal(let key) = property {
            let name = JS.string(key)
            if fieldsRead.insert(name).inserted { fieldSlots.append(name) }
            return .field(name, slot: fieldSlots.firstIndex(of: name)!)
        }
        return .member(object, property, offset: offset)
    }

    private mutating func primary() throws(ExpressionError) -> ExpressionNode {
        let t = current
        switch t.kind {
        case .number(let n):
            p += 1
            return .literal(.number(n))
        case .string(let s):
            p += 1
            return .literal(.string(s))
        case .regex(let pattern, let flags):
            p += 1
            return .regex(pattern: pattern, flags: flags)
        case .punctuator("("):
            p += 1
            let e = try expression()
            try expect(")")
            return e
        case .punctuator("["):
            p += 1
            var items: [ExpressionNode] = []
            while !isPunctuator("]") {
                items.append(try expression())
                if !isPunctuator("]") { try expect(",") }
            }
            p += 1
            return .array(items)
        case .punctuator("{"):
            p += 1
            var members: [(String, ExpressionNode)] = []
            while !isPunctuator("}") {
                let key: String
                switch current.kind {
                case .identifier(let s), .keyword(let s), .string(let s): key = s
                case .number(let n): key = DataValue.jsNumberText(n)
                default: throw unexpected()
                }
                p += 1
                try expect(":")
                members.append((key, try expression()))
                if !isPunctuator("}") { try expect(",") }
            }
            p += 1
            return .object(members)
        case .identifier(let name):
            p += 1
            if isPunctuator("(") { return try call(name, at: t.offset) }
            return try identifier(name, at: t.offset)
        case .keyword("if"):
            p += 1
            guard isPunctuator("(") else { throw unexpected() }
            return try call("if", at: t.offset)
        default:
            throw unexpected()
        }
    }

    private mutating func call(_ name: String, at offset: Int) throws(ExpressionError) -> ExpressionNode {
        guard let builtin = Builtin(rawValue: name) else {
            let message = ExpressionFunctions.unavailable[name].map { "function \(name) is not available in Pitchline: \($0)" }
                ?? "unsupported function \(name); supported: \(ExpressionFunctions.names.sorted().joined(separator: ", "))"
            throw ExpressionError(message: message, offset: offset)
        }
        p += 1  // (
        var args: [ExpressionNode] = []
        while !isPunctuator(")") {
            args.append(try expression())
            if !isPunctuator(")") { try expect(",") }
        }
        p += 1
        return .call(builtin, args, offset: offset)
    }

    private func identifier(_ name: String, at offset: Int) throws(ExpressionError) -> ExpressionNode {
        switch name {
        case "datum": return .datum
        case "true": return .literal(.bool(true))
        case "false": return .literal(.bool(false))
        case "null": return .literal(.null)
        default: break
        }
        if let value = ExpressionFunctions.constants[name] { return .literal(.number(value)) }
        if let value = variables[name] { return .literal(value) }
        if ["event", "item", "parent", "group"].contains(name) {
            throw ExpressionError(
                message: "\(name) is not available in Pitchline (expressions see only datum, not interaction or scenegraph items)",
                offset: offset)
        }
        throw ExpressionError(
            message: "unknown identifier \(name); expressions read fields through datum (datum.\(name) or datum[\"\(name)\"])"
                + (variables.isEmpty ? "" : " and parameters by name (\(variables.keys.sorted().joined(separator: ", ")))"),
            offset: offset)
    }
}

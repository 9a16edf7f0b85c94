import Foundation

/// What `datum` is during one evaluation.
struct ExpressionScope {
    /// The frame of the row, or nil when `datum` is `object`.
    let frame: DataFrame?
    /// The expression's fields by slot (nil: the frame has no such field); empty when fields are
    /// looked up by name (one row only: the lookup would cost more than it saves).
    let columns: [[DataValue]?]
    var row: Int
    let object: [String: DataValue]
    /// State of `random()` (seeded by the row, so a build is reproducible).
    var randomState: UInt64

    init(frame: DataFrame, slots: [String], row: Int) {
        self.frame = frame
        columns = slots.map { frame.column($0) }
        self.row = row
        object = [:]
        randomState = UInt64(truncatingIfNeeded: row)
    }

    init(object: [String: DataValue]) {
        frame = nil
        columns = []
        row = 0
        self.object = object
        randomState = 0
    }

    func field(_ name: String, slot: Int) -> DataValue {
        if let frame { return columns.isEmpty ? frame[row, name] : columns[slot]?[row] ?? .null }
        return object[name] ?? .null
    }

    var datum: DataValue { .object(frame?.object(row: row) ?? object) }
}

extension DataValue {
    /// Whether JavaScript holds this value by reference (a Date, an array or an object).
    var isReference: Bool {
        switch self {
        case .date, .array, .object: true
        default: false
        }
    }
}

/// Walks the syntax tree with JavaScript's semantics.
enum ExpressionEvaluator {
    static func evaluate(_ node: ExpressionNode, _ scope: inout ExpressionScope) throws(ExpressionError) -> DataValue {
        switch node {
        case .literal(let v): return v
        case .field(let name, let slot): return scope.field(name, slot: slot)
        case .datum: return scope.datum
        case .regex(let pattern, let flags): return .string("/\(pattern)/\(flags)")
        case .array(let items):
            var out: [DataValue] = []
            out.reserveCapacity(items.count)
            for item in items { out.append(try evaluate(item, &scope)) }
            return .array(out)
        case .object(let members):
            var out: [String: DataValue] = [:]
            for (key, value) in members { out[key] = try evaluate(value, &scope) }
            return .object(out)
        case .member(let object, let property, let offset):
            let o = try evaluate(object, &scope)
            let key = try evaluate(property, &scope)
            return try member(o, key, offset: offset)
        case .unary(let op, let operand):
            let v = try evaluate(operand, &scope)
            switch op {
            case "-": return .number(-JS.number(v))
            case "+": return .number(JS.number(v))
            case "!": return .bool(!v.isTruthy)
            default: return .number(Double(~JS.int32(v)))
            }
        case .and(let a, let b):
            let l = try evaluate(a, &scope)
            return l.isTruthy ? try evaluate(b, &scope) : l
        case .or(let a, let b):
            let l = try evaluate(a, &scope)
            return l.isTruthy ? l : try evaluate(b, &scope)
        case .conditional(let test, let yes, let no):
            return try evaluate(test, &scope).isTruthy ? try evaluate(yes, &scope) : try evaluate(no, &scope)
        case .binary(let op, let a, let b):
            let l = try evaluate(a, &scope), r = try evaluate(b, &scope)
            if case .field(let x, _) = a, case .field(let y, _) = b, x == y,
                op == .looseEqual || op == .strictEqual || op == .looseNotEqual || op == .strictNotEqual
            {
                // The same field twice is the same JavaScript object: identical even for dates
                // and arrays, which two different objects never are.
                let equal = l.isReference || JS.strictEquals(l, r)
                return .bool(op == .looseNotEqual || op == .strictNotEqual ? !equal : equal)
            }
            return try binary(op, l, r)
        case .call(let name, let args, let offset):
            return try ExpressionFunctions.call(name, args, offset: offset, &scope)
        }
    }

    static func binary(_ op: BinaryOperator, _ a: DataValue, _ b: DataValue) throws(ExpressionError) -> DataValue {
        switch op {
        case .add: return JS.add(a, b)
        case .subtract: return .number(JS.number(a) - JS.number(b))
        case .multiply: return .number(JS.number(a) * JS.number(b))
        case .divide: return .number(JS.number(a) / JS.number(b))
        case .remainder: return .number(JS.number(a).truncatingRemainder(dividingBy: JS.number(b)))
        case .looseEqual: return .bool(JS.looseEquals(a, b))
        case .looseNotEqual: return .bool(!JS.looseEquals(a, b))
        case .strictEqual: return .bool(JS.strictEquals(a, b))
        case .strictNotEqual: return .bool(!JS.strictEquals(a, b))
        case .less: return .bool(JS.less(a, b) ?? false)
        case .greater: return .bool(JS.less(b, a) ?? false)
        case .lessOrEqual: return .bool(JS.less(b, a).map { !$0 } ?? false)
        case .greaterOrEqual: return .bool(JS.less(a, b).map { !$0 } ?? false)
        case .bitAnd: return .number(Double(JS.int32(a) & JS.int32(b)))
        case .bitOr: return .number(Double(JS.int32(a) | JS.int32(b)))
        case .bitXor: return .number(Double(JS.int32(a) ^ JS.int32(b)))
        case .shiftLeft: return .number(Double(JS.int32(a) << (UInt32(bitPattern: JS.int32(b)) & 31)))
        case .shiftRight: return .number(Double(JS.int32(a) >> (UInt32(bitPattern: JS.int32(b)) & 31)))
        case .shiftRightUnsigned:
            return .number(Double(UInt32(bitPattern: JS.int32(a)) >> (UInt32(bitPattern: JS.int32(b)) & 31)))
        case .in:
            let key = JS.string(a)
            switch b {
            case .object(let o): return .bool(o[key] != nil)
            case .array(let items):
                if key == "length" { return .bool(true) }
                if let i = Int(key), i >= 0, i < items.count, String(i) == key { return .bool(true) }
                return .bool(false)
            default:
                throw ExpressionError(message: "cannot use 'in' to search for '\(key)' in \(JS.string(b))", offset: nil)
            }
        }
    }

    /// `object[key]` as JavaScript reads it (strings and arrays by index and `length`).
    static func member(_ o: DataValue, _ key: DataValue, offset: Int) throws(ExpressionError) -> DataValue {
        let name = JS.string(key)
        switch o {
        case .null:
            throw ExpressionError(message: "cannot read property '\(name)' of null or undefined", offset: offset)
        case .object(let dict): return dict[name] ?? .null
        case .array(let items):
            if name == "length" { return .number(Double(items.count)) }
            if let i = Int(name), i >= 0, i < items.count, String(i) == name { return items[i] }
            return .null
        case .string(let s):
            let u = s.utf16
            if name == "length" { return .number(Double(u.count)) }
            if let i = Int(name), i >= 0, i < u.count, String(i) == name {
                return .string(String(decoding: [u[u.index(u.startIndex, offsetBy: i)]], as: UTF16.self))
            }
            return .null
        default:
            return .null
        }
    }
}

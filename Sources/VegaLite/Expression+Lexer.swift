/// Tokens of the Vega expression language (an ECMAScript 5 expression subset).
struct ExpressionToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case number(Double)
        case string(String)
        case identifier(String)
        /// A keyword the language reserves (`in`, `typeof`, `new`, …): only `in` is usable.
        case keyword(String)
        case punctuator(String)
        case regex(pattern: String, flags: String)
        case end
    }
    var kind: Kind
    /// UTF-16 offset of the first character.
    var offset: Int
}

/// Splits an expression into tokens. A `/` starts a regular expression literal where an
/// operand is expected (as ECMAScript decides), and is division elsewhere.
struct ExpressionLexer {
    private let chars: [UInt16]
    private var i = 0
    private var previous: ExpressionToken.Kind?

    init(_ source: String) { chars = Array(source.utf16) }

    static let keywords: Set<String> = [
        "if", "in", "do", "var", "for", "new", "try", "let", "this", "else", "case", "void", "with", "enum",
        "while", "break", "catch", "throw", "const", "yield", "class", "super", "return", "typeof", "delete",
        "switch", "export", "import", "public", "static", "default", "finally", "extends", "package",
        "private", "function", "continue", "debugger", "interface", "protected", "instanceof", "implements",
    ]
    static let punctuators = [
        ">>>=", "===", "!==", ">>>", "<<=", ">>=", "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "++", "--",
        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "{", "}", "(", ")", "[", "]", ".", ";", ",", "<", ">",
        "+", "-", "*", "/", "%", "&", "|", "^", "!", "~", "?", ":", "=",
    ].map { Array($0.utf16) }

    mutating func tokens() throws(ExpressionError) -> [ExpressionToken] {
        var out: [ExpressionToken] = []
        while true {
            let t = try next()
            out.append(t)
            previous = t.kind
            if t.kind == .end { return out }
        }
    }

    private func error(_ message: String, _ at: Int) -> ExpressionError { ExpressionError(message: message, offset: at) }

    private mutating func next() throws(ExpressionError) -> ExpressionToken {
        skipSpace()
        let start = i
        guard i < chars.count else { return ExpressionToken(kind: .end, offset: i) }
        let c = chars[i]
        if isIdentifierStart(c) {
            while i < chars.count, isIdentifierPart(chars[i]) { i += 1 }
            let name = String(decoding: chars[start..<i], as: UTF16.self)
            // After ".", a reserved word is a property name (`datum.yield`), as in JavaScript.
            let isProperty = previous == .punctuator(".")
            return ExpressionToken(kind: Self.keywords.contains(name) && !isProperty ? .keyword(name) : .identifier(name), offset: start)
        }
        if isDigit(c) || (c == 46 && i + 1 < chars.count && isDigit(chars[i + 1])) {
            return ExpressionToken(kind: .number(try number()), offset: start)
        }
        if c == 34 || c == 39 { return ExpressionToken(kind: .string(try string(quote: c)), offset: start) }
        if c == 47 && expectsOperand { return try regex() }
        for p in Self.punctuators where i + p.count <= chars.count && Array(chars[i..<(i + p.count)]) == p {
            i += p.count
            return ExpressionToken(kind: .punctuator(String(decoding: p, as: UTF16.self)), offset: start)
        }
        throw error("unexpected character \"\(String(decoding: [c], as: UTF16.self))\"", start)
    }

    /// Whether the previous token leaves the parser expecting an operand (so `/` opens a regex).
    private var expectsOperand: Bool {
        switch previous {
        case nil: return true
        case .punctuator(let p): return ![")", "]", "}"].contains(p)
        case .keyword: return true
        default: return false
        }
    }

    private mutating func skipSpace() {
        while i < chars.count {
            let c = chars[i]
            if c == 32 || (c >= 9 && c <= 13) || c == 0xA0 || c == 0xFEFF || c == 0x2028 || c == 0x2029
                || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F || c == 0x3000
            {
                i += 1
            } else if c == 47, i + 1 < chars.count, chars[i + 1] == 47 {  // line comment
                while i < chars.count, chars[i] != 10, chars[i] != 13 { i += 1 }
            } else if c == 47, i + 1 < chars.count, chars[i + 1] == 42 {  // block comment
                i += 2
                while i + 1 < chars.count, !(chars[i] == 42 && chars[i + 1] == 47) { i += 1 }
                i = min(chars.count, i + 2)
            } else {
                return
            }
        }
    }

    private mutating func number() throws(ExpressionError) -> Double {
        let start = i
        if chars[i] == 48, i + 1 < chars.count, chars[i + 1] == 120 || chars[i + 1] == 88 {  // 0x
            i += 2
            let digitsStart = i
            var value = 0.0
            while i < chars.count, let d = hexValue(chars[i]) {
                value = value * 16 + Double(d)
                i += 1
            }
            if i == digitsStart { throw error("expected hexadecimal digits after 0x", start) }
            if i < chars.count, isIdentifierStart(chars[i]) || isDigit(chars[i]) {
                throw error("unexpected character after a number", i)
            }
            return value
        }
        if chars[i] == 48, i + 1 < chars.count, isDigit(chars[i + 1]) {
            throw error("a number cannot start with 0 (Vega reads no octal literals)", start)
        }
        while i < chars.count, isDigit(chars[i]) { i += 1 }
        if i < chars.count, chars[i] == 46 {
            i += 1
            while i < chars.count, isDigit(chars[i]) { i += 1 }
        }
        if i < chars.count, chars[i] == 101 || chars[i] == 69 {  // e
            i += 1
            if i < chars.count, chars[i] == 43 || chars[i] == 45 { i += 1 }
            let digitsStart = i
            while i < chars.count, isDigit(chars[i]) { i += 1 }
            if i == digitsStart { throw error("expected digits in the exponent", start) }
        }
        if i < chars.count, isIdentifierStart(chars[i]) { throw error("unexpected character after a number", i) }
        let text = String(decoding: chars[start..<i], as: UTF16.self)
        guard let value = Double(text) else { throw error("invalid number \(text)", start) }
        return value
    }

    private mutating func string(quote: UInt16) throws(ExpressionError) -> String {
        let start = i
        i += 1
        var out: [UInt16] = []
        while true {
            guard i < chars.count else { throw error("unterminated string", start) }
            let c = chars[i]
            i += 1
            if c == quote { break }
            if c == 10 || c == 13 || c == 0x2028 || c == 0x2029 { throw error("unterminated string", start) }
            guard c == 92 else {  // backslash
                out.append(c)
                continue
            }
            guard i < chars.count else { throw error("unterminated string", start) }
            let e = chars[i]
            i += 1
            switch e {
            case 110: out.append(10)  // n
            case 114: out.append(13)  // r
            case 116: out.append(9)  // t
            case 98: out.append(8)  // b
            case 102: out.append(12)  // f
            case 118: out.append(11)  // v
            case 117, 120:  // u, x
                let count = e == 117 ? 4 : 2
                var value: UInt32 = 0
                if e == 117, i < chars.count, chars[i] == 123 {  // \u{…}
                    i += 1
                    var digits = 0
                    while i < chars.count, let d = hexValue(chars[i]) {
                        value = value &* 16 &+ UInt32(d)
                        i += 1
                        digits += 1
                    }
                    guard digits > 0, i < chars.count, chars[i] == 125, value <= 0x10FFFF else {
                        throw error("invalid Unicode escape", i)
                    }
                    i += 1
                    out.append(contentsOf: Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf16))
                    continue
                }
                for _ in 0..<count {
                    guard i < chars.count, let d = hexValue(chars[i]) else { throw error("invalid escape", i) }
                    value = value * 16 + UInt32(d)
                    i += 1
                }
                out.append(UInt16(value))
            case 13:  // line continuation
                if i < chars.count, chars[i] == 10 { i += 1 }
            case 10, 0x2028, 0x2029: break
            case 48 where !(i < chars.count && isDigit(chars[i])): out.append(0)
            default: out.append(e)
            }
        }
        return String(decoding: out, as: UTF16.self)
    }

    private mutating func regex() throws(ExpressionError) -> ExpressionToken {
        let start = i
        i += 1
        var inClass = false
        var pattern: [UInt16] = []
        while true {
            guard i < chars.count, chars[i] != 10, chars[i] != 13 else {
                throw error("unterminated regular expression", start)
            }
            let c = chars[i]
            i += 1
            if c == 92 {
                pattern.append(c)
                guard i < chars.count else { throw error("unterminated regular expression", start) }
                pattern.append(chars[i])
                i += 1
                continue
            }
            if c == 91 { inClass = true } else if c == 93 { inClass = false } else if c == 47 && !inClass { break }
            pattern.append(c)
        }
        let flagsStart = i
        while i < chars.count, isIdentifierPart(chars[i]) { i += 1 }
        let flags = String(decoding: chars[flagsStart..<i], as: UTF16.self)
        for f in flags where !"gimuy".contains(f) { throw error("invalid regular expression flag \"\(f)\"", flagsStart) }
        return ExpressionToken(kind: .regex(pattern: String(decoding: pattern, as: UTF16.self), flags: flags), offset: start)
    }

    private func isDigit(_ c: UInt16) -> Bool { c >= 48 && c <= 57 }
    private func hexValue(_ c: UInt16) -> Int? {
        switch c {
        case 48...57: Int(c - 48)
        case 97...102: Int(c - 87)
        case 65...70: Int(c - 55)
        default: nil
        }
    }
    private func isIdentifierStart(_ c: UInt16) -> Bool {
        (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 36 || c == 95 || (c >= 0x80 && !isSpaceLike(c))
    }
    private func isIdentifierPart(_ c: UInt16) -> Bool { isIdentifierStart(c) || isDigit(c) }
    private func isSpaceLike(_ c: UInt16) -> Bool {
        c == 0xA0 || c == 0xFEFF || c == 0x2028 || c == 0x2029 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A)
            || c == 0x202F || c == 0x205F || c == 0x3000
    }
}

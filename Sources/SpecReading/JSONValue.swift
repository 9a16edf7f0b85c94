import ChartModel
import Foundation

/// A JSON value that remembers where it starts (line and column) and keeps object keys in file
/// order. Our own small parser because `JSONSerialization` reports neither, and a spec author
/// needs `site/charts/x.vl.json:12:5: …` to find a mistake.
package struct JSONValue: Sendable {
    package indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([(key: String, value: JSONValue)])
    }

    package var value: Value
    /// Line where the value starts (1-based).
    package var line: Int

    package init(value: Value, line: Int) {
        self.value = value
        self.line = line
    }

    package var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    package var string: String? { if case .string(let s) = value { s } else { nil } }
    package var number: Double? { if case .number(let n) = value { n } else { nil } }

    /// Parses a whole document. Errors carry the line and column of the offending character.
    package static func parse(_ data: Data, file: String, maxDepth: Int = 200) throws(ChartProblem) -> JSONValue {
        let result: Result<JSONValue, ChartProblem> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self), file: file, maxDepth: maxDepth)
            do throws(ChartProblem) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    let maxDepth: Int
    var i = 0
    var line = 1
    var lineStart = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, maxDepth: Int) {
        self.bytes = bytes
        self.file = file
        self.maxDepth = maxDepth
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3; lineStart = 3 }
    }

    var column: Int {
        var c = 1
        var j = lineStart
        while j < i && j < bytes.count {
            if bytes[j] & 0xC0 != 0x80 { c += 1 }
            j += 1
        }
        return c
    }

    func fail(_ message: String) -> ChartProblem {
        ChartProblem(file: file, line: line, column: column, message: "JSON syntax error: \(message)")
    }

    mutating func parseDocument() throws(ChartProblem) -> JSONValue {
        skipSpace()
        if i >= bytes.count { throw fail("the file is empty") }
        let value = try parseValue()
        skipSpace()
        if i < bytes.count { throw fail("unexpected \(describe(bytes[i])) after the end of the document") }
        return value
    }

    mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A: i += 1; line += 1; lineStart = i
            default: return
            }
        }
    }

    func describe(_ b: UInt8) -> String {
        b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : String(format: "byte 0x%02X", b)
    }

    /// An object's members or an array's items, from the opening byte at `i` to past `close`:
    /// `item` reads one (space before it skipped); the nesting depth is counted and bounded.
    mutating func items(closedBy close: UInt8, in container: String, _ item: (inout JSONParser) throws(ChartProblem) -> Void) throws(ChartProblem) {
        depth += 1
        if depth > maxDepth { throw fail("nested more than \(maxDepth) levels deep") }
        defer { depth -= 1 }
        i += 1
        skipSpace()
        if i < bytes.count && bytes[i] == close { i += 1; return }
        let closing = describe(close)
        while true {
            skipSpace()
            try item(&self)
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file inside \(container); expected ',' or \(closing)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == close { i += 1; return }
            throw fail("expected ',' or \(closing) in \(container), found \(describe(bytes[i]))")
        }
    }

    mutating func parseValue() throws(ChartProblem) -> JSONValue {
        guard i < bytes.count else { throw fail("unexpected end of file; expected a value") }
        let startLine = line
        func at(_ v: JSONValue.Value) -> JSONValue { JSONValue(value: v, line: startLine) }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            var members: [(key: String, value: JSONValue)] = []
            try items(closedBy: UInt8(ascii: "}"), in: "an object") { (p: inout JSONParser) throws(ChartProblem) in
                guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: "\"") else {
                    throw p.fail(p.i < p.bytes.count ? "expected a quoted key, found \(p.describe(p.bytes[p.i]))" : "unexpected end of file inside an object")
                }
                let keyStart = p.i
                let key = try p.parseString()
                if members.contains(where: { $0.key == key }) {
                    p.i = keyStart
                    throw p.fail("duplicate key \"\(key)\"")
                }
                p.skipSpace()
                guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: ":") else { throw p.fail("expected ':' after the key \"\(key)\"") }
                p.i += 1
                p.skipSpace()
                members.append((key, try p.parseValue()))
            }
            return at(.object(members))
        case UInt8(ascii: "["):
            var values: [JSONValue] = []
            try items(closedBy: UInt8(ascii: "]"), in: "an array") { (p: inout JSONParser) throws(ChartProblem) in values.append(try p.parseValue()) }
            return at(.array(values))
        case UInt8(ascii: "\""):
            return at(.string(try parseString()))
        case UInt8(ascii: "t"):
            try literal("true"); return at(.bool(true))
        case UInt8(ascii: "f"):
            try literal("false"); return at(.bool(false))
        case UInt8(ascii: "n"):
            try literal("null"); return at(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = i
            while i < bytes.count, case let c = bytes[i],
                  (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2B || c == 0x2E || c == 0x45 || c == 0x65 {
                i += 1
            }
            guard let n = CellParsing.number(UnsafeBufferPointer(rebasing: bytes[start..<i])) else {
                i = start
                throw fail("malformed number")
            }
            return at(.number(n))
        default:
            throw fail("unexpected \(describe(bytes[i])); expected a value (object, array, string, number, true, false or null)")
        }
    }

    mutating func literal(_ word: String) throws(ChartProblem) {
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else { throw fail("unexpected characters; did you mean \(word)?") }
            i += 1
        }
    }

    mutating func parseString() throws(ChartProblem) -> String {
        i += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c < 0x20 { throw fail(c == 0x0A ? "line break inside a string (unterminated string?)" : "control character inside a string") }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { throw fail("unterminated string") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail("unpaired surrogate in \\u escape")
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                default:
                    i -= 1
                    throw fail("unknown escape \\\(Character(Unicode.Scalar(e)))")
                }
                continue
            }
            out.append(c)
            i += 1
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
        return s
    }

    mutating func hex4() throws(ChartProblem) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw fail("unterminated \\u escape") }
            let c = bytes[i] | 0x20
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail("bad \\u escape; expected four hex digits")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}

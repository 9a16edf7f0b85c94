import Foundation

/// Scalars as JSONEncoder writes them, and any `Encodable` through `DirectEncoder`.
extension JSONSink {
    /// `value` at `depth` (its container, if it makes one, is the `depth`-th open one).
    func writeValue<T: Encodable>(_ value: T, depth: Int) throws {
        close(downTo: depth)
        // Scalars, the arrays the data script is made of, and the Foundation types JSONEncoder
        // writes in its own way (not through their `encode(to:)`), each found by a metatype
        // comparison rather than a dynamic cast.
        if T.self == String.self { return writeString(unsafeBitCast(value, to: String.self)) }
        if T.self == Double.self { return try writeDouble(unsafeBitCast(value, to: Double.self)) }
        if T.self == Int.self { return writeInt(unsafeBitCast(value, to: Int.self)) }
        if T.self == Bool.self { return writeBool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == [String].self { return writeArray(unsafeBitCast(value, to: [String].self), depth: depth) { self.writeString($0) } }
        if T.self == [String?].self { return writeArray(unsafeBitCast(value, to: [String?].self), depth: depth) { self.writeOptional($0, self.writeString) } }
        if T.self == [Int].self { return writeArray(unsafeBitCast(value, to: [Int].self), depth: depth) { self.writeInt($0) } }
        if T.self == [Int?].self { return writeArray(unsafeBitCast(value, to: [Int?].self), depth: depth) { self.writeOptional($0, self.writeInt) } }
        if T.self == [Double].self { return try writeArray(unsafeBitCast(value, to: [Double].self), depth: depth) { try self.writeDouble($0) } }
        if T.self == [Double?].self { return try writeArray(unsafeBitCast(value, to: [Double?].self), depth: depth) { try self.writeOptional($0, self.writeDouble) } }
        if T.self == Data.self { return writeString(unsafeBitCast(value, to: Data.self).base64EncodedString()) }
        if T.self == URL.self { return writeString(unsafeBitCast(value, to: URL.self).absoluteString) }
        if T.self == Decimal.self { return writeText(unsafeBitCast(value, to: Decimal.self).description) }
        let before = out.count
        try value.encode(to: DirectEncoder(sink: self, depth: depth, owner: newOwner()))
        if out.count == before && depth > 0 { writeASCII("{}") }  // encoded nothing: JSONEncoder writes an empty object
    }

    @inline(__always)
    private func writeArray<E>(_ array: [E], depth: Int, _ element: (E) throws -> Void) rethrows {
        close(downTo: depth)
        if depth + 1 >= Self.maximumDepth, failure == nil {
            failure = EncodingError.invalidValue(depth, .init(codingPath: [], debugDescription: "Too many nested arrays or dictionaries"))
        }
        out.append(0x5B)
        for (i, e) in array.enumerated() {
            if i > 0 { out.append(0x2C) }
            try element(e)
        }
        out.append(0x5D)
    }

    @inline(__always)
    private func writeOptional<E>(_ value: E?, _ write: (E) throws -> Void) rethrows {
        if let value { try write(value) } else { writeASCII("null") }
    }

    func writeASCII(_ text: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func writeBool(_ value: Bool) { value ? writeASCII("true") : writeASCII("false") }

    func writeInt<I: FixedWidthInteger>(_ value: I) { writeText(value.description) }

    /// `description` without a final ".0" (JSONEncoder's numbers); infinity and NaN throw.
    func writeDouble(_ value: Double) throws {
        guard value.isFinite else { throw Self.nonFinite(value) }
        writeNumberText(value.description)
    }

    func writeFloat(_ value: Float) throws {
        guard value.isFinite else { throw Self.nonFinite(value) }
        writeNumberText(value.description)
    }

    private func writeNumberText(_ text: String) {
        var text = text
        text.withUTF8 { b in
            let n = b.count >= 2 && b[b.count - 2] == 0x2E && b[b.count - 1] == 0x30 ? b.count - 2 : b.count
            out.append(contentsOf: UnsafeBufferPointer(rebasing: b[..<n]))
        }
    }

    static func nonFinite<F: BinaryFloatingPoint>(_ value: F) -> EncodingError {
        EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00XX`
    /// (lower-case hex), everything else (slashes, U+2028, U+2029) as it is.
    func writeString(_ text: String) {
        out.append(0x22)
        var text = text
        text.withUTF8 { b in
            var mark = 0
            for i in 0..<b.count {
                let c = b[i]
                guard c < 0x20 || c == 0x22 || c == 0x5C else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[mark..<i]))
                writeEscape(c)
                mark = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: b[mark...]))
        }
        out.append(0x22)
    }

    private func writeEscape(_ c: UInt8) {
        out.append(0x5C)
        switch c {
        case 0x22, 0x5C: out.append(c)
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(c >> 4)], hex[Int(c & 15)]])
        }
    }
}

extension JSONSink {
    /// Text known to need no escapes (a `Decimal`'s digits).
    func writeText(_ text: String) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }
}

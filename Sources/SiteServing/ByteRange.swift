/// A `Range` header: one byte range (`bytes=a-b`, `a-`, `-n`). Several ranges or another unit
/// are ignored (the whole file is sent, as RFC 9110 allows).
public enum ByteRange: Equatable, Sendable {
    case satisfiable(ClosedRange<Int>)
    /// Well formed, but starts past the end (or asks for the last 0 bytes): 416.
    case unsatisfiable
    /// Malformed, multiple ranges or another unit: send 200 with everything.
    case ignored

    public static func parse(_ header: String, length: Int) -> ByteRange {
        var text = Substring(header).trimmingSpaces()
        guard text.lowercased().hasPrefix("bytes=") else { return .ignored }
        text = text.dropFirst("bytes=".count).trimmingSpaces()
        guard !text.contains(","), let dash = text.firstIndex(of: "-") else { return .ignored }
        let first = text[..<dash].trimmingSpaces()
        let last = text[text.index(after: dash)...].trimmingSpaces()
        guard first.allSatisfy(\.isASCIIDigit), last.allSatisfy(\.isASCIIDigit), first.count <= 18, last.count <= 18 else {
            return .ignored
        }
        if first.isEmpty {
            guard let suffix = Int(last) else { return .ignored }
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .satisfiable(max(0, length - suffix)...(length - 1))
        }
        guard let start = Int(first) else { return .ignored }
        if last.isEmpty {
            return start < length ? .satisfiable(start...(length - 1)) : .unsatisfiable
        }
        guard let end = Int(last), end >= start else { return .ignored }
        guard start < length else { return .unsatisfiable }
        return .satisfiable(start...min(end, length - 1))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

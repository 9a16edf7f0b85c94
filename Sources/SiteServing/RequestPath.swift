/// Maps a raw request path (as sent, not decoded) to a key of the generated set, or says why not.
///
/// Percent-decoded exactly once. Refused (400): bad escapes, NUL and other control bytes,
/// backslashes, invalid UTF-8, `.` and `..` segments (however encoded), anything not starting
/// with "/". There is no file-system lookup behind this: the result is only ever a dictionary key.
public enum RequestPath {
    public enum Outcome: Equatable, Sendable {
        /// The decoded path without the leading "/", e.g. `charts/x.html`, `` for the root,
        /// `reports/` for a folder.
        case path(String)
        case invalid
    }

    public static func resolve(_ raw: String) -> Outcome {
        guard let key = routeKey(raw) else { return .invalid }
        // Drop the leading "/" as one scalar: a Character would take a combining mark after it
        // ("/\u{35A}." would become ".", a dot segment; found by fuzz-request).
        return .path(String(String.UnicodeScalarView(key.unicodeScalars.dropFirst())))
    }

    /// The routing key: the decoded path *with* its leading "/", or nil if invalid. A target made
    /// only of unreserved characters (the usual case) is its own key: no copy, no decoding.
    static func routeKey(_ raw: String) -> String? {
        var plain = true
        var previous: UInt8 = 0
        for byte in raw.utf8 {
            if !isPlain(byte) || (byte == UInt8(ascii: ".") && previous == UInt8(ascii: "/")) {
                plain = false
                break
            }
            previous = byte
        }
        if plain && raw.utf8.first == UInt8(ascii: "/") { return raw }
        return decodedKey(raw)
    }

    /// Letters, digits, `-`, `_`, `~`, `/` and a `.` not starting a segment.
    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "/"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    private static func decodedKey(_ raw: String) -> String? {
        var utf8 = Array(raw.utf8)
        guard utf8.first == UInt8(ascii: "/") else { return nil }
        if utf8.contains(UInt8(ascii: "%")) {
            guard let decoded = percentDecoded(utf8) else { return nil }
            utf8 = decoded
        }
        if utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) { return nil }
        guard let text = String(validating: utf8, as: UTF8.self) else { return nil }
        let segments = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        for segment in segments {
            if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) { return nil }
        }
        return text
    }

    private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { return nil }
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

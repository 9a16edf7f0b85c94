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
        var utf8 = Array(raw.utf8)
        guard utf8.first == UInt8(ascii: "/") else { return .invalid }
        if utf8.contains(UInt8(ascii: "%")) {
            guard let decoded = percentDecoded(utf8) else { return .invalid }
            utf8 = decoded
        }
        for byte in utf8 where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
            _ = byte
            return .invalid
        }
        guard let text = String(validating: utf8, as: UTF8.self) else { return .invalid }
        let segments = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        for segment in segments {
            if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) { return .invalid }
        }
        return .path(String(text.dropFirst()))
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

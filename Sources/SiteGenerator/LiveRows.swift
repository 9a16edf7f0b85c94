import Foundation

/// Rows as texts in a live chart's data format: CSV records (one line each; quoted line breaks
/// are not supported in live files) or JSON objects.
public enum LiveRows {
    /// The header (CSV), every whole row, and the bytes they take (a CSV's unfinished last
    /// line is left for the next read).
    static func split(_ bytes: Data, format: LiveSource.Format) -> (header: String?, rows: [String], consumed: Int) {
        switch format {
        case .csv:
            guard let end = bytes.lastIndex(of: 0x0A) else { return (nil, [], 0) }
            let text = String(decoding: bytes[..<end], as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
            }
            let header = lines.isEmpty ? nil : lines.removeFirst()
            return (header, lines.filter { !$0.isEmpty }, end - bytes.startIndex + 1)
        case .json:
            guard let array = try? JSONSerialization.jsonObject(with: bytes) as? [Any] else { return (nil, [], 0) }
            return (nil, array.compactMap(objectText), bytes.count)
        }
    }

    static func objectText(_ object: Any) -> String? {
        guard JSONSerialization.isValidJSONObject(object),
              let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func inode(_ url: URL) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    /// A POST body's rows in the feed's format: `text/csv` lines (no header), or JSON (one
    /// object, an array of objects, or one object per line). JSON objects become CSV records of
    /// the file's columns; an unknown key is refused.
    public static func rows(fromBody body: [UInt8], contentType: String?, feed: LiveFeed) throws(LiveRowsProblem) -> [String] {
        let type = (contentType ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let text = String(decoding: body, as: UTF8.self)
        if type == "text/csv" {
            guard feed.source.format == .csv else { throw LiveRowsProblem(row: nil, message: "this chart's data is JSON: send JSON objects (application/json)") }
            return text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        }
        guard type == "application/json" || type == "application/x-ndjson" else {
            throw LiveRowsProblem(row: nil, message: "send rows as text/csv lines or application/json objects")
        }
        let objects = try jsonObjects(text)
        guard feed.source.format == .csv else {
            return try objects.enumerated().map { k, object throws(LiveRowsProblem) in
                guard let text = objectText(object) else { throw LiveRowsProblem(row: k + 1, message: "not a JSON object") }
                return text
            }
        }
        let columns = feed.columns
        return try objects.enumerated().map { k, object throws(LiveRowsProblem) in
            for key in object.keys.sorted() where !columns.contains(key) {
                throw LiveRowsProblem(row: k + 1, message: "column \"\(key)\" is not in the data (columns: \(columns.joined(separator: ", ")))")
            }
            return columns.map { csvField(object[$0]) }.joined(separator: ",")
        }
    }

    static func jsonObjects(_ text: String) throws(LiveRowsProblem) -> [[String: Any]] {
        if let whole = try? JSONSerialization.jsonObject(with: Data(text.utf8)) {
            if let one = whole as? [String: Any] { return [one] }
            if let many = whole as? [Any] {
                return try many.enumerated().map { k, item throws(LiveRowsProblem) in
                    guard let object = item as? [String: Any] else { throw LiveRowsProblem(row: k + 1, message: "expected a JSON object") }
                    return object
                }
            }
            throw LiveRowsProblem(row: nil, message: "expected a JSON object or an array of objects")
        }
        let lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        return try lines.enumerated().map { k, line throws(LiveRowsProblem) in
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                throw LiveRowsProblem(row: k + 1, message: "not a JSON object")
            }
            return object
        }
    }

    /// One CSV field (RFC 4180 quoting) from a JSON value; null or absent is empty.
    static func csvField(_ value: Any?) -> String {
        let text: String
        switch value {
        case nil, is NSNull: return ""
        case let s as String: text = s
        case let n as NSNumber: text = "\(n)"
        default: text = "\(value!)"
        }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

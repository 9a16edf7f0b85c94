import Foundation

/// A parsed CSV file (RFC 4180): the header and, for every cell, where its bytes are in the
/// source. Cells stay bytes until asked for: numbers and dates are parsed straight from them, so
/// a million-row file never builds millions of strings.
public struct CSVTable: Sendable {
    /// Column names from the first record.
    public let header: [String]
    /// Data rows (the header excluded).
    public let rowCount: Int
    /// The file as read (may be memory-mapped); cell ranges index into it.
    package let data: Data
    /// Row-major cell ranges: `starts[row * columnCount + column]` …
    package let starts: [UInt32]
    /// … and the end, with `CSVTable.escapedFlag` set when the cell holds doubled quotes (`""`).
    package let ends: [UInt32]

    package static let escapedFlag: UInt32 = 1 << 31

    public var columnCount: Int { header.count }

    /// The cell's text, unescaped.
    public func cell(row: Int, column: Int) -> String {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return withCell(bytes, index: row * columnCount + column) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Calls `body` with every cell of one column in row order, as unescaped UTF-8 bytes.
    package func forEachCell(column: Int, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = column
            for row in 0..<rowCount {
                try withCell(bytes, index: index) { try body(row, $0) }
                index += columnCount
            }
        }
    }

    @inline(__always)
    private func withCell<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) rethrows -> R {
        let start = Int(starts[index])
        let rawEnd = ends[index]
        if rawEnd & Self.escapedFlag == 0 {
            return try body(UnsafeBufferPointer(rebasing: bytes[start..<Int(rawEnd)]))
        }
        let end = Int(rawEnd & ~Self.escapedFlag)
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(end - start)
        var i = start
        while i < end {
            unescaped.append(bytes[i])
            i += bytes[i] == UInt8(ascii: "\"") ? 2 : 1
        }
        return try unescaped.withUnsafeBufferPointer { try body($0) }
    }

    /// Line (1-based, of the cell's first byte) and field number (1-based) of a data cell, for messages.
    public func location(row: Int, column: Int) -> (line: Int, column: Int) {
        let offset = Int(starts[row * columnCount + column])
        let position = data.withUnsafeBytes { CSVReader.position(of: offset, in: $0.bindMemory(to: UInt8.self)) }
        return (position.line, column + 1)
    }
}

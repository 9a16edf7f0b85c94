internal import CLouis
import Foundation
import Synchronization

/// The one owner of liblouis (through the thin `CLouis` module, imported by this file only):
/// text → contracted braille, as Unicode braille cells or as BRF (North American Braille ASCII,
/// the file format embossers and braille note-takers read).
///
/// Why liblouis: it is the braille translator that NVDA, Orca (via BrlTTY) and JAWS use, Debian
/// packages it with its tables (`liblouis-dev`, `liblouis-data`), and contracted braille (UEB
/// grade 2, German, French, Spanish) is a large body of rules no one should write again.
/// liblouis keeps its compiled tables in process-wide state and is not thread-safe, so every
/// call is serialised on one lock (charts render concurrently).
public struct BrailleTranslator: Sendable {
    /// A translation liblouis refused (a missing table, an internal failure).
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var message: String
        public var description: String { message }
    }

    /// The contraction table for the language (BCP 47; its primary subtag decides).
    public let table: String

    /// Contracted braille tables from Debian's liblouis-data, by language; English (UEB grade 2,
    /// the standard in the UK, the US and Australia) for any other language.
    public static let tables: [String: String] = [
        "en": "en-ueb-g2.ctb", "de": "de-g2.ctb", "fr": "fr-bfu-g2.ctb", "es": "es-g2.ctb",
    ]

    public init(language: String = "en") {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? "en"
        table = Self.tables[primary] ?? Self.tables["en"]!
    }

    /// A translator for one liblouis table by name.
    init(table: String) {
        self.table = table
    }

    /// `text` in contracted braille as Unicode braille patterns (U+2800…U+28FF; a space is the
    /// blank cell U+2800).
    public func unicode(_ text: String) throws(Failure) -> String {
        try Self.translate(text, tables: "unicode.dis," + table)
    }

    /// `text` in contracted braille as Braille ASCII (the characters of a BRF file, upper case).
    public func ascii(_ text: String) throws(Failure) -> String {
        try Self.translate(text, tables: "en-us-brf.dis," + table)
    }

    private static let lock = Mutex(())

    private static func translate(_ text: String, tables: String) throws(Failure) -> String {
        if text.isEmpty { return "" }
        // widechar is 32 bits in Debian's build (UCS-4), 16 bits (UTF-16) in some others.
        let input: [widechar] = MemoryLayout<widechar>.size == 4
            ? text.unicodeScalars.map { widechar($0.value) } : text.utf16.map { widechar($0) }
        var capacity = input.count * 3 + 16
        return try lock.withLock { _ throws(Failure) -> String in
            while true {
                var output = [widechar](repeating: 0, count: capacity)
                var inLength = Int32(input.count)
                var outLength = Int32(capacity)
                let ok = input.withUnsafeBufferPointer { inBuf in
                    output.withUnsafeMutableBufferPointer { outBuf in
                        lou_translateString(tables, inBuf.baseAddress, &inLength, outBuf.baseAddress, &outLength, nil, nil, 0)
                    }
                }
                guard ok == 1 else { throw Failure(message: "liblouis could not translate with \(tables) (is liblouis-data installed?)") }
                // A full output buffer stops the translation early (inLength says how far it got).
                if Int(inLength) < input.count || Int(outLength) >= capacity {
                    capacity *= 2
                    continue
                }
                let cells = output[0..<Int(outLength)]
                if MemoryLayout<widechar>.size == 4 {
                    return String(String.UnicodeScalarView(cells.compactMap { Unicode.Scalar(UInt32($0)) }))
                }
                return String(decoding: cells.map { UInt16(truncatingIfNeeded: $0) }, as: UTF16.self)
            }
        }
    }
}

/// A braille-ready document: paragraphs translated by `BrailleTranslator`, as a Unicode braille
/// text (one paragraph a line, blank line between: a braille display pans along a line) and as a
/// BRF file for embossers (Braille ASCII, 40 cells a line, 25 lines a page, CR LF line ends, a
/// form feed between pages, as BRF readers and embossers expect).
public struct BrailleDocument: Sendable {
    public static let cellsPerLine = 40
    public static let linesPerPage = 25

    /// Unicode braille paragraphs.
    public let unicode: [String]
    /// Braille ASCII paragraphs (unwrapped).
    public let ascii: [String]

    /// Translates each paragraph; `graphics` are already braille (a series' braille line) and are
    /// appended to the Unicode text after the paragraph of the same index, not translated
    /// (they use dots 7 and 8, which BRF's six-dot cells cannot carry, so the BRF leaves them out).
    public init(paragraphs: [String], graphics: [Int: String] = [:], translator: BrailleTranslator) throws(BrailleTranslator.Failure) {
        var unicode: [String] = []
        var ascii: [String] = []
        for (i, paragraph) in paragraphs.enumerated() {
            unicode.append(try translator.unicode(paragraph))
            if let graphic = graphics[i] { unicode.append(graphic) }
            ascii.append(try translator.ascii(paragraph))
        }
        self.unicode = unicode
        self.ascii = ascii
    }

    /// The `.txt` file: UTF-8, a paragraph a line, a blank line between paragraphs.
    public var unicodeText: String { unicode.joined(separator: "\n\n") + "\n" }

    /// The `.brf` file: lines of at most 40 cells broken at blank cells, pages of 25 lines.
    public var brf: String {
        var lines: [String] = []
        for (i, paragraph) in ascii.enumerated() {
            if i > 0 { lines.append("") }
            lines += Self.wrap(paragraph, width: Self.cellsPerLine)
        }
        var pages: [String] = []
        var start = 0
        while start < lines.count {
            var page = Array(lines[start..<min(lines.count, start + Self.linesPerPage)])
            while page.last == "" { page.removeLast() }   // no page starts or ends on an empty line
            pages.append(page.joined(separator: "\r\n"))
            start += Self.linesPerPage
            while start < lines.count, lines[start].isEmpty { start += 1 }
        }
        return pages.joined(separator: "\r\n\u{0C}") + "\r\n"
    }

    /// Breaks `text` at spaces into lines of at most `width` characters (a longer word is split).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            while word.count > width {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

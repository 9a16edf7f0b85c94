import Testing

@testable import Braille

/// Code points of a braille text (U+2800 + dot bits).
private func points(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

@Suite struct BrailleLineTests {
    @Test func fourLevelsOneDotEachTwoColumnsACell() {
        // Lowest → dot 7 (left) / dot 8 (right); highest → dot 1 / dot 4.
        let line = BrailleLine(values: [0, 1, 2, 3])
        // Levels 0, 1, 2, 3: dot 7, dot 6 | dot 2, dot 4.
        #expect(points(line.cells) == [0x2860, 0x280A])
    }

    @Test func patternsByLevel() {
        let line = BrailleLine(values: [0, 3, 1.5, nil])
        // Column 0 lowest: dot 7 (0x40); column 1 highest: dot 4 (0x08) → U+2848.
        // Column 2: (1.5 - 0) / 3 * 4 = 2 → level 2, dot 2 (0x02); column 3 missing → no dot.
        #expect(points(line.cells) == [0x2848, 0x2802])
        #expect(line.starts == [0, 1, 2, 3])
    }

    @Test func theCursorIsAFullColumn() {
        let line = BrailleLine(values: [0, 3, 1.5, nil])
        #expect(points(line.text(cursorAt: 0)) == [0x284F, 0x2802])   // dots 7, 3, 2, 1 + dot 4
        #expect(points(line.text(cursorAt: 3)) == [0x2848, 0x28BA])   // dot 2 + dots 8, 6, 5, 4
    }

    @Test func aLongSeriesIsFortyColumnsOfMeans() {
        let values: [Double?] = (0..<1_461).map { Double($0) }
        let line = BrailleLine(values: values)
        #expect(line.cells.count == 20)
        #expect(line.starts.count == 40 && line.starts.first == 0 && line.starts.last == 39 * 1_461 / 40)
        #expect(line.column(ofPoint: 0) == 0 && line.column(ofPoint: 1_460) == 39 && line.column(ofPoint: 37) == 1)
        // Rising: the first cell is at the bottom, the last at the top.
        #expect(points(line.cells).first == 0x28C0)
        #expect(points(line.cells).last == 0x2809)
    }

    @Test func aFlatSeriesIsALineNearTheBottom() {
        let line = BrailleLine(values: [5, 5, 5])
        #expect(points(line.cells) == [0x2824, 0x2804])   // dots 3 + 6, dot 3
    }

    @Test func emptyAndSinglePointSeries() {
        #expect(BrailleLine(values: []).cells == "")
        #expect(BrailleLine(values: []).text(cursorAt: 0) == "")
        #expect(BrailleLine(values: [nil]).cells == "\u{2800}")
        #expect(BrailleLine(values: [2]).text(cursorAt: 0) == "\u{2847}")
    }
}

@Suite struct BrailleTranslatorTests {
    @Test func contractedEnglishAsUnicodeAndBrailleASCII() throws {
        let english = BrailleTranslator(language: "en-GB")
        #expect(english.table == "en-ueb-g2.ctb")
        #expect(try english.unicode("Hello 12") == "⠠⠓⠑⠇⠇⠕⠀⠼⠁⠃")
        #expect(try english.ascii("Hello 12") == ",HELLO #AB")
        // Grade 2: "the" and "and" are one cell each.
        #expect(try english.unicode("the rain and the wind").count < "the rain and the wind".count)
    }

    @Test func otherLanguagesHaveTheirTables() {
        #expect(BrailleTranslator(language: "de").table == "de-g2.ctb")
        #expect(BrailleTranslator(language: "fr-CA").table == "fr-bfu-g2.ctb")
        #expect(BrailleTranslator(language: "xx").table == "en-ueb-g2.ctb")
    }

    @Test func aMissingTableIsAnErrorNotACrash() {
        #expect(throws: BrailleTranslator.Failure.self) {
            try BrailleTranslator(table: "no-such-table.ctb").unicode("x")
        }
    }

    @Test func longTextIsTranslatedWhole() throws {
        let text = String(repeating: "Seattle daily temperature 11.7 degrees. ", count: 200) + "End."
        let braille = try BrailleTranslator().unicode(text)
        let end = String(braille.suffix(5))
        #expect(end == "⠀⠠⠢⠙⠲")   // the last word made it ("en" is one cell in UEB grade 2)
    }
}

@Suite struct BrailleDocumentTests {
    @Test func brfLinesAreFortyCellsPagesTwentyFiveLines() throws {
        let long = String(repeating: "temperature ", count: 150)
        let doc = try BrailleDocument(paragraphs: ["Title", long], graphics: [0: "⣀⠌"], translator: BrailleTranslator())
        let unicodeStart = String(doc.unicodeText.prefix(12))
        #expect(unicodeStart == "⠠⠞⠊⠞⠇⠑\n\n⣀⠌\n\n")
        let pages = doc.brf.components(separatedBy: "\u{0C}")
        #expect(pages.count >= 2)
        for page in pages {
            let lines = page.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(lines.count <= 25)
            #expect(lines.allSatisfy { $0.count <= 40 })
        }
        #expect(doc.brf.hasPrefix(",TITLE\r\n\r\n"))
        #expect(!doc.brf.contains("⣀"))   // the eight-dot line is left out of six-dot BRF
        let ascii = doc.brf.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii)
    }

    @Test func wrapBreaksAtSpacesAndSplitsLongWords() {
        #expect(BrailleDocument.wrap("ab cd ef", width: 5) == ["ab cd", "ef"])
        #expect(BrailleDocument.wrap("abcdefgh", width: 3) == ["abc", "def", "gh"])
        #expect(BrailleDocument.wrap("", width: 3) == [""])
    }
}

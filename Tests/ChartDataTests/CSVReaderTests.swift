import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData

func csv(_ text: String, path: String = "site/data/x.csv") throws(ChartProblem) -> CSVTable {
    try CSVReader.parse(Data(text.utf8), path: path)
}

func problem(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "no error"
    } catch {
        return "\(error)"
    }
}

struct CSVReaderTests {
    @Test func plainRowsWithLFAndCRLF() throws {
        for text in ["a,b\n1,2\n3,4\n", "a,b\r\n1,2\r\n3,4\r\n", "a,b\n1,2\n3,4"] {
            let t = try csv(text)
            #expect(t.header == ["a", "b"])
            #expect(t.rowCount == 2)
            #expect(t.cell(row: 1, column: 1) == "4")
        }
    }

    @Test func quotedFieldsWithCommasQuotesAndNewlines() throws {
        let t = try csv("name,note\n\"Smith, J\",\"said \"\"hi\"\"\"\n\"multi\nline\",\"\"\n")
        #expect(t.rowCount == 2)
        #expect(t.cell(row: 0, column: 0) == "Smith, J")
        #expect(t.cell(row: 0, column: 1) == "said \"hi\"")
        #expect(t.cell(row: 1, column: 0) == "multi\nline")
        #expect(t.cell(row: 1, column: 1) == "")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let t = try CSVReader.parse(Data([0xEF, 0xBB, 0xBF] + Array("date,v\n2012-01-01,1\n".utf8)), path: "x.csv")
        #expect(t.header == ["date", "v"])
    }

    @Test func blankLinesAreSkipped() throws {
        let t = try csv("a,b\n\n1,2\n\n")
        #expect(t.rowCount == 1)
    }

    @Test func nonASCIITextSurvives() throws {
        let t = try csv("city,temp\nZürich,−3\n東京,5\n")
        #expect(t.cell(row: 1, column: 0) == "東京")
    }

    @Test func raggedRowsAreLocated() {
        #expect(problem { _ = try csv("a,b,c\n1,2,3\n4,5\n") } == "site/data/x.csv:3:4: row has 2 fields, but the header has 3")
        #expect(problem { _ = try csv("a,b\n1,2\n3,4,5\n") } == "site/data/x.csv:3:5: row has more fields than the header's 2")
    }

    @Test func unterminatedQuoteIsLocatedAtTheOpeningQuote() {
        #expect(problem { _ = try csv("a,b\n1,\"open\n2,3\n") }
            == "site/data/x.csv:2:3: unterminated quoted field: the quote opened here is never closed")
    }

    @Test func textAfterAClosingQuoteIsRefused() {
        #expect(problem { _ = try csv("a,b\n\"x\"y,2\n") }
            == "site/data/x.csv:2:4: unexpected character after a closing quote; a quoted field must end at a comma or line end")
    }

    @Test func invalidUTF8IsLocated() {
        let bytes = Array("a,b\n1,2\n3,".utf8) + [0xFF, 0x41] + Array("\n".utf8)
        #expect(problem { _ = try CSVReader.parse(Data(bytes), path: "d.csv") }
            == "d.csv:3:3: invalid UTF-8 (byte 0xFF); save the file as UTF-8")
    }

    @Test func emptyFileAndHeaderOnly() {
        #expect(problem { _ = try csv("") } == "site/data/x.csv:1:1: file is empty; expected a header line and data rows")
        #expect(problem { _ = try csv("\n\n") } == "site/data/x.csv:1:1: file is empty; expected a header line and data rows")
        #expect(problem { _ = try csv("a,b\n") } == "site/data/x.csv:2:1: only a header line, no data rows")
    }

    @Test func headerNamesMustBeUniqueAndPresent() {
        #expect(problem { _ = try csv("a,a\n1,2\n") }
            == "site/data/x.csv:1:3: column name \"a\" appears twice in the header (columns 1 and 2)")
        #expect(problem { _ = try csv("a,,c\n1,2,3\n") } == "site/data/x.csv:1:3: column 2 has no name in the header line")
    }

    @Test func aHundredMegabyteLineIsRefusedAfterTheLimit() {
        var bytes = [UInt8](repeating: UInt8(ascii: "7"), count: 100 * 1024 * 1024)
        bytes.insert(contentsOf: Array("v\n".utf8), at: 0)
        let message = problem { _ = try CSVReader.parse(Data(bytes), path: "big.csv") }
        #expect(message == "big.csv:2:1: record is longer than 1,048,576 bytes; is this a CSV file?")
    }

    @Test func limitsAreConfigurable() {
        let limits = CSVReader.Limits(maxRecordBytes: 8)
        #expect(problem { _ = try CSVReader.parse(Data("a\n\"0123456789\"\n".utf8), path: "q.csv", limits: limits) }
            == "q.csv:2:1: record is longer than 8 bytes (an unclosed quote or a file that is not CSV?)")
    }
}

import Foundation
import SpecReading
import Testing
@testable import ChartData

/// Random tables written the RFC 4180 way read back cell for cell; random bytes never crash.
struct CSVRoundTripTests {
    struct Generator {
        var seed: UInt64
        mutating func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
    }

    static let alphabet: [String] = ["a", "b", "1", ".", "-", " ", ",", "\"", "\n", "\r\n", "é", "😀", "\t"]

    func quoted(_ cell: String) -> String {
        let needs = cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")
        return needs ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
    }

    @Test func randomTablesRoundTrip() throws {
        var g = Generator(seed: 3)
        for _ in 0..<300 {
            let columns = 1 + g.next(4)
            let rows = 1 + g.next(6)
            let header = (0..<columns).map { "c\($0)" }
            var cells: [[String]] = []
            for _ in 0..<rows {
                cells.append((0..<columns).map { _ in (0..<g.next(6)).map { _ in Self.alphabet[g.next(Self.alphabet.count)] }.joined() })
            }
            // A row of only one empty cell would be a blank line, which the reader skips.
            if columns == 1 { cells = cells.map { $0[0].isEmpty ? ["x"] : $0 } }
            let lineEnd = g.next(2) == 0 ? "\n" : "\r\n"
            let text = ([header] + cells).map { $0.map(quoted).joined(separator: ",") }.joined(separator: lineEnd) + (g.next(2) == 0 ? lineEnd : "")
            let table = try CSVReader.parse(Data(text.utf8), path: "r.csv")
            #expect(table.header == header)
            #expect(table.rowCount == rows)
            for r in 0..<rows {
                for c in 0..<columns { #expect(table.cell(row: r, column: c) == cells[r][c], "\(text.debugDescription)") }
            }
        }
    }

    @Test func randomBytesNeverCrashAndErrorsAreLocated() {
        var g = Generator(seed: 11)
        let pieces: [[UInt8]] = [[0x2C], [0x22], [0x0A], [0x0D], [0x61], [0x31], [0xFF], [0xC3, 0xA9], [0xE2, 0x82], [0x20]]
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            for _ in 0..<g.next(40) { bytes += pieces[g.next(pieces.count)] }
            do {
                let table = try CSVReader.parse(Data(bytes), path: "f.csv")
                #expect(table.rowCount >= 1)
                _ = DataTable(csv: table, file: "f.csv")
            } catch {
                #expect((error.line ?? 0) >= 1)
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test func randomJSONNeverCrashes() {
        var g = Generator(seed: 5)
        let pieces = ["{", "}", "[", "]", "\"a\"", ":", ",", "1", "-2.5e3", "true", "null", " ", "\n", "\"\\u00e9\"", "\"\\", "x"]
        for _ in 0..<2_000 {
            let text = (0..<g.next(30)).map { _ in pieces[g.next(pieces.count)] }.joined()
            do {
                _ = try ChartLoader.loadSpec(data: Data(text.utf8), path: "site/charts/r.vl.json") { _ in Data() }
            } catch {
                #expect(error.file == "site/charts/r.vl.json")
            }
        }
    }
}

import Foundation
import SpecReading
import Testing
@testable import ChartData

func numberOf(_ s: String) -> Double? {
    var s = s
    return s.withUTF8 { CellParsing.number($0) }
}

func dateOf(_ s: String) -> Double? {
    var s = s
    return s.withUTF8 { CellParsing.date($0)?.seconds }
}

func table(_ text: String) throws -> DataTable {
    DataTable(csv: try csv(text), file: "site/data/x.csv")
}

struct InferenceTests {
    @Test func numbers() {
        #expect(numberOf("12") == 12)
        #expect(numberOf("-1.6") == -1.6)
        #expect(numberOf("+0.5") == 0.5)
        #expect(numberOf(".25") == 0.25)
        #expect(numberOf("3e-2") == 0.03)
        #expect(numberOf("1.5E3") == 1500)
        #expect(numberOf(" 7 ") == 7)
        #expect(numberOf("0.1") == 0.1)
        #expect(numberOf("123456789012345678901234") == 123456789012345678901234.0)
        #expect(numberOf("2.2250738585072014e-308") == 2.2250738585072014e-308)
        for bad in ["", "-", "1.2.3", "1e", "abc", "nan", "inf", "0x10", "1,000", "12a", "2012-01-01"] {
            #expect(numberOf(bad) == nil, "\(bad)")
        }
    }

    @Test func dates() {
        let jan1_2001 = 978_307_200.0
        #expect(dateOf("2001-01-01") == jan1_2001)
        #expect(dateOf("2001/01/01") == jan1_2001)
        #expect(dateOf("2001/1/1") == jan1_2001)
        #expect(dateOf("2001-01") == jan1_2001)
        #expect(dateOf("2001/01/01 00:00:00") == jan1_2001)
        #expect(dateOf("2001-01-01T14:30:00Z") == jan1_2001 + 14 * 3600 + 1800)
        #expect(dateOf("2001-01-01T14:30:00.5+01:00") == jan1_2001 + 13 * 3600 + 1800 + 0.5)
        #expect(dateOf("Jan 1 2001") == jan1_2001)
        #expect(dateOf("January 1, 2001") == jan1_2001)
        #expect(dateOf("1 January 2001") == jan1_2001)
        #expect(dateOf("1 Jan 2001") == jan1_2001)
        #expect(dateOf("01/31/2001") == jan1_2001 + 30 * 86_400)
        #expect(dateOf("2000-02-29") != nil)
        for bad in ["2001-02-29", "2001-13-01", "2001-01-32", "Foo 1 2001", "2001", "12", "2001-01-01T25:00", "1 Janx 2001"] {
            #expect(dateOf(bad) == nil, "\(bad)")
        }
    }

    @Test func missingTokens() {
        for token in ["", " ", "NA", "na", "N/A", "n/a", "null", "NULL", "NaN", "None", "-", "?"] {
            var s = token
            #expect(s.withUTF8 { CellParsing.isMissing($0) }, "\(token)")
        }
        var zero = "0"
        #expect(!zero.withUTF8 { CellParsing.isMissing($0) })
    }

    @Test func columnKindsAndMissingCounts() throws {
        let t = try table("date,temp,city\n2012-01-01,1.5,Oslo\n2012-01-02,NA,Rome\n2012-01-03,,\n")
        #expect(t.columns.map(\.kind) == [.date, .number, .text])
        #expect(t.columns[1].numbers == [1.5, nil, nil])
        #expect(t.columns[1].missingCount == 2)
        #expect(t.columns[2].texts == ["Oslo", "Rome", nil])
        #expect(t.columns[0].granularity == .day)
    }

    @Test func dateGranularity() throws {
        #expect(try table("d,v\n2001-01-01,1\n2002-01-01,2\n").columns[0].granularity == .year)
        #expect(try table("d,v\n2001-01-01,1\n2001-02-01,2\n").columns[0].granularity == .month)
        #expect(try table("d,v\n2001-01-01 14:00,1\n2001-01-01 15:00,2\n").columns[0].granularity == .hour)
        #expect(try table("d,v\n2001-01-01 14:05,1\n2001-01-01 15:00,2\n").columns[0].granularity == .minute)
    }

    @Test func mostlyNumericColumnWithAWordIsAnErrorInABareCSV() {
        let text = "date,temp_max\n" + (1...20).map { "2012-01-\(String(format: "%02d", $0)),\($0)" }.joined(separator: "\n")
            + "\n2012-01-21,abc\n"
        #expect(problem { _ = try ChartLoader.loadCSV(data: Data(text.utf8), path: "site/charts/x.csv") }
            == "site/charts/x.csv:22:2: expected a number in column \"temp_max\", found \"abc\"")
    }

    @Test func bareCSVBecomesAChart() throws {
        let text = "date,temp_max,temp_min,weather\n2012-01-01,12.8,5,rain\n2012-01-02,10.6,NA,sun\n"
        let chart = try ChartLoader.loadCSV(data: Data(text.utf8), path: "site/charts/seattle-weather.csv")
        #expect(chart.id == "seattle-weather")
        #expect(chart.title == "Seattle weather")
        #expect(chart.x.type == .temporal)
        #expect(chart.series.map(\.name) == ["Temp max", "Temp min"])
        #expect(chart.series[1].values == [5, nil])
        #expect(chart.mark == .line)
    }

    @Test func bareCSVWithoutNumbersIsAProblem() {
        #expect(problem { _ = try ChartLoader.loadCSV(data: Data("a,b\nx,y\n".utf8), path: "site/charts/t.csv") }
            == "site/charts/t.csv:1: no numeric column to chart; columns: a (text), b (text)")
    }
}

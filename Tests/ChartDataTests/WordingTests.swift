import ChartModel
import Foundation
import Testing
@testable import ChartData

/// Numbers for ears: years, rates, percentages, capitals, scatter labels, table cells.
struct WordingTests {
    static func yearly(_ values: [Double?], unit: String? = "shillings", format: String? = nil, name: String = "wheat") -> Chart {
        var y = YAxis(field: "v", title: "Price", unit: unit)
        y.format = format
        return Chart(id: "y", sourcePath: "y.csv", title: "Y", mark: .line,
                     x: XAxis(field: "year", title: "Year", type: .quantitative), y: y,
                     xValues: values.indices.map { .number(Double(1990 + $0)) }, series: [Series(name: name, values: values)])
    }

    @Test func yearsAreYearsAndRatesAreWords() {
        let d = Self.yearly([10, 11, 12, 13, 14, 15, 16, 17, 18]).describe().series[0]
        #expect(d.trendSentence == "Wheat rises from 10 shillings in 1990 to 18 shillings in 1998 (+8 shillings, +80%), by about 1 shillings a year.")
        #expect(d.statisticsSentence.contains("lowest 10 shillings in 1990"))
        #expect(!d.trendSentence.contains("1,998") && !d.trendSentence.contains("at year"))
        #expect(!d.trendSentence.contains("per unit"))
    }

    @Test func percentChangeOnlyWithTheSameSignAndAStartAwayFromZero() {
        let crossing = Self.yearly([5, 3, 1, -1, -2.1], unit: "°C").describe().series[0].trendSentence
        #expect(crossing.contains("(−7.1 °C)"), "\(crossing)")
        #expect(!crossing.contains("%"))
        let nearZero = Self.yearly([0.5, 20, 40, 60, 80], unit: "kg").describe().series[0].trendSentence
        #expect(!nearZero.contains("%"), "\(nearZero)")
        let negatives = Self.yearly([-10, -8, -6, -4, -2], unit: "kg").describe().series[0].trendSentence
        #expect(negatives.contains("(+8 kg, +80%)"), "\(negatives)")
    }

    @Test func changesOfAPercentageAreInPoints() {
        let d = Self.yearly([0.12, 0.13, 0.14, 0.15, 0.16], unit: nil, format: ".0%").describe().series[0]
        #expect(d.trendSentence.contains("(+4 percentage points)"), "\(d.trendSentence)")
        #expect(!d.trendSentence.contains("%)"))
    }

    @Test func sentencesStartWithACapital() {
        let d = Self.yearly([0, 480, 0, 0, 0, 0, 0], unit: nil, name: "wounds").describe()
        #expect(d.series[0].trendSentence.hasPrefix("Wounds "), "\(d.series[0].trendSentence)")
        #expect(d.summary.contains(". Wounds "))
    }

    @Test func scatterPointsNameBothCoordinates() {
        let chart = Chart(id: "g", sourcePath: "g.csv", title: "Gas", mark: .point,
                          x: XAxis(field: "miles", title: "Miles", type: .quantitative),
                          y: YAxis(field: "price", title: "Price", unit: "USD per gallon"),
                          xValues: [.number(3675), .number(3675), .number(4000)],
                          series: [Series(name: "price", values: [2.38, 2.5, 2.41])])
        #expect(SpeechFormatter(chart: chart).pointLabel(series: 0, row: 0) == "miles 3,675, price 2.38 USD per gallon")
    }

    @Test func wholeCountsStayWholeInTheTable() {
        let chart = Chart(id: "e", sourcePath: "e.csv", title: "Jobs", mark: .line,
                          x: XAxis(field: "month", title: "Month", type: .temporal, granularity: .month),
                          y: YAxis(field: "v", title: "Jobs"),
                          xValues: [.date(Date(timeIntervalSince1970: 0)), .date(Date(timeIntervalSince1970: 2_678_400))],
                          series: [Series(name: "Total", values: [135_450, 135_700]), Series(name: "Rate", values: [4.5, 4.75])])
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.tableText(135_450, series: 0) == "135,450")
        #expect(speech.tableText(4.5, series: 1) == "4.50")
    }
}

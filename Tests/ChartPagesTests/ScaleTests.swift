import ChartData
@testable import ChartPages
import ChartModel
import Foundation
import Testing

@Suite struct LinearScaleTests {
    @Test func niceStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        #expect(LinearScale.niceStep(span: 10, count: 5) == 2)
        #expect(LinearScale.niceStep(span: 42.7, count: 7) == 5)
        #expect(LinearScale.niceStep(span: 1_000_000, count: 4) == 200_000)
        #expect(abs(LinearScale.niceStep(span: 0.37, count: 4) - 0.1) < 1e-12)
    }

    @Test func nicedDomainCoversTheDataWithRoundEnds() {
        let scale = LinearScale(domain: (-7.1, 35.6), range: (300, 0)).niced(count: 7)
        #expect(scale.domainMin == -10)
        #expect(scale.domainMax == 40)
        let ticks = scale.ticks(count: 7)
        #expect(ticks.values == [-10, 0, 10, 20, 30, 40])
    }

    @Test func mapsDomainOntoAReversedRange() {
        let scale = LinearScale(domain: (0, 100), range: (300, 0))
        #expect(scale(0) == 300)
        #expect(scale(100) == 0)
        #expect(scale(25) == 225)
    }

    @Test func aSingleValueStillGetsASpan() {
        let scale = LinearScale(domain: (5, 5), range: (0, 100))
        #expect(scale.domainMin < 5 && scale.domainMax > 5)
        #expect(scale(5) == 50)
    }
}

@Suite struct TimeTicksTests {
    static let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()
    static func date(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: y, month: m, day: d, hour: h))!
    }

    @Test func fourYearsOfDaysGetHalfYearTicksOnTheFirstOfTheMonth() {
        let ticks = TimeTicks(from: Self.date(2012, 1, 1), to: Self.date(2015, 12, 31), maxCount: 8)
        #expect(ticks.unit == .month)
        #expect(ticks.step == 6)
        #expect(ticks.dates.first == Self.date(2012, 1, 1))
        #expect(ticks.dates.count == 8)
        #expect(ticks.dates.allSatisfy { Self.calendar.component(.day, from: $0) == 1 })
        #expect(ticks.labels.prefix(3) == ["2012", "July", "2013"])  // Vega's default format (vl-convert)
    }

    @Test func seventeenYearsGetYearTicks() {
        let ticks = TimeTicks(from: Self.date(2001, 1, 1), to: Self.date(2017, 1, 1), maxCount: 8)
        #expect(ticks.unit == .year)
        #expect(ticks.step == 2)
        #expect(ticks.labels == ["2002", "2004", "2006", "2008", "2010", "2012", "2014", "2016"])
    }

    @Test func aFewDaysGetDailyTicksAtMidnight() {
        let ticks = TimeTicks(from: Self.date(2012, 1, 1, 6), to: Self.date(2012, 1, 6), maxCount: 8)
        #expect(ticks.unit == .day)
        #expect(ticks.step == 1)
        #expect(ticks.dates.first == Self.date(2012, 1, 2))
        #expect(ticks.labels.first == "Mon 02")  // vl-convert draws the same days so
        #expect(ticks.labels.last == "Fri 06")
    }

    @Test func aDayGetsHourTicks() {
        let ticks = TimeTicks(from: Self.date(2012, 3, 1), to: Self.date(2012, 3, 2), maxCount: 6)
        #expect(ticks.unit == .hour)
        #expect(ticks.step == 6)
        #expect(ticks.labels == ["March", "06 AM", "12 PM", "06 PM", "Fri 02"])
    }

    @Test func weeksStartOnSundayAsInVega() {
        let ticks = TimeTicks(from: Self.date(2012, 1, 1), to: Self.date(2012, 3, 1), maxCount: 10)
        #expect(ticks.unit == .day && ticks.step == 7)
        // 1 January 2012 was a Sunday; vl-convert draws exactly these ticks and labels.
        #expect(ticks.dates.first == Self.date(2012, 1, 1))
        #expect(ticks.labels == ["2012", "Jan 08", "Jan 15", "Jan 22", "Jan 29", "Feb 05", "Feb 12", "Feb 19", "Feb 26"])
    }

    @Test func minutesAndSecondsInVegasFormat() {
        let ticks = TimeTicks(from: Self.date(2012, 1, 1), to: Self.date(2012, 1, 1).addingTimeInterval(120), maxCount: 6)
        #expect(ticks.unit == .second && ticks.step == 30)
        #expect(ticks.labels == ["2012", ":30", "12:01", ":30", "12:02"])
    }

    @Test func monthsRestartAfterTheYearAndTwoDayStepsOnTheFirst() {
        let months = TimeTicks(from: Self.date(2011, 11, 15), to: Self.date(2012, 3, 1), maxCount: 5)
        #expect(months.unit == .month && months.step == 1)
        #expect(months.labels == ["December", "2012", "February", "March"])
        let days = TimeTicks.generate(from: Self.date(2012, 1, 28), to: Self.date(2012, 2, 4), unit: .day, step: 2)
        #expect(days == [Self.date(2012, 1, 29), Self.date(2012, 1, 31), Self.date(2012, 2, 1), Self.date(2012, 2, 3)])
    }
}

/// Axis labels in the author's format (d3 number and time formats), years without separators.
@Suite struct AxisFormatTests {
    @Test func numberFormatsFromTheSpec() {
        #expect(ChartGeometry.numberLabels([0, 0.1, 0.4], step: 0.1, format: ".0%", years: false) == ["0%", "10%", "40%"])
        #expect(ChartGeometry.numberLabels([1500, 2500], step: 500, format: "$,.0f", years: false) == ["$1,500", "$2,500"])
        // Without a precision, d3-scale's tickFormat takes one from the step, as Vega does (vl-convert: "−0.2M" … "1.6M").
        #expect(ChartGeometry.numberLabels([-200_000, 0, 200_000, 1_600_000], step: 200_000, format: "~s", years: false) == ["\u{2212}0.2M", "0M", "0.2M", "1.6M"])
        #expect(ChartGeometry.numberLabels([1565, 1815], step: 50, format: "d", years: true) == ["1565", "1815"])
        #expect(ChartGeometry.numberLabels([1950, 2010], step: 10, format: nil, years: true) == ["1950", "2010"])
        // "," has type "" (".12~g" in d3), so Vega's ticks 10 apart over 1950…2010 read "1.95e+3" (vl-convert).
        #expect(ChartGeometry.numberLabels([1950, 1960, 2010], step: 10, format: ",", years: false) == ["1.95e+3", "1.96e+3", "2.01e+3"])
        #expect(ChartGeometry.numberLabels([200_000], step: 100_000, format: nil, years: false) == ["200,000"])
        // Without a format, as many decimals as the step needs.
        #expect(ChartGeometry.numberLabels([2, 2.5], step: 0.5, format: nil, years: false) == ["2.0", "2.5"])
        #expect(ChartGeometry.numberLabels([-10, 0.3], step: 0.1, format: nil, years: false) == ["\u{2212}10.0", "0.3"])
    }

    @Test func timeFormatsFromTheSpec() {
        let july4 = Date(timeIntervalSince1970: 1_341_360_000 + 14 * 3600)  // 2012-07-04 14:00
        #expect(ChartGeometry.timeLabel(july4, format: "%m/%d") == "07/04")
        #expect(ChartGeometry.timeLabel(july4, format: "%b %Y") == "Jul 2012")
        #expect(ChartGeometry.timeLabel(july4, format: "%-d %B, %H:%M") == "4 July, 14:00")
        #expect(ChartGeometry.timeLabel(july4, format: "%a %I %p") == "Wed 02 PM")
    }

    @Test func paletteIsUniqueForTwentyFourSeries() {
        let styles = Set((0..<ChartSVG.distinctStyles).map { "\(ChartSVG.colour($0)) \(ChartSVG.dash($0)) \(ChartSVG.marker($0))" })
        #expect(ChartSVG.distinctStyles >= 24 && styles.count == ChartSVG.distinctStyles)
    }
}

@Suite struct TableCaptionTests {
    @Test func captionNamesTheRowGranularity() {
        var chart = Chart(id: "h", sourcePath: "h.csv", title: "Hourly", mark: .line,
                          x: XAxis(field: "time", title: "Date", type: .temporal, granularity: .hour),
                          y: YAxis(field: "t", title: "Temperature"),
                          xValues: [.date(Date(timeIntervalSince1970: 0))], series: [Series(name: "T", values: [1])])
        let m = Messages.english
        #expect(ChartPresentation.tableCaption(chart, m) == "Hourly: 1 row, one per hour")
        chart.x.granularity = .day
        #expect(ChartPresentation.tableCaption(chart, m) == "Hourly: 1 row, one per day")
        chart.x = XAxis(field: "k", title: "Category", type: .nominal)
        #expect(ChartPresentation.tableCaption(chart, m) == "Hourly: 1 row, one per category")
        #expect(ChartPresentation.tableCaption(chart, Messages(tag: "de")) == "Hourly: 1 Zeile, eine pro Category")
    }
}

/// Axis ends as Vega's `nice: true` puts them (d3's `nice()`, 10 ticks whatever the length):
/// the gallery's connected scatter plot's gas prices 1.39–3.31 span 1.2–3.4, its miles
/// 3,675–10,067 span 3,500–10,500 (before: 1.0–3.5 and 3,000–11,000, marks up to 7 % off).
@Suite struct NiceDomainTests {
    @Test func domainsAreNicedAsVegaNicesThem() throws {
        let chart = try ChartLoader.loadSpec(data: Data("""
        {"data": {"values": [{"m": 3675, "g": 2.38}, {"m": 10067, "g": 2.53}, {"m": 9590, "g": 1.39}, {"m": 9880, "g": 3.31}]},
         "mark": "point", "encoding": {"x": {"field": "m", "type": "quantitative", "scale": {"zero": false}},
                                       "y": {"field": "g", "type": "quantitative", "scale": {"zero": false}}}}
        """.utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
        let g = ChartGeometry(chart: chart)
        #expect(abs(g.valueDomain.0 - 1.2) < 1e-9 && abs(g.valueDomain.1 - 3.4) < 1e-9)
        guard case .linear(let x) = g.xLayout else { Issue.record("x is no linear scale"); return }
        #expect(x.domainMin == 3500 && x.domainMax == 10500)
    }

    /// A normalized stack's top is 1 plus binary noise (shares summed): the axis ends at 100 %,
    /// not a whole step above (110 %) as before.
    @Test func binaryNoiseDoesNotWidenTheDomain() {
        let top = 1.0.nextUp  // 1.0000000000000002
        let scale = LinearScale(domain: (0, top), range: (300, 0)).niced(count: 10)
        #expect(top > 1)
        #expect(scale.domainMax == 1)
    }
}

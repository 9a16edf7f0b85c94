import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData
import D3Format

func day(_ y: Int, _ m: Int, _ d: Int, hour: Int = 0) -> XValue {
    .date(Date(timeIntervalSince1970: Double(UTCCalendar.daysFromCivil(y, m, d) * 86_400 + hour * 3600)))
}

func temperatureChart() -> Chart {
    Chart(id: "t", sourcePath: "site/charts/t.vl.json", title: "Seattle temperature", mark: .line,
          x: XAxis(field: "date", title: "Date", type: .temporal, granularity: .day),
          y: YAxis(field: "temp", title: "Temperature", unit: "°C"),
          xValues: [day(2012, 1, 1), day(2012, 1, 2), day(2012, 1, 3), day(2012, 1, 4)],
          series: [Series(name: "Maximum temperature", values: [12.8, nil, 11.7, -1.6]),
                   Series(name: "NOAA CO2 reading", values: [1, 2, 3, 4])])
}

struct SpeechFormatterTests {
    @Test func pointLabelsReadLikeSpeech() {
        let f = SpeechFormatter(chart: temperatureChart())
        #expect(f.xText(2) == "3 January 2012")
        #expect(f.pointLabel(series: 0, row: 2) == "3 January 2012, maximum temperature 11.7 °C")
        #expect(f.pointLabel(series: 0, row: 1) == "2 January 2012, maximum temperature, no data")  // as the scrubber says it
        #expect(f.valueText(-1.6) == "\u{2212}1.6 °C")
        #expect(f.spokenName(1) == "NOAA CO2 reading")
        #expect(f.xRangeText == "from 1 January 2012 to 4 January 2012")
        #expect(f.yRangeText == "from \u{2212}1.6 °C to 12.8 °C")
    }

    @Test func granularities() {
        var chart = temperatureChart()
        chart.xValues = [day(2012, 1, 3, hour: 14), day(2013, 5, 1), day(2014, 1, 1), day(2014, 1, 2)]
        chart.x.granularity = .hour
        #expect(SpeechFormatter(chart: chart).xText(0) == "3 January 2012, 14:00")
        chart.x.granularity = .month
        #expect(SpeechFormatter(chart: chart).xText(1) == "May 2013")
        chart.x.granularity = .year
        #expect(SpeechFormatter(chart: chart).xText(2) == "2014")
    }

    @Test func largeAndTinyNumbersNeverUseExponents() {
        var chart = temperatureChart()
        chart.y.unit = "thousand MWh"
        chart.series = [Series(name: "Coal", values: [35361, 1.5e15, 0.000123, nil])]
        let f = SpeechFormatter(chart: chart)
        #expect(f.valueText(35361) == "35,361 thousand MWh")
        #expect(!f.valueText(1.5e15).contains("e"))
        #expect(f.valueText(1.5e15).hasPrefix("1,500,000,000,000,000"))
        #expect(!f.valueText(0.000123).contains("e"))
    }

    @Test func d3FormatsForDisplay() {
        #expect(NumberFormat(d3: ",.1f")!.format(12345.67) == "12,345.7")
        #expect(NumberFormat(d3: ".0%")!.format(0.256) == "26%")
        #expect(NumberFormat(d3: "d")!.format(-3.4) == "\u{2212}3")
        #expect(NumberFormat(d3: ",")!.format(1234567) == "1,234,567")
        #expect(NumberFormat(d3: ".2~f")!.format(1.5) == "1.5")
        #expect(NumberFormat(d3: ".2s")!.format(1_500_000) == "1.5 million")
        #expect(NumberFormat(d3: "$,.2f")!.format(-1234.5) == "\u{2212}$1,234.50")
        #expect(NumberFormat(d3: "+e") == nil)
        #expect(NumberFormat(decimals: 1).format(-0.04) == "0.0")
    }

    @Test func specFormatDrivesValues() throws {
        var chart = temperatureChart()
        chart.y.format = ".0%"
        chart.y.unit = nil
        #expect(SpeechFormatter(chart: chart).valueText(0.5) == "50%")
    }
}

struct DescriptionTests {
    func line(_ values: [Double?], granularity: TimeGranularity = .day) -> Chart {
        Chart(id: "c", sourcePath: "c.csv", title: "Sales", mark: .line,
              x: XAxis(field: "i", title: "Index", type: .quantitative),
              y: YAxis(field: "v", title: "Value", unit: "kg"),
              xValues: values.indices.map { .number(Double($0)) }, series: [Series(name: "Sales", values: values)])
    }

    @Test func statisticsOnAKnownSeries() {
        let s = SeriesStatistics(values: [3, nil, 1, 4, 1, 5, nil])
        #expect(s.count == 5)
        #expect(s.missing == 2)
        #expect(s.min == 1 && s.minRow == 2)
        #expect(s.max == 5 && s.maxRow == 5)
        #expect(s.mean == 14.0 / 5)
        #expect(s.median == 3)
        #expect(SeriesStatistics(values: [1, 2, 3, 4]).median == 2.5)
        #expect(SeriesStatistics(values: [nil]).mean == nil)
    }

    /// The median by selection is the sorted list's middle (or the mean of the middle pair), to the bit.
    @Test func medianAgreesWithSorting() {
        var seed: UInt64 = 7
        for count in [1, 2, 3, 10, 11, 1_000, 1_001, 100_000] {
            let values: [Double?] = (0..<count).map { i in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return i % 17 == 3 ? nil : Double(seed >> 40) / 1_000 - 5_000 + (i % 5 == 0 ? 0.1 : 0)
            }
            let sorted = values.compactMap { $0 }.sorted()
            let n = sorted.count
            let expected = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
            #expect(SeriesStatistics(values: values).median == expected, "\(count) values")
        }
        #expect(SeriesStatistics(values: [2, 2, 2, 1]).median == 2)
    }

    @Test func trendDirectionAndChange() {
        let rising = line([1, 2, 3, 4, 5]).describe().series[0].trend
        #expect(rising.direction == .rising)
        #expect(abs(rising.slope - 1) < 1e-12)
        #expect(rising.change == 4 && rising.changePercent == 400)
        #expect(line([5, 4, 3, 2, 1]).describe().series[0].trend.direction == .falling)
        // Noise around a level: flat, even though first and last differ.
        #expect(line([10, 1, 10, 1, 10, 1, 10, 1, 10]).describe().series[0].trend.direction == .flat)
        #expect(line([0, 1, 2]).describe().series[0].trend.changePercent == nil)
    }

    @Test func summaryWording() {
        let d = line([2, nil, 8, 4]).describe()
        #expect(d.summary == "Line chart of Sales, from 0 to 3, 4 points. Values range from 2 kg at index 0 to 8 kg at index 2, with 1 missing value. Sales rises from 2 kg at index 0 to a peak of 8 kg at index 2, then falls to 4 kg at index 3.")
        #expect(d.series[0].statisticsSentence == "Sales: 3 values, 1 missing; lowest 2 kg at index 0, highest 8 kg at index 2, mean 4.7 kg, median 4 kg.")
        #expect(line([2, 3, 4, 5]).describe().series[0].trendSentence == "Sales rises from 2 kg at index 0 to 5 kg at index 3 (+3 kg, +150%), by about 1 kg per unit of index.")
    }

    @Test func yearlyCycleIsDetectedOnlyWhenPresent() {
        let days = 4 * 365
        let xs = (0..<days).map { XValue.date(Date(timeIntervalSince1970: Double($0) * 86_400)) }
        func chart(_ f: (Int) -> Double) -> Chart {
            Chart(id: "w", sourcePath: "w.csv", title: "W", mark: .line,
                  x: XAxis(field: "d", title: "Date", type: .temporal, granularity: .day),
                  y: YAxis(field: "v", title: "V"), xValues: xs,
                  series: [Series(name: "V", values: (0..<days).map { f($0) })])
        }
        let seasonal = chart { 10 + 8 * sin(Double($0) / 365 * 2 * .pi) }.describe()
        #expect(seasonal.series[0].trend.yearlyCycle)
        #expect(seasonal.summary.hasSuffix("V has a yearly cycle, highest in April and lowest in October, around a steady level of about 10."))
        let straight = chart { Double($0) }.describe()
        #expect(!straight.series[0].trend.yearlyCycle)
        #expect(straight.summary.hasSuffix("V rises from 0 on 1 January 1970 to 1,459 on 30 December 1973 (+1,459), by about 365.2 a year."))
    }
}

struct DownsamplingTests {
    @Test func lttbKeepsEndsAndExtremes() {
        var values: [Double?] = (0..<1000).map { sin(Double($0) / 50) }
        values[400] = 10
        values[700] = -10
        values[10] = nil
        let kept = Downsampling.lttb(values: values, threshold: 50)
        #expect(kept.count <= 50)
        #expect(kept.first == 0 && kept.last == 999)
        #expect(kept == kept.sorted() && Set(kept).count == kept.count)
        #expect(kept.contains(400) && kept.contains(700))
        #expect(Downsampling.lttb(values: [1, 2, 3], threshold: 10) == [0, 1, 2])
    }

    @Test func minMaxKeepsEveryPeak() {
        var values: [Double?] = (0..<100).map { i -> Double? in Double(i % 7) }
        values[37] = 100
        values[71] = -100
        let kept = Downsampling.minMax(values: values, buckets: 10)
        #expect(kept.first == 0 && kept.last == 99)
        #expect(kept.contains(37) && kept.contains(71))
        #expect(kept == kept.sorted())
        #expect(kept.count <= 22)
        let gaps = Downsampling.minMax(values: [Double?](repeating: nil, count: 50), buckets: 5)
        #expect(gaps.first == 0 && gaps.last == 49)
    }
}

struct NumberFormatAgreementTests {
    /// The integer fast path agrees with C's printf digits (away from exact halfway cases).
    @Test func fastPathMatchesPrintf() {
        var seed: UInt64 = 7
        var checked = 0
        for _ in 0..<20_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let decimals = Int(seed >> 60) % 5
            let value = (Double(seed >> 11) / Double(1 << 53) - 0.5) * pow(10, Double(Int(seed >> 40) % 9))
            let scaled = abs(value) * pow(10, Double(decimals))
            if abs(scaled - scaled.rounded(.down) - 0.5) < 1e-6 { continue }
            let expected = String(format: "%.\(decimals)f", abs(value))
            let mine = NumberFormat.fixed(value, decimals: decimals, grouping: false, trim: false)
            let digits = mine.hasPrefix("\u{2212}") ? String(mine.dropFirst()) : mine
            #expect(digits == expected, "\(value) with \(decimals) decimals")
            checked += 1
        }
        #expect(checked > 19_000)
    }
}

struct DescriptionShapeTests {
    @Test func categoriesHaveNoTrendAndOnePointIsOneValue() throws {
        let bars = try spec("""
        {"data": {"url": "../data/w.csv"}, "mark": "bar", "title": "Days by weather",
         "encoding": {"x": {"field": "weather", "type": "nominal"}, "y": {"aggregate": "count", "type": "quantitative"}}}
        """).describe()
        #expect(bars.summary == "Bar chart of Days by weather (counts), across 3 categories, 3 bars. Values range from 1 for drizzle to 2 for rain.")
        #expect(bars.series[0].trendSentence == "Count: the categories have no order, so there is no trend.")
        let one = try spec("""
        {"data": {"values": [{"x": 1, "y": 5}]}, "mark": "point", "title": "One",
         "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}}
        """).describe()
        #expect(one.summary == "Scatter plot of One, at 1, 1 point. Values: one value, 5 at x 1.")
        #expect(one.series[0].trendSentence == "Y: too few values for a trend.")
    }

    @Test func equalEndsSayNoChange() {
        let chart = Chart(id: "c", sourcePath: "c.csv", title: "C", mark: .line,
                          x: XAxis(field: "i", title: "Index", type: .quantitative), y: YAxis(field: "v", title: "V"),
                          xValues: [.number(0), .number(1), .number(2)], series: [Series(name: "V", values: [1, 3, 1])])
        #expect(chart.describe().series[0].trendSentence == "V rises from 1 at index 0 to a peak of 3 at index 1, then falls to 1 at index 2.")
        var level = chart
        level.series[0].values = [1, 1, 1]
        #expect(level.describe().series[0].trendSentence == "V stays close to 1 throughout.")
    }
}

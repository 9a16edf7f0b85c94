import ChartModel
import Foundation
import Testing
@testable import ChartData
import D3Format

/// Shapes with known answers, described the way a listener hears them.
struct ShapeTests {
    /// Deterministic noise in −1…1.
    static func noise(_ n: Int, seed: UInt64 = 42) -> [Double] {
        var state = seed
        return (0..<n).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
    }

    static func indexed(_ values: [Double?], title: String = "Index") -> Chart {
        Chart(id: "c", sourcePath: "c.csv", title: "C", mark: .line,
              x: XAxis(field: "i", title: title, type: .quantitative),
              y: YAxis(field: "v", title: "Value", unit: "kg"),
              xValues: values.indices.map { .number(Double($0)) }, series: [Series(name: "weight", values: values)])
    }

    static func daily(_ values: [Double?], start: (Int, Int, Int) = (2012, 1, 1)) -> Chart {
        let first = UTCCalendar.daysFromCivil(start.0, start.1, start.2)
        return Chart(id: "d", sourcePath: "d.csv", title: "D", mark: .line,
                     x: XAxis(field: "date", title: "Date", type: .temporal, granularity: .day),
                     y: YAxis(field: "v", title: "Value", unit: "°C"),
                     xValues: values.indices.map { .date(Date(timeIntervalSince1970: Double((first + $0) * 86_400))) },
                     series: [Series(name: "temperature", values: values)])
    }

    static func monthly(_ values: [Double?], startYear: Int = 2000) -> Chart {
        Chart(id: "m", sourcePath: "m.csv", title: "M", mark: .line,
              x: XAxis(field: "month", title: "Month", type: .temporal, granularity: .month),
              y: YAxis(field: "v", title: "Value", unit: "°F"),
              xValues: values.indices.map {
                  .date(Date(timeIntervalSince1970: Double(UTCCalendar.daysFromCivil(startYear + $0 / 12, $0 % 12 + 1, 1) * 86_400)))
              },
              series: [Series(name: "temperature", values: values)])
    }

    func shape(_ chart: Chart) -> (Trend, String) {
        let d = chart.describe().series[0]
        return (d.trend, d.trendSentence)
    }

    func directions(_ t: Trend) -> [SeriesShape.Direction] { t.shape?.segments.map(\.direction) ?? [] }

    @Test func humpRisesToAPeakThenFalls() {
        let hump = (0..<12).map { (39 + 26 * sin(Double($0) / 12 * .pi)).rounded() }
        let (trend, text) = shape(Self.monthly(hump))
        #expect(directions(trend) == [.rising, .falling])
        #expect(text == "Temperature rises from 39 °F in January 2000 to a peak of 65 °F in July 2000, then falls to 46 °F in December 2000.")
        #expect(trend.cycle == nil)
    }

    @Test func valleyFallsToALowThenRises() {
        let valley: [Double?] = (0..<50).map { (i: Int) -> Double? in (100 - 60 * sin(Double(i) / 49 * .pi)).rounded() }
        let (trend, text) = shape(Self.indexed(valley))
        #expect(directions(trend) == [.falling, .rising])
        #expect(text.hasPrefix("Weight falls from 100 kg at index 0 to a low of 40 kg at index 2"))
        #expect(text.hasSuffix("then rises to 100 kg at index 49."))
    }

    @Test func stepsAreJumpsBetweenLevels() {
        let (trend, text) = shape(Self.indexed((0..<60).map { Double($0 / 20) * 10 + 5 }))
        #expect(directions(trend) == [.flat, .rising, .flat, .rising, .flat])
        #expect(text == "Weight stays close to 5 kg until index 19, jumps to 15 kg at index 20, stays close to 15 kg until index 39, jumps to 25 kg at index 40, then stays close to 25 kg until index 59.")
    }

    @Test func noiseAroundALineIsOneLineWithARate() {
        let n = Self.noise(300)
        let line: [Double?] = (0..<300).map { (i: Int) -> Double? in
            let v: Double = 10 + 0.1 * Double(i) + 2 * n[i]
            return (v * 10).rounded() / 10
        }
        let (trend, text) = shape(Self.indexed(line))
        #expect(directions(trend) == [.rising])
        #expect(trend.isOneLine && trend.direction == .rising)
        #expect(text.contains(", by about 0.1") && text.hasSuffix(" kg per unit of index."), "\(text)")
        let level: [Double?] = (0..<300).map { (i: Int) -> Double? in ((10 + 2 * n[i]) * 10).rounded() / 10 }
        let flat = shape(Self.indexed(level))
        #expect(directions(flat.0) == [.flat])
        #expect(flat.1 == "Weight varies around about 10 kg throughout.")
    }

    @Test func twoSpikesAreTwoPeaks() {
        let n = Self.noise(200)
        var spikes = (0..<200).map { 3 + 0.1 * n[$0] }
        for i in 40..<50 { spikes[i] += 2 * sin(Double(i - 40) / 9 * .pi) }
        for i in 140..<152 { spikes[i] += 1.5 * sin(Double(i - 140) / 11 * .pi) }
        let (trend, text) = shape(Self.indexed(spikes.map { ($0 * 100).rounded() / 100 }))
        #expect(directions(trend) == [.flat, .rising, .falling, .flat, .rising, .falling, .flat])
        let peaks = trend.shape!.segments.filter { $0.direction == .rising }.map(\.endRow)
        #expect(peaks.count == 2 && abs(peaks[0] - 44) <= 2 && abs(peaks[1] - 145) <= 2, "\(peaks)")
        #expect(text.components(separatedBy: "a peak of").count == 3, "\(text)")
    }

    @Test func aSingleOutlierIsNamedNotATrend() {
        let n = Self.noise(100)
        var values: [Double?] = (0..<100).map { (i: Int) -> Double? in ((20 + 0.5 * n[i]) * 10).rounded() / 10 }
        values[37] = 95
        let (trend, text) = shape(Self.indexed(values))
        #expect(directions(trend) == [.flat])
        #expect(trend.shape?.outlierRows == [37])
        #expect(text == "Weight varies around about 20 kg throughout. One isolated value far from its neighbours: 95 kg at index 37.")
    }

    @Test func flatWithOneJump() {
        let (trend, text) = shape(Self.indexed((0..<100).map { $0 < 60 ? 10.0 : 20.0 }))
        #expect(directions(trend) == [.flat, .rising, .flat])
        #expect(trend.shape?.segments[1].isJump == true && trend.shape?.segments[1].jumpRow == 60)
        #expect(text == "Weight stays close to about 10 kg until index 59, jumps to about 20 kg at index 60, then stays close to about 20 kg until index 99.")
    }

    /// A short series (under ten values: no noise to measure "far from its neighbours" against)
    /// whose peak is one or two values: the outline names the real peak, and no value is set apart
    /// as isolated. It said "jumps to about 6.49 kg at index 2, stays close to 6.49 kg", with the
    /// peak, 38.96 kg, only in a sentence of its own (and S's outline without it).
    @Test func aShortSeriesNamesItsRealPeakInTheOutline() {
        let values: [Double?] = [0, 0, 31.17, 38.96, 6.49, 2.9, 2.6, 16.88]
        let d = Self.indexed(values).describe().series[0]
        #expect(d.trend.shape?.outlierRows == [])
        let outline = d.outline.map(\.text).joined()
        #expect(outline.contains("a peak of 38.96 kg at index 3"), "\(outline)")
        #expect(!d.trendSentence.contains("solated"), "\(d.trendSentence)")
        let claims = d.trendText.flatMap(\.claims)
        #expect(claims.contains { $0.kind == .peak && $0.rows == [3] && $0.value == 38.96 }, "\(claims)")
        for claim in claims {
            #expect(!claim.approximate && claim.rows.allSatisfy { values[$0] == claim.value }, "\(claim)")
        }
    }

    /// Nine counts rising to a one-value peak and settling: the outline names the peak (it said
    /// "jumps to about 20 days, stays close to 20 days" and left 41 to an "isolated value").
    @Test func nineValuesWithAOneValuePeakNameIt() {
        let values: [Double?] = [1, 3, 8, 20, 41, 20, 19, 20, 18]
        let d = Self.indexed(values).describe().series[0]
        let outline = d.outline.map(\.text).joined()
        #expect(outline.contains("41 kg at index 4"), "\(outline)")
        #expect(d.trend.shape?.outlierRows == [])
    }

    /// A moving average stays within the values' range: over a run of equal values the prefix
    /// sums' rounding gave 20.300000000000008, a smoothed peak above the series' highest value.
    @Test func aMovingAverageDoesNotRiseAboveTheHighestValue() {
        let values = [5.5, 7.1, 10.2] + [Double](repeating: 20.3, count: 7)
        let smooth = SeriesShape.movingAverage(values, window: 3)
        #expect(smooth.max() == 20.3)
        #expect(smooth.min()! >= 5.5)
    }

    @Test func aLongSlideWithOneBigDropIsAFallNotAJump() {
        // 100 → 90 over ten steps, a drop of 30, then on down to 40 and level: one long fall.
        var values: [Double?] = (0..<10).map { 100 - Double($0) }
        values += (0..<20).map { 60 - Double($0) }
        values += [Double?](repeating: 40, count: 20)
        let (trend, text) = shape(Self.indexed(values))
        #expect(trend.shape?.segments.first?.isJump == false)
        #expect(text == "Weight falls from 100 kg at index 0 to 40 kg at index 30, then stays close to 40 kg until index 49.")
    }

    @Test func seattleRainIsTooJumpyForStretches() throws {
        let charts = ChartLoader(siteDirectory: ExampleSiteTests.siteURL).loadSite().charts
        let rain = try #require(charts.first { $0.id == "seattle-precipitation" })
        let d = rain.describe().series[0]
        #expect(d.trend.shape?.isJumpy == true && d.trend.cycle == nil)
        #expect(d.trendSentence == "Precipitation varies widely from one month to the next, around a median of 81.65 mm.")
    }

    @Test func seasonalPlusTrendIsACycleOverARise() {
        let n = Self.noise(60)
        let seasonal: [Double] = (0..<60).map { (i: Int) -> Double in
            let season: Double = 10 * sin(Double(i % 12) / 12 * 2 * .pi)
            return ((50 + 0.3 * Double(i) + season + n[i]) * 10).rounded() / 10
        }
        let (trend, text) = shape(Self.monthly(seasonal))
        #expect(trend.cycle?.period == .yearly && trend.cycle?.peakBin == 4)
        #expect(directions(trend) == [.rising])
        #expect(text.hasPrefix("Temperature has a yearly cycle, highest in April and lowest in October, and rises underneath it from about"), "\(text)")
    }

    @Test func aYearOfHourlyTemperaturesIsADailyCycleOverASummerHump() {
        let hours = 365 * 24
        let n = Self.noise(hours, seed: 21)
        let start = Double(UTCCalendar.daysFromCivil(2023, 1, 1) * 86_400)
        let values: [Double?] = (0..<hours).map { (h: Int) -> Double? in
            let day = Double(h) / 24
            let season: Double = -13 * cos((day - 20) / 365 * 2 * .pi)  // coldest around 20 January
            let daily: Double = 8 * sin((Double(h % 24) - 9) / 24 * 2 * .pi)  // warmest at 15:00
            return ((52 + season + daily + 2 * n[h]) * 10).rounded() / 10
        }
        let chart = Chart(id: "h", sourcePath: "h.csv", title: "Hourly", mark: .line,
                          x: XAxis(field: "time", title: "Time", type: .temporal, granularity: .hour),
                          y: YAxis(field: "t", title: "Temperature", unit: "°F"),
                          xValues: (0..<hours).map { .date(Date(timeIntervalSince1970: start + Double($0) * 3600)) },
                          series: [Series(name: "temperature", values: values)])
        let (trend, text) = shape(chart)
        #expect(trend.cycle?.period == .daily && trend.cycle?.peakBin == 15, "\(String(describing: trend.cycle))")
        #expect(directions(trend).filter { $0 != .flat } == [.rising, .falling], "\(text)")
        #expect(text.hasPrefix("Temperature has a daily cycle, highest around 15:00"), "\(text)")
        #expect(text.contains("to a peak of about 65"), "\(text)")
        #expect(text.contains("July 2023"), "\(text)")
    }

    @Test func trendingAndRandomWalkSeriesAreNotCyclic() {
        let n = Self.noise(2000, seed: 3)
        // Seasonally adjusted employment-like: a steady climb with small noise, ten years monthly.
        let adjusted: [Double] = (0..<120).map { (i: Int) -> Double in (1000 + 5 * Double(i) + 4 * n[i]).rounded() }
        #expect(shape(Self.monthly(adjusted)).0.cycle == nil)
        // A stock-like random walk: monthly over ten years, and daily over five.
        var walk = [100.0]
        for i in 1..<1826 { walk.append(max(1, walk[i - 1] * (1 + 0.02 * n[i]))) }
        let monthlyWalk = (0..<120).map { walk[$0 * 15] }
        #expect(shape(Self.monthly(monthlyWalk)).0.cycle == nil)
        #expect(shape(Self.daily(walk)).0.cycle == nil)
        #expect(!shape(Self.daily(walk)).1.contains("cycle"))
    }

    @Test func seattleTemperatureHasAYearlyCycleHighestInSummer() throws {
        let charts = ChartLoader(siteDirectory: ExampleSiteTests.siteURL).loadSite().charts
        let chart = try #require(charts.first { $0.id == "seattle-temperature" })
        let d = chart.describe()
        for s in d.series {
            let cycle = try #require(s.trend.cycle)
            #expect(cycle.period == .yearly)
            #expect([7, 8].contains(cycle.peakBin) && [12, 1].contains(cycle.troughBin))
        }
        #expect(d.series[0].trendSentence == "Maximum temperature has a yearly cycle, highest in August and lowest in December, around a steady level of about 16.3 °C.")
        // One year of it has no cycle to name (fewer than two periods) but a summer hump.
        var year = chart
        year.xValues = Array(chart.xValues[0..<366])
        year.series = chart.series.map { Series(name: $0.name, values: Array($0.values[0..<366])) }
        let hump = year.describe().series[0]
        #expect(hump.trend.cycle == nil)
        let turns = directions(hump.trend).filter { $0 != .flat }
        #expect(Array(turns.suffix(2)) == [.rising, .falling], "\(hump.trendSentence)")
        #expect(hump.trendSentence.contains("rises to a peak of about 31 °C in mid August 2012, then falls to about"), "\(hump.trendSentence)")
    }
}

/// The shape method stays near-linear on a long random walk (a worst case for splitting): no
/// timing assertion, only that it finishes with a bounded description.
struct ShapeScaleTests {
    @Test func aLongRandomWalkGetsAtMostSevenStretches() {
        let n = ShapeTests.noise(200_000, seed: 11)
        var walk = [0.0]
        walk.reserveCapacity(n.count)
        for i in 1..<n.count { walk.append(walk[i - 1] + n[i]) }
        let start = Date()
        let shape = SeriesShape.analyze(rows: Array(walk.indices), values: walk)
        print("SHAPE200K", Date().timeIntervalSince(start), shape.segments.count)
        #expect(shape.segments.count <= SeriesShape.maxSegments)
    }
}

import ChartModel
import Foundation
import Testing
@testable import ChartData

/// The Vega-Lite gallery's candlestick (`layer_candlestick`: a `rule` from low to high under a
/// `bar` from open to close) on its own data (vega-datasets `ohlc.json`, June–July 2009), in the
/// analyst fixture site: one chart whose points say open, high, low and close (issue 27).
struct CandlestickTests {
    static let site = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("browser-tests/fixtures/analyst-site")

    static func chart(language: String? = nil) throws -> Chart {
        let charts = ChartLoader(siteDirectory: site).loadSite().charts
        var chart = try #require(charts.first { $0.id == "candlestick" })
        if let language { chart.options.language = language }
        return chart
    }

    @Test func isOneCandlestickChartNotTwoRuleSeries() throws {
        let chart = try Self.chart()
        #expect(chart.kindName == "Candlestick chart")
        #expect(chart.series.count == 1 && chart.pointCount == 44)
        let c = try #require(chart.candlestick)
        #expect(c.fields == ["open", "high", "low", "close"])
        #expect(c.otherColumns.map(\.name) == ["signal", "ret"])
    }

    @Test func eachPointSaysDirectionOpenHighLowClose() throws {
        let speech = SpeechFormatter(chart: try Self.chart())
        #expect(speech.spokenLabel(series: 0, row: 0) == "1 June 2009, up: open 28.7, high 30.05, low 28.45, close 30.04")
        #expect(speech.spokenLabel(series: 0, row: 1) == "2 June 2009, down: open 30.04, high 30.13, low 28.3, close 29.63")
        let german = SpeechFormatter(chart: try Self.chart(language: "de"))
        #expect(german.spokenLabel(series: 0, row: 0) == "1. Juni 2009, gestiegen: Eröffnung 28,7, Hoch 30,05, Tief 28,45, Schluss 30,04")
    }

    @Test func statisticsUseTheHighestHighAndLowestLow() throws {
        let chart = try Self.chart()
        let d = chart.describe()
        #expect(d.series[0].statistics.max == 33.05)  // 8 July 2009's high; the highest open is 31.54
        #expect(d.series[0].statistics.min == 23)  // 24 July 2009's low
        #expect(d.series[0].statisticsSentence.hasPrefix("Price: 44 candles, none missing; lowest low 23 on 24 July 2009, highest high 33.05 on 8 July 2009, mean close"))
        #expect(d.summary.hasPrefix("Candlestick chart of Candlestick, from 1 June 2009 to 31 July 2009, 44 candles."))
        #expect(d.summary.contains("The close goes from 30.04 on 1 June 2009 to 25.92 on 31 July 2009 (down 14%)."))
        #expect(d.summary.contains("Highest high 33.05 on 8 July 2009; lowest low 23 on 24 July 2009."))
        #expect(d.summary.contains("20 candles closed up and 23 closed down, 1 unchanged."))
        #expect(d.summary.contains("The pitch follows the close."))
    }

    @Test func pitchFollowsTheClose() throws {
        let chart = try Self.chart()
        #expect(chart.series[0].values.first == 30.04 && chart.series[0].values.last == 25.92)
        #expect(chart.series[0].details.first?.lower == 28.45 && chart.series[0].details.first?.upper == 30.05)
    }
}

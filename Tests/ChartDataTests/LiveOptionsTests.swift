import ChartData
import ChartModel
import Foundation
import Testing

/// `usermeta.pitchline.live` (issue 29): the fixed pitch scale a live chart needs, the window's
/// bounds, and the site's `live` settings.
@Suite struct LiveOptionsTests {
    private func load(_ usermeta: String, scale: String = "") throws(ChartProblem) -> Chart {
        let spec = """
            {"data": {"values": [{"t": 1, "v": 20}, {"t": 2, "v": 22}]}, "mark": "line",
             "encoding": {"x": {"field": "t", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"\(scale)}},
             "usermeta": {"pitchline": \(usermeta)}}
            """
        return try ChartLoader.loadSpec(data: Data(spec.utf8), path: "site/charts/l.vl.json") { _ in Data() }
    }

    private func problem(_ body: () throws -> Void) -> String {
        do { try body() } catch { return "\(error)" }
        return ""
    }

    @Test func theDomainComesFromLiveOrTheScale() throws {
        let own = try load(#"{"live": {"window": 50, "domain": [30, 10]}}"#)
        #expect(own.options.live == LiveOptions(window: 50, domain: [30, 10]))
        #expect(own.livePitchDomain! == (10, 30))
        let scale = try load(#"{"live": true}"#, scale: #", "scale": {"domain": [0, 40]}"#)
        #expect(scale.options.live?.window == LiveOptions.defaultWindow)
        #expect(scale.livePitchDomain! == (0, 40))
        #expect(try load("{}").livePitchDomain == nil)
    }

    @Test func aLiveChartWithoutAFixedScaleOrWithABadWindowIsAProblem() {
        #expect(problem { _ = try load(#"{"live": true}"#) }.contains("a live chart's pitch scale is fixed"))
        #expect(problem { _ = try load(#"{"live": {"window": 0, "domain": [0, 1]}}"#) }.contains("$.usermeta.pitchline.live.window"))
        #expect(problem { _ = try load(#"{"live": {"window": 100001, "domain": [0, 1]}}"#) }.contains("100,000"))
        #expect(problem { _ = try load(#"{"live": {"domain": [1, 1]}}"#) }.contains("two different numbers"))
    }

    @Test func siteSettingsEnablePostingWithAnOptionalToken() throws {
        let s = try SiteSettings.parse(Data(#"{"live": {"post": true, "token": "0123456789abcdef"}}"#.utf8), file: "site/pitchline.json")
        #expect(s.livePost && s.liveToken == "0123456789abcdef")
        #expect(throws: ChartProblem.self) { _ = try SiteSettings.parse(Data(#"{"live": {"token": "short"}}"#.utf8), file: "p.json") }
        #expect(try !SiteSettings.parse(Data("{}".utf8), file: "p.json").livePost)
    }
}

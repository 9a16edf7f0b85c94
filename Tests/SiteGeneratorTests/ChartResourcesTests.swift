@testable import ChartData
import Foundation
@testable import SiteGenerator
import Testing

/// `charts/<id>.json`, `charts/<id>.txt`, `charts.json` and the page head that points at them.
@Suite struct ChartResourcesTests {
    /// The example site, generated once for these tests.
    static let example: Task<FileSet, any Error> = Task {
        try await SiteGenerator(
            siteDirectory: Sample.projectDirectory.appendingPathComponent("site"), themeDirectory: Sample.projectDirectory,
            cacheDirectory: nil
        ).generate()
    }

    @Test func everyChartHasItsModelAndTextTypedWithRoleChartAndLanguage() async throws {
        let set = try await Self.example.value
        #expect(!set.chartIDs.isEmpty)
        for page in set.files(.chartPage) where page.path.hasSuffix(".html") {
            let id = try #require(page.chartID)
            guard set["charts/\(id).csv"] != nil else { continue }  // a figure of small multiples: its panels' files
            let json = try #require(set["charts/\(id).json"], "\(id)")
            let text = try #require(set["charts/\(id).txt"], "\(id)")
            #expect(json.role == .chartModel && json.contentType == ContentType.json && json.chartID == id)
            #expect(text.role == .chartText && text.contentType == ContentType.plainText && text.chartID == id)
            #expect(json.language != nil && json.language == page.language && text.language == page.language)
        }
        let index = try #require(set["charts.json"])
        #expect(index.role == .chartIndex)
        let listed = try JSONSerialization.jsonObject(with: index.data) as! [String: Any]
        let ids = (listed["charts"] as! [[String: Any]]).map { $0["id"] as! String }
        // Every chart with a page of its own (a figure's panels have models, on the figure's page).
        #expect(Set(ids) == Set(set.files(.chartModel).compactMap(\.chartID).filter { set["charts/\($0).html"] != nil }))
        let panel = try #require(set["charts/seattle-precipitation-by-year--p1.json"])
        let links = (try JSONSerialization.jsonObject(with: panel.data) as! [String: Any])["links"] as! [String: Any]
        #expect(links["page"] as? String == "seattle-precipitation-by-year.html")
        let figure = Sample.html(set, "charts/seattle-precipitation-by-year.html")
        #expect(figure.contains(#"<link rel="alternate" type="application/json" href="seattle-precipitation-by-year--p1.json""#))
        let ld = try #require(Self.texts(#"<script type="application/ld\+json">([^<]*)</script>"#, figure).first)
        let object = try JSONSerialization.jsonObject(with: Data(ld.utf8)) as! [String: Any]
        #expect((object["accessibilityFeature"] as? [String])?.contains("longDescription") == true)
        #expect(set["assets/schema/chart-3.json"] != nil)  // served and exported at a stable URL
        #expect(Sample.html(set, "index.html").contains(#"<link rel="alternate" type="application/json" href="charts.json">"#))
    }

    /// The page's summary, statistics and table, read back from the HTML, are the text file's lines.
    @Test func theTextIsThePagesSummaryStatisticsAndTable() async throws {
        let set = try await Self.example.value
        var checked = 0
        for model in set.files(.chartModel) {
            let id = try #require(model.chartID)
            guard set["charts/\(id).html"]?.role == .chartPage else { continue }  // a figure's panel: on its figure's page
            let html = Sample.html(set, "charts/\(id).html")
            let lines = String(decoding: set["charts/\(id).txt"]!.data, as: UTF8.self).components(separatedBy: "\n")
            // The summary's claims link to table rows: its text without the links' tags.
            let summary = try #require(Self.texts(#"<p id="[^"]*-summary" class="pl-summary">(.*?)</p>"#, Self.withoutLinks(html)).first)
            #expect(lines.contains(summary), "\(id): summary")
            for (term, value) in zip(Self.texts("<dt>([^<]*)</dt>", html), Self.texts("<dd>([^<]*)</dd>", html)) {
                #expect(lines.contains("\(term): \(value)"), "\(id): \(term)")
            }
            let rows = Self.rows(html)
            #expect(!rows.isEmpty)
            let table = lines.drop { $0 != Self.texts("<caption[^>]*>([^<]*)</caption>", html).first }
            #expect(Array(table.dropFirst().filter { !$0.isEmpty }.suffix(rows.count)) == rows, "\(id): table")
            checked += 1
        }
        #expect(checked >= 10)
    }

    @Test func theModelSaysWhatThePageSays() async throws {
        let set = try await Self.example.value
        let data = try #require(set["charts/seattle-temperature.json"]?.data)
        let model = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let html = Sample.html(set, "charts/seattle-temperature.html")
        let summary = model["summary"] as! String
        #expect(Self.withoutLinks(html).contains(">\(summary.replacingOccurrences(of: "'", with: "&#39;"))</p>"))
        #expect(html.contains("<a class=\"pl-claim\" href=\"#seattle-temperature-row-953\">35.6 °C</a>"))  // the highest, linked to its row
        #expect((model["summarySentences"] as! [[String: Any]]).map { $0["text"] as! String }.joined(separator: " ") == summary)
        let series = model["series"] as! [[String: Any]]
        #expect(series.map { $0["name"] as! String } == ["Maximum temperature", "Minimum temperature"])
        let points = series[0]["dataPoints"] as! [[String: Any]]
        #expect(points.count == 1461)
        #expect(points[0]["label"] as? String == "1 January 2012, maximum temperature 12.8 degrees Celsius")
        #expect((points[0]["labels"] as! [String: String])["shown"] == "1 January 2012, maximum temperature 12.8 °C")
        #expect(points[0]["xValue"] as? String == "2012-01-01" && points[0]["yValue"] as? Double == 12.8)
        let y = model["yAxis"] as! [String: Any]
        #expect((y["range"] as! [String: Double]) == ["lowerBound": -7.1, "upperBound": 35.6])
        #expect((y["tickLabels"] as! [String]).contains("30"))
        // The German chart speaks German.
        let german = try JSONSerialization.jsonObject(with: set["charts/seattle-hoechsttemperatur.json"]!.data) as! [String: Any]
        #expect(german["language"] as? String == "de" && (german["summary"] as! String).contains("Liniendiagramm"))
    }

    @Test func theHeadLinksTheVariantsAndItsJSONLDCannotCloseTheScript() async throws {
        let hostile = #"</script><script>alert(1)</script> & "quotes" <!--"#
        let set = try await Sample.generator().generate(content: SiteContent(charts: [Sample.chart(id: "rain", title: hostile)]))
        let html = Sample.html(set, "charts/rain.html")
        let head = String(html[..<html.range(of: "</head>")!.lowerBound])
        for (type, href) in [("application/json", "rain.json"), ("text/plain", "rain.txt"), ("text/csv", "rain.csv"), ("audio/ogg", "rain/graph-0.ogg")] {
            #expect(head.contains(#"<link rel="alternate" type="\#(type)" href="\#(href)""#), "\(type)")
        }
        let ld = try #require(Self.texts(#"<script type="application/ld\+json">([^<]*)</script>"#, head).first)
        #expect(!ld.contains("<") && !ld.contains(">"))
        let object = try JSONSerialization.jsonObject(with: Data(ld.utf8)) as! [String: Any]
        #expect(object["name"] as? String == hostile)
        #expect(object["@type"] as? String == "WebPage")
        #expect((object["accessibilityFeature"] as! [String]).contains("longDescription"))
        let sufficient = (object["accessModeSufficient"] as! [[String: Any]]).map { $0["itemListElement"] as! [String] }
        #expect(sufficient.contains(["textual"]) && sufficient.contains(["auditory", "textual"]))
        let model = try JSONSerialization.jsonObject(with: set["charts/rain.json"]!.data) as! [String: Any]
        #expect(model["title"] as? String == hostile)
    }

    @Test func aHugeChartListsABoundedSelectionWithItsExtremes() async throws {
        var chart = Sample.chart(id: "huge", title: "Huge", days: 30_000)
        chart.series[0].values[12_345] = 1e6  // the maximum, far from LTTB's regular picks
        let set = try await Sample.generator().generate(content: SiteContent(charts: [chart]))
        let model = try JSONSerialization.jsonObject(with: set["charts/huge.json"]!.data) as! [String: Any]
        #expect(model["pointCount"] as? Int == 30_000 && model["dataPointsReduced"] as? Bool == true)
        let points = ((model["series"] as! [[String: Any]])[0]["dataPoints"] as! [[String: Any]])
        #expect(points.count <= 20_000 && points.count > 10_000)
        #expect(points.contains { $0["row"] as? Int == 12_345 && $0["yValue"] as? Double == 1e6 })
        #expect(points.allSatisfy { $0["labels"] == nil && ($0["label"] as? String)?.isEmpty == false })
        let small = try JSONSerialization.jsonObject(with: try await Sample.generator().generate(
            content: SiteContent(charts: [Sample.chart(id: "rain", title: "Rain")]))["charts/rain.json"]!.data) as! [String: Any]
        let point = ((small["series"] as! [[String: Any]])[0]["dataPoints"] as! [[String: Any]])[0]
        #expect((point["labels"] as! [String: String]).count == 7 && small["dataPointsReduced"] as? Bool == false)
    }

    /// Each match's first group, HTML entities decoded.
    /// `html` without `<a href="#…">` and `</a>` tags (the claim links), their text kept.
    static func withoutLinks(_ html: String) -> String {
        html.replacingOccurrences(of: ##"<a class="pl-claim" href="#[^"]*">"##, with: "", options: .regularExpression).replacingOccurrences(of: "</a>", with: "")
    }

    static func texts(_ pattern: String, _ html: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            unescape(String(html[Range(match.range(at: 1), in: html)!]))
        }
    }

    /// The table's rows as "x; cell; cell" (the header row first), as the text file writes them.
    static func rows(_ page: String) -> [String] {
        let start = page.range(of: "<table class=\"pl-table\"")!.lowerBound
        let html = String(page[start..<page[start...].range(of: "</table>")!.upperBound])
        let head = texts(#"<th scope="col">([^<]*)</th>"#, html).joined(separator: "; ")
        let body = try! NSRegularExpression(pattern: #"<tr[^>]*><th scope="row">([^<]*)</th>((?:<td>[^<]*</td>)*)</tr>"#)
        let rows = body.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { m in
            ([unescape(String(html[Range(m.range(at: 1), in: html)!]))] + texts("<td>([^<]*)</td>", String(html[Range(m.range(at: 2), in: html)!])))
                .joined(separator: "; ")
        }
        return [head] + rows
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x2F;", with: "/").replacingOccurrences(of: "&#x3D;", with: "=")
            .replacingOccurrences(of: "&#x60;", with: "`").replacingOccurrences(of: "&amp;", with: "&")
    }
}

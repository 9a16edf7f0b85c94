import ChartData
import ChartModel
import ChartPages
import Foundation
import Testing

/// Counts non-overlapping occurrences of `needle`.
func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

/// The chart's data table markup (pages also hold the help dialog's key table).
func dataTable(_ html: String) -> String {
    html.components(separatedBy: "<table class=\"pl-table\"")[1].components(separatedBy: "</table>")[0]
}

let assets = PageAssets(cssPath: "assets/pitchline.abc.css", jsPath: "assets/pitchline.def.js")

@Suite struct ChartPageTests {
    @Test func pageHasOneHeadingOneTitleAndARowPerX() async throws {
        let renderer = try await PageRenderer(templatesDirectory: Fixtures.templates)
        let chart = Fixtures.temperatures(days: 10)
        let html = try renderer.chartPage(ChartPresentation(chart: chart), dataScript: "seattle-temperature.123.js", audio: nil, assets: assets)
        #expect(occurrences(of: "<h1", in: html) == 1)
        #expect(html.contains("<h1>Seattle temperature</h1>"))
        #expect(html.contains("<html lang=\"en\">"))
        #expect(html.contains("<main id=\"main\""))
        #expect(html.contains("href=\"#main\""))
        #expect(occurrences(of: "<tr data-row=", in: html) == 10)
        let table = html.components(separatedBy: "<table class=\"pl-table\"")[1].components(separatedBy: "</table>")[0]
        #expect(occurrences(of: "<th scope=\"col\">", in: table) == 3)  // Date + two series
        #expect(!html.contains("<details"))  // small tables stay open
        #expect(html.contains("<td>no data</td>"))  // the missing value, never 0
        // Dates as people say them, values with fixed decimals and the unit.
        #expect(html.contains("<tr data-row=\"0\" id=\"seattle-temperature-row-0\"><th scope=\"row\">1 January 2012</th><td>10.0 °C</td><td>\u{2212}1 °C</td></tr>"))
        #expect(html.contains("<tr data-row=\"1\" id=\"seattle-temperature-row-1\"><th scope=\"row\">2 January 2012</th><td>11.5 °C</td><td>0 °C</td></tr>"))
        #expect(html.contains("<script defer src=\"seattle-temperature.123.js\"></script>"))
        #expect(html.contains("href=\"../assets/pitchline.abc.css\""))
        #expect(html.contains("<svg role=\"img\" aria-label=\"Line chart\" "))  // the figure carries title and summary
        #expect(html.contains("<div class=\"pl-scrub\" hidden>"))
        #expect(html.contains("<input type=\"range\" class=\"pl-slider\" min=\"0\" max=\"9\""))
        #expect(html.contains("href=\"seattle-temperature.csv\""))
    }

    /// The settings dialog offers `ReaderSettings`' choices with its defaults checked: the one
    /// source the page script reads its defaults from (one checked choice per group).
    @Test(arguments: ["en", "de"])
    func theSettingsDialogChecksTheReaderSettingsDefaults(language: String) async throws {
        let renderer = try await PageRenderer(templatesDirectory: Fixtures.templates)
        var chart = Fixtures.temperatures()
        chart.options.language = language
        let html = try renderer.chartPage(ChartPresentation(chart: chart), dataScript: "x.js", audio: nil, assets: assets)
        let form = html.components(separatedBy: "<form class=\"pl-settings-form\"")[1].components(separatedBy: "</form>")[0]
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&#x27;", with: "'")
        let m = Messages(tag: language)
        for group in ReaderSettings.groups {
            #expect(occurrences(of: "name=\"\(group.name)\"", in: form) == group.choices.count, "\(group.name)")
            for choice in group.choices {
                let input = "<input type=\"radio\" name=\"\(group.name)\" value=\"\(choice.value)\"\(choice.isDefault ? " checked" : "")> \(m[choice.key])</label>"
                #expect(form.contains(input), "\(input)")
            }
            #expect(group.choices.filter(\.isDefault).count == 1)
        }
        #expect(form.contains("<input type=\"radio\" name=\"verbosity\" value=\"\(ReaderSettings.verbosity.rawValue)\" checked>"))
        #expect(form.contains("<input type=\"checkbox\" name=\"speech\"\(ReaderSettings.speech ? " checked" : "")>"))
        #expect(form.contains("<input type=\"checkbox\" name=\"tones\"\(ReaderSettings.tones ? " checked" : "")>"))
        #expect(occurrences(of: " checked", in: form) == ReaderSettings.groups.count + 3)  // and normal speed
    }

    @Test func noInlineScriptsOrStyles() async throws {
        let renderer = try await PageRenderer(templatesDirectory: Fixtures.templates)
        let html = try renderer.chartPage(ChartPresentation(chart: Fixtures.temperatures()), dataScript: "x.js", audio: nil, assets: assets)
        #expect(!html.contains("style="))
        #expect(!html.contains("<style"))
        #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil)  // no onclick= etc.
        // Scripts that run are files; the one inline element is JSON-LD, a data block the CSP leaves alone.
        let scripts = html.components(separatedBy: "<script").dropFirst()
        #expect(scripts.allSatisfy { $0.hasPrefix(" defer src=") && $0.contains("></script>") || $0.hasPrefix(" type=\"application/ld+json\">") })
        #expect(scripts.filter { $0.hasPrefix(" type=\"application/ld+json\">") }.count == 1)
    }

    @Test func largeTablesAreCollapsedAndHugeOnesLimited() async throws {
        let renderer = try await PageRenderer(templatesDirectory: Fixtures.templates)
        let medium = try renderer.chartPage(ChartPresentation(chart: Fixtures.temperatures(days: 200)), dataScript: "x.js", audio: nil, assets: assets)
        #expect(medium.contains("<details class=\"pl-table-details\">"))
        #expect(occurrences(of: "<tr data-row=", in: medium) == 200)
        let huge = try renderer.chartPage(ChartPresentation(chart: Fixtures.huge(count: 30_000)), dataScript: "x.js", audio: nil, assets: assets)
        #expect(occurrences(of: "<th scope=\"row\">", in: dataTable(huge)) == ChartPresentation.tableRowLimit)
        // The scrubber visits an LTTB selection of 30,000 points: only those rows are cursor targets.
        #expect(occurrences(of: "<tr data-row=", in: huge) < ChartPresentation.tableRowLimit)
        #expect(huge.contains("The audio scrubber visits 19,99") || huge.contains("The audio scrubber visits 20,000"))
        #expect(huge.contains("The table shows the first 2,000 of 30,000 rows"))
        #expect(huge.contains("href=\"huge.csv\""))
    }

    @Test func hugeChartsScrubAReducedSetAndSaySo() throws {
        let p = ChartPresentation(chart: Fixtures.huge(count: 50_000))
        #expect(p.isScrubberReduced)
        #expect(p.scrubRows.count <= ChartPresentation.scrubberPointLimit)
        let stats = p.description.series[0].statistics
        #expect(p.scrubRows.contains(stats.minRow!) && p.scrubRows.contains(stats.maxRow!))
        let script = String(decoding: p.dataScript(audio: nil), as: UTF8.self)
        let json = script[script.range(of: "] = ")!.upperBound...].dropLast(2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["pointCount"] as? Int == 50_000)
        let rows = try #require(object["rows"] as? [Int])
        #expect(rows == p.scrubRows)
        let describe = (object["text"] as? [String: Any])?["describe"] as? [String]
        #expect(describe?[1].contains("of the 50,000 points") == true)  // D again says it
        let series = try #require((object["series"] as? [[String: Any]])?.first)
        #expect((series["cx"] as? [Double])?.count == rows.count)
        #expect(series["maxRow"] as? Int == rows.firstIndex(of: stats.maxRow!))
    }

    /// 200,000 points: 100 times the table's limit and far past where drawing and the data script
    /// downsample, so what is drawn no longer grows with the points (a million took 23 s of CPU
    /// in the debug build; `make bench` draws 2 × 1,000,000 in release).
    static let manyPoints = 200_000

    @Test func twoHundredThousandBarsAreDrawnAsAFewThousandStrokes() {
        var chart = Fixtures.huge(count: Self.manyPoints)
        chart.mark = .bar
        let svg = ChartPresentation(chart: chart).svg
        #expect(svg.utf8.count < 200_000)
        #expect(!svg.contains("<rect class=\"pl-bar\""))
        #expect(occurrences(of: "V", in: svg) > 1_000)
    }

    @Test func barChartDrawsOneRectPerValue() {
        let svg = ChartPresentation(chart: Fixtures.bars()).svg
        #expect(occurrences(of: "<rect class=\"pl-bar\"", in: svg) == 3)
        #expect(svg.contains(">Apples</text>"))
    }

    @Test func aPageOfManyPointsStaysUnderOneMegabyte() async throws {
        let renderer = try await PageRenderer(templatesDirectory: Fixtures.templates)
        let chart = Fixtures.huge(count: Self.manyPoints)
        let clock = ContinuousClock()
        var html = ""
        let elapsed = try clock.measure {
            html = try renderer.chartPage(ChartPresentation(chart: chart), dataScript: "huge.1.js", audio: nil, assets: assets)
        }
        print("\(Self.manyPoints)-point chart page: \(html.utf8.count) bytes in \(elapsed)")
        #expect(html.utf8.count < 1_000_000)
        #expect(occurrences(of: "<th scope=\"row\">", in: dataTable(html)) == ChartPresentation.tableRowLimit)
    }
}

@Suite struct EscapingTests {
    static let hostile = "</script><img src=x onerror=alert(1)>"

    static func hostileChart() -> Chart {
        var chart = Fixtures.temperatures(days: 3, title: hostile)
        chart.series[0].name = hostile
        chart.xValues = [.category(hostile), .category("b"), .category("c")]
        chart.x.type = .nominal
        chart.y.unit = "<b>"
        chart.authorDescription = hostile
        return chart
    }

    @Test func xmlEscapeCoversMarkupCharacters() {
        #expect(xmlEscape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;")
        #expect(xmlEscape("plain") == "plain")
    }

    @Test func scriptSafeJSONLeavesNoWayOutOfAScript() {
        #expect(scriptSafeJSON("\"</script>&\u{2028}\u{2029}\"") == "\"\\u003c/script\\u003e\\u0026\\u2028\\u2029\"")
    }

    @Test func hostileTitleIsTextInHTMLSVGAndTable() async throws {
        let renderer = try await PageRenderer(templatesDirectory: Fixtures.templates)
        let p = ChartPresentation(chart: Self.hostileChart())
        let html = try renderer.chartPage(p, dataScript: "x.js", audio: nil, assets: assets)
        #expect(!html.contains("<img"))
        #expect(!html.contains("</script><"))
        #expect(!html.contains("<b>"))
        let escaped = "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"
        #expect(html.contains("<h1>\(escaped)</h1>"))
        #expect(html.contains("<title id=\"seattle-temperature-svgtitle\">\(escaped)</title>"))  // SVG
        #expect(html.contains("<th scope=\"row\">\(escaped)</th>"))  // table row header
        #expect(html.contains("<th scope=\"col\">\(escaped)</th>"))  // table column header
        #expect(p.svg.contains(">\(escaped)</text>"))  // legend and x tick
    }

    @Test func hostileTitleIsDataInTheScript() throws {
        let p = ChartPresentation(chart: Self.hostileChart())
        let script = String(decoding: p.dataScript(audio: nil), as: UTF8.self)
        #expect(!script.contains("<"))
        #expect(!script.contains(">"))
        #expect(script.contains("\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e"))
        #expect(script.hasPrefix("(window.PitchlineCharts = window.PitchlineCharts || {})[\"seattle-temperature\"] = {"))
        // The JSON part parses back to the original title.
        let json = script[script.range(of: "] = ")!.upperBound...].dropLast(2)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["title"] as? String == Self.hostile)
    }
}

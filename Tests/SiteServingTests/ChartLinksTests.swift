import Foundation
import RawHTTPClient
import SiteFolders
import SiteGenerator
import SiteServing
import Testing

/// `Link` headers (issue 30) over raw HTTP: a CSV download names its CSV on the Web metadata
/// (`rel="describedby"`), directly and as the negotiated CSV; a chart's page names its other
/// representations (`rel="alternate"`). And a generated German chart answers in German.
@Suite("Link headers and a generated chart's language over raw HTTP")
struct ChartLinksTests {
    static let metadata = "</charts/temps.csv-metadata.json>; rel=\"describedby\"; type=\"application/csvm+json\""

    @Test("a CSV with metadata names it, at its own URL and negotiated; other files do not")
    func describedBy() throws {
        var site = negotiatedSite()
        site.add(GeneratedFile(path: "charts/bare.csv", data: Data("a,b\r\n1,2\r\n".utf8), contentType: ContentType.csv, role: .download, chartID: "bare"))
        try withSite(site) { server in
            let csv = try get("/charts/temps.csv", port: server.port)
            #expect(csv.status == 200 && csv.header("Link") == Self.metadata)
            let ranged = try get("/charts/temps.csv", port: server.port, headers: ["Range: bytes=0-3"])
            #expect(ranged.status == 206 && ranged.header("Link") == Self.metadata)
            let negotiated = try get("/charts/temps", port: server.port, headers: ["Accept: text/csv"])
            let link = try #require(negotiated.header("Link"))
            #expect(negotiated.text.hasPrefix("date,temp") && link.hasSuffix(", " + Self.metadata))
            #expect(link.contains("</charts/temps.json>; rel=\"alternate\"; type=\"application/json\""))
            let json = try get("/charts/temps", port: server.port, headers: ["Accept: application/json"])
            #expect(json.header("Link")?.contains("describedby") == false)
            let bare = try get("/charts/bare.csv", port: server.port)
            #expect(bare.status == 200 && bare.header("Link") == nil)
            let metadata = try get("/charts/temps.csv-metadata.json", port: server.port)
            #expect(metadata.status == 200 && metadata.header("Content-Type") == ContentType.csvMetadata && metadata.header("Link") == nil)
        }
    }

    @Test("a chart's page at its own URL names its other representations, not itself; other pages name none")
    func pageAlternates() throws {
        try withSite(negotiatedSite()) { server in
            let page = try get("/charts/temps.html", port: server.port)
            #expect(page.status == 200 && page.text.contains("Temperaturen"))
            let link = try #require(page.header("Link"))
            for (path, type) in [("/charts/temps.json", "application/json"), ("/charts/temps.txt", "text/plain"),
                                 ("/charts/temps.csv", "text/csv"), ("/charts/temps/graph-1.ogg", "audio/ogg")] {
                #expect(link.contains("<\(path)>; rel=\"alternate\"; type=\"\(type)\"; hreflang=\"de\"") || link.contains("<\(path)>; rel=\"alternate\"; type=\"\(type)\""), "\(path) in \(link)")
            }
            #expect(!link.contains("temps.html") && !link.contains("braille"))
            #expect(page.header("Vary")?.contains("Accept,") != true)  // its own URL is not negotiated
            let index = try get("/index.html", port: server.port)
            #expect(index.status == 200 && index.header("Link") == nil)
        }
    }

    @Test("a generated German chart: Accept-Language de gets its German summary as text and JSON, its CSV names its metadata")
    func generatedGermanChart() async throws {
        let root = try writeSite([
            "charts/regen.vl.json": #"""
            {"title": "Regen", "data": {"values": [{"t": "2024-01-01", "r": 1.5}, {"t": "2024-01-02", "r": 0}, {"t": "2024-01-03", "r": 2.25}]},
             "mark": "bar", "encoding": {"x": {"field": "t", "type": "temporal", "title": "Tag"}, "y": {"field": "r", "type": "quantitative", "title": "Regen"}},
             "usermeta": {"pitchline": {"language": "de", "unit": "mm"}}}
            """#,
        ], name: "pl-links")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let set = try await SiteGenerator(siteDirectory: root, themeDirectory: nil, cacheDirectory: nil).generate()
        #expect(set.problems.isEmpty, "\(set.problems)")
        let summary = "Balkendiagramm zu Regen, vom 1. Januar 2024 bis zum 3. Januar 2024, 3 Balken."
        try withSite(set) { server in
            let text = try get("/charts/regen", port: server.port, headers: ["Accept: text/plain", "Accept-Language: de-DE, de;q=0.9"])
            #expect(text.status == 200 && text.header("Content-Type")?.hasPrefix("text/plain") == true)
            #expect(text.header("Content-Language") == "de" && text.text.contains(summary), "\(text.text)")
            let json = try get("/charts/regen", port: server.port, headers: ["Accept: application/json", "Accept-Language: de"])
            let model = try #require(try JSONSerialization.jsonObject(with: json.body) as? [String: Any])
            #expect(model["language"] as? String == "de" && (model["summary"] as? String)?.contains(summary) == true)
            let csv = try get("/charts/regen.csv", port: server.port)
            #expect(csv.header("Link") == "</charts/regen.csv-metadata.json>; rel=\"describedby\"; type=\"application/csvm+json\"")
            let page = try get("/charts/regen.html", port: server.port)
            #expect(page.header("Link")?.contains("</charts/regen.json>; rel=\"alternate\"; type=\"application/json\"; hreflang=\"de\"") == true)
        }
    }
}

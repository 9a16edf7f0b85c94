import RawHTTPClient
import Foundation
import HTTPServer
import SiteGenerator
import SiteServing
import Testing

/// A chart with every representation, typed as the generator types them: page, JSON model,
/// text, CSV with its CSV on the Web metadata, braille and two audio graphs.
func negotiatedSite(language: String = "de") -> FileSet {
    var set = sampleSite()
    let id = "temps"
    func add(_ path: String, _ text: String, _ type: String, _ role: FileRole) {
        set.add(GeneratedFile(path: path, data: Data(text.utf8), contentType: type, role: role, chartID: id, language: language))
    }
    add("charts/temps.html", "<!doctype html><title>Temperaturen</title>" + String(repeating: "<p>Steigt.</p>", count: 50), ContentType.html, .chartPage)
    add("charts/temps.json", "{\"id\":\"temps\"}\n", ContentType.json, .chartModel)
    add("charts/temps.txt", "Temperaturen\n\nDie Werte steigen.\n", ContentType.plainText, .chartText)
    add("charts/temps.csv", "date,temp\r\n2012-01-01,3\r\n", ContentType.csv, .download)
    add("charts/temps.csv-metadata.json", "{\"url\":\"temps.csv\"}\n", ContentType.csvMetadata, .csvMetadata)
    add("charts/temps.braille.txt", "⠞⠑⠍⠏", ContentType.plainText, .braille)
    set.add(GeneratedFile(path: "charts/temps/graph-2.ogg", data: Data([2, 2]), contentType: ContentType.ogg, role: .rendition, chartID: id))
    set.add(GeneratedFile(path: "charts/temps/graph-1.ogg", data: audioBytes, contentType: ContentType.ogg, role: .rendition, chartID: id))
    return set
}

@Suite("Content negotiation on /charts/<id> over raw HTTP")
struct NegotiationTests {
    static let variants = [
        ("text/html", "Temperaturen"), ("application/json", "{\"id\":\"temps\"}"), ("text/plain", "Die Werte steigen."),
        ("text/csv", "date,temp"),
    ]

    @Test("each Accept gives its type, with Vary, Link, Content-Location and Content-Language")
    func eachType() throws {
        try withSite(negotiatedSite()) { server in
            for (type, text) in Self.variants {
                let response = try get("/charts/temps", port: server.port, headers: ["Accept: \(type)"])
                #expect(response.status == 200, "\(type)")
                #expect(response.header("Content-Type")?.hasPrefix(type) == true, "\(type)")
                #expect(response.text.contains(text), "\(type)")
                #expect(response.header("Vary")?.hasPrefix("Accept, Accept-Language") == true, "\(type)")
                #expect(response.header("Content-Language") == "de")
                #expect(hasSecurityHeaders(response))
            }
            let audio = try get("/charts/temps", port: server.port, headers: ["Accept: audio/ogg"])
            #expect(audio.status == 200 && audio.header("Content-Type") == "audio/ogg" && audio.body == audioBytes)
            #expect(audio.header("Content-Location") == "/charts/temps/graph-1.ogg")
            #expect(audio.header("Vary") == "Accept, Accept-Language")
            let link = try #require(audio.header("Link"))
            for (path, type) in [("/charts/temps.html", "text/html"), ("/charts/temps.json", "application/json"),
                                 ("/charts/temps.txt", "text/plain"), ("/charts/temps.csv", "text/csv"), ("/charts/temps/graph-1.ogg", "audio/ogg")] {
                #expect(link.contains("<\(path)>; rel=\"alternate\"; type=\"\(type)\""), "\(path) in \(link)")
            }
            #expect(!link.contains("braille") && !link.contains("graph-2"))
        }
    }

    @Test("browsers, curl and no Accept get the page; the page's own URLs are unchanged")
    func defaults() throws {
        try withSite(negotiatedSite()) { server in
            for accept in [nil, "*/*", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "text/*", ""] {
                let response = try get("/charts/temps", port: server.port, headers: accept.map { ["Accept: \($0)"] } ?? [])
                #expect(response.status == 200 && response.text.contains("Temperaturen") && response.header("Content-Type")?.hasPrefix("text/html") == true, "\(accept ?? "none")")
            }
            let json = try get("/charts/temps.json", port: server.port, headers: ["Accept: text/html"])
            #expect(json.header("Content-Type") == ContentType.json)  // a file's own URL is not negotiated
            #expect(json.header("Vary") == "Accept-Encoding")
        }
    }

    @Test("q values choose: the highest wins, the most specific range sets a type's weight, q=0 refuses")
    func qOrdering() throws {
        let cases: [(String, String)] = [
            ("text/html;q=0.5, application/json", "application/json"),
            ("application/json;q=0.2, text/plain;q=0.9, text/csv;q=0.5", "text/plain"),
            ("text/*;q=0.3, text/csv", "text/csv"),
            ("*/*;q=0.1, audio/ogg;q=0.8", "audio/ogg"),
            ("text/html;q=0, */*", "application/json"),
            ("application/json;q=0.5, text/plain;q=0.5", "application/json"),  // a tie: the server's order
            ("TEXT/PLAIN", "text/plain"),
            ("text/plain;format=flowed;q=0.7, text/html;q=0.6", "text/plain"),
        ]
        try withSite(negotiatedSite()) { server in
            for (accept, expected) in cases {
                let response = try get("/charts/temps", port: server.port, headers: ["Accept: \(accept)"])
                #expect(response.header("Content-Type")?.hasPrefix(expected) == true, "\(accept) → \(response.header("Content-Type") ?? "")")
            }
        }
    }

    @Test("406 for types no variant has, listing every variant")
    func notAcceptable() throws {
        try withSite(negotiatedSite()) { server in
            for accept in ["image/png", "application/xml, text/html;q=0", "*/*;q=0", "video/*"] {
                let response = try get("/charts/temps", port: server.port, headers: ["Accept: \(accept)"])
                #expect(response.status == 406, "\(accept)")
                #expect(response.header("Vary") == "Accept, Accept-Language")
                #expect(response.header("Link")?.contains("</charts/temps.json>") == true)
                for line in ["text/html: /charts/temps.html", "application/json: /charts/temps.json", "text/plain: /charts/temps.txt",
                             "text/csv: /charts/temps.csv", "audio/ogg: /charts/temps/graph-1.ogg"] {
                    #expect(response.text.contains(line), "\(line)")
                }
                #expect(hasSecurityHeaders(response))
            }
        }
    }

    @Test("conditional and range requests work on the chosen variant")
    func conditionalAndRange() throws {
        try withSite(negotiatedSite()) { server in
            let json = try get("/charts/temps", port: server.port, headers: ["Accept: application/json"])
            let etag = try #require(json.header("ETag"))
            let again = try get("/charts/temps", port: server.port, headers: ["Accept: application/json", "If-None-Match: \(etag)"])
            #expect(again.status == 304 && again.header("Vary")?.hasPrefix("Accept") == true)
            let html = try get("/charts/temps", port: server.port, headers: ["If-None-Match: \(etag)"])
            #expect(html.status == 200)  // another variant, another tag
            let part = try get("/charts/temps", port: server.port, headers: ["Accept: audio/ogg", "Range: bytes=10-19"])
            #expect(part.status == 206 && part.body == audioBytes[10...19] && part.header("Vary") == "Accept, Accept-Language")
        }
    }

    @Test("Accept-Language chooses among a chart's languages; a language the site lacks still gets the chart")
    func languages() throws {
        var site = negotiatedSite(language: "de")
        // The same chart's JSON in a second language (what a multilingual site would generate).
        site.add(GeneratedFile(
            path: "charts/temps.en.json", data: Data("{\"id\":\"temps\",\"lang\":\"en\"}\n".utf8), contentType: ContentType.json,
            role: .chartModel, chartID: "temps", language: "en"))
        try withSite(site) { server in
            let english = try get("/charts/temps", port: server.port, headers: ["Accept: application/json", "Accept-Language: en-GB, en;q=0.9, de;q=0.5"])
            #expect(english.text.contains("\"lang\":\"en\"") && english.header("Content-Language") == "en")
            let german = try get("/charts/temps", port: server.port, headers: ["Accept: application/json", "Accept-Language: de-CH, de;q=0.9"])
            #expect(german.text == "{\"id\":\"temps\"}\n" && german.header("Content-Language") == "de")
            // Only the German page exists: English readers get it rather than a 406.
            let page = try get("/charts/temps", port: server.port, headers: ["Accept: text/html", "Accept-Language: en"])
            #expect(page.status == 200 && page.text.contains("Temperaturen"))
            #expect(english.header("Link")?.contains("</charts/temps.en.json>; rel=\"alternate\"; type=\"application/json\"; hreflang=\"en\"") == true)
            let audio = try get("/charts/temps", port: server.port, headers: ["Accept: audio/ogg", "Accept-Language: fr"])
            #expect(audio.status == 200 && audio.header("Content-Language") == nil)
        }
        try withSite(negotiatedSite()) { server in
            let french = try get("/charts/temps", port: server.port, headers: ["Accept-Language: fr", "Accept: text/plain"])
            #expect(french.status == 200 && french.text.contains("Die Werte steigen.") && french.header("Content-Language") == "de")
        }
    }

    @Test("header parsing: q values, malformed items, the range limit")
    func parsing() {
        let ranges = ContentNegotiation.ranges("text/html;level=1;q=0.7, */*;q=0.001,,bad item, x/y;q=1.5, a/b;q=0.5000, c/d;q=.5, e/f;Q=0")
        #expect(ranges == [.init(value: "text/html", q: 0.7), .init(value: "*/*", q: 0.001), .init(value: "e/f", q: 0)])
        let long = Array(repeating: "a/b", count: 1000).joined(separator: ", ") + ", */*"
        #expect(ContentNegotiation.ranges(long).count == ContentNegotiation.rangeLimit)
        #expect(ContentNegotiation.choose(types: ["text/html"], languages: [nil], accept: long, acceptLanguage: nil) == nil)
        #expect(ContentNegotiation.quality(ofType: "text/csv", in: ContentNegotiation.ranges("text/*;q=0.4, */*;q=0.9")) == 0.4)
        #expect(ContentNegotiation.quality(ofLanguage: "de-CH", in: ContentNegotiation.ranges("de;q=0.3, *;q=0.1")) == 0.3)
        #expect(ContentNegotiation.quality(ofLanguage: "den", in: ContentNegotiation.ranges("de")) == 0)
    }
}

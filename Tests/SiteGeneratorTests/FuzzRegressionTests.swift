import Foundation
@testable import SiteGenerator
import Testing

/// Inputs found by `Fuzz/fuzz-report` (make fuzz), kept as tests.
@Suite struct FuzzRegressionTests {
    /// Renders one report with the real theme and returns the `<article>` holding its body.
    private func reportBody(_ markdown: String) async throws -> String {
        let content = SiteContent(charts: [], reports: [ReportSource(slug: "r", markdown: markdown)])
        let html = Sample.html(try await Sample.generator().generate(content: content), "reports/r.html")
        let start = try #require(html.range(of: "<article"))
        let end = try #require(html.range(of: "</article>", options: .backwards))
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func rawHTMLInMarkdownIsShownAsText() async throws {
        let body = try await reportBody("""
            Raw <script>alert(1)</script> and <img src=x onerror=alert(2)> and <svg onload=alert(3)></svg>

            <iframe src="https://example.com"></iframe> <div style="color:red">styled</div> <!-- c -->
            """)
        #expect(!body.contains("<script"))
        #expect(!body.contains("<img"))
        #expect(!body.contains("<svg"))
        #expect(!body.contains("<iframe"))
        #expect(!body.contains("<div style"))
        #expect(!body.contains("<!--"))
        #expect(body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(body.contains("&lt;img src=x onerror=alert(2)&gt;"))
    }

    /// Ink reads an unclosed tag to the end of the document: `<b>` swallowed every later
    /// paragraph and chart block into one blob of text.
    @Test func anUnclosedTagDoesNotSwallowTheRestOfTheReport() async throws {
        let content = SiteContent(
            charts: [Sample.chart(id: "rain", title: "Daily rain")],
            reports: [ReportSource(slug: "r", markdown: "Intro <b> and </script>\n\n## Later\n\n```chart\nrain\n```\n\nEnd `code <i>`.\n")])
        let html = Sample.html(try await Sample.generator().generate(content: content), "reports/r.html")
        #expect(html.contains("Intro &lt;b&gt; and &lt;/script&gt;"))
        #expect(html.contains("<h2>Later</h2>"))
        #expect(html.contains("data-chart-id=\"rain\""))
        #expect(!html.contains(ReportPage.chartMarker))
        #expect(html.contains("<code>code &lt;i&gt;</code>"))
    }

    @Test func scriptURLsLoseTheirLinkAndQuotesCannotAddAttributes() async throws {
        let body = try await reportBody("""
            [a](javascript:alert(1)) [b](JavaScript:alert(2)) [c](java&#115;cript:alert(3)) [d](data:text/html,x)
            [e](x" onmouseover="alert(4)) ![f](y" onerror="alert(5)) [g](x"><img src=x onerror=alert(6)>)
            """)
        // What is left of them is text: no tag carries a script URL or a handler.
        let tags = Self.tags(in: body)
        #expect(!tags.contains { $0.lowercased().contains("javascript:") || $0.contains("data:") })
        #expect(!tags.contains { $0.contains("onmouseover") || $0.contains("onerror") })
        #expect(!tags.contains { $0.hasPrefix("<img") })
        #expect(tags.contains("<a href=\"java&amp;#115;cript:alert(3)\">"))  // a harmless relative link now
        #expect(body.contains("&lt;a href=\"javascript:alert(1)\">a</a>"))
    }

    /// Every `<…>` tag in the HTML (text shown as `&lt;…` is not a tag).
    static func tags(in html: String) -> [String] {
        var tags: [String] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            tags.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return tags
    }

    @Test func ordinaryMarkdownKeepsItsMarkup() async throws {
        let body = try await reportBody("""
            # Title

            Some *emphasis*, **strong**, ~~gone~~, `code <b>`, a [link](https://example.com/a?b=1&c=2),
            a [relative one](../charts/x.html#top), [mail](mailto:a@example.com) and ![a picture](pic.png).

            3. three
            4. four

            | a | b |
            |:--|--:|
            | 1 | 2 |

            > quoted

            ```swift
            let x = 1 < 2
            ```
            """)
        #expect(body.contains("<h1>Title</h1>"))
        #expect(body.contains("<em>emphasis</em>"))
        #expect(body.contains("<strong>strong</strong>"))
        #expect(body.contains("<code>code &lt;b&gt;</code>"))
        #expect(body.contains("<a href=\"https://example.com/a?b=1&amp;c=2\">link</a>"))
        #expect(body.contains("<a href=\"../charts/x.html#top\">relative one</a>"))
        #expect(body.contains("<a href=\"mailto:a@example.com\">mail</a>"))
        #expect(body.contains("<img src=\"pic.png\" alt=\"a picture\">"))
        #expect(body.contains("<ol start=\"3\">"))
        #expect(body.contains("<td align=\"left\">1</td>"))
        #expect(body.contains("<blockquote>"))
        #expect(body.contains("<pre><code class=\"language-swift\">"))
    }

    /// Ink's time doubled with every nested "[" (20 never finished); deeper ones are now plain text.
    @Test func deeplyNestedBracketsRenderAsText() async throws {
        let body = try await reportBody(String(repeating: "[", count: 40) + "x" + String(repeating: "]", count: 3) + "\n\n[a [b](c)](d)")
        #expect(body.contains(String(repeating: "[", count: 40) + "x"))
        #expect(!body.contains("\\["))
        #expect(body.contains("<a href=\"c\">b</a>"))
    }

    /// Six unclosed `![` before a run of `!` made Ink retry each `!` 2^6 ways (CI's fuzz-report
    /// timed out); three levels deep are the most Ink sees, the rest is text as written.
    @Test func unclosedImageBracketsBeforeARunOfBangsRenderAsText() async throws {
        let markdown = String(repeating: "![", count: 6) + String(repeating: "!", count: 1_000)
        let body = try await reportBody(markdown)
        #expect(body.contains(String(repeating: "![", count: 6) + String(repeating: "!", count: 1_000)))
        #expect(!body.contains("<img"))
    }

    /// Front matter never closed, with a raw `<p` in it: Ink's paragraph stopped before the `<p`
    /// without reading it, and Ink looped for ever. Unclosed front matter is Markdown, escaped as such.
    @Test func anUnclosedFrontMatterWithATagIsText() async throws {
        let body = try await reportBody("---\nnoted from<PITCHLINE iframe\n")
        #expect(body.contains("noted from&lt;PITCHLINE iframe"))
    }

    /// Ink trapped (string index out of bounds) on front matter left open before blank lines.
    @Test func frontMatterLeftOpenDoesNotCrash() async throws {
        for markdown in ["---\n\n", "---\ntitle: Draft\n\nSome text.\n\n  \n", "---\n\u{FFFD}\u{FFFD}\n---\n \n"] {
            let body = try await reportBody(markdown)
            #expect(body.contains("<article"))
        }
        #expect(try await reportBody("---\ntitle: Draft\n\nSome text.\n\n").contains("Some text."))
    }

    /// An indented fence right after a paragraph line: the old escaper took it for a code block, Ink
    /// did not, so the `<p` below reached Ink's HTML reader, which never returned (fuzz-report).
    /// Ink now never sees a `<`; code still shows it, and a marker already in the text survives.
    @Test func anIndentedFenceAfterAParagraphDoesNotLetATagThrough() async throws {
        let body = try await reportBody("Words\n    ```\n<p\n")
        #expect(body.contains("&lt;p"))
        #expect(!body.contains("<p\n"))
        let code = try await reportBody("```\na < b\n```\n\nPrivate \u{E000} use")
        #expect(code.contains("a &lt; b"))
        #expect(code.contains("Private \u{E000} use") || code.contains("Private &#xE000; use"))
    }

    /// A `<` in the heading that becomes the title is the character, not an entity or the marker.
    @Test func aTitleFromAHeadingKeepsItsLessThanSign() async throws {
        let content = SiteContent(charts: [], reports: [ReportSource(slug: "r", markdown: "# Rain < 5 mm\n\nText.\n")])
        let html = Sample.html(try await Sample.generator().generate(content: content), "reports/r.html")
        #expect(html.contains("<title>Rain &lt; 5 mm"))
        #expect(!html.contains("\u{E000}"))
    }
}

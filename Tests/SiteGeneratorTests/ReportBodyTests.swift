@testable import SiteGenerator
import Testing

/// `ReportPage.body`: each chart block's placeholder paragraph becomes that block's markup.
@Suite struct ReportBodyTests {
    let marker = ReportPage.chartMarker

    @Test func eachPlaceholderBecomesItsBlocksMarkupInOrder() {
        let html = "<h2>A</h2>\n<p>\(marker)0\(marker)</p>\n<p>text</p>\n<p>\(marker)1\(marker)</p>\n"
        var calls: [String] = []
        let out = ReportPage.body(html, blocks: [.chart(id: "rain"), .missing(reference: "snow")]) { block in
            switch block {
            case .chart(let id): calls.append(id); return "<figure>\(id)</figure>"
            case .missing(let r): calls.append(r); return "<p>no \(r)</p>"
            }
        }
        #expect(out == "<h2>A</h2>\n<figure>rain</figure>\n<p>text</p>\n<p>no snow</p>\n")
        #expect(calls == ["rain", "snow"])
    }

    /// Only the placeholder as written: no leading zero, a number of a block, both markers and
    /// the paragraph; a block's markup is not searched again (a chart whose text looks like a
    /// placeholder stays as it is).
    @Test func anythingElseStaysAsItIs() {
        let kept = ["<p>\(marker)01\(marker)</p>", "<p>\(marker)7\(marker)</p>", "<p>\(marker)\(marker)</p>",
                    "<p>\(marker)0</p>", "\(marker)0\(marker)", "<p>\(marker)1\(marker)</p"]
        for text in kept {
            #expect(ReportPage.body("x" + text + "y", blocks: [.chart(id: "a"), .chart(id: "b")]) { _ in "M" } == "x" + text + "y")
        }
        let nested = ReportPage.body("<p>\(marker)0\(marker)</p>", blocks: [.chart(id: "a"), .chart(id: "b")]) { block in
            if case .chart("a") = block { return "<p>\(marker)1\(marker)</p>" } else { return "B" }
        }
        #expect(nested == "<p>\(marker)1\(marker)</p>")
        #expect(ReportPage.body("<p>é</p>", blocks: []) { _ in "M" } == "<p>é</p>")
    }
}

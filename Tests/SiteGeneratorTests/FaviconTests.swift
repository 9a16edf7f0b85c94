import Foundation
import SiteGenerator
import Testing

/// Every page names the theme's icon, so browsers do not ask for a `/favicon.ico` the site does not
/// have (a 404 in every page's console and the server's log).
struct FaviconTests {
    @Test func everyPageLinksTheIconThatTheSiteCarries() async throws {
        let content = SiteContent(charts: [Sample.chart(id: "rain", title: "Daily rain")])
        let set = try await Sample.generator().generate(content: content)
        #expect(set["assets/favicon.svg"]?.contentType.hasPrefix("image/svg+xml") == true)
        #expect(Sample.html(set, "index.html").contains(#"<link rel="icon" href="assets/favicon.svg""#))
        #expect(Sample.html(set, "charts/rain.html").contains(#"<link rel="icon" href="../assets/favicon.svg""#))
    }
}

import Foundation
import SiteGenerator

/// The `Link` headers (RFC 8288) that say what else a chart's files are, beside what the page's
/// `<link>` elements say: a chart's page names its other representations (`rel="alternate"`,
/// the variants `/charts/<id>` negotiates among); a CSV download names its CSV on the Web
/// metadata (`rel="describedby"`, as the CSVW primer asks of a server). Made from file roles
/// and paths, never from file contents.
struct ChartLinks {
    /// Each file's `Link` value, by path.
    private(set) var byPath: [String: String] = [:]
    /// The `describedby` link of each CSV download that has metadata, by path (also on the
    /// negotiated CSV variant).
    private(set) var describedBy: [String: String] = [:]

    init(_ fileSet: FileSet) {
        for csv in fileSet.files(.download) where csv.path.hasSuffix(".csv") {
            guard let metadata = fileSet[csv.path + "-metadata.json"], metadata.role == .csvMetadata else { continue }
            describedBy[csv.path] = "</\(NegotiatedChart.linkPath(metadata.path))>; rel=\"describedby\"; type=\"\(ContentType.csvMetadata)\""
        }
        byPath = describedBy
        let byChart = Dictionary(grouping: fileSet.files.values.filter { $0.chartID != nil }, by: { $0.chartID! })
        for page in fileSet.files(.chartPage) where page.path.hasSuffix(".html") {
            let others = NegotiatedChart.variants(page: page, files: byChart[page.chartID ?? ""] ?? []).filter { $0.path != page.path }
            if !others.isEmpty { byPath[page.path] = NegotiatedChart.alternates(others) }
        }
    }

    /// The `Link` header for `path`, if it has one.
    func headers(_ path: String) -> ServedFile.Headers { byPath[path].map { [("Link", $0)] } ?? [] }
}

import ChartData
import ChartModel
import Foundation
import SpecReading

/// What a generated file is. Later steps (export summary, single file, server) read roles and
/// metadata, never path shapes or file contents.
public enum FileRole: String, Sendable, Codable, CaseIterable {
    /// `index.html`, the list of published reports and charts.
    case index
    /// `charts/<id>.html`.
    case chartPage
    /// A broken chart's page listing its problems: local (`serve`) only, never exported.
    case errorPage
    /// `reports/<slug>.html`.
    case report
    /// `404.html`.
    case notFound
    /// `charts/<id>.<hash>.js`, the scrubber's data script.
    case chartData
    /// `charts/<id>.audio.<hash>.ogg`, the chart's tone bank.
    case audioBank
    /// `charts/<id>.audio.<hash>.js`, the same bank as a base64 script (for `file://`).
    case audioScript
    /// `charts/<id>/graph-<n>.ogg`, one series played whole.
    case rendition
    /// `charts/<id>.csv`, the chart's data.
    case download
    /// `charts/<id>.csv-metadata.json`: CSV on the Web metadata of the download (column titles,
    /// datatypes, units), found beside the CSV by CSVW's default name.
    case csvMetadata
    /// `charts/<id>.braille.txt` (Unicode braille) and `charts/<id>.brf` (BRF): the chart's
    /// text in contracted braille, with each series' braille line in the Unicode text.
    case braille
    /// `assets/…`, the theme's CSS and JS.
    case asset
    /// Another HTML page (a folder of built files read back by `serve --files`).
    case page
    /// Any other file read back from a folder.
    case file
    /// `sitemap.xml`, every page's absolute URL (only with `baseURL` in `pitchline.json`).
    case sitemap
    /// The whole site in one HTML file (`export --single-file`), not part of the site folder.
    case singleFile
    /// `guide.html`, "How to listen to these charts" (keys, sounds, screen readers, settings).
    case guide
    /// `guide/<name>.ogg` and `.webm`, the guide's sound examples.
    case guideAudio
    /// `charts/<id>.json`, the chart model (schema `assets/schema/chart-3.json`; ChartResources).
    case chartModel
    /// `charts/<id>.txt`, the page's summary, statistics and table as plain text.
    case chartText
    /// `charts.json`, every chart of the site with its representations.
    case chartIndex

    /// Pages a reader opens (HTML).
    public var isPage: Bool { [.index, .chartPage, .errorPage, .report, .notFound, .page, .guide].contains(self) }
}

/// One generated file: the bytes the server serves and the exporter writes, byte for byte,
/// with what it is and what later steps need to know about it (`metadata`, read through as
/// `file.path`, `file.role` …).
@dynamicMemberLookup
public struct GeneratedFile: Sendable, Equatable {
    public var data: Data
    public var metadata: Metadata

    /// Everything about a file but its bytes (what the render cache stores beside them).
    public struct Metadata: Sendable, Equatable, Codable {
        /// Path relative to the site root, no leading slash, e.g. `charts/seattle-temperature.html`.
        public var path: String
        /// Full Content-Type, with `; charset=utf-8` for text (from `ContentType`).
        public var contentType: String
        public var role: FileRole
        /// The chart this file belongs to (its page, data, audio, download or error page).
        public var chartID: String?
        /// The page's title (chart and report pages).
        public var title: String?
        /// Length in seconds (tone banks and renditions), from the generator that encoded it.
        public var audioSeconds: Double?
        /// True for content-hashed names (assets, audio, chart data) that may be cached forever.
        public var isImmutable: Bool
        /// False for files only the server offers (error pages).
        public var isExported: Bool
        /// BCP 47 tag of the text, where the generator knows it (a chart's representations).
        public var language: String? = nil
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<Metadata, Value>) -> Value {
        get { metadata[keyPath: field] }
        set { metadata[keyPath: field] = newValue }
    }
}

extension GeneratedFile {
    public init(
        path: String, data: Data, contentType: String, role: FileRole, chartID: String? = nil, title: String? = nil,
        audioSeconds: Double? = nil, isImmutable: Bool = false, isExported: Bool = true, language: String? = nil
    ) {
        self.init(data: data, metadata: Metadata(
            path: path, contentType: contentType, role: role, chartID: chartID, title: title, audioSeconds: audioSeconds,
            isImmutable: isImmutable, isExported: isExported && role != .errorPage, language: language))
    }
}

/// A problem found while generating: which chart or report it concerns, where, and what.
/// `description` reads like a compiler diagnostic: `site/data/x.csv:17:3: expected a number …`.
public struct SiteProblem: Sendable, Equatable, CustomStringConvertible {
    /// The chart whose page or audio failed (nil for a report's problem).
    public var chartID: String?
    /// The report whose page has the problem (`reports/<slug>.html`), if any.
    public var reportPath: String?
    /// The file at fault, relative to the folder holding `site/`.
    public var file: String
    /// Line and column in `file`, where known.
    public var line, column: Int?
    /// What is wrong, with the JSON path where there is one.
    public var message: String

    public var description: String {
        "\(ChartProblem.location(file: file, line: line, column: column)): \(message)"
    }
}

/// What the generator produces from a site folder: every file by path, plus the problems found
/// (a broken chart is reported here; the other charts are unaffected).
public struct FileSet: Sendable {
    public var files: [String: GeneratedFile]
    public var problems: [SiteProblem]
    /// Informational lines (e.g. files in `charts/` skipped as not charts); not problems.
    public var notes: [String] = []
    /// Live charts (`usermeta.pitchline.live`) for `pitchline serve`, and the site's `live` settings.
    public var live: [LiveSource] = []
    public var livePost = false
    public var liveToken: String?

    public init(files: [String: GeneratedFile] = [:], problems: [SiteProblem] = []) {
        self.files = files
        self.problems = problems
    }

    public subscript(path: String) -> GeneratedFile? { files[path] }

    public mutating func add(_ file: GeneratedFile) { files[file.path] = file }

    /// Files with this role, sorted by path.
    public func files(_ role: FileRole) -> [GeneratedFile] {
        files.values.filter { $0.role == role }.sorted { $0.path < $1.path }
    }

    /// Ids of the charts whose page was generated (broken charts have an error page instead).
    public var chartIDs: [String] { files(.chartPage).compactMap(\.chartID) }
}

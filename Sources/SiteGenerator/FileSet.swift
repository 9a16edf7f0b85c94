import Foundation

/// One generated file: the bytes the server serves and the exporter writes, byte for byte.
public struct GeneratedFile: Sendable, Equatable {
    /// Path relative to the site root, no leading slash, e.g. `charts/seattle-temperature.html`.
    public var path: String
    public var data: Data
    /// Full Content-Type, with `; charset=utf-8` for text.
    public var contentType: String
    /// True for content-hashed names (assets, audio, chart data) that may be cached forever.
    public var isImmutable: Bool
    /// False for files only the server offers (e.g. one point's segment as its own Ogg file).
    public var isExported: Bool

    public init(path: String, data: Data, contentType: String, isImmutable: Bool = false, isExported: Bool = true) {
        self.path = path
        self.data = data
        self.contentType = contentType
        self.isImmutable = isImmutable
        self.isExported = isExported
    }
}

/// What the generator produces from a site folder: every file by path, plus the problems found
/// (a broken chart is reported here and gets an error page; the other charts are unaffected).
public struct FileSet: Sendable {
    public var files: [String: GeneratedFile]
    /// Human-readable, located problems, e.g. `site/data/x.csv:17:3: expected a number …`.
    public var problems: [String]
    /// Informational lines (e.g. files in `charts/` skipped as not charts); not problems.
    public var notes: [String] = []

    public init(files: [String: GeneratedFile] = [:], problems: [String] = []) {
        self.files = files
        self.problems = problems
    }

    public subscript(path: String) -> GeneratedFile? { files[path] }

    public mutating func add(_ file: GeneratedFile) { files[file.path] = file }
}

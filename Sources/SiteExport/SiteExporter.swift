import Foundation
import SiteGenerator

/// Writes a generated `FileSet` to a folder on disk (files marked `isExported: false`, such as
/// per-point tone files, are left out: only the server offers them).
///
/// A plain write for now: files are written in place. The atomic swap and incremental export
/// come with the export issue.
public struct SiteExporter: Sendable {
    public let outputDirectory: URL

    public init(outputDirectory: URL) {
        self.outputDirectory = outputDirectory
    }

    /// Writes every exported file; returns how many files and bytes were written.
    @discardableResult
    public func write(_ fileSet: FileSet) throws -> (files: Int, bytes: Int) {
        let fm = FileManager.default
        var count = 0, bytes = 0
        for file in fileSet.files.values.sorted(by: { $0.path < $1.path }) where file.isExported {
            guard Self.isSafe(file.path) else { throw ExportError(path: file.path, reason: "unsafe path") }
            let url = outputDirectory.appendingPathComponent(file.path)
            do {
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.data.write(to: url)
            } catch {
                throw ExportError(path: url.path, reason: "\(error)")
            }
            count += 1
            bytes += file.data.count
        }
        return (count, bytes)
    }

    /// Relative, no `..`, no empty or hidden-by-dot components.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != ".." && $0 != "." }
    }
}

/// A file that could not be written.
public struct ExportError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}

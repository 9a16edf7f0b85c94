import Foundation
import SiteGenerator

/// One `pitchline export`: generate the site (reusing cached charts), write it atomically,
/// optionally write the single-file version, and sum up.
public struct ExportJob: Sendable {
    public var siteDirectory: URL
    public var themeDirectory: URL?
    /// Audio and render cache folder (`.cache`); nil renders everything.
    public var cacheDirectory: URL?
    /// The static site folder; nil writes only the single file.
    public var outputDirectory: URL?
    /// A self-contained HTML file with every page, chart and sound.
    public var singleFile: URL?
    public var force = false
    /// Publish what generated even when charts or reports failed (they are left out). Without
    /// it, any problem stops the export before anything is written.
    public var keepGoing = false
    /// Called after each file is written (`export --pause-after-each-file` slows the
    /// export down here; Ctrl-C stops it here). Throwing stops the export.
    public var afterEachFile: (@Sendable (_ path: String, _ done: Int, _ total: Int) throws -> Void)?

    public init(siteDirectory: URL, themeDirectory: URL?, cacheDirectory: URL?, outputDirectory: URL?) {
        self.siteDirectory = siteDirectory
        self.themeDirectory = themeDirectory
        self.cacheDirectory = cacheDirectory
        self.outputDirectory = outputDirectory
    }

    /// Runs the export; `problems` receives each located problem of a broken chart or report.
    /// Any problem throws `ExportError.siteProblems` before anything is written, unless
    /// `keepGoing`, which publishes the rest (`summary.problems` counts what failed). Public
    /// files never carry build errors: no error pages, the index lists only what was published.
    /// `notes` receives each informational line (e.g. files in charts/ skipped as not charts).
    public func run(
        progress: ExportProgress, problems: (SiteProblem) -> Void = { _ in }, notes: (String) -> Void = { _ in }
    ) async throws -> ExportSummary {
        let started = Date()
        var generator = SiteGenerator(siteDirectory: siteDirectory, themeDirectory: themeDirectory, cacheDirectory: cacheDirectory)
        let cache = cacheDirectory.map {
            RenderCache(directory: $0.appendingPathComponent("render"), onChart: { progress.chart($0) })
        }
        generator.renderCache = cache
        generator.forPublishing = true
        generator.singleFile = singleFile != nil
        let fileSet = try await generator.generate { progress.step($0) }
        fileSet.notes.forEach(notes)
        fileSet.problems.forEach(problems)
        if !fileSet.problems.isEmpty && !keepGoing {
            let target = outputDirectory?.path ?? singleFile?.path ?? ""
            throw ExportError(path: target, kind: .siteProblems(count: fileSet.problems.count))
        }

        var summary = ExportSummary(fileSet: fileSet)
        let stats = cache?.statistics ?? RenderCacheStatistics()
        summary.chartsRendered = cache == nil ? summary.charts : stats.rendered
        summary.chartsReused = stats.reused
        summary.chartsReusedWithoutLoading = stats.reusedWithoutLoading
        var destinations: [String] = []
        if let outputDirectory {
            var exporter = SiteExporter(outputDirectory: outputDirectory, force: force)
            let hook = afterEachFile
            exporter.afterEachFile = { path, done, total in
                progress.file(path, done: done, total: total)
                try hook?(path, done, total)
            }
            let result = try exporter.write(fileSet)
            summary.files = result.files
            summary.bytes = result.bytes
            summary.filesWritten = result.written
            destinations.append(result.path)
        }
        if let singleFile {
            let data = try SingleFileSite.file(in: fileSet).data
            try SingleFileSite.write(data, to: singleFile)
            if outputDirectory == nil {
                summary.files = 1
                summary.bytes = data.count
                summary.filesWritten = 1
            }
            summary.singleFileBytes = data.count
            destinations.append(singleFile.standardizedFileURL.path)
        }
        summary.destination = destinations.joined(separator: " and ")
        summary.seconds = Date().timeIntervalSince(started)
        progress.finish()
        return summary
    }
}

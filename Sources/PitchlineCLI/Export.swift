import ArgumentParser
import Dispatch
import Foundation
import SiteExport
import SiteGenerator
import Synchronization

/// `pitchline export [SITE] --out DIR [--force] [--quiet]`: writes the generated site as static
/// files, atomically and incrementally (docs/export.md).
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the site as static files that work on any static host and from disk.",
        discussion: """
            The new site is written beside DIR and swapped in with a rename: an interrupted export \
            leaves the previous one intact. Unchanged charts are reused from the cache folder. \
            A chart or report that fails stops the export (exit status 1, nothing written) unless \
            --keep-going, which publishes the rest and still exits with status 1.
            """)

    @Argument(help: "The site folder (chart specs, data, reports).")
    var site: String = "site"

    @Option(name: .shortAndLong, help: ArgumentHelp("The output folder (default: _site, unless only --single-file is given).", valueName: "DIR"))
    var out: String?

    @Option(help: ArgumentHelp("Also (or only) write one self-contained HTML file with every page, chart and sound.", valueName: "NAME.html"))
    var singleFile: String?

    @Flag(help: "Replace DIR even if it holds files that pitchline export did not write.")
    var force = false

    @Flag(help: "Publish the charts and reports that work when others fail (the exit status is still 1).")
    var keepGoing = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors and warnings (no progress, no summary).")
    var quiet = false

    @Option(help: ArgumentHelp("Theme folder (Templates/, Public/) overriding the built-in theme file by file.", valueName: "DIR"))
    var theme: String?

    @Option(help: ArgumentHelp("Cache folder for rendered charts and audio.", valueName: "DIR"))
    var cache: String = CacheFolder.defaultPath

    /// A developer's option, shown only by `--help-hidden`: wait after each file written, so the
    /// browser tests can interrupt an export midway (SIGKILL, Ctrl-C) on any machine.
    @Option(help: ArgumentHelp("Wait this long after each file written (for tests that interrupt an export).", valueName: "MS", visibility: .hidden))
    var pauseAfterEachFile: UInt32 = 0

    func run() async throws {
        let siteURL = try SiteFolder.require(site)
        let themeURL = theme.map { URL(fileURLWithPath: $0) }
        let cacheURL = URL(fileURLWithPath: cache)
        let outURL = (out ?? (singleFile == nil ? "_site" : nil)).map { URL(fileURLWithPath: $0) }
        if let outURL { try Self.refuseDangerousOutput(outURL, keeping: [siteURL, themeURL, cacheURL].compactMap { $0 }) }

        var job = ExportJob(siteDirectory: siteURL, themeDirectory: themeURL, cacheDirectory: cacheURL, outputDirectory: outURL)
        job.singleFile = singleFile.map { URL(fileURLWithPath: $0) }
        job.force = force
        job.keepGoing = keepGoing
        let stop = StopSignal()
        let delay = pauseAfterEachFile
        job.afterEachFile = { _, _, _ in
            stop.writing()
            if delay > 0 { usleep(delay * 1000) }
            if stop.requested { throw ExportError(path: outURL?.path ?? "", kind: .cancelled) }
        }
        let progress = ExportProgress(quiet: quiet)
        let summary: ExportSummary
        do {
            summary = try await job.run(progress: progress, problems: { problem in
                progress.finish()
                FileHandle.standardError.write(Data("error: \(problem)\n".utf8))
            }, notes: { note in
                guard !quiet else { return }
                progress.finish()
                FileHandle.standardError.write(Data("note: \(note)\n".utf8))
            })
        } catch let error as ExportError {
            progress.finish()
            if error.kind == .cancelled { throw ExitCode(130) }
            throw error  // printed as "Error: <description>", exit status 1
        }
        if !quiet { print(summary.description) }
        if summary.problems > 0 { throw ExitCode(1) }
    }

    /// Refuses an output folder that is, or contains, the site, theme or cache folder: replacing
    /// it would delete the author's work.
    static func refuseDangerousOutput(_ out: URL, keeping inputs: [URL]) throws {
        let outPath = out.standardizedFileURL.resolvingSymlinksInPath().path
        if outPath == "/" || outPath == FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path {
            throw ValidationError("refusing to export into \(outPath)")
        }
        for input in inputs {
            let path = input.standardizedFileURL.resolvingSymlinksInPath().path
            if path == outPath || path.hasPrefix(outPath + "/") {
                throw ValidationError("--out \(out.path) holds \(input.path), which the export would replace: choose another folder")
            }
        }
    }
}

/// Ctrl-C (SIGINT) or SIGTERM (through `TerminationSignals`): before anything is written the
/// process just exits; while files are written, the export stops after the current file and
/// removes its temporary folder.
final class StopSignal: @unchecked Sendable {
    // Safety: the flags are behind a Mutex; `signals` is set once in `init`.
    private let state = Mutex((stopRequested: false, isWriting: false))
    private var signals: TerminationSignals?

    init() {
        signals = TerminationSignals { [weak self] _ in
            guard let self else { return }
            let writing = self.state.withLock { state -> Bool in
                state.stopRequested = true
                return state.isWriting
            }
            if !writing { exit(130) }  // nothing written yet; a temporary folder is removed next time
        }
    }

    /// Files are being written: stop between two files from now on.
    func writing() { state.withLock { $0.isWriting = true } }

    var requested: Bool { state.withLock { $0.stopRequested } }
}

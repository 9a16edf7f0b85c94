import ArgumentParser
import Dispatch
import Foundation
import SiteExport
import SiteGenerator

/// `pitchline export [SITE] --out DIR [--force] [--quiet]`: writes the generated site as static
/// files, atomically and incrementally (docs/export.md).
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the site as static files that work on any static host and from disk.",
        discussion: """
            The new site is written beside DIR and swapped in with a rename: an interrupted export \
            leaves the previous one intact. Unchanged charts are reused from the cache folder.
            """)

    @Argument(help: "The site folder (chart specs, data, reports).")
    var site: String = "site"

    @Option(name: .shortAndLong, help: ArgumentHelp("The output folder (default: _site, unless only --single-file is given).", valueName: "DIR"))
    var out: String?

    @Option(help: ArgumentHelp("Also (or only) write one self-contained HTML file with every page, chart and sound.", valueName: "NAME.html"))
    var singleFile: String?

    @Flag(help: "Replace DIR even if it holds files that pitchline export did not write.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors and warnings (no progress, no summary).")
    var quiet = false

    @Option(help: ArgumentHelp("Theme folder (Templates/, Public/) overriding the built-in theme file by file.", valueName: "DIR"))
    var theme: String?

    @Option(help: ArgumentHelp("Cache folder for rendered charts and audio.", valueName: "DIR"))
    var cache: String = ".cache"

    func run() async throws {
        let siteURL = URL(fileURLWithPath: site)
        let themeURL = theme.map { URL(fileURLWithPath: $0) }
        let cacheURL = URL(fileURLWithPath: cache)
        let outURL = (out ?? (singleFile == nil ? "_site" : nil)).map { URL(fileURLWithPath: $0) }
        if let outURL { try Self.refuseDangerousOutput(outURL, keeping: [siteURL, themeURL, cacheURL].compactMap { $0 }) }

        var job = ExportJob(siteDirectory: siteURL, themeDirectory: themeURL, cacheDirectory: cacheURL, outputDirectory: outURL)
        job.singleFile = singleFile.map { URL(fileURLWithPath: $0) }
        job.force = force
        let stop = StopSignal()
        let delay = ProcessInfo.processInfo.environment["PITCHLINE_EXPORT_TEST_DELAY_MS"].flatMap(UInt32.init) ?? 0
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
                FileHandle.standardError.write(Data("warning: \(problem)\n".utf8))
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

/// Ctrl-C (SIGINT) or SIGTERM: before anything is written the process just exits; while files are
/// written, the export stops after the current file and removes its temporary folder.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var stopRequested = false
    private var isWriting = false
    private var sources: [any DispatchSourceSignal] = []

    init() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let writing = self.lock.withLock {
                    self.stopRequested = true
                    return self.isWriting
                }
                if !writing { exit(130) }  // nothing written yet; a temporary folder is removed next time
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Files are being written: stop between two files from now on.
    func writing() { lock.withLock { isWriting = true } }

    var requested: Bool { lock.withLock { stopRequested } }
}

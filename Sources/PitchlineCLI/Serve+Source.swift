import ChartData
import Foundation
import Logging
import SiteGenerator
import SiteServing
import Synchronization

/// Where `serve` gets its files: a folder of built files (`--files`) or the site generator.
struct SiteSource: Sendable {
    let site: URL
    /// Overrides the built-in theme file by file (nil: the built-in theme).
    let theme: URL?
    let cache: URL
    let files: URL?

    init(site: String, theme: String?, cache: String, files: String?) {
        self.site = URL(fileURLWithPath: site)
        self.theme = theme.map { URL(fileURLWithPath: $0) }
        self.cache = URL(fileURLWithPath: cache)
        self.files = files.map { URL(fileURLWithPath: $0) }
    }

    /// "6 charts, 1 report, 0 problems" (or "39 files, 0 problems" for a folder of built files).
    static func summary(of set: FileSet) -> String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        let charts = set.files(.chartPage).count
        let reports = set.files(.report).count
        let problems = plural(set.problems.count, "problem")
        if charts == 0 && reports == 0 { return "\(plural(set.files.count, "file")), \(problems)" }
        return "\(plural(charts, "chart")), \(plural(reports, "report")), \(problems)"
    }

    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.1f s", value)
    }

    /// Folders whose changes trigger a rebuild.
    var watchedFolders: [URL] {
        if let files { return [files] }
        // The theme folder of --theme, else of pitchline.json (as the generator picks it).
        let settings = (try? ChartLoader(siteDirectory: site).loadSettings()) ?? SiteSettings()
        let themeFolder = SiteGenerator(siteDirectory: site, themeDirectory: theme, cacheDirectory: nil).theme(for: settings)
        return [site] + (themeFolder.map { folder in ThemeFiles.folders.map { folder.appendingPathComponent($0) } } ?? [])
    }

    /// Builds the file set, printing a progress line if it takes more than a second.
    func build(logger: Logger) async throws -> FileSet {
        let started = ContinuousClock.now
        let line = ProgressLine()
        let timer = Task {
            try await Task.sleep(for: .seconds(1))
            line.becomeVisible()
        }
        defer { timer.cancel() }
        let set: FileSet
        if let files {
            set = try FileSet.loadFolder(files)
        } else {
            set = try await generate { line.report($0) }
        }
        for note in set.notes { logger.info("\(note)") }
        for problem in set.problems { logger.error("\(problem)") }
        let elapsed = ContinuousClock.now - started
        print("pitchline: \(Self.summary(of: set)) (\(Self.seconds(elapsed)))")
        fflush(nil)
        return set
    }

    /// A watcher whose baseline is the folders as they are now. Make it before the first build,
    /// so an edit made while that build runs is still seen as a change.
    func makeWatcher(logger: Logger) -> SiteWatcher {
        SiteWatcher(folders: watchedFolders, logger: logger) { try await build(logger: logger) }
    }

    /// Polls the watched folders every 500 ms; on a change, rebuilds and swaps the site in.
    func watch(_ watcher: SiteWatcher, server: SiteServer) async {
        await watcher.run(server: server) { set in
            print("pitchline: rebuilt; open pages reload")
            fflush(nil)
        }
    }
}

/// "Building the site… [2/5] charts": shown only once a build has taken more than a second.
final class ProgressLine: Sendable {
    private let state = Mutex((visible: false, current: ""))

    func report(_ step: String) {
        let show = state.withLock { state -> Bool in
            state.current = step
            return state.visible
        }
        if show { emit(step) }
    }

    func becomeVisible() {
        let step = state.withLock { state -> String in
            state.visible = true
            return state.current
        }
        emit(step)
    }

    private func emit(_ step: String) {
        print(step.isEmpty ? "Building the site…" : "Building the site… \(step)")
        fflush(nil)
    }
}

import Foundation
import Logging
import SiteGenerator
import SiteServing

/// Where `serve` gets its files: a folder of built files (`--files`) or the site generator.
struct SiteSource: Sendable {
    let site: URL
    let theme: URL
    let files: URL?

    init(site: String, theme: String, files: String?) {
        self.site = URL(fileURLWithPath: site)
        self.theme = URL(fileURLWithPath: theme)
        self.files = files.map { URL(fileURLWithPath: $0) }
    }

    /// Folders whose changes trigger a rebuild.
    var watchedFolders: [URL] {
        if let files { return [files] }
        return [site, theme.appendingPathComponent("Templates"), theme.appendingPathComponent("Public")]
    }

    /// Builds the file set, printing a progress line if it takes more than a second.
    func build(logger: Logger) async throws -> FileSet {
        let started = ContinuousClock.now
        let progress = Task {
            try await Task.sleep(for: .seconds(1))
            print("Building the site…")
            fflush(nil)
        }
        defer { progress.cancel() }
        let set: FileSet
        if let files {
            set = try FileSet.loadFolder(files)
        } else {
            set = try await generate()
        }
        for problem in set.problems { logger.error("\(problem)") }
        let elapsed = ContinuousClock.now - started
        logger.info("site built", metadata: ["files": "\(set.files.count)", "time": "\(elapsed)"])
        return set
    }

    /// Polls the watched folders every 500 ms; on a change, rebuilds and swaps the site in.
    func watch(server: SiteServer, logger: Logger) async {
        let watcher = SiteWatcher(folders: watchedFolders, logger: logger) { try await build(logger: logger) }
        await watcher.run(server: server) { set in
            print("Rebuilt: \(set.files.count) files, \(set.problems.count) problems; open pages reload.")
            fflush(nil)
        }
    }
}

import Foundation
import Logging
import SiteGenerator

/// Polls folders for changes (paths, sizes, modification times) and, on a change, rebuilds the
/// site and installs it into a ``SiteServer``. A failed rebuild keeps the previous site serving.
public struct SiteWatcher: Sendable {
    public let folders: [URL]
    public let interval: Duration
    let rebuild: @Sendable () async throws -> FileSet
    let logger: Logger
    /// The state changes are measured against: taken when the watcher is made.
    private let baseline: FolderFingerprint

    public init(
        folders: [URL], interval: Duration = .milliseconds(500), logger: Logger = Logger(label: "pitchline.watch"),
        rebuild: @escaping @Sendable () async throws -> FileSet
    ) {
        self.folders = folders
        self.interval = interval
        self.rebuild = rebuild
        self.logger = logger
        baseline = FolderFingerprint(of: folders)
    }

    /// Runs until the task is cancelled. `onInstall` hears about each installed rebuild.
    public func run(server: SiteServer, onInstall: @Sendable (FileSet) -> Void = { _ in }) async {
        // Live charts' data files grow by themselves: their feeds take the new rows (no rebuild).
        let ignored = Set((server.live?.dataFiles ?? []).map(FolderFingerprint.key))
        var last = baseline.without(ignored)
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let now = FolderFingerprint(of: folders).without(ignored)
            guard now != last else { continue }
            last = now
            do {
                let set = try await rebuild()
                try server.install(set)
                for problem in set.problems { logger.error("\(problem)") }
                onInstall(set)
            } catch {
                logger.error("rebuild failed, still serving the previous site: \(error)")
            }
        }
    }
}

/// Paths, sizes and modification times of every file under some folders.
struct FolderFingerprint: Equatable {
    var entries: [String: [Double]] = [:]

    init(of folders: [URL]) {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) else {
                continue
            }
            for case let url as URL in walker {
                guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
                entries[Self.key(url)] = [
                    values.contentModificationDate?.timeIntervalSince1970 ?? 0, Double(values.fileSize ?? 0),
                ]
            }
        }
    }
}

extension FolderFingerprint {
    /// A file's key: its standardized path.
    static func key(_ url: URL) -> String { url.standardizedFileURL.path }

    /// The same fingerprint without these files.
    func without(_ paths: Set<String>) -> FolderFingerprint {
        var copy = self
        for path in paths { copy.entries[path] = nil }
        return copy
    }
}

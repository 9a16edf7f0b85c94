import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output folder and its siblings during an export: `DIR.tmp-<pid>-<n>` (the new site being
/// written) and `DIR.old-<pid>-<n>` (the previous export while it is swapped out), both beside
/// `DIR` so that renames stay on one file system.
struct ExportFolder {
    /// The file that marks a folder as written by `pitchline export`.
    static let markerName = ".pitchline-export"
    static let markerText = "This folder was written by `pitchline export`. The next export replaces all of it.\n"

    /// The output folder, absolute, symbolic links resolved.
    let path: String
    let parent: String
    let name: String

    init(_ url: URL) {
        var resolved = url.standardizedFileURL.path
        if let real = realpath(resolved, nil) {
            resolved = String(cString: real)
            free(real)
        }
        while resolved.count > 1, resolved.hasSuffix("/") { resolved.removeLast() }
        path = resolved
        let url = URL(fileURLWithPath: resolved)
        parent = url.deletingLastPathComponent().path
        name = url.lastPathComponent
    }

    var markerPath: String { path + "/" + Self.markerName }

    func sibling(_ kind: String) -> String {
        "\(parent)/\(name).\(kind)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// What is at the output path now.
    enum State: Equatable { case missing, empty, export, foreign, file }

    func state() -> State {
        switch DurableFile.isDirectory(path) {
        case nil: return .missing
        case false?: return .file
        case true?:
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            if entries.isEmpty { return .empty }
            return DurableFile.regularFileSize(markerPath) != nil ? .export : .foreign
        }
    }

    /// Removes what killed exports left beside the output folder (their process is gone, and the
    /// folder carries the marker), and puts a previous export back if a kill came between the two
    /// renames of a swap. Never touches a folder another running export is using.
    func cleanUpLeftovers() {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        var olds: [String] = []
        for entry in entries {
            for kind in ["tmp", "old"] {
                let prefix = "\(name).\(kind)-"
                guard entry.hasPrefix(prefix) else { continue }
                let rest = entry.dropFirst(prefix.count).split(separator: "-")
                guard rest.count == 2, let pid = Int32(rest[0]), UInt32(rest[1]) != nil, !Self.isRunning(pid) else { continue }
                let full = parent + "/" + entry
                guard DurableFile.regularFileSize(full + "/" + Self.markerName) != nil else { continue }
                if kind == "old" { olds.append(full) } else { DurableFile.removeTree(full) }
            }
        }
        if state() == .missing, let previous = olds.first {
            if (try? DurableFile.rename(previous, path)) != nil { olds.removeFirst() }
        }
        for old in olds { DurableFile.removeTree(old) }
    }

    static func isRunning(_ pid: Int32) -> Bool {
        if pid == getpid() { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Puts the finished folder `temp` in place of the output folder and removes the previous
    /// one. With RENAME_EXCHANGE the output path always names a complete site; otherwise there
    /// is a moment between two renames when only `DIR.old-…` holds it, which the next export
    /// restores (`cleanUpLeftovers`).
    func swapIn(_ temp: String) throws {
        DurableFile.syncDirectory(temp)
        switch DurableFile.isDirectory(path) {
        case nil:
            try DurableFile.rename(temp, path)
            DurableFile.syncDirectory(parent)
        case let isFolder?:
            if isFolder, DurableFile.exchange(temp, path) {
                DurableFile.syncDirectory(parent)
                DurableFile.removeTree(temp)  // now holds the previous export
                return
            }
            let old = sibling("old")
            do {
                try DurableFile.rename(path, old)
            } catch let error as ExportError where error.kind == .system(errno: EBUSY) || error.kind == .system(errno: EXDEV) {
                // A mount point cannot be renamed: the swap needs DIR's parent to be writable.
                throw ExportError(
                    path: path, kind: error.kind, action: "cannot replace",
                    hint: "a mount point cannot be swapped: export into a folder inside it")
            }
            do {
                try DurableFile.rename(temp, path)
            } catch {
                try? DurableFile.rename(old, path)
                throw error
            }
            DurableFile.syncDirectory(parent)
            DurableFile.removeTree(old)
        }
    }
}

import Foundation
import SiteGenerator

/// Writes a generated `FileSet` to a folder on disk, all or nothing.
///
/// The new site is written into `DIR.tmp-…` beside the output folder (every file fsynced), then
/// swapped in with a rename, so an interrupted export (Ctrl-C, `kill -9`, a full disk) leaves the
/// previous export as it was and never a half-written file under `DIR`. Leftovers of a killed
/// export are removed by the next one. A folder that was not written by `pitchline export` (no
/// `.pitchline-export` marker) is only replaced with `force`. Files marked `isExported: false`
/// (per-point tone files) are left out: only the server offers them.
///
/// Files identical to the previous export's are hard-linked from it instead of written again.
public struct SiteExporter: Sendable {
    public let outputDirectory: URL
    /// Replace a non-empty folder that pitchline did not write.
    public var force: Bool
    /// Called after each file is in the temporary folder, with its path, its number (from 1) and
    /// the file count. Throwing stops the export; the previous export stays in place.
    public var afterEachFile: (@Sendable (_ path: String, _ done: Int, _ total: Int) throws -> Void)?

    public init(outputDirectory: URL, force: Bool = false) {
        self.outputDirectory = outputDirectory
        self.force = force
    }

    /// What `write` did.
    public struct Result: Sendable, Equatable {
        /// Files in the export (the marker not counted), their bytes, and how many of them were
        /// written anew (the rest were unchanged and linked from the previous export).
        public var files, bytes, written: Int
        public var unchanged: Int { files - written }
        /// The output folder, absolute.
        public var path: String
    }

    /// Writes every exported file of `fileSet` and swaps the result in.
    @discardableResult
    public func write(_ fileSet: FileSet) throws -> Result {
        let exported = fileSet.files.values.filter(\.isExported).sorted { $0.path < $1.path }
        for file in exported where !Self.isSafe(file.path) {
            throw ExportError(path: file.path, kind: .unsafePath)
        }
        let folder = ExportFolder(outputDirectory)
        try makeParents(folder.parent)
        folder.cleanUpLeftovers()
        let state = folder.state()
        if !force {
            if state == .foreign { throw ExportError(path: folder.path, kind: .notAnExport) }
            if state == .file { throw ExportError(path: folder.path, kind: .notAFolder) }
        }
        let previous = state == .export ? folder.path : nil

        let temp = folder.sibling("tmp")
        try DurableFile.makeDirectory(temp)
        do {
            // The marker first: a killed export's folder is recognisable as ours and removed later.
            try DurableFile.write(Data(ExportFolder.markerText.utf8), to: temp + "/" + ExportFolder.markerName)
            var written = 0, bytes = 0
            var folders: Set<String> = [""]
            for (i, file) in exported.enumerated() {
                let directory = file.path.split(separator: "/").dropLast().joined(separator: "/")
                if !folders.contains(directory) {
                    try makeFolders(directory, in: temp, known: &folders)
                }
                if try !link(file, from: previous, to: temp) {
                    try DurableFile.write(file.data, to: temp + "/" + file.path)
                    written += 1
                }
                bytes += file.data.count
                try afterEachFile?(file.path, i + 1, exported.count)
            }
            for directory in folders.sorted(by: >) { DurableFile.syncDirectory(temp + "/" + directory) }
            try folder.swapIn(temp)
            return Result(files: exported.count, bytes: bytes, written: written, path: folder.path)
        } catch {
            DurableFile.removeTree(temp)
            throw error
        }
    }

    /// Hard-links the previous export's copy of `file` when its bytes are the same.
    private func link(_ file: GeneratedFile, from previous: String?, to temp: String) throws -> Bool {
        guard let previous else { return false }
        let old = previous + "/" + file.path
        guard DurableFile.regularFileSize(old) == file.data.count,
            let bytes = FileManager.default.contents(atPath: old), bytes == file.data
        else { return false }
        return DurableFile.hardLink(from: old, to: temp + "/" + file.path)
    }

    private func makeFolders(_ directory: String, in root: String, known: inout Set<String>) throws {
        var partial = ""
        for component in directory.split(separator: "/") {
            partial = partial.isEmpty ? String(component) : partial + "/" + component
            if known.insert(partial).inserted { try DurableFile.makeDirectory(root + "/" + partial) }
        }
    }

    private func makeParents(_ parent: String) throws {
        var partial = ""
        for component in parent.split(separator: "/") {
            partial += "/" + component
            if DurableFile.isDirectory(partial) != true { try DurableFile.makeDirectory(partial) }
        }
    }

    /// Relative, no `..`, `.` or empty components.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != ".." && $0 != "." }
    }
}

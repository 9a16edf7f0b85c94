internal import CRenameExchange
import DurableWrite
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls the exporter needs, on POSIX directly so that every failure keeps
/// its errno (a full disk reads "no space left on device", not a generic Cocoa error) and file
/// contents reach the disk (`fsync`, through `DurableWrite`) before the folder is swapped in.
enum DurableFile {
    /// Creates `path` (which must not exist), writes all of `data`, fsyncs and closes it.
    static func write(_ data: Data, to path: String) throws {
        do {
            try DurableWrite.create(path, with: data)
        } catch {
            throw ExportError(error)
        }
    }

    /// Creates one folder; an existing folder is fine.
    static func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o755) != 0, errno != EEXIST { throw ExportError.system("cannot create folder", path) }
    }

    /// Flushes a folder's entries (new names, renames) to disk.
    static func syncDirectory(_ path: String) { DurableWrite.syncFolder(path) }

    /// A second name for an existing file (same file system); false when the file system refuses.
    static func hardLink(from existing: String, to new: String) -> Bool {
        link(existing, new) == 0
    }

    static func rename(_ from: String, _ to: String) throws {
        if Foundation.rename(from, to) != 0 { throw ExportError.system("cannot rename \(from) to", to) }
    }

    /// Swaps two paths in one step (Linux `renameat2(RENAME_EXCHANGE)`, through the one-function
    /// C target `CRenameExchange`); false when the system or file system cannot, so the caller
    /// falls back to two renames.
    static func exchange(_ a: String, _ b: String) -> Bool {
        pl_rename_exchange(a, b) == 0
    }

    /// The file's size, or nil if it is not a regular file.
    static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    static func isDirectory(_ path: String) -> Bool? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Removes a file or a folder with everything in it; missing is fine.
    static func removeTree(_ path: String) {
        guard isDirectory(path) != nil else { return }
        try? FileManager.default.removeItem(atPath: path)
    }
}

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

    /// Swaps two paths in one step (Linux `renameat2(RENAME_EXCHANGE)`); false when the system
    /// or file system cannot, so the caller falls back to two renames.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        // glibc ≥ 2.28 has renameat2, but Swift's Glibc module does not show it (needs _GNU_SOURCE).
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 2
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
        return false
        #endif
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

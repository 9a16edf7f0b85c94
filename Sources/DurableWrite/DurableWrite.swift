import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way Pitchline puts a file on disk so that it is either whole or absent: written to a
/// new file, fsynced, renamed over the target, and the folder fsynced. Used by the exporter, the
/// single file, the render cache and the audio cache. On POSIX directly, so every failure keeps
/// its errno ("no space left on device", not a generic Cocoa error).
public enum DurableWrite {
    /// A failed system call: what was being done, to which path, and errno.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var action: String
        public var path: String
        public var errno: Int32
        public var description: String {
            let text = String(cString: strerror(errno))
            return "\(action) \(path): \(text.prefix(1).lowercased() + text.dropFirst())"
        }
    }

    /// Replaces (or creates) `url` with `data` atomically: readers see the old file or the new
    /// one, never a part, and after a crash the new bytes are on disk. Creates missing folders.
    public static func replace(_ url: URL, with data: Data) throws(Failure) {
        let target = url.standardizedFileURL.path
        let folder = url.standardizedFileURL.deletingLastPathComponent().path
        var info = stat()
        if stat(folder, &info) != 0 {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw Failure(action: "cannot create folder", path: folder, errno: EACCES)
            }
        }
        let temp = target + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do throws(Failure) {
            try create(temp, with: data)
            if rename(temp, target) != 0 { throw Failure(action: "cannot rename \(temp) to", path: target, errno: errno) }
        } catch {
            unlink(temp)
            throw error
        }
        syncFolder(folder)
    }

    /// Creates `path` (which must not exist), writes all of `data`, fsyncs and closes it.
    public static func create(_ path: String, with data: Data) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(action: "cannot create", path: path, errno: errno) }
        var failure: Failure?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = Failure(action: "cannot write", path: path, errno: errno)
                    return
                }
                offset += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = Failure(action: "cannot write", path: path, errno: errno) }
        // close can report a delayed write error (NFS, some quota setups).
        if close(fd) != 0, failure == nil { failure = Failure(action: "cannot write", path: path, errno: errno) }
        if let failure { throw failure }
    }

    /// Flushes a folder's entries (new names, renames) to disk.
    public static func syncFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}

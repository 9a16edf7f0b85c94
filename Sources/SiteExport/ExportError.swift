import DurableWrite
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an export stopped. In every case the previous export in the output folder is unchanged.
public struct ExportError: Error, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A system call failed on `path` (errno and its message, e.g. "no space left on device").
        case system(errno: Int32)
        /// The output folder holds files that pitchline did not write (use `--force`).
        case notAnExport
        /// The output path exists and is not a folder.
        case notAFolder
        /// A generated path that would escape the output folder.
        case unsafePath
        /// Stopped by the user (Ctrl-C) or a test hook.
        case cancelled
        /// Charts or reports failed (`count` problems) and nothing was published (`--keep-going`
        /// publishes the rest).
        case siteProblems(count: Int)
    }

    public var path: String
    public var kind: Kind
    /// What was being done, e.g. "cannot write".
    public var action: String
    /// What to do about it, if there is something to say.
    public var hint: String?

    public init(path: String, kind: Kind, action: String = "cannot write", hint: String? = nil) {
        self.path = path
        self.kind = kind
        self.action = action
        self.hint = hint
    }

    /// A failed durable write, as an export error (same action, path and errno).
    init(_ failure: DurableWrite.Failure) {
        self.init(path: failure.path, kind: .system(errno: failure.errno), action: failure.action)
    }

    /// An error for the current `errno`.
    static func system(_ action: String, _ path: String, errno code: Int32 = errno) -> ExportError {
        ExportError(path: path, kind: .system(errno: code), action: action)
    }

    public var description: String {
        switch kind {
        case .system(let code):
            return "\(action) \(path): \(Self.message(for: code))" + (hint.map { "; \($0)" } ?? "")
        case .notAnExport:
            return "\(path) is not empty and was not written by pitchline export (no \(ExportFolder.markerName) file); "
                + "choose another --out folder, or pass --force to replace everything in it"
        case .notAFolder:
            return "\(path) exists and is not a folder"
        case .unsafePath:
            return "refusing to write \(path): the path would leave the output folder"
        case .cancelled:
            return "export interrupted; the previous export is unchanged"
        case .siteProblems(let count):
            return "\(count == 1 ? "1 problem" : "\(count) problems") in the site; nothing was exported and \(path) is unchanged "
                + "(fix the charts and reports named above, or pass --keep-going to publish the rest)"
        }
    }

    /// `strerror`'s text starting in lower case: "no space left on device".
    static func message(for code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

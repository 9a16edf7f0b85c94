import Foundation
import SiteGenerator

/// Writes the single-file export (`pitchline export --single-file NAME.html`). The file itself is
/// rendered by the generator from the model and the theme's `single-file` template (role
/// `singleFile`); this only puts it on disk, atomically.
public enum SingleFileSite {
    /// The generated single file of `fileSet` (generated with `SiteGenerator.singleFile`).
    public static func file(in fileSet: FileSet) throws -> GeneratedFile {
        guard let file = fileSet.files(.singleFile).first else {
            throw ExportError(path: "single file", kind: .system(errno: ENOENT), action: "the generator did not make the")
        }
        return file
    }

    /// Writes the file atomically: a temporary file beside it, fsynced, then renamed.
    public static func write(_ data: Data, to url: URL) throws {
        let target = url.standardizedFileURL.path
        let folder = url.standardizedFileURL.deletingLastPathComponent().path
        if DurableFile.isDirectory(folder) != true {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ExportError.system("cannot create folder", folder, errno: EACCES)
            }
        }
        let temp = target + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try DurableFile.write(data, to: temp)
            try DurableFile.rename(temp, target)
            DurableFile.syncDirectory(folder)
        } catch {
            unlink(temp)
            throw error
        }
    }
}

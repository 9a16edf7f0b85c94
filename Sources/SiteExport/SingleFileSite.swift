import DurableWrite
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

    /// Writes the file atomically (`DurableWrite.replace`: a temporary file beside it, fsynced,
    /// then renamed).
    public static func write(_ data: Data, to url: URL) throws {
        do {
            try DurableWrite.replace(url, with: data)
        } catch {
            throw ExportError(error)
        }
    }
}

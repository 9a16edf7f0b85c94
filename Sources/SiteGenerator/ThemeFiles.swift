import ContentHash
import DurableWrite
import Foundation

/// A theme as files: path relative to the theme folder (`Templates/chart.mustache`,
/// `Public/pitchline.css`) → bytes. The default theme is compiled into the binary
/// (`DefaultThemeFiles`, made by the Embed build plugin from the package's `Templates/` and
/// `Public/`); a theme folder overrides it file by file, so a partial theme holding one template
/// or just the CSS replaces only those files.
public struct ThemeFiles: Sendable, Equatable {
    public var files: [String: Data]

    /// The folders a theme is made of.
    public static let folders = ["Templates", "Public"]

    public init(files: [String: Data]) {
        self.files = files
    }

    /// The theme built into this binary.
    public static let builtIn: ThemeFiles = {
        var files: [String: Data] = [:]
        for (path, contents) in DefaultThemeFiles.base64 {
            files[path] = Data(base64Encoded: contents)!
        }
        return ThemeFiles(files: files)
    }()

    /// Reads every file under `directory/Templates` and `directory/Public` (dotfiles and editor
    /// backups ending in `~` excepted). Throws if the folder has neither.
    public init(directory: URL) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GenerationError(step: "Loading theme", path: directory.path, underlying: ThemeFolderError.notAFolder)
        }
        var files: [String: Data] = [:]
        var foundFolder = false
        for folder in Self.folders {
            let base = directory.appendingPathComponent(folder)
            guard fm.fileExists(atPath: base.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            foundFolder = true
            guard let walker = fm.enumerator(atPath: base.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name.hasSuffix("~") { continue }
                let url = base.appendingPathComponent(relative)
                guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                do {
                    files["\(folder)/\(relative)"] = try Data(contentsOf: url)
                } catch {
                    throw GenerationError(step: "Loading theme", path: url.path, underlying: error)
                }
            }
        }
        guard foundFolder else {
            throw GenerationError(step: "Loading theme", path: directory.path, underlying: ThemeFolderError.empty)
        }
        self.files = files
    }

    /// These files with `other`'s replacing (or adding to) them, path by path.
    public func overlaid(by other: ThemeFiles) -> ThemeFiles {
        ThemeFiles(files: files.merging(other.files) { _, new in new })
    }

    /// Writes every file under `directory` (creating folders), e.g. for `pitchline theme export`,
    /// each through the one durable write (`DurableWrite`: whole or absent, errors with errno).
    public func write(to directory: URL) throws {
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try DurableWrite.replace(url, with: data)
        }
    }

    /// Throws a `GenerationError` naming the first template that does not parse.
    public func validate() throws {
        _ = try Theme(files: self)
    }

    /// `Templates/partials/chart.mustache` → `partials/chart`, text, for every template.
    public var templates: [String: String] {
        var out: [String: String] = [:]
        for (path, data) in files where path.hasPrefix("Templates/") && path.hasSuffix(".mustache") {
            out[String(path.dropFirst("Templates/".count).dropLast(".mustache".count))] = String(decoding: data, as: UTF8.self)
        }
        return out
    }

    /// SHA-256 over the paths and bytes of the files under `prefix`, sorted by path.
    func fingerprint(prefix: String) -> String {
        var all = Data()
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) where path.hasPrefix(prefix) {
            all.append(Data("\(path)\n\(bytes.count)\n".utf8))
            all.append(bytes)
        }
        return ContentHash.sha256Hex(all)
    }
}

/// Why a theme folder could not be used.
public enum ThemeFolderError: Error, CustomStringConvertible {
    case notAFolder, empty
    public var description: String {
        switch self {
        case .notAFolder: "no such folder"
        case .empty: "a theme folder holds Templates/ and/or Public/ (`pitchline theme export DIR` writes the default theme to start from)"
        }
    }
}

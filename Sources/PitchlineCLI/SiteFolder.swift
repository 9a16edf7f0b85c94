import ArgumentParser
import Foundation

/// The SITE argument of `check`, `serve`, `export` and `labels`: it must be a folder. Without this
/// rule a typo (or running in the wrong folder, where the default `site` does not exist) built an
/// empty site: `serve` served it, `labels` printed `{}`, and the only word was that `charts/`
/// could not be listed.
enum SiteFolder {
    static func require(_ site: String) throws -> URL {
        let url = URL(fileURLWithPath: site)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(site): no such folder (a site folder holds charts/ and data/; `pitchline new \(site)` writes one to start from)")
        }
        return url
    }

    /// Problems go to standard error after the lines already printed: flush standard output first,
    /// so a merged log (`2>&1`) keeps them in order.
    static func report(_ line: String) {
        fflush(nil)  // every output stream: standard output is the one buffered
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

import Foundation

/// Where `serve` and `export` keep rendered charts and audio unless `--cache` says otherwise: the
/// user's cache folder (`$XDG_CACHE_HOME/pitchline`, else `~/.cache/pitchline`), so running
/// pitchline from any folder leaves nothing behind in that folder. Entries are keyed by content
/// hashes (and the running build), so sites and checkouts can share it.
enum CacheFolder {
    static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/pitchline" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/pitchline" }
        return ".cache"
    }
}

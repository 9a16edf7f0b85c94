import ChartModel
import Foundation
import SpecReading

/// `site/pitchline.json`: settings for the whole site. Every key is optional; unknown keys and
/// bad values are located problems (file, line, JSON path), as in specs.
///
/// ```json
/// {"title": "Weather in Seattle", "language": "en-GB", "baseURL": "https://example.org/weather/",
///  "audio": {"playbackDuration": 8}, "theme": "theme"}
/// ```
public struct SiteSettings: Sendable, Equatable {
    /// The file's name inside the site folder.
    public static let fileName = "pitchline.json"
    public static let defaultTitle = Messages.english[.indexDefaultTitle]

    /// The index page's heading and title.
    public var title = SiteSettings.defaultTitle
    /// BCP 47 language tag of the content (`en`, `en-GB`, `de`, `fr-CA`: one of `Language`), set
    /// as `lang` on every page; the language of every text Pitchline writes (`Messages`).
    public var language = "en"
    /// Where the site is published, ending in `/` (`https://example.org/weather/`): the sitemap's
    /// absolute URLs and the 404 page's links. Nil: no sitemap.
    public var baseURL: String?
    /// Audio defaults for every chart; a spec's `usermeta.pitchline.audio` (or a CSV's sidecar)
    /// overrides them key by key. Same bounds as in specs (`AudioOptions.Setting`).
    public var audio = AudioOptions()
    /// A theme folder, relative to the site folder, overriding the built-in theme file by file.
    public var theme: String?
    /// `live`: whether `pitchline serve` takes POSTed rows for live charts, and the bearer token
    /// that lets a client other than this machine post (issue 29).
    public var livePost = false
    public var liveToken: String?

    public init() {}

    /// Parses the settings file's bytes; `file` is its display path (`site/pitchline.json`).
    public static func parse(_ data: Data, file: String) throws(ChartProblem) -> SiteSettings {
        let r = SpecReader(file: file)
        let root = try JSONValue.parse(data, file: file)
        let o = try r.object(root, "$", allowed: ["title", "language", "baseURL", "audio", "theme", "live"], ignored: ["$schema"])
        var settings = SiteSettings()
        if let title = try r.string(o["title"], "$.title") {
            guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw r.problem(o["title"]!, "$.title", "is empty; give the site's title") }
            settings.title = title
        }
        if let language = try r.string(o["language"], "$.language") {
            if let message = Language.problem(with: language) { throw r.problem(o["language"]!, "$.language", message) }
            settings.language = language
        }
        // Without a title, the index is headed "Charts and reports" in the site's language.
        if o["title"] == nil { settings.title = Messages(tag: settings.language)[.indexDefaultTitle] }
        if let base = try r.string(o["baseURL"], "$.baseURL") {
            guard let url = URLComponents(string: base), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                  url.host?.isEmpty == false, url.query == nil, url.fragment == nil else {
                throw r.problem(o["baseURL"]!, "$.baseURL", "\"\(base)\" is not an absolute http(s) URL without query or fragment; use e.g. \"https://example.org/charts/\"")
            }
            settings.baseURL = base.hasSuffix("/") ? base : base + "/"
        }
        if let a = o["audio"] { settings.audio = try r.audioOptions(a, "$.audio", base: settings.audio) }
        if let theme = try r.string(o["theme"], "$.theme") {
            guard !theme.isEmpty else { throw r.problem(o["theme"]!, "$.theme", "is empty; name a folder holding Templates/ and/or Public/") }
            settings.theme = theme
        }
        if let live = o["live"] {
            let l = try r.object(live, "$.live", allowed: ["post", "token"], ignored: [])
            if let post = l["post"] {
                guard case .bool(let on) = post.value else { throw r.problem(post, "$.live.post", "expected true or false") }
                settings.livePost = on
            }
            if let token = try r.string(l["token"], "$.live.token") {
                guard token.count >= 16, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                    throw r.problem(l["token"]!, "$.live.token", "use at least 16 visible ASCII characters")
                }
                settings.liveToken = token
            }
        }
        return settings
    }

}

extension ChartLoader {
    /// The display path of the settings file (`site/pitchline.json`).
    public var settingsPath: String { "\(displayRoot)/\(SiteSettings.fileName)" }

    /// Reads `pitchline.json` from the site folder; defaults when there is none.
    public func loadSettings() throws(ChartProblem) -> SiteSettings {
        let url = siteDirectory.appendingPathComponent(SiteSettings.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return SiteSettings() }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ChartProblem(file: settingsPath, message: "cannot read: \(ChartProblem.reason(error))")
        }
        return try SiteSettings.parse(data, file: settingsPath)
    }
}

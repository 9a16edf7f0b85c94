import ChartData
import D3Format
import Foundation
import Mustache
import SpecReading

/// A template that was asked for but is not in the theme's `Templates/` folder.
public struct MissingTemplateError: Error, CustomStringConvertible {
    public var name: String
    public var directory: String
    public var description: String { "template \"\(name)\" not found in \(directory)" }
}

/// A template that does not parse.
public struct TemplateParseError: Error, CustomStringConvertible {
    public var name: String
    public var underlying: any Error
    public var description: String { "\(name): \(underlying)" }
}

/// Asset paths every page links to, relative to the site root.
public struct PageAssets: Sendable, Equatable {
    /// The one style sheet and the one script, e.g. `assets/pitchline.1a2b3c4d.css` and
    /// `assets/pitchline.5e6f7a8b.js`.
    public var cssPath, jsPath: String
    public init(cssPath: String, jsPath: String) {
        self.cssPath = cssPath
        self.jsPath = jsPath
    }
}

/// Renders pages from the theme's Mustache templates (loaded once).
public struct PageRenderer: Sendable {
    let library: MustacheLibrary
    let directory: String
    /// BCP 47 tag of the site's content: `{{lang}}` in every template (`<html lang>`).
    public var language = "en"
    /// Where the site is published (`SiteSettings.baseURL`, ending in `/`): pages rendered with a
    /// `path` get `{{canonical}}`, their absolute URL (`<link rel="canonical">`); nil: none.
    public var baseURL: String?

    /// Loads every `*.mustache` under `templatesDirectory` (name = relative path without extension).
    public init(templatesDirectory: URL) async throws {
        directory = templatesDirectory.path
        library = try await MustacheLibrary(directory: templatesDirectory.path)
    }

    /// Parses templates given by name (`partials/chart`) and text: the theme built into the binary,
    /// overridden file by file by a theme folder (SiteGenerator's `ThemeFiles`).
    public init(templates: [String: String], language: String = "en") throws {
        var library = MustacheLibrary()
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
            do {
                try library.register(text, named: name)
            } catch {
                throw TemplateParseError(name: "Templates/\(name).mustache", underlying: error)
            }
        }
        self.library = library
        directory = "the theme"
        self.language = language
    }

    /// Renders a named template in `language` (default: the site's); throws
    /// `MissingTemplateError` when it does not exist.
    /// `path`: the page's place in the site (`charts/x.html`), for its canonical URL.
    /// `frame`: where a whole page sits and its theme assets (nil for a partial).
    public func render(_ name: String, _ context: Any, language: String? = nil, path: String? = nil, frame: PageFrame? = nil) throws -> String {
        let lang = language ?? self.language
        let canonical = baseURL.flatMap { base in path.map { base + $0 } }
        let shared = SiteWideContext(page: context, lang: lang, t: MessageLookup(messages: Messages(tag: lang)), canonical: canonical, frame: frame)
        guard library.getTemplate(named: name) != nil, let text = library.render(shared, withTemplate: name) else {
            throw MissingTemplateError(name: name, directory: directory)
        }
        return text
    }
}

/// Where a whole page sits: `root`, the path from it to the site's root ("", "../", or "/" for
/// the 404 page), and the theme's hashed CSS and JS (`{{root}}`, `{{cssPath}}`, `{{jsPath}}`).
public struct PageFrame: Sendable {
    public var root: String
    public var assets: PageAssets
    public init(root: String, assets: PageAssets) { (self.root, self.assets) = (root, assets) }
}

/// A page's context plus the values every page shares (`lang`; `t`: the page language's
/// messages, `{{t.page.skip}}`; `playbackSpeeds`, the settings dialog's choices from
/// `PlaybackPlan` in that language; `readerSettings`, its other choices and defaults; `keyRows`
/// and `keyMap`, the key table and the script's key map, `KeyTable`); a whole page's `PageFrame`), so each page's context type
/// does not repeat them. Other names are looked up in the page's context as Mustache would.
struct SiteWideContext: MustacheParent {
    let page: Any
    let lang: String
    let t: MessageLookup
    /// The page's absolute URL when the site has a `baseURL` (`<link rel="canonical">`).
    var canonical: String?
    var frame: PageFrame?
    struct Speed { var factor: String; var text: String; var normal: Bool }

    func child(named name: String) -> Any? {
        if name == "lang" { return lang }
        if name == "canonical" { return canonical }
        if name == "t" { return t }
        if let frame {
            if name == "root" { return frame.root }
            if name == "cssPath" { return frame.assets.cssPath }
            if name == "jsPath" { return frame.assets.jsPath }
        }
        if name == "readerSettings" { return ReaderSettingsContext(messages: t.messages) }
        if name == "keyRows" { return KeyTable.rendered(t.messages) }  // partials/keys-table (KeyTable.swift)
        if name == "keyMap" { return KeyTable.mapJSON }  // the help dialog's data-keys, read by pitchline.js
        if name == "playbackSpeeds" {
            let m = t.messages
            return PlaybackPlan.speeds.map {
                Speed(factor: JSNumber.string($0.0), text: m[$0.1, ["factor": m.locale.localized(TextFormat.plainNumber($0.0))]],
                      normal: $0.0 == 1)
            }
        }
        if let parent = page as? MustacheParent { return parent.child(named: name) }
        guard let value = Mirror(reflecting: page).children.first(where: { $0.label == name })?.value else { return nil }
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional ? mirror.children.first?.value : value
    }
}

/// The settings dialog's choices (`ReaderSettings`) in the page's language:
/// `{{#readerSettings.pitch}}…{{value}} {{text}}{{#checked}}…{{/readerSettings.pitch}}`, and
/// `{{#readerSettings.speech}} checked{{/readerSettings.speech}}` for a checkbox on by default.
struct ReaderSettingsContext: MustacheParent {
    let messages: Messages
    struct Choice { var value: String; var text: String; var checked: Bool }

    func child(named name: String) -> Any? {
        if name == "speech" { return ReaderSettings.speech }
        if name == "tones" { return ReaderSettings.tones }
        guard let group = ReaderSettings.groups.first(where: { $0.name == name }) else { return nil }
        return group.choices.map { Choice(value: $0.value, text: messages[$0.key], checked: $0.isDefault) }
    }
}

/// `{{t.help.title}}` in a template: the catalogue text of key `help.title` (plain text, escaped
/// by Mustache like any other value). A dotted key is looked up one part at a time. A text
/// naming keys as `[[P]]` or stressing words as `**audio chart**` is markup, escaped here with
/// `<kbd>P</kbd>` and `<strong>…</strong>`: use it with triple braces (`{{{t.help.play}}}`).
struct MessageLookup: MustacheParent {
    let messages: Messages
    var prefix = ""

    func child(named name: String) -> Any? {
        let key = prefix + name
        if let text = messages.text(named: key) {
            guard text.contains("[[") || text.contains("**") else { return text }
            return TrustedMarkup(escapedHTML: Self.markup(text))
        }
        return MessageLookup(messages: messages, prefix: key + ".")
    }
}

/// A key the catalogue does not have renders as `Messages.missing` ("[missing text: guide.nope]"),
/// visible on the page and found by the tests, never a dump of this value.
extension MessageLookup: MustacheCustomRenderable {
    var renderText: String { Messages.missing(String(prefix.dropLast())) }
    var isNull: Bool { false }
}

extension MessageLookup {
    /// `text` escaped for HTML, then `[[key]]` → `<kbd>key</kbd>` and `**words**` → `<strong>words</strong>`.
    static func markup(_ text: String) -> String {
        var out = xmlEscape(text).replacingOccurrences(of: "[[", with: "<kbd>").replacingOccurrences(of: "]]", with: "</kbd>")
        var open = true
        while let r = out.range(of: "**") {
            out.replaceSubrange(r, with: open ? "<strong>" : "</strong>")
            open.toggle()
        }
        return out
    }
}

import Foundation
import SpecReading
import Synchronization

/// Every text a reader meets, in one language: a catalogue of templates with named
/// placeholders (`{name}`, `{count}`), in `Messages/` as plain `.strings` files a translator edits
/// without Swift: `<code>.strings` per language and its units in words, `<code>.units.strings`
/// (read by `SpokenUnits`), compiled into the binary by the `Embed` build plugin.
///
/// To add a text: add its key to `en.strings` and the same key to every other
/// catalogue (`MessagesTests` checks that each language has every key and the same
/// placeholders). Counts that change the wording have `.one` and `.other` forms, chosen by
/// `plural(_:count:)` with the language's rule.
public struct Messages: Sendable {
    public let language: Language
    /// Number and date text for the same language (separators, month names, date patterns).
    public let locale: TextLocale
    let table: [String: String]

    /// The catalogue of the language of `tag` (English when Pitchline does not speak it).
    public init(tag: String) {
        let language = Language(tag: tag) ?? .en
        self.language = language
        locale = Self.locale(Language.foundationIdentifier(for: tag))
        table = Self.catalogue(language)
    }

    /// Locales are made once per identifier (a `DateFormatter` per chart would cost more than the chart).
    private static func locale(_ identifier: String) -> TextLocale {
        localeCache.withLock { cache in
            if let cached = cache[identifier] { return cached }
            let made = TextLocale(identifier: identifier)
            cache[identifier] = made
            return made
        }
    }
    private static let localeCache = Mutex<[String: TextLocale]>([:])

    public static let english = Messages(tag: "en")

    /// The catalogue of each language (English is the reference every other must match).
    public static func catalogue(_ language: Language) -> [String: String] {
        switch language {
        case .en: tableEN
        case .de: tableDE
        case .fr: tableFR
        case .es: tableES
        }
    }

    /// The catalogue as written, in file order (texts, then units), so that a key written twice
    /// (two branches adding the same key) is a failing test (`MessagesTests`): a `.strings` file
    /// keeps only one of them.
    public static func entries(_ language: Language) -> [(key: String, value: String)] {
        let table = catalogue(language)
        return CatalogueFile.files(language).flatMap { file in
            CatalogueFile.keysInOrder(file.text).map { (key: $0, value: table[$0] ?? "") }
        }
    }

    private static let tableEN = table(.en)
    private static let tableDE = table(.de)
    private static let tableFR = table(.fr)
    private static let tableES = table(.es)
    private static func table(_ language: Language) -> [String: String] {
        CatalogueFile.files(language).reduce(into: [:]) { table, file in
            table.merge(CatalogueFile.parse(file), uniquingKeysWith: { first, _ in first })
        }
    }

    /// The text of `key` with its placeholders filled: `messages[.summaryNoData, ["name": "Wind"]]`.
    /// A key no catalogue has shows as `missing(key)` (only a `family` key can be one: tests catch it).
    public subscript(_ key: MessageKey, _ values: [String: String] = [:]) -> String {
        guard let template = table[key.name] else { return Self.missing(key.name) }
        guard template.contains("{,}") || template.contains("{;}") else { return Self.fill(template, values, language: language) }
        var values = values  // clause marks (`clauses(_:_:)`): nothing in the text
        if values[","] == nil { values[","] = "" }
        if values[";"] == nil { values[";"] = "" }
        return Self.fill(template, values, language: language)
    }

    /// What a key no catalogue has shows: "[missing text: guide.nope]" (tests look for it).
    public static func missing(_ key: String) -> String { "[missing text: \(key)]" }

    /// The text of `key` as written (placeholders unfilled); nil when the catalogue has no such key.
    public func text(_ key: MessageKey) -> String? { table[key.name] }

    /// The `.one` or `.other` form of `key` for `count` (which is also `{count}`, formatted for
    /// the locale): English, German and Spanish use "one" for 1 only; French for 0 and 1 (CLDR).
    public func plural(_ key: PluralKey, count: Int, _ values: [String: String] = [:]) -> String {
        let one = language == .fr ? (count == 0 || count == 1) : count == 1
        var values = values
        if values["count"] == nil { values["count"] = TextFormat.count(count, locale: locale) }
        return self[MessageKey(key.stem + (one ? ".one" : ".other")), values]
    }

    /// The text a theme template names (`{{t.guide.title}}`): templates are data, so their keys
    /// are strings; `LanguagePagesTests` renders every page and looks for a missing one.
    public func text(named key: String) -> String? { table[key] }

    /// "a, b and c" in this language.
    public func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: self[.listAnd, ["first": items.dropLast().joined(separator: ", "), "last": items.last!]]
        }
    }

    /// Fills `{name}` placeholders (`SpeechFormatter.fill`); a placeholder without a value stays as written
    /// (so `{x}` and `{v}` pass through to the page script's label templates).
    static func fill(_ template: String, _ values: [String: String], language: Language) -> String {
        guard template.contains("{") else { return template }
        let out = SpeechFormatter.fill(template, values)
        return language == .fr ? elidedFrench(out) : out
    }

    /// French elides "de" before a vowel: a template's "de {level}" with "environ 3 m/s" becomes
    /// "d'environ 3 m/s". Only the words our own templates put there.
    static func elidedFrench(_ text: String) -> String {
        guard text.contains("de environ") || text.contains("de un") || text.contains("de août") else { return text }
        return text.replacingOccurrences(of: " de environ", with: " d’environ")
            .replacingOccurrences(of: " de un ", with: " d’un ")
            .replacingOccurrences(of: " de une ", with: " d’une ")
            .replacingOccurrences(of: " de août", with: " d’août")
    }

    /// The placeholder names of a template (for the catalogue tests).
    public static func placeholders(_ template: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let tail = rest[rest.index(after: open)...]
            guard let close = tail.firstIndex(of: "}") else { break }
            let name = tail[..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber }) { names.insert(String(name)) }
            rest = tail[tail.index(after: close)...]
        }
        return names
    }
}

/// A key of the catalogues. The only ones code can name are the generated statics, one per key of
/// `en.strings` (`.valueNoData` for "value.noData", by the Embed plugin), so a lookup
/// of a key English lacks does not compile; `family(_:_:)` names the members of a family keyed by
/// an enum or a spec's operation ("box.said.median"), each family checked member by member in
/// `MessagesTests`.
public struct MessageKey: Hashable, Sendable {
    public let name: String
    init(_ name: String) { self.name = name }

    /// The member `member` of the family `prefix` ("box.said" + "median" → "box.said.median").
    public static func family(_ prefix: Family, _ member: String) -> MessageKey {
        MessageKey(prefix.rawValue + "." + member)
    }

    /// The families of keys whose last part is a value: an enum's case, a time unit, a spec's
    /// operation. `MessagesTests.everyFamilyMemberExists` checks the enum-keyed ones case by case.
    public enum Family: String, Sendable, CaseIterable {
        case aggregate, approx, approxAt, kind, box, boxNone = "box.none", boxNonePart = "box.nonePart",
             boxSaid = "box.said", cycle, error, figureTrend = "figure.trend", layerChange = "layer.change",
             layerOp = "layer.op", layerStep = "layer.step", layerThe = "layer.the", layerTrend = "layer.trend",
             scrubber, settings, sliderLabel = "slider.label", step, stretch, summaryPitchCurve = "summary.pitchCurve", tableCaption = "table.caption"
    }
}

extension PluralKey {
    /// The member `member` of a plural family ("duration" + "hour" → "duration.hour").
    public static func family(_ prefix: Family, _ member: String) -> PluralKey { PluralKey(prefix.rawValue + "." + member) }

    public enum Family: String, Sendable {
        case duration
    }
}

/// A text with a `.one` and an `.other` form, by its stem ("count.points").
public struct PluralKey: Hashable, Sendable {
    public let stem: String
    init(_ stem: String) { self.stem = stem }
}

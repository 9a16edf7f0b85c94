import Foundation

/// The languages Pitchline writes and speaks, chosen by a BCP 47 tag's primary subtag
/// (`de`, `de-AT`, `fr-CA`). One message catalogue each (`Messages/<code>.strings`).
public enum Language: String, CaseIterable, Sendable, Hashable {
    case en, de, fr, es

    /// The language of a BCP 47 tag (`"de-AT"` → `.de`); nil when Pitchline does not speak it.
    public init?(tag: String) {
        let primary = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
        self.init(rawValue: primary)
    }

    /// "en, de, fr, es": for errors that name what is supported.
    public static var supportedList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Why `tag` cannot be used as a chart's or site's language (nil: it can). One wording for
    /// `pitchline.json` and `usermeta.pitchline.language`.
    public static func problem(with tag: String) -> String? {
        guard isTag(tag) else {
            return "\"\(tag)\" is not a BCP 47 language tag; use one of \(supportedList), optionally with a region (\"de-AT\")"
        }
        guard Language(tag: tag) != nil else {
            return "\"\(tag)\" is not a supported language; use one of \(supportedList), optionally with a region (\"de-AT\")"
        }
        return nil
    }

    /// The Foundation locale whose data (month names, separators, date patterns) a tag uses.
    /// Bare `en` keeps Pitchline's house style "3 January 2012" (day first, see `TextLocale`),
    /// not en-US "January 3, 2012"; a region given by the author (`en-US`) is used as it is.
    package static func foundationIdentifier(for tag: String) -> String {
        let parts = tag.split(separator: "-")
        if parts.count == 1 {
            switch Language(tag: tag) {
            case .en?: return "en"
            case .de?: return "de_DE"
            case .fr?: return "fr_FR"
            case .es?: return "es_ES"
            case nil: return tag
            }
        }
        return parts.joined(separator: "_")
    }

    /// `language-extlang-script-region-variant` in shape (RFC 5646): letters and digits in
    /// subtags of 1–8, the first 2–3 or 5–8 letters. Registry membership is not checked.
    package static func isTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.count != 4,
              first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}

/// Proactive negotiation (RFC 9110 §12): `Accept` media ranges and `Accept-Language` language
/// ranges with their `q` values, and the choice among a resource's variants. Pure functions of
/// header text; bounded work (at most `rangeLimit` ranges are read from a header).
public enum ContentNegotiation {
    /// A media range or language range with its weight.
    public struct Range: Equatable, Sendable {
        /// Lower-cased: `text/html`, `text/*`, `*/*`; or a language range `de-ch`, `*`.
        public var value: String
        public var q: Double
        public init(value: String, q: Double) { (self.value, self.q) = (value, q) }
    }

    /// Ranges read from one header, at most; the rest are ignored (a header is at most a few KiB).
    public static let rangeLimit = 64

    /// The ranges of a header (`Accept` or `Accept-Language`), in order. A range whose `q` is not
    /// a valid qvalue (0 to 1, at most three decimals) is left out, as are empty items.
    public static func ranges(_ header: String) -> [Range] {
        var out: [Range] = []
        for item in header.split(separator: ",", omittingEmptySubsequences: true).prefix(rangeLimit) {
            let parts = item.split(separator: ";")
            guard let first = parts.first else { continue }
            let value = first.trimmingSpaces().lowercased()
            guard !value.isEmpty, value.utf8.allSatisfy(isTokenByte) else { continue }
            var q = 1.0
            var valid = true
            for parameter in parts.dropFirst() {
                let p = parameter.trimmingSpaces()
                guard p.count >= 2, p.lowercased().hasPrefix("q=") else { continue }  // other parameters do not change the choice
                guard let weight = qvalue(p.dropFirst(2)) else { valid = false; break }
                q = weight
            }
            if valid { out.append(Range(value: value, q: q)) }
        }
        return out
    }

    /// `0`, `0.5`, `1.000`: RFC 9110's qvalue; nil otherwise.
    static func qvalue(_ text: Substring) -> Double? {
        guard (1...5).contains(text.count), text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }),
              let first = text.first, first == "0" || first == "1", let value = Double(text), value <= 1
        else { return nil }
        if text.count > 1 && text.dropFirst().first != "." { return nil }
        return value
    }

    /// The weight `ranges` give a media type (`text/html`, no parameters): the most specific
    /// matching range's `q` (`text/html` over `text/*` over `*/*`), 0 when none matches.
    public static func quality(ofType type: String, in ranges: [Range]) -> Double {
        let major = type.split(separator: "/").first.map(String.init) ?? type
        var best: (specificity: Int, q: Double)?
        for range in ranges {
            let specificity: Int
            if range.value == type { specificity = 3 }
            else if range.value == major + "/*" { specificity = 2 }
            else if range.value == "*/*" { specificity = 1 }
            else { continue }
            if best == nil || specificity > best!.specificity { best = (specificity, range.q) }
        }
        return best?.q ?? 0
    }

    /// The weight language `ranges` give a tag (RFC 4647 basic filtering: a range matches the
    /// tag itself or a longer tag after a hyphen; `*` matches any); the longest match counts.
    public static func quality(ofLanguage tag: String, in ranges: [Range]) -> Double {
        let tag = tag.lowercased()
        var best: (length: Int, q: Double)?
        for range in ranges {
            let matches = range.value == "*" || range.value == tag || tag.hasPrefix(range.value + "-")
            guard matches else { continue }
            let length = range.value == "*" ? 0 : range.value.count
            if best == nil || length > best!.length { best = (length, range.q) }
        }
        return best?.q ?? 0
    }

    /// The index of the variant to send, or nil when `Accept` refuses every one (406). Each
    /// variant scores its type's weight times its language's (RFC 9110 §12.1); the highest wins.
    /// - Parameters:
    ///   - types: each variant's media type without parameters, in the server's order of
    ///     preference (ties go to the earlier one);
    ///   - languages: each variant's language tag (nil: none, as good in any language). Weighed
    ///     only when the variants have several; a language `Accept-Language` does not name
    ///     weighs little, never 0, so it never causes a 406;
    ///   - accept, acceptLanguage: the request's headers (absent, empty or unreadable: anything).
    public static func choose(types: [String], languages: [String?], accept: String?, acceptLanguage: String?) -> Int? {
        let typeRanges = accept.map(ranges) ?? []
        var languageRanges = acceptLanguage.map(ranges) ?? []
        if Set(languages.compactMap { $0?.lowercased() }).count < 2 { languageRanges = [] }
        var best: (index: Int, score: Double)?
        for i in types.indices {
            let typeWeight = typeRanges.isEmpty ? 1 : quality(ofType: types[i], in: typeRanges)
            guard typeWeight > 0 else { continue }
            var languageWeight = 1.0
            if !languageRanges.isEmpty {
                // A variant without language (audio, data) is as good in any language.
                languageWeight = languages[i].map { max(quality(ofLanguage: $0, in: languageRanges), unnamedLanguageWeight) } ?? 1
            }
            let score = typeWeight * languageWeight
            if best == nil || score > best!.score { best = (i, score) }
        }
        return best?.index
    }

    /// The weight of a language the request does not name (below any qvalue but 0).
    static let unnamedLanguageWeight = 0.0001

    /// RFC 9110 token characters and `/`, `*` (media and language ranges hold nothing else).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default:
            return "!#$%&'*+-.^_`|~/".utf8.contains(byte)
        }
    }
}

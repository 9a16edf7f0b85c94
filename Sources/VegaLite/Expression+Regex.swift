import Foundation
import Synchronization

/// A JavaScript regular expression (flags g, i, m, s; u and y accepted) on ICU's engine, whose
/// syntax covers what expressions in specs use; positions are UTF-16, as in JavaScript.
struct JSRegex {
    let regex: NSRegularExpression
    let global: Bool

    init(_ pattern: String, flags: String, offset: Int) throws(ExpressionError) {
        global = flags.contains("g")
        let key = "\(flags)/\(pattern)"
        if let cached = JSRegex.cache.get(key) {
            regex = cached
            return
        }
        var options: NSRegularExpression.Options = []
        if flags.contains("i") { options.insert(.caseInsensitive) }
        if flags.contains("m") { options.insert(.anchorsMatchLines) }
        if flags.contains("s") { options.insert(.dotMatchesLineSeparators) }
        do {
            regex = try NSRegularExpression(pattern: pattern, options: options)
        } catch {
            throw ExpressionError(message: "invalid regular expression /\(pattern)/\(flags)", offset: offset)
        }
        JSRegex.cache.set(key, regex)
    }

    func firstMatch(in s: String) -> NSTextCheckingResult? {
        regex.firstMatch(in: s, range: NSRange(location: 0, length: s.utf16.count))
    }

    /// `s.replace(re, replacement)`: the first match, or all with the g flag; `$&`, `$1`…, `$$`,
    /// `` $` `` and `$'` in the replacement as JavaScript expands them.
    func replace(in s: String, with replacement: String) -> String {
        let u = Array(s.utf16)
        let matches = global
            ? regex.matches(in: s, range: NSRange(location: 0, length: u.count))
            : firstMatch(in: s).map { [$0] } ?? []
        var out: [UInt16] = []
        var last = 0
        for m in matches {
            out += u[last..<m.range.location]
            out += JSRegex.expand(replacement, u, m.range, (0..<m.numberOfRanges).map { m.range(at: $0) })
            last = m.range.location + m.range.length
        }
        out += u[last...]
        return String(decoding: out, as: UTF16.self)
    }

    /// `s.split(re)`: captured groups are included, as JavaScript does.
    func split(_ s: String) -> [String] {
        let u = Array(s.utf16)
        if u.isEmpty { return firstMatch(in: s) == nil ? [""] : [] }
        var parts: [String] = []
        var last = 0
        for m in regex.matches(in: s, range: NSRange(location: 0, length: u.count)) {
            if m.range.length == 0 && (m.range.location == 0 || m.range.location >= u.count) { continue }
            if m.range.length == 0 && m.range.location == last && last != 0 { continue }
            parts.append(String(decoding: u[last..<m.range.location], as: UTF16.self))
            for g in 1..<max(1, m.numberOfRanges) {
                let r = m.range(at: g)
                parts.append(r.location == NSNotFound ? "" : String(decoding: u[r.location..<(r.location + r.length)], as: UTF16.self))
            }
            last = m.range.location + m.range.length
        }
        parts.append(String(decoding: u[last...], as: UTF16.self))
        return parts
    }

    /// `s.replace("literal", replacement)`: the first occurrence only.
    static func replaceFirst(literal needle: String, in s: String, with replacement: String) -> String {
        let u = Array(s.utf16), n = Array(needle.utf16)
        guard n.count <= u.count else { return s }
        for i in 0...(u.count - n.count) where Array(u[i..<(i + n.count)]) == n {
            let range = NSRange(location: i, length: n.count)
            let out = Array(u[..<i]) + expand(replacement, u, range, [range]) + Array(u[(i + n.count)...])
            return String(decoding: out, as: UTF16.self)
        }
        return s
    }

    private static func expand(_ replacement: String, _ u: [UInt16], _ match: NSRange, _ groups: [NSRange]) -> [UInt16] {
        let r = Array(replacement.utf16)
        var out: [UInt16] = []
        var i = 0
        func slice(_ range: NSRange) -> ArraySlice<UInt16> {
            range.location == NSNotFound ? [] : u[range.location..<(range.location + range.length)]
        }
        while i < r.count {
            guard r[i] == 36, i + 1 < r.count else {  // $
                out.append(r[i])
                i += 1
                continue
            }
            let c = r[i + 1]
            switch c {
            case 36: out.append(36); i += 2
            case 38: out += slice(match); i += 2
            case 96: out += u[..<match.location]; i += 2
            case 39: out += u[(match.location + match.length)...]; i += 2
            case 48...57:
                var n = Int(c - 48)
                var width = 1
                if i + 2 < r.count, r[i + 2] >= 48, r[i + 2] <= 57, n * 10 + Int(r[i + 2] - 48) < groups.count {
                    n = n * 10 + Int(r[i + 2] - 48)
                    width = 2
                }
                if n >= 1 && n < groups.count {
                    out += slice(groups[n])
                    i += 1 + width
                } else {
                    out.append(36)
                    i += 1
                }
            default:
                out.append(36)
                i += 1
            }
        }
        return out
    }

    private final class Cache: Sendable {
        private let map = Mutex<[String: NSRegularExpression]>([:])
        func get(_ key: String) -> NSRegularExpression? { map.withLock { $0[key] } }
        func set(_ key: String, _ value: NSRegularExpression) {
            map.withLock { map in
                if map.count > 256 { map.removeAll() }
                map[key] = value
            }
        }
    }
    private static let cache = Cache()
}

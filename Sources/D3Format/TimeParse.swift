/// d3-time-format's `utcParse(specifier)` (and `timeParse`, the same here): the instant the
/// whole string describes, or nil when it does not match. Directives as `TimeFormat`; numbers
/// may be preceded by white space and take at most the directive's width in characters.
public struct TimeParse: Sendable {
    public let specifier: String
    public let locale: TimeLocale

    public init(_ specifier: String, locale: TimeLocale = .enUS) {
        self.specifier = specifier
        self.locale = locale
    }

    /// The fields collected while matching (d3's `d` object).
    private struct Parsed {
        var y = 1900.0, m: Double?, d = 1.0, H = 0.0, M = 0.0, S = 0.0, L = 0.0
        var q: Double?, Q: Double?, s: Double?, Z: Double?, p: Double?
        var w: Double?, u: Double?, U: Double?, W: Double?, V: Double?
    }

    /// Parses `string`; nil when it does not match the specifier exactly.
    public func callAsFunction(_ string: String) -> Double? {
        let chars = Array(string.utf16)
        var d = Parsed()
        guard let end = match(&d, Array(specifier.utf16), chars, 0), end == chars.count else { return nil }
        if let q = d.Q { return UTCCalendar.clip(q) }
        if let s = d.s { return UTCCalendar.clip(s * 1000 + d.L) }
        if d.Z == nil { d.Z = 0 }
        if let p = d.p { d.H = d.H.truncatingRemainder(dividingBy: 12) + p * 12 }
        if d.m == nil { d.m = d.q ?? 0 }
        if let V = d.V {
            if V < 1 || V > 53 { return nil }
            let w = d.w ?? 1
            let jan1 = UTCCalendar.time(year: d.y, month: 0)
            guard let f = UTCCalendar.fields(jan1) else { return nil }
            let day = f.weekday
            // utcMonday.ceil for a Friday–Sunday start, utcMonday otherwise.
            var week = Weeks.floor(jan1, first: 1)
            if (day > 4 || day == 0) && week < jan1 { week += Weeks.msPerWeek }
            week += (V - 1) * Weeks.msPerWeek
            guard let wf = UTCCalendar.fields(week) else { return nil }
            d.y = Double(wf.year)
            d.m = Double(wf.month)
            d.d = Double(wf.date) + (w + 6).truncatingRemainder(dividingBy: 7)
        } else if d.W != nil || d.U != nil {
            let w = d.w ?? (d.u.map { $0.truncatingRemainder(dividingBy: 7) } ?? (d.W != nil ? 1 : 0))
            guard let f = UTCCalendar.fields(UTCCalendar.time(year: d.y, month: 0)) else { return nil }
            let day = Double(f.weekday)
            d.m = 0
            if let W = d.W {
                d.d = (w + 6).truncatingRemainder(dividingBy: 7) + W * 7 - (day + 5).truncatingRemainder(dividingBy: 7)
            } else {
                d.d = w + d.U! * 7 - (day + 6).truncatingRemainder(dividingBy: 7)
            }
        }
        let z = d.Z!
        d.H += (z / 100).rounded(.towardZero)
        d.M += z.truncatingRemainder(dividingBy: 100)
        let t = UTCCalendar.time(
            year: d.y, month: d.m!, date: d.d, hours: d.H, minutes: d.M, seconds: d.S, milliseconds: d.L)
        return t.isNaN ? nil : t
    }

    /// d3's parseSpecifier: the position after the match, or nil.
    private func match(_ d: inout Parsed, _ spec: [UInt16], _ s: [UInt16], _ start: Int) -> Int? {
        var i = 0
        var j = start
        while i < spec.count {
            if j >= s.count { return nil }
            let c = spec[i]
            i += 1
            if c == 37 {  // %
                guard i < spec.count else { return nil }
                var directive = spec[i]
                i += 1
                if directive == 45 || directive == 95 || directive == 48 {  // - _ 0
                    guard i < spec.count else { return nil }
                    directive = spec[i]
                    i += 1
                }
                guard let next = parse(Character(Unicode.Scalar(directive)!), &d, s, j) else { return nil }
                j = next
            } else {
                if c != s[j] { return nil }
                j += 1
            }
        }
        return j
    }

    private func parse(_ c: Character, _ d: inout Parsed, _ s: [UInt16], _ i: Int) -> Int? {
        func number(_ width: Int?) -> (Double, Int)? {
            let end = width.map { min(s.count, i + $0) } ?? s.count
            var k = i
            while k < end, isSpace(s[k]) { k += 1 }
            let digitsStart = k
            var value = 0.0
            while k < end, s[k] >= 48, s[k] <= 57 {
                value = value * 10 + Double(s[k] - 48)
                k += 1
            }
            return k > digitsStart ? (value, k) : nil
        }
        func set(_ width: Int?, _ apply: (inout Parsed, Double) -> Void) -> Int? {
            guard let (v, end) = number(width) else { return nil }
            apply(&d, v)
            return end
        }
        switch c {
        case "a": return name(locale.shortDays, s, i) { d.w = $0 }
        case "A": return name(locale.days, s, i) { d.w = $0 }
        case "b": return name(locale.shortMonths, s, i) { d.m = $0 }
        case "B": return name(locale.months, s, i) { d.m = $0 }
        case "p": return name(locale.periods, s, i) { d.p = $0 }
        case "c": return match(&d, Array(locale.dateTime.utf16), s, i)
        case "x": return match(&d, Array(locale.date.utf16), s, i)
        case "X": return match(&d, Array(locale.time.utf16), s, i)
        case "d", "e": return set(2) { $0.d = $1 }
        case "f": return set(6) { $0.L = ($1 / 1000).rounded(.down) }
        case "g", "y": return set(2) { $0.y = $1 + ($1 > 68 ? 1900 : 2000) }
        case "G", "Y": return set(4) { $0.y = $1 }
        case "H", "I": return set(2) { $0.H = $1 }
        case "j": return set(3) { $0.m = 0; $0.d = $1 }
        case "L": return set(3) { $0.L = $1 }
        case "m": return set(2) { $0.m = $1 - 1 }
        case "M": return set(2) { $0.M = $1 }
        case "q": return set(1) { $0.q = $1 * 3 - 3 }
        case "Q": return set(nil) { $0.Q = $1 }
        case "s": return set(nil) { $0.s = $1 }
        case "S": return set(2) { $0.S = $1 }
        case "u": return set(1) { $0.u = $1 }
        case "U": return set(2) { $0.U = $1 }
        case "V": return set(2) { $0.V = $1 }
        case "w": return set(1) { $0.w = $1 }
        case "W": return set(2) { $0.W = $1 }
        case "Z": return zone(&d, s, i)
        case "%": return s[i] == 37 ? i + 1 : nil
        default: return nil
        }
    }

    /// The first of `names` (case-insensitive) that `s` continues with at `i`, as d3's
    /// alternation regular expression picks it.
    private func name(_ names: [String], _ s: [UInt16], _ i: Int, _ apply: (Double) -> Void) -> Int? {
        for (index, n) in names.enumerated() {
            let u = Array(n.lowercased().utf16)
            guard i + u.count <= s.count else { continue }
            let candidate = String(decoding: s[i..<(i + u.count)], as: UTF16.self).lowercased()
            if Array(candidate.utf16) == u {
                apply(Double(index))
                return i + u.count
            }
        }
        return nil
    }

    /// %Z: "Z", or ±hh, ±hhmm, ±hh:mm within the next six characters.
    private func zone(_ d: inout Parsed, _ s: [UInt16], _ i: Int) -> Int? {
        let end = min(s.count, i + 6)
        guard i < end else { return nil }
        if s[i] == 90 {  // Z
            d.Z = 0
            return i + 1
        }
        guard s[i] == 43 || s[i] == 45, i + 3 <= end, isDigit(s[i + 1]), isDigit(s[i + 2]) else { return nil }
        var k = i + 3
        var minutes = 0.0
        var at = k
        if at < end, s[at] == 58 { at += 1 }  // :
        if at + 2 <= end, isDigit(s[at]), isDigit(s[at + 1]) {
            minutes = Double(s[at] - 48) * 10 + Double(s[at + 1] - 48)
            k = at + 2
        }
        let hours = Double(s[i + 1] - 48) * 10 + Double(s[i + 2] - 48)
        let signed = (hours * 100 + minutes) * (s[i] == 45 ? -1 : 1)
        d.Z = -signed
        return k
    }

    private func isDigit(_ c: UInt16) -> Bool { c >= 48 && c <= 57 }
    private func isSpace(_ c: UInt16) -> Bool {
        c == 32 || (c >= 9 && c <= 13) || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A)
            || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF
    }
}

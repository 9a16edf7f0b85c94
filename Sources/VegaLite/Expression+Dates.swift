import D3Format

/// JavaScript's `Date.parse` / `new Date(string)` as V8 reads the strings data carries, with
/// local time taken as UTC: ISO 8601 ("2012-01-03", "2012-01-03T10:00:00Z", "+002012-01"),
/// and the legacy forms ("2012/01/03", "01/03/2012", "Jan 3, 2012", "3 January 2012 10:30 PM",
/// "Tue Jan 03 2012 00:00:00 GMT+0100 (…)"). NaN when it is not a date.
enum JSDate {
    static func parse(_ text: String) -> Double {
        let s = JS.trim(text)
        if let t = iso(Array(s.utf8)) { return t }
        return legacy(s)
    }

    /// The instant a value denotes as `new Date(v)` sees it (numbers are milliseconds).
    static func time(_ v: DataValue) -> Double {
        switch v {
        case .date(let t): return t
        case .number(let n): return UTCCalendar.clip(n)
        case .string(let s): return parse(s)
        case .null: return 0
        case .bool(let b): return b ? 1 : 0
        case .array, .object:
            if case .string(let s) = JS.primitive(v, preferNumber: false) { return parse(s) }
            return .nan
        }
    }

    private static func iso(_ c: [UInt8]) -> Double? {
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= c.count else { return nil }
            var v = 0
            for k in i..<(i + n) {
                guard c[k] >= 48, c[k] <= 57 else { return nil }
                v = v * 10 + Int(c[k] - 48)
            }
            i += n
            return v
        }
        func eat(_ ch: Character) -> Bool {
            if i < c.count, c[i] == ch.asciiValue! { i += 1; return true }
            return false
        }
        var year: Int
        if i < c.count, c[i] == 43 || c[i] == 45 {
            let negative = c[i] == 45
            i += 1
            guard let y = digits(6) else { return nil }
            if negative && y == 0 { return nil }
            year = negative ? -y : y
        } else {
            guard let y = digits(4) else { return nil }
            year = y
        }
        var month = 1, day = 1, h = 0, mi = 0, sec = 0, ms = 0.0
        var dateOnly = true
        var offset: Int? = nil
        if eat("-") {
            guard let m = digits(2) else { return nil }
            month = m
            if eat("-") {
                guard let d = digits(2) else { return nil }
                day = d
            }
        }
        if eat("T") || eat("t") {
            dateOnly = false
            guard let hh = digits(2), eat(":"), let mm = digits(2) else { return nil }
            h = hh
            mi = mm
            if eat(":") {
                guard let ss = digits(2) else { return nil }
                sec = ss
                if eat(".") {
                    var frac = 0.0, scale = 100.0, n = 0
                    while i < c.count, c[i] >= 48, c[i] <= 57 {
                        frac += Double(c[i] - 48) * scale
                        scale /= 10
                        i += 1
                        n += 1
                    }
                    guard n > 0 else { return nil }
                    ms = frac.rounded(.down)
                }
            }
            if eat("Z") || eat("z") {
                offset = 0
            } else if i < c.count, c[i] == 43 || c[i] == 45 {
                let sign = c[i] == 45 ? -1 : 1
                i += 1
                guard let oh = digits(2), eat(":"), let om = digits(2) else { return nil }
                offset = sign * (oh * 60 + om)
            }
        }
        guard i == c.count else { return nil }
        guard (1...12).contains(month), day >= 1, day <= 31, h <= 24, mi < 60, sec < 60 else {  // V8 lets 02-30 overflow
            return .nan
        }
        if h == 24 && (mi != 0 || sec != 0 || ms != 0) { return .nan }
        _ = dateOnly  // date-only forms are UTC; date-time forms are local time, which is UTC here
        let t = UTCCalendar.time(
            year: Double(year), month: Double(month - 1), date: Double(day), hours: Double(h), minutes: Double(mi),
            seconds: Double(sec), milliseconds: ms)
        return UTCCalendar.clip(t - Double((offset ?? 0) * 60_000))
    }

    /// "jan" … "dec" and "sun" … "sat": V8 reads a word by its first three letters, which are
    /// d3's en-US short names (`TimeLocale.enUS`) in lower case.
    static let monthNames = TimeLocale.enUS.shortMonths.map { $0.lowercased() }
    static let dayNames = TimeLocale.enUS.shortDays.map { $0.lowercased() }

    private static func legacy(_ s: String) -> Double {
        var reading = LegacyDate()
        guard reading.scan(Array(s.lowercased().utf8)) else { return .nan }
        return reading.instant()
    }
}

/// What V8's legacy date parser gathers from a text, token by token: numbers, a month name, a
/// time of day, am/pm and a zone offset; then the instant they make (NaN where V8 gives up).
private struct LegacyDate {
    var numbers: [(value: Int, length: Int)] = []
    var month: Int?
    var time: [Int] = []
    var ms = 0
    var pm: Bool?
    var offset: Int?
    var sawZone = false

    /// Reads the text's tokens (lower case); false when V8 gives up on it.
    mutating func scan(_ c: [UInt8]) -> Bool {
        var i = 0
        while i < c.count {
            let ch = c[i]
            if ch == 40 { break }  // "(Coordinated Universal Time)…": V8 reads no further
            if ch >= 48 && ch <= 57 {
                guard readNumber(c, &i) else { return false }
                continue
            }
            if (ch == 43 || ch == 45), !time.isEmpty || sawZone, i + 1 < c.count, c[i + 1] >= 48, c[i + 1] <= 57 {
                readOffset(c, &i)
                continue
            }
            if ch >= 97 && ch <= 122 {
                guard readWord(c, &i) else { return false }
                continue
            }
            if [32, 44, 47, 45, 46, 9].contains(ch) {  // space , / - . tab
                i += 1
                continue
            }
            return false
        }
        return true
    }

    /// A number, or a time of day `h:m[:s[.ms]]` when a colon follows it.
    private mutating func readNumber(_ c: [UInt8], _ i: inout Int) -> Bool {
        var v = 0, n = 0
        while i < c.count, c[i] >= 48, c[i] <= 57 {
            v = v &* 10 &+ Int(c[i] - 48)
            n += 1
            i += 1
        }
        if i < c.count, c[i] == 58 {  // h:m[:s[.ms]]
            guard time.isEmpty else { return false }
            time = [v]
            while i < c.count, c[i] == 58 {
                i += 1
                var t = 0, tn = 0
                while i < c.count, c[i] >= 48, c[i] <= 57 {
                    t = t &* 10 &+ Int(c[i] - 48)
                    tn += 1
                    i += 1
                }
                guard tn > 0 else { return false }
                time.append(t)
            }
            if i < c.count, c[i] == 46, time.count == 3 {
                i += 1
                var frac = 0, fn = 0
                while i < c.count, c[i] >= 48, c[i] <= 57 {
                    if fn < 3 { frac = frac * 10 + Int(c[i] - 48) }
                    fn += 1
                    i += 1
                }
                while fn < 3 { frac *= 10; fn += 1 }
                ms = frac
            }
            guard time.count <= 3 else { return false }
        } else {
            numbers.append((v, n))
        }
        return true
    }

    /// A zone offset after a time or a zone name: `+0100`, `-05:00`, `+1`.
    private mutating func readOffset(_ c: [UInt8], _ i: inout Int) {
        let sign = c[i] == 45 ? -1 : 1
        i += 1
        var v = 0, n = 0
        while i < c.count, c[i] >= 48, c[i] <= 57 {
            v = v * 10 + Int(c[i] - 48)
            n += 1
            i += 1
        }
        if i < c.count, c[i] == 58 {
            i += 1
            var m = 0
            while i < c.count, c[i] >= 48, c[i] <= 57 { m = m * 10 + Int(c[i] - 48); i += 1 }
            offset = sign * (v * 60 + m)
        } else {
            offset = sign * (n <= 2 ? v * 60 : (v / 100) * 60 + v % 100)
        }
    }

    /// A word: am/pm, a zone name, a month (by its first three letters), a day name (skipped).
    private mutating func readWord(_ c: [UInt8], _ i: inout Int) -> Bool {
        let start = i
        while i < c.count, c[i] >= 97, c[i] <= 122 { i += 1 }
        let word = String(decoding: c[start..<i], as: UTF8.self)
        if word == "am" || word == "pm" {
            pm = word == "pm"
        } else if word == "utc" || word == "gmt" || word == "z" || word == "ut" {
            sawZone = true
            offset = offset ?? 0
        } else if word == "t" && !numbers.isEmpty {
            return true
        } else if word.count >= 3, let m = JSDate.monthNames.firstIndex(where: { word.hasPrefix($0) }) {
            guard month == nil else { return false }
            month = m + 1
        } else if word.count >= 3, JSDate.dayNames.contains(where: { word.hasPrefix($0) }) {
            return true
        } else {
            return false
        }
        return true
    }

    /// The instant the tokens make: year, month and day from the numbers and the month name,
    /// the time of day, the offset; NaN when they make no date.
    func instant() -> Double {
        var year: Int, m: Int, day: Int
        func fullYear(_ n: (value: Int, length: Int)) -> Int {
            n.length <= 2 ? (n.value < 50 ? 2000 + n.value : 1900 + n.value) : n.value
        }
        if let month, numbers.count == 1, numbers[0].value > 31 || numbers[0].length >= 3 {
            (year, m, day) = (numbers[0].value, month, 1)  // "June 2012"
        } else if let month {
            guard numbers.count == 2 else { return .nan }
            m = month
            if numbers[0].value > 31 || numbers[0].length >= 3 {
                (year, day) = (fullYear(numbers[0]), numbers[1].value)
            } else {
                (day, year) = (numbers[0].value, fullYear(numbers[1]))
            }
        } else {
            guard numbers.count == 3 else { return .nan }
            if numbers[0].value > 31 || numbers[0].length >= 3 {
                (year, m, day) = (fullYear(numbers[0]), numbers[1].value, numbers[2].value)
            } else {
                (m, day, year) = (numbers[0].value, numbers[1].value, fullYear(numbers[2]))
            }
        }
        guard (1...12).contains(m), (1...31).contains(day) else { return .nan }
        var h = time.first ?? 0
        let mi = time.count > 1 ? time[1] : 0
        let sec = time.count > 2 ? time[2] : 0
        if let pm {
            guard h <= 12 else { return .nan }
            h = h % 12 + (pm ? 12 : 0)
        }
        guard h < 24, mi < 60, sec < 60 else { return .nan }
        let t = UTCCalendar.time(
            year: Double(year), month: Double(m - 1), date: Double(day), hours: Double(h), minutes: Double(mi),
            seconds: Double(sec), milliseconds: Double(ms))
        return UTCCalendar.clip(t - Double((offset ?? 0) * 60_000))
    }
}

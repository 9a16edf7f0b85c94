import D3Format
import Foundation

/// Dates from bytes (UTC); the calendar arithmetic is D3Format's `UTCCalendar`.
extension CellParsing {
    // MARK: Dates

    /// A parsed date: seconds since 1970 (UTC) and which components were present or non-zero.
    package struct ParsedDate {
        package var seconds: Double
        package var hasTime: Bool
        /// True when the text named its zone (`Z` or an offset); times without one are local, kept as if UTC.
        package var hasZone = false
        package var month: Int
        package var day: Int
        package var hour: Int, minute: Int, second: Double
    }

    /// English month names, lower case, for matching ("jan", "january", "sept"): d3's en-US
    /// (`TimeLocale.enUS`), the names JavaScript's `Date` and Vega-Lite read.
    private static let monthNames: [[UInt8]] = TimeLocale.enUS.months.map { Array($0.lowercased().utf8) }

    /// Dates in the common shapes: `2001-01-01`, `2012/01/01`, `2012-01`, `2010/01/01 00:00:00`,
    /// ISO 8601 with `T`, fractions and `Z` or an offset, `01/31/2012` (month first, as JavaScript),
    /// `Jan 1 2000`, `January 1, 2000`, `1 January 2000`. Times without a zone are UTC.
    package static func date(_ b: UnsafeBufferPointer<UInt8>) -> ParsedDate? {
        var s = Scanner(bytes: b)
        s.skipSpaces()
        guard let first = s.peek else { return nil }
        if first >= 0x30 && first <= 0x39 {
            let start = s.i
            guard let lead = s.digits(max: 4) else { return nil }
            let leadLength = s.i - start
            if leadLength == 4, let sep = s.peek, sep == 0x2D || sep == 0x2F {  // YYYY-MM-DD or YYYY/MM/DD
                s.i += 1
                guard let month = s.digits(max: 2) else { return nil }
                var day = 1
                if s.peek == sep {
                    s.i += 1
                    guard let d = s.digits(max: 2) else { return nil }
                    day = d
                } else if !s.atEnd {
                    return nil
                }
                return finishWithTime(&s, year: lead, month: month, day: day)
            }
            if leadLength <= 2, s.peek == 0x2F {  // MM/DD/YYYY
                s.i += 1
                guard let day = s.digits(max: 2), s.peek == 0x2F else { return nil }
                s.i += 1
                let yearStart = s.i
                guard let year = s.digits(max: 4), s.i - yearStart == 4 else { return nil }
                return finishWithTime(&s, year: year, month: lead, day: day)
            }
            if leadLength <= 2, s.peek == 0x20 {  // 1 January 2000
                s.skipSpaces()
                guard let month = s.monthName() else { return nil }
                s.skipPunctuation()
                let yearStart = s.i
                guard let year = s.digits(max: 4), s.i - yearStart == 4 else { return nil }
                return finishWithTime(&s, year: year, month: month, day: lead)
            }
            return nil
        }
        // Jan 1 2000, January 1, 2000
        guard let month = s.monthName() else { return nil }
        s.skipPunctuation()
        guard let day = s.digits(max: 2) else { return nil }
        s.skipPunctuation()
        let yearStart = s.i
        guard let year = s.digits(max: 4), s.i - yearStart == 4 else { return nil }
        return finishWithTime(&s, year: year, month: month, day: day)
    }

    private static func finishWithTime(_ s: inout Scanner, year: Int, month: Int, day: Int) -> ParsedDate? {
        guard month >= 1 && month <= 12 && day >= 1 && day <= UTCCalendar.daysInMonth(year: year, month: month) else { return nil }
        var hour = 0, minute = 0
        var second = 0.0
        var hasTime = false
        var hasZone = false
        var offset = 0
        if let c = s.peek, c == UInt8(ascii: "T") || c == 0x20 {
            s.i += 1
            s.skipSpaces()
            if !s.atEnd {
                guard let h = s.digits(max: 2), s.peek == UInt8(ascii: ":") else { return nil }
                s.i += 1
                guard let m = s.digits(max: 2) else { return nil }
                hour = h
                minute = m
                hasTime = true
                if s.peek == UInt8(ascii: ":") {
                    s.i += 1
                    guard let sec = s.digits(max: 2) else { return nil }
                    second = Double(sec)
                    if s.peek == UInt8(ascii: ".") {
                        s.i += 1
                        var scale = 0.1
                        let fracStart = s.i
                        while let c = s.peek, c >= 0x30 && c <= 0x39 {
                            second += Double(c - 0x30) * scale
                            scale /= 10
                            s.i += 1
                        }
                        guard s.i > fracStart else { return nil }
                    }
                }
                guard hour < 24 && minute < 60 && second < 61 else { return nil }
                if s.peek == UInt8(ascii: "Z") {
                    s.i += 1
                    hasZone = true
                } else if let c = s.peek, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                    s.i += 1
                    hasZone = true
                    guard let oh = s.digits(max: 2) else { return nil }
                    if s.peek == UInt8(ascii: ":") { s.i += 1 }
                    let om = s.digits(max: 2) ?? 0
                    offset = (oh * 60 + om) * 60 * (c == UInt8(ascii: "-") ? -1 : 1)
                }
            }
        }
        s.skipSpaces()
        guard s.atEnd else { return nil }
        let days = UTCCalendar.daysFromCivil(year, month, day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 - offset) + second
        return ParsedDate(seconds: seconds, hasTime: hasTime, hasZone: hasZone, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }
        var atEnd: Bool { i >= bytes.count }

        mutating func skipSpaces() { while let c = peek, c == 0x20 { i += 1 } }
        mutating func skipPunctuation() { while let c = peek, c == 0x20 || c == 0x2C || c == 0x2E { i += 1 } }

        mutating func digits(max: Int) -> Int? {
            var value = 0
            var count = 0
            while count < max, let c = peek, c >= 0x30 && c <= 0x39 {
                value = value * 10 + Int(c - 0x30)
                count += 1
                i += 1
            }
            if count == max, let c = peek, c >= 0x30 && c <= 0x39 { return nil }
            return count > 0 ? value : nil
        }

        /// "Jan", "January", "Sept" … → 1…12.
        mutating func monthName() -> Int? {
            let start = i
            while let c = peek, (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A { i += 1 }
            let length = i - start
            guard length >= 3 else { i = start; return nil }
            for (index, name) in CellParsing.monthNames.enumerated() where length <= name.count {
                var matches = true
                for k in 0..<length where (bytes[start + k] | 0x20) != name[k] {
                    matches = false
                    break
                }
                if matches && (length == 3 || length == name.count || (index == 8 && length == 4)) { return index + 1 }
            }
            i = start
            return nil
        }
    }
}

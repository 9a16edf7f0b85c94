import Foundation

/// A d3-time-format pattern for `format.parse` ("date:'%d/%m/%Y'"), parsed in UTC. Directives:
/// see `supported`. Returns nil for a value that does not match, as d3's parser does.
struct TimePattern {
    static let supported = "%Y %y %m %d %e %H %I %p %M %S %L %f %b %B %a %A %j %Z %%"
    private enum Piece { case literal(UInt8), directive(Character) }
    private let pieces: [Piece]

    init?(_ pattern: String) {
        var pieces: [Piece] = []
        var bytes = Array(pattern.utf8)[...]
        while let c = bytes.popFirst() {
            if c == UInt8(ascii: "%") {
                guard var d = bytes.popFirst() else { return nil }
                if d == UInt8(ascii: "-") || d == UInt8(ascii: "_") || d == UInt8(ascii: "0") { guard let n = bytes.popFirst() else { return nil }; d = n }
                let ch = Character(Unicode.Scalar(d))
                guard "YymdeHIpMSLfbBaAjZ%".contains(ch) else { return nil }
                pieces.append(ch == "%" ? .literal(c) : .directive(ch))
            } else {
                pieces.append(.literal(c))
            }
        }
        self.pieces = pieces
    }

    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Milliseconds since 1970 UTC, or nil when `text` does not match.
    func parse(_ text: String) -> Double? {
        let b = Array(text.utf8)
        var i = 0
        var year = 1900, month = 1, day = 1, hour = 0, minute = 0, second = 0, milli = 0.0
        var pm: Bool?
        var dayOfYear: Int?
        var offsetMinutes = 0
        func number(_ maxDigits: Int) -> Int? {
            var sign = 1
            if i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { sign = b[i] == UInt8(ascii: "-") ? -1 : 1; i += 1 }
            while i < b.count, b[i] == 0x20 { i += 1 }
            var v = 0, n = 0
            while n < maxDigits, i < b.count, b[i] >= 0x30, b[i] <= 0x39 { v = v * 10 + Int(b[i] - 0x30); i += 1; n += 1 }
            return n == 0 ? nil : sign * v
        }
        func name(_ list: [String]) -> Int? {
            let start = i
            while i < b.count, (b[i] | 0x20) >= 0x61, (b[i] | 0x20) <= 0x7A { i += 1 }
            let word = String(decoding: b[start..<i], as: UTF8.self).lowercased()
            guard word.count >= 3 else { return nil }
            return list.firstIndex { $0 == word || ($0.hasPrefix(word) && word.count == 3) }
        }
        for piece in pieces {
            switch piece {
            case .literal(let c):
                guard i < b.count, b[i] == c else { return nil }
                i += 1
            case .directive(let d):
                switch d {
                case "Y": guard let v = number(4) else { return nil }; year = v
                case "y": guard let v = number(2) else { return nil }; year = v + (v < 69 ? 2000 : 1900)
                case "m": guard let v = number(2) else { return nil }; month = v
                case "d", "e": guard let v = number(2) else { return nil }; day = v
                case "H", "I": guard let v = number(2) else { return nil }; hour = v
                case "M": guard let v = number(2) else { return nil }; minute = v
                case "S": guard let v = number(2) else { return nil }; second = v
                case "L": guard let v = number(3) else { return nil }; milli = Double(v)
                case "f": guard let v = number(6) else { return nil }; milli = Double(v) / 1000
                case "j": guard let v = number(3) else { return nil }; dayOfYear = v
                case "b", "B": guard let v = name(Self.months) else { return nil }; month = v + 1
                case "a", "A": guard name(Self.weekdays) != nil else { return nil }
                case "p":
                    let start = i
                    while i < b.count, (b[i] | 0x20) >= 0x61, (b[i] | 0x20) <= 0x7A { i += 1 }
                    let w = String(decoding: b[start..<i], as: UTF8.self).lowercased()
                    guard w == "am" || w == "pm" else { return nil }
                    pm = w == "pm"
                case "Z":
                    if i < b.count, b[i] == UInt8(ascii: "Z") { i += 1; break }
                    guard i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") else { return nil }
                    let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                    i += 1
                    guard let hh = number(2) else { return nil }
                    if i < b.count, b[i] == UInt8(ascii: ":") { i += 1 }
                    let mm = number(2) ?? 0
                    offsetMinutes = sign * (hh * 60 + mm)
                default: return nil
                }
            }
        }
        guard i == b.count, (1...12).contains(month), day >= 1, day <= CellParsing.daysInMonth(year: year, month: month) else { return nil }
        if let pm { hour = hour % 12 + (pm ? 12 : 0) }
        var days = CellParsing.daysFromCivil(year: year, month: month, day: day)
        if let dayOfYear { days = CellParsing.daysFromCivil(year: year, month: 1, day: 1) + dayOfYear - 1 }
        return Double(days) * 86_400_000 + Double(((hour * 60 + minute) - offsetMinutes) * 60 + second) * 1000 + milli
    }
}

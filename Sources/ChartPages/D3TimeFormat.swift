import ChartData
import Foundation

/// Axis labels from a d3-time-format pattern (Vega-Lite's `axis.format` on a temporal axis),
/// e.g. `"%m/%d"` → "07/04", `"%b %Y"` → "Jul 2012". Supports %Y %y %m %d %e %b %B %a %A %H %I
/// %M %S %L %p %j %% and the padding modifiers `-` (none), `_` (space), `0`; dates are read in
/// the chart's own clock (local times stay local). (To be retired for the VegaLite module's
/// complete d3-time-format when it lands.)
struct D3TimeFormat {
    let pattern: String
    let locale: TextLocale

    init(_ pattern: String, locale: TextLocale = .english) {
        self.pattern = pattern
        self.locale = locale
    }

    /// True when `pattern` holds a directive (`%` then a letter, optionally padded: `%m`, `%-d`),
    /// i.e. a time format; `".0%"` is a number format.
    static func looksLikeTimeFormat(_ pattern: String) -> Bool {
        let chars = Array(pattern)
        for (i, c) in chars.enumerated() where c == "%" && i + 1 < chars.count {
            let next = chars[i + 1]
            if next.isLetter { return true }
            if "-_0".contains(next), i + 2 < chars.count, chars[i + 2].isLetter { return true }
        }
        return false
    }

    func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let c = TextFormat.civil(seconds)
        let days = Int((seconds / 86_400).rounded(.down))
        let s = Int(c.secondsOfDay.rounded(.down))
        let hour = s / 3600, minute = s / 60 % 60, second = s % 60
        let millis = Int(((c.secondsOfDay - Double(s)) * 1000).rounded())
        let weekday = ((days % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday; 0 = Sunday
        let dayOfYear = TextFormat.dayOfYear(year: c.year, month: c.month, day: c.day)
        var out = ""
        var chars = Array(pattern)[...]
        while let ch = chars.popFirst() {
            guard ch == "%", var directive = chars.popFirst() else { out.append(ch); continue }
            var pad: Character? = nil
            if directive == "-" || directive == "_" || directive == "0", let next = chars.popFirst() {
                pad = directive
                directive = next
            }
            func number(_ n: Int, _ width: Int, _ defaultPad: Character = "0") -> String {
                let text = String(n)
                let p = pad ?? defaultPad
                if p == "-" || text.count >= width { return text }
                return String(repeating: p == "_" ? " " : "0", count: width - text.count) + text
            }
            switch directive {
            case "Y": out += String(c.year)
            case "y": out += number(c.year % 100, 2)
            case "m": out += number(c.month, 2)
            case "d": out += number(c.day, 2)
            case "e": out += number(c.day, 2, "_")
            case "b": out += locale.shortMonthNames[c.month - 1]
            case "B": out += locale.monthNames[c.month - 1]
            case "a": out += locale.shortWeekdayNames[weekday]
            case "A": out += locale.weekdayNames[weekday]
            case "H": out += number(hour, 2)
            case "I": out += number(hour % 12 == 0 ? 12 : hour % 12, 2)
            case "M": out += number(minute, 2)
            case "S": out += number(second, 2)
            case "L": out += number(millis, 3)
            case "p": out += hour < 12 ? "AM" : "PM"
            case "j": out += number(dayOfYear, 3)
            case "%": out += "%"
            default: out += "%" + String(directive)
            }
        }
        return out
    }
}

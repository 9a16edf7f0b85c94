/// A Vega-Lite time unit (`"yearmonthdate"`, `"utcmonth"`, `{"unit": "month", "step": 3}`,
/// `"binnedyearmonth"`) and the flooring and offset Vega's `timeunit` transform applies.
public struct TimeUnitSpec: Sendable, Hashable {
    /// The single units, in Vega's order (year … milliseconds).
    public let units: [Unit]
    /// The name as written without `utc`/`binned` (for field names: `yearmonth_date`).
    public let name: String
    public let step: Int
    public let utc: Bool
    /// `binned…`: the field already holds the floored start.
    public let binned: Bool

    public enum Unit: String, Sendable, CaseIterable, Comparable {
        case year, quarter, month, week, date, day, dayofyear, hours, minutes, seconds, milliseconds
        var order: Int { Unit.allCases.firstIndex(of: self)! }
        public static func < (a: Unit, b: Unit) -> Bool { a.order < b.order }
    }

    /// Every unit name Vega-Lite accepts (without the `utc` prefix).
    public static let names: [String] = [
        "year", "quarter", "month", "week", "day", "dayofyear", "date", "hours", "minutes", "seconds", "milliseconds",
        "yearquarter", "yearquartermonth", "yearmonth", "yearmonthdate", "yearmonthdatehours",
        "yearmonthdatehoursminutes", "yearmonthdatehoursminutesseconds", "yearweek", "yearweekday",
        "yearweekdayhours", "yearweekdayhoursminutes", "yearweekdayhoursminutesseconds", "yeardayofyear",
        "quartermonth", "monthdate", "monthdatehours", "monthdatehoursminutes", "monthdatehoursminutesseconds",
        "weekday", "weekdayhours", "weekdayhoursminutes", "weekdayhoursminutesseconds", "dayhours",
        "dayhoursminutes", "dayhoursminutesseconds", "hoursminutes", "hoursminutesseconds", "minutesseconds",
        "secondsmilliseconds",
    ]

    /// Parses a unit string or params object; `path` locates errors.
    public static func parse(_ value: DataValue, path: String) throws(TransformError) -> TimeUnitSpec {
        switch value {
        case .string(let s): return try TimeUnitSpec(name: s, step: 1, utc: false, binned: false, path: path)
        case .object:
            let o = try SpecObject(value, path: path)
            try o.allowOnly(["unit", "step", "utc", "binned", "maxbins"], in: "a timeUnit")
            if o.has("maxbins") && !o.has("unit") {
                throw TransformError("a timeUnit chosen by maxbins alone is not supported; give \"unit\"", path: o.at("maxbins"))
            }
            let step = try o.number("step") ?? 1
            guard step >= 1, step <= 1_000_000, step == step.rounded() else {
                throw TransformError("step must be a whole number from 1 to 1000000", path: o.at("step"))
            }
            return try TimeUnitSpec(name: try o.string("unit"), step: Int(step), utc: try o.bool("utc") ?? false,
                                    binned: try o.bool("binned") ?? false, path: o.at("unit"))
        default:
            throw TransformError("expected a time unit name or object, found \(describe(value))", path: path)
        }
    }

    init(name raw: String, step: Int, utc: Bool, binned: Bool, path: String) throws(TransformError) {
        var s = raw
        var isBinned = binned, isUTC = utc
        if s.hasPrefix("binned") { isBinned = true; s.removeFirst(6) }
        if s.hasPrefix("utc") { isUTC = true; s.removeFirst(3) }
        guard TimeUnitSpec.names.contains(s) else {
            throw TransformError(
                "unknown time unit \"\(raw)\"; supported: \(TimeUnitSpec.names.joined(separator: ", ")) (each also with utc or binned before it)",
                path: path)
        }
        units = TimeUnitSpec.parts(of: s)
        name = s
        self.step = step
        self.utc = isUTC
        self.binned = isBinned
    }

    /// Vega-Lite's `getTimeUnitParts` (`containsTimeUnit`), sorted as Vega sorts them.
    static func parts(of unit: String) -> [Unit] {
        var out: [Unit] = []
        for part in [Unit.year, .quarter, .month, .week, .day, .dayofyear, .date, .hours, .minutes, .seconds, .milliseconds] {
            guard let r = unit.range(of: part.rawValue) else { continue }
            let idx = unit.distance(from: unit.startIndex, to: r.lowerBound)
            let chars = Array(unit)
            if part == .seconds, idx > 0, chars[idx - 1] == "i" { continue }
            if part == .day, chars.count > idx + 3, chars[idx + 3] == "o" { continue }
            if part == .year, idx > 0, chars[idx - 1] == "f" { continue }
            out.append(part)
        }
        return out.sorted()
    }

    /// The field name Vega-Lite gives this unit applied to `field` in an encoding
    /// (`yearmonth_date`, `utcmonth_date`, `month_step_3_date`).
    public func fieldName(_ field: String) -> String {
        (utc ? "utc" : "") + name + (step != 1 ? "_step_\(step)" : "") + "_" + field
    }

    /// The smallest unit, which `step` and the `_end` offset apply to.
    public var smallest: Unit { units.last! }

    /// Vega's `utcFloor(units, step)` of an instant (ms); NaN stays NaN.
    public func floor(_ t: Double) -> Double {
        guard CivilTime.isValidTime(t) else { return .nan }
        let p = CivilTime.parts(t)
        let u = Set(units)
        let b = smallest
        func stepped(_ unit: Unit, _ v: Int, phase: Int = 0) -> Int {
            guard unit == b, step > 1 else { return v }
            return phase + step * Int((Double(v - phase) / Double(step)).rounded(.down))
        }
        let year = u.contains(.year) ? stepped(.year, p.year) : 2012
        let month: Int = u.contains(.month) ? stepped(.month, p.month)
            : u.contains(.quarter) ? 3 * stepped(.quarter, p.month / 3) : 0
        let first = CivilTime.parts(CivilTime.utc(Double(year))).day
        func weekday(_ week: Int, _ day: Int) -> Int { day + week * 7 - (first + 6) % 7 }
        let date: Int
        if u.contains(.week) && u.contains(.day) {
            date = stepped(.day, weekday(TimeUnitSpec.weekNumber(t, p), p.day), phase: 1)
        } else if u.contains(.week) {
            date = weekday(stepped(.week, TimeUnitSpec.weekNumber(t, p), phase: 1), 0)
        } else if u.contains(.day) {
            date = stepped(.day, weekday(1, p.day), phase: 1)
        } else if u.contains(.date) {
            date = stepped(.date, p.date, phase: 1)
        } else if u.contains(.dayofyear) {
            date = stepped(.dayofyear, TimeUnitSpec.dayOfYear(t, p), phase: 1)
        } else {
            date = 1
        }
        let h = u.contains(.hours) ? stepped(.hours, p.hours) : 0
        let mi = u.contains(.minutes) ? stepped(.minutes, p.minutes) : 0
        let s = u.contains(.seconds) ? stepped(.seconds, p.seconds) : 0
        let ms = u.contains(.milliseconds) ? stepped(.milliseconds, p.ms) : 0
        // vega-time's utcDate turns years 0–99 into an invalid date.
        if year >= 0 && year < 100 { return .nan }
        return CivilTime.utc(Double(year), Double(month), Double(date), Double(h), Double(mi), Double(s), Double(ms))
    }

    /// The end of the unit starting at `t` (Vega's interval offset by `step` of the smallest unit).
    public func offset(_ t: Double) -> Double {
        offset(t, by: step)
    }

    func offset(_ t: Double, by k: Int) -> Double {
        guard CivilTime.isValidTime(t) else { return .nan }
        let p = CivilTime.parts(t)
        let dk = Double(k)
        switch smallest {
        case .year:
            return CivilTime.utc(Double(p.year + k), Double(p.month), Double(p.date), Double(p.hours), Double(p.minutes), Double(p.seconds), Double(p.ms))
        case .quarter, .month:
            let months = smallest == .quarter ? 3 * k : k
            return CivilTime.utc(Double(p.year), Double(p.month + months), Double(p.date), Double(p.hours), Double(p.minutes), Double(p.seconds), Double(p.ms))
        case .week: return t + 7 * dk * CivilTime.msPerDay
        case .date, .day, .dayofyear: return t + dk * CivilTime.msPerDay
        case .hours: return t + dk * 3_600_000
        case .minutes: return t + dk * 60_000
        case .seconds: return t + dk * 1000
        case .milliseconds: return t + dk
        }
    }

    /// d3's `utcDay.count(Jan 1 − 1 ms, d)`: 1 on January 1st.
    static func dayOfYear(_ t: Double, _ p: CivilTime.Parts) -> Int {
        let jan1 = CivilTime.utc(Double(p.year))
        return Int(((t - jan1) / CivilTime.msPerDay).rounded(.down)) + 1
    }

    /// d3's `utcWeek.count(Jan 1 − 1 ms, d)`: Sundays from January 1st up to `d`.
    static func weekNumber(_ t: Double, _ p: CivilTime.Parts) -> Int {
        let jan1Day = CivilTime.parts(CivilTime.utc(Double(p.year))).day
        let firstSunday = (7 - jan1Day) % 7
        let d0 = dayOfYear(t, p) - 1
        return d0 >= firstSunday ? (d0 - firstSunday) / 7 + 1 : 0
    }
}

/// `{"timeUnit": "yearmonth", "field": "date", "as": "month"}` → `month` (the start) and
/// `month_end` (the start plus one unit), as dates; invalid inputs give null.
public struct TimeUnitTransform: Sendable {
    public var timeUnit: TimeUnitSpec
    public var field: FieldRef
    public var `as`: String

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["timeUnit", "field", "as"], in: "a timeUnit transform")
        timeUnit = try TimeUnitSpec.parse(o.values["timeUnit"]!, path: o.at("timeUnit"))
        field = try o.field("field")
        self.as = try o.string("as")
    }

    public init(timeUnit: TimeUnitSpec, field: String, as name: String) {
        self.timeUnit = timeUnit
        self.field = FieldRef(field)
        self.as = name
    }

    func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkField(field, in: frame, path: "field")
        let input = field.values(in: frame)
        var start = [DataValue](repeating: .null, count: input.count)
        var end = start
        // The floor is constant within one bucket of the smallest unit (a day for date units),
        // so each bucket is computed once: consecutive rows usually share it, others hit the table.
        let bucket: Double = switch timeUnit.smallest {
        case .hours: 3_600_000
        case .minutes: 60_000
        case .seconds: 1000
        case .milliseconds: 1
        default: CivilTime.msPerDay
        }
        var lastKey = Double.nan, lastStart = Double.nan, lastEnd = Double.nan
        var seen: [Double: (Double, Double)] = [:]
        for (i, v) in input.enumerated() {
            let t: Double
            switch v {
            case .date(let x), .number(let x): t = x
            case .null: continue
            default:
                guard let x = CivilTime.instant(v) else { continue }
                t = x
            }
            let key = (t / bucket).rounded(.down)
            if key != lastKey {
                lastKey = key
                if let hit = seen[key] {
                    (lastStart, lastEnd) = hit
                } else {
                    lastStart = timeUnit.floor(t)
                    lastEnd = timeUnit.offset(lastStart)
                    if key.isFinite { seen[key] = (lastStart, lastEnd) }
                }
            }
            start[i] = .date(lastStart)
            end[i] = .date(lastEnd)
        }
        var out = frame
        out.setColumn(self.as, start)
        out.setColumn(self.as + "_end", end)
        return out
    }
}

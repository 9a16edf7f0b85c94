import ChartModel
import Foundation
import SpecReading
import VegaLite
import D3Format

/// From the evaluated frame to the chart: rows on the row axis, series from the grouping
/// channels, values, ranges, stacks and extra channels per point.
extension ChartBuilder {
    /// Channels whose nominal/ordinal field splits the data into series (one line, one colour each).
    static let seriesChannels = ["color", "fill", "stroke", "detail", "strokeDash", "shape", "xOffset", "yOffset"]
    /// Channels whose values are spoken with each point and shown in the table.
    static let extraChannels = ["size", "opacity", "fillOpacity", "strokeOpacity", "strokeWidth", "angle", "text", "href", "url", "description", "color", "fill", "stroke", "shape", "strokeDash", "radius", "radius2"]

    /// Marks evaluated as another kind but drawn and described as themselves (issue 14).
    static let ownMarks: [String: Mark] = ["tick": .tick, "rule": .rule, "text": .text]

    enum KeyKind { case date(TimeGranularity?), cycle(TimeUnitReading), number, category }

    /// The chart from the evaluated frame, step by step (`ChartBuilder+Assembly.swift`); `onRows`
    /// gets each row's key (a box plot finds its groups by them).
    func assemble(frame evaluated: DataFrame, roles: Roles, markKind: Mark, fieldOf: [String: String], binEnd: [String: String],
                  preAggregate: DataFrame? = nil, range: (lower: String, upper: String)? = nil,
                  onRows: (([DataValue]) -> Void)? = nil) throws(ChartProblem) -> Chart {
        var a = Assembly(builder: self, frame: evaluated, roles: roles, markKind: markKind, fieldOf: fieldOf, binEnd: binEnd,
                         preAggregate: preAggregate, range: range)
        a.imputeStackGaps()
        a.readKeys()
        try a.readValues()
        a.readGrouping()
        try a.selectDatums()
        a.decideStack()
        try a.placeRows()
        onRows?(a.rowKeys)
        try a.stackPositions()
        a.readExtras()
        a.buildSeries()
        return a.chart()
    }

    /// Stands in for an invalid row key drawn at the row scale's zero or low end (`InvalidDrawing`).
    static let invalidKey = DataValue.string("\u{1}invalid")

    /// Where Vega-Lite draws an invalid value of a continuous channel (`zeroOrMin`): zero when the
    /// scale holds it (an explicit domain around zero; by default for a linear, pow, sqrt or
    /// symlog scale that is not binned), else the domain's low end (`low`: the data's lowest value).
    static func zeroOrMin(_ c: ChartSpec.ChannelDef, low: Double) -> Double {
        if let d = c.scale.domain, d.count == 2 { return min(d[0], d[1]) <= 0 && max(d[0], d[1]) >= 0 ? 0 : min(d[0], d[1]) }
        if c.scale.type == .log || c.bin != nil || c.type == .temporal { return low }
        return 0
    }

    /// True when the value channel holds dates (temporal, or a time unit without an aggregate
    /// that makes numbers of them).
    static func hasTemporalValues(_ c: ChartSpec.ChannelDef) -> Bool {
        (c.type == .temporal || c.timeUnit != nil) && (c.aggregate == nil || ["min", "max", "argmin", "argmax"].contains(c.aggregate!))
    }

    /// A date value as seconds since 1970; anything else is invalid (no mark, "no data").
    static func dateSeconds(_ v: DataValue) -> DataValue {
        switch v {
        case .date(let ms) where ms.isFinite, .number(let ms) where ms.isFinite: return .number(ms / 1000)  // min/max give numbers
        default: return .null
        }
    }

    /// Decimals the values deserve (`YAxis.decimals`): the source field's own (the most any of its
    /// first 20,000 numbers has, at most 6), one more for a mean, median or spread; 0 for counts.
    /// Keeps a monthly mean of temperatures given to 0.1 °C at "8.23 °C", not "8.229 °C".
    static func sourceDecimals(_ value: ChartSpec.ChannelDef, aggregated: DataFrame?, frame: DataFrame, field: String?) -> Int? {
        if ["count", "distinct", "valid", "missing"].contains(value.aggregate ?? "") { return 0 }
        let column = value.aggregate != nil ? value.field.flatMap { aggregated?.column($0) } : field.flatMap { frame.column($0) }
        guard let column, let most = sourceDecimals(column.prefix(20_000).lazy.map(\.validNumber)) else { return nil }
        return most + (derivedAggregates.contains(value.aggregate ?? "") ? 1 : 0)
    }

    /// Aggregates whose values deserve one decimal more than their source's.
    static let derivedAggregates: Set<String> = ["mean", "average", "median", "stdev", "stdevp", "variance", "variancep", "stderr", "ci0", "ci1", "q1", "q3"]

    /// The most decimals any of `numbers` is written with (at most 6); nil for none, or for a
    /// number only an exponent writes.
    static func sourceDecimals(_ numbers: some Sequence<Double?>) -> Int? {
        var most = -1
        for case let n? in numbers where n.isFinite {
            let text = TextFormat.plainNumber(n)
            guard !text.contains("e") else { return nil }
            let d = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
            most = max(most, min(d, 6))
        }
        return most >= 0 ? most : nil
    }

    /// A unit the title gives in its last parenthesis when the spec gives none: "Temperature (°C)"
    /// is the name "Temperature" with the unit "°C" (said "degrees Celsius", shown again by the
    /// axis title), "Price ($)", "Employment (thousands)"; a note in parentheses that is no unit
    /// the catalogue knows ("Deaths (totals)") stays in the name. Nil when the title has none.
    static func titleUnit(_ title: String) -> (name: String, unit: String)? {
        guard title.hasSuffix(")"), let open = title.range(of: " (", options: .backwards) else { return nil }
        let unit = String(title[open.upperBound..<title.index(before: title.endIndex)]).trimmingCharacters(in: .whitespaces)
        let name = String(title[..<open.lowerBound]).trimmingCharacters(in: .whitespaces)
        guard !unit.isEmpty, !name.isEmpty, SpokenUnits.isKnown(unit) else { return nil }
        return (name, unit)
    }

    /// The axis title as Vega-Lite would show it, humanized when it is only the field name.
    func title(of c: ChartSpec.ChannelDef, fallback: String) -> String {
        if let t = c.axisTitle ?? c.title { return t }
        guard let f = c.field else { return fallback }
        return Self.humanize(f)
    }

    /// Distinct keys in display order: ascending for numbers and dates, else as `sort` says.
    func orderedKeys(datums: [Int], keyColumn: [DataValue], keyKind: KeyKind, keyNumber: (DataValue) -> Double?, frame: DataFrame,
                     roles: Roles, fieldOf: [String: String], valueColumn: [DataValue], preAggregate: DataFrame?) throws(ChartProblem) -> [DataValue] {
        var keys: [DataValue] = []
        var seen: Set<DataValue> = []
        for r in datums where seen.insert(keyColumn[r]).inserted { keys.append(keyColumn[r]) }
        let sort = roles.key?.sort ?? .ascending
        switch keyKind {
        case .date, .cycle, .number:
            keys.sort { keyNumber($0)! < keyNumber($1)! }
            if sort == .descending { keys.reverse() }
            return keys
        case .category: break
        }
        func ascending(_ a: DataValue, _ b: DataValue) -> Bool {
            // Null first, as Vega's ascending comparator sorts a discrete domain (last when descending).
            if a == .null || b == .null { return a == .null && b != .null }
            if case .number(let x) = a, case .number(let y) = b { return x < y }
            return Self.text(a) < Self.text(b)
        }
        func byMeasure(_ column: [DataValue], op: String, descending: Bool, keyed: [DataValue]? = nil) throws(ChartProblem) -> [DataValue] {
            // The op over each key's rows, by the VegaLite aggregate (over the rows before the
            // encoding's aggregate when `keyed` gives their keys).
            let pairs = keyed.map { DataFrame(fields: ["k", "v"], columns: [$0, column]) }
                ?? DataFrame(fields: ["k", "v"], columns: [datums.map { keyColumn[$0] }, datums.map { column[$0] }])
            guard let aggregateOp = AggregateOp(rawValue: op),
                  let scored = try? Transform.aggregate(AggregateTransform(measures: [AggregateMeasure(op: aggregateOp, field: "v", as: "s")], groupby: ["k"])).apply(pairs) else {
                throw specProblem("\(roles.key!.path).sort", line: roles.key!.line, "cannot sort by \"\(op)\"")
            }
            var score: [DataValue: Double] = [:]
            for i in 0..<scored.rowCount { score[scored[i, "k"]] = scored[i, "s"].validNumber ?? -.infinity }
            // Ties keep the order the keys first appear in (Vega's stable sort).
            let original = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            return keys.sorted { a, b in score[a]! == score[b]! ? original[a]! < original[b]! : descending ? score[a]! > score[b]! : score[a]! < score[b]! }
        }
        switch sort {
        case .ascending: keys.sort(by: ascending)
        case .descending: keys.sort { ascending($1, $0) }
        case .dataOrder: break
        case .custom(let wanted):
            let position = Dictionary(wanted.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            let original = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            keys.sort { (position[Self.text($0)] ?? wanted.count + original[$0]!) < (position[Self.text($1)] ?? wanted.count + original[$1]!) }
        case .byField(let field, let op, let descending):
            if let raw = preAggregate, let k = roles.key.flatMap({ fieldOf[$0.channel] }), let keyed = raw.column(k) {
                // Vega-Lite sorts by the op over the data rows, not over the aggregated ones.
                let column = field.flatMap { raw.column($0) } ?? [DataValue](repeating: .null, count: raw.rowCount)
                keys = try byMeasure(column, op: op, descending: descending, keyed: keyed)
            } else {
                keys = try byMeasure(field.flatMap { frame.column($0) } ?? valueColumn, op: op, descending: descending)
            }
        case .byChannel(let channel, let descending):
            guard let c = spec.channel(channel), let f = fieldOf[c.channel], let column = frame.column(f) else {
                throw specProblem("\(roles.key!.path).sort", line: roles.key!.line, "sorts by \"\(channel)\", which has no field in this chart")
            }
            keys = try byMeasure(column, op: c.aggregate == nil ? "sum" : "max", descending: descending)
        }
        return keys
    }

    func xValue(_ v: DataValue, _ kind: KeyKind) -> XValue {
        switch kind {
        case .date: if case .date(let ms) = v { return .date(Date(timeIntervalSince1970: ms / 1000)) }; return .category(Self.text(v))
        case .cycle(let unit): if case .date(let ms) = v { return .category(unit.cycleLabel(ms)) }; return .category(Self.text(v))
        case .number: return .number(v.validNumber ?? .nan)
        case .category: return .category(Self.text(v))
        }
    }

    /// A value as a label: strings as they are, numbers as JavaScript writes them, dates as days.
    static func text(_ v: DataValue) -> String {
        switch v {
        case .string(let s): return s
        case .date(let ms):
            guard ms.isFinite else { return "invalid date" }
            let (y, m, d) = UTCCalendar.civil(fromDays: Int((ms / 86_400_000).rounded(.down)))
            return "\(d) \(SpeechFormatter.monthNames[m - 1]) \(y)"
        case .null: return "null"
        default: return v.text
        }
    }

    /// An extra channel's value for speech and the table, in the channel's format when it has one.
    func extraText(_ v: DataValue, _ c: ChartSpec.ChannelDef) -> String? {
        guard v.isValid else { return nil }
        // The channel's own d3 format, as Vega-Lite shows it in a tooltip or text mark.
        if let f = c.format, !f.isEmpty {
            if case .date(let ms) = v { return TimeFormat(f)(ms) }
            if case .number(let n) = v, c.formatType != "time", let format = try? D3Format.NumberFormat(f) { return format(n) }
        }
        if let unit = c.timeUnit.flatMap(TimeUnitReading.init), case .date(let ms) = v {
            guard unit.isInstant else { return unit.cycleLabel(ms) }
            let (y, m, _) = UTCCalendar.civil(fromDays: Int((ms / 86_400_000).rounded(.down)))
            switch unit.granularity {
            case .year: return "\(y)"
            case .month: return "\(SpeechFormatter.monthNames[m - 1]) \(y)"
            case .quarter: return TextFormat.date(Date(timeIntervalSince1970: ms / 1000), granularity: .quarter)
            default: return Self.text(v)
            }
        }
        if case .number(let n) = v {
            if let f = c.format.flatMap({ NumberFormat(d3: $0) }) { return f.fitted(to: [n]).format(n) }
            // An order field's whole numbers are steps or years: as Vega-Lite writes them, "1956", not "1,956".
            if c.channel == "order", n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) }
            var f = NumberFormat.automatic(for: [n])
            f.trim = true
            return f.format(n)
        }
        return Self.text(v)
    }

    /// The finest calendar unit the dates use.
    static func granularity(_ values: [XValue]) -> TimeGranularity {
        var g = TimeGranularity.year
        var count = 0
        for case .date(let d) in values {
            count += 1
            let s = d.timeIntervalSince1970
            let days = (s / 86_400).rounded(.down)
            let sod = s - days * 86_400
            if sod.truncatingRemainder(dividingBy: 60) != 0 { return .second }
            if sod.truncatingRemainder(dividingBy: 3600) != 0 { g = min(g, .minute) }
            else if sod != 0 { g = min(g, .hour) }
            let (_, m, day) = UTCCalendar.civil(fromDays: Int(days))
            if day != 1 { g = min(g, .day) } else if m != 1 { g = min(g, .month) }
        }
        return count == 1 && g == .year ? .day : g
    }

    func ordered(_ series: [Series], keys: [String]) -> [Series] {
        guard !spec.seriesOrder.isEmpty else { return series }
        var rest = Array(zip(keys, series))
        var out: [Series] = []
        for wanted in spec.seriesOrder {
            if let k = rest.firstIndex(where: { $0.0 == wanted || $0.1.name == wanted }) {
                out.append(rest.remove(at: k).1)
            }
        }
        return out + rest.map(\.1)
    }
}

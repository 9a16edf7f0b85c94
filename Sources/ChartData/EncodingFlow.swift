import Foundation
import VegaLite

/// Encoding-level data flow, as Vega-Lite compiles it: `timeUnit` and `bin` on a channel add a
/// derived field, `aggregate` groups by every other data-carrying field, and Vega's numeric rules
/// (validity, `+v` coercion, quantiles with linear interpolation) apply.
enum EncodingFlow {
    // MARK: timeUnit

    /// Adds the floored field `\(unit)_\(field)` and returns its name.
    static func timeUnit(_ frame: inout DataFrame, field: String, unit: TimeUnitSpec) -> String {
        let name = "\(unit.name)_\(field)"
        let values = frame.column(field)!.map { v -> DataValue in
            guard case .date(let ms) = SpecData.toDate(v), ms.isFinite else { return .null }
            return .date(unit.floor(ms))
        }
        frame.setColumn(name, values)
        return name
    }

    // MARK: bin

    struct Bins: Equatable { var start: Double; var stop: Double; var step: Double }

    /// Vega's bin parameters for values spanning `extent` (vega-statistics `bin`).
    static func bins(_ b: ChartSpec.BinSetting, extent: (Double, Double), defaultMaxbins: Double) -> Bins {
        let maxb = b.maxbins ?? defaultMaxbins
        let base = b.base, logb = log(base)
        var lo = b.extent?[0] ?? extent.0, hi = b.extent?[1] ?? extent.1
        let span = (hi - lo) != 0 ? hi - lo : abs(lo) != 0 ? abs(lo) : 1
        var step: Double
        if let s = b.step {
            step = s
        } else if let steps = b.steps, !steps.isEmpty {
            let v = span / maxb
            var i = 0
            while i < steps.count && steps[i] < v { i += 1 }
            step = steps[max(0, i - 1)]
        } else {
            let level = ceil(log(maxb) / logb)
            let minstep = b.minstep ?? 0
            step = max(minstep, pow(base, (log(span) / logb).rounded(.toNearestOrAwayFromZero) - level))
            while ceil(span / step) > maxb { step *= base }
            for d in b.divide {
                let v = step / d
                if v >= minstep && span / v <= maxb { step = v }
            }
        }
        let v = log(step)
        let precision = v >= 0 ? 0 : Int(-v / logb) + 1
        let eps = pow(base, Double(-precision - 1))
        if b.nice {
            let f = (lo / step + eps).rounded(.down) * step
            lo = lo < f ? f - step : f
            hi = (hi / step).rounded(.up) * step
        }
        var out = Bins(start: lo, stop: hi == lo ? lo + step : hi, step: step)
        if let anchor = b.anchor {
            let a = anchor - (out.start + out.step * ((anchor - out.start) / out.step).rounded(.down))
            out.start += a
            out.stop += a
        }
        return out
    }

    /// Adds `bin_\(field)` and `bin_\(field)_end`; returns their names and the bins used.
    static func bin(_ frame: inout DataFrame, field: String, setting: ChartSpec.BinSetting, maxbins: Double) -> (start: String, end: String, bins: Bins)? {
        let column = frame.column(field)!
        var lo = Double.infinity, hi = -Double.infinity
        for v in column { if let n = v.validNumber, n.isFinite { lo = min(lo, n); hi = max(hi, n) } }
        let name = "bin_maxbins_\(Int(setting.maxbins ?? maxbins))_\(field)"
        guard lo <= hi else {
            frame.setColumn(name, column.map { _ in .null })
            frame.setColumn(name + "_end", column.map { _ in .null })
            return (name, name + "_end", Bins(start: 0, stop: 1, step: 1))
        }
        let b = bins(setting, extent: (lo, hi), defaultMaxbins: maxbins)
        var starts: [DataValue] = [], ends: [DataValue] = []
        starts.reserveCapacity(column.count)
        ends.reserveCapacity(column.count)
        for v in column {
            guard var n = v.validNumber else { starts.append(.null); ends.append(.null); continue }
            if n < b.start || n > b.stop { starts.append(.null); ends.append(.null); continue }  // outside a given extent
            n = max(b.start, min(n, b.stop - b.step))
            let s = b.start + b.step * (1e-14 + (n - b.start) / b.step).rounded(.down)
            starts.append(.number(s))
            ends.append(.number(s + b.step))
        }
        frame.setColumn(name, starts)
        frame.setColumn(name + "_end", ends)
        return (name, name + "_end", b)
    }

    // MARK: aggregate

    struct Measure { var op: String; var field: String?; var argument: String?; var output: String }

    /// Vega's aggregate: one row per distinct combination of `groupby` values, in order of first
    /// appearance, with one output column per measure.
    static func aggregate(_ frame: DataFrame, groupby: [String], measures: [Measure]) -> DataFrame {
        var groupOf: [[DataValue]: Int] = [:]
        var firstRows: [Int] = []
        var members: [[Int]] = []
        let keyColumns = groupby.map { frame.column($0) ?? [DataValue](repeating: .null, count: frame.rowCount) }
        for row in 0..<frame.rowCount {
            let key = keyColumns.map { $0[row] }
            if let g = groupOf[key] {
                members[g].append(row)
            } else {
                groupOf[key] = firstRows.count
                firstRows.append(row)
                members.append([row])
            }
        }
        var fields = groupby
        var columns = keyColumns.map { col in firstRows.map { col[$0] } }
        for m in measures {
            let column = m.field.flatMap { frame.column($0) }
            let argColumn = m.argument.flatMap { frame.column($0) }
            fields.append(m.output)
            columns.append(members.map { rows in measure(m.op, rows: rows, column: column, argument: argColumn) })
        }
        return DataFrame(fields: fields, columns: columns)
    }

    static func measure(_ op: String, rows: [Int], column: [DataValue]?, argument: [DataValue]?) -> DataValue {
        if op == "count" { return .number(Double(rows.count)) }
        guard let column else { return .null }
        if op == "argmin" || op == "argmax", let argument {
            var best: Int?
            for r in rows {
                guard let v = argument[r].validNumber else { continue }
                if let b = best, let bv = argument[b].validNumber, op == "argmin" ? !(v < bv) : !(v > bv) { continue }
                best = r
            }
            return best.map { column[$0] } ?? .null
        }
        if op == "missing" { return .number(Double(rows.filter { !column[$0].isValid }.count)) }
        if op == "distinct" { return .number(Double(Set(rows.map { column[$0] }).count)) }
        let values = rows.compactMap { r -> Double? in column[r].isValid ? column[r].number : nil }
        let n = Double(values.count)
        switch op {
        case "valid": return .number(n)
        case "sum": return .number(values.reduce(0, +))
        case "product": return .number(values.reduce(1, *))
        case "mean": return values.isEmpty ? .null : .number(values.reduce(0, +) / n)
        case "min": return values.min().map { .number($0) } ?? .null
        case "max": return values.max().map { .number($0) } ?? .null
        case "median": return quantile(values, 0.5)
        case "q1": return quantile(values, 0.25)
        case "q3": return quantile(values, 0.75)
        case "variance", "stdev", "variancep", "stdevp", "stderr":
            guard values.count > (op.hasSuffix("p") ? 0 : 1) else { return .null }
            let mean = values.reduce(0, +) / n
            let ss = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            let variance = ss / (op.hasSuffix("p") ? n : n - 1)
            switch op {
            case "variance", "variancep": return .number(variance)
            case "stderr": return .number(sqrt(variance / n))
            default: return .number(sqrt(variance))
            }
        default: return .null
        }
    }

    /// d3's quantile: linear interpolation between the closest ranks.
    static func quantile(_ values: [Double], _ p: Double) -> DataValue {
        guard !values.isEmpty else { return .null }
        let sorted = values.sorted()
        let i = Double(sorted.count - 1) * p
        let lo = Int(i.rounded(.down))
        let hi = min(lo + 1, sorted.count - 1)
        return .number(sorted[lo] + (sorted[hi] - sorted[lo]) * (i - Double(lo)))
    }

    // MARK: stack

    /// Vega's stack: within each group (rows with equal `groupby` values), in `order`, segments
    /// start where the previous one ended; `zero` stacks positives up and negatives down apart,
    /// `normalize` gives shares of the group's sum of magnitudes, `center` centres each stack on the
    /// middle of the tallest. Returns per row (start, end, the group's sum of values).
    static func stack(_ values: [Double?], groups: [Int], order: [Int], offset: StackOffset) -> [(start: Double, end: Double, total: Double)?] {
        var out = [(start: Double, end: Double, total: Double)?](repeating: nil, count: values.count)
        var byGroup: [Int: [Int]] = [:]
        for r in order where values[r] != nil { byGroup[groups[r], default: []].append(r) }
        var maxSum = 0.0
        var sums: [Int: Double] = [:]
        for (g, rows) in byGroup {
            let s = rows.reduce(0) { $0 + abs(values[$1]!) }
            sums[g] = s
            maxSum = max(maxSum, s)
        }
        for (g, rows) in byGroup {
            let total = rows.reduce(0) { $0 + values[$1]! }
            let sum = sums[g]!
            switch offset {
            case .zero:
                var pos = 0.0, neg = 0.0
                for r in rows {
                    let v = values[r]!
                    if v < 0 { out[r] = (neg, neg + v, total); neg += v } else { out[r] = (pos, pos + v, total); pos += v }
                }
            case .normalize:
                let scale = sum == 0 ? 0 : 1 / sum
                var acc = 0.0, last = 0.0
                for r in rows {
                    acc += abs(values[r]!)
                    let end = scale * acc
                    out[r] = (last, end, total)
                    last = end
                }
            case .center:
                var last = (maxSum - sum) / 2
                for r in rows {
                    let end = last + abs(values[r]!)
                    out[r] = (last, end, total)
                    last = end
                }
            }
        }
        return out
    }
}

import Foundation

/// Vega-Lite bin parameters (`"bin": true` or `{"maxbins": 20, "extent": [0, 100], …}`) and
/// Vega's binning rule (vega-statistics `bin` and the `bin` transform).
public struct BinParams: Sendable, Hashable {
    public var anchor: Double?
    public var base: Double = 10
    public var divide: [Double] = [5, 2]
    public var extent: (Double, Double)?
    public var maxbins: Double?
    public var minstep: Double = 0
    public var nice: Bool = true
    public var step: Double?
    public var steps: [Double]?
    /// `binned: true`: the data is already binned (no transform runs).
    public var binned = false
    /// The keys as written, for Vega-Lite's field name (`bin_maxbins_10_x`).
    var written: [String: DataValue] = [:]

    public static func == (a: BinParams, b: BinParams) -> Bool { a.written == b.written }
    public func hash(into h: inout Hasher) { h.combine(written) }

    /// `bin: true` (maxbins 10, Vega-Lite's default for a position channel).
    public init(maxbins: Double? = nil) {
        self.maxbins = maxbins ?? 10
        written = ["maxbins": .number(self.maxbins!)]
    }

    static let keys = ["anchor", "base", "binned", "divide", "extent", "maxbins", "minstep", "nice", "step", "steps"]

    /// Reads `true` or a params object; `defaultMaxbins` is what Vega-Lite adds when neither
    /// maxbins nor step is given (10 for x/y and transforms, 6 for other channels).
    public static func parse(_ value: DataValue, path: String, defaultMaxbins: Double = 10) throws(TransformError) -> BinParams {
        switch value {
        case .bool(true): return BinParams(maxbins: defaultMaxbins)
        case .string("binned"):
            var p = BinParams(); p.binned = true; p.written = ["binned": .bool(true)]; return p
        case .object(let dict):
            let o = try SpecObject(value, path: path)
            try o.allowOnly(Set(keys), in: "bin parameters")
            var p = BinParams()
            p.written = dict
            p.anchor = try o.number("anchor")
            p.base = try o.number("base") ?? 10
            p.divide = try o.numbers("divide") ?? [5, 2]
            if case .object(let ext)? = dict["extent"] {
                // `{"param": "brush"}`: the selection's extent, Vega's `span`; an empty selection
                // (every selection in Pitchline) leaves it unset, so the bins follow the data.
                guard case .string? = ext["param"] else {
                    throw TransformError("expected [min, max] or {\"param\": name}", path: o.at("extent"))
                }
            } else if let e = try o.numbers("extent") {
                guard e.count == 2 else { throw TransformError("expected [min, max]", path: o.at("extent")) }
                p.extent = (e[0], e[1])
            }
            p.maxbins = try o.number("maxbins")
            p.minstep = try o.number("minstep") ?? 0
            p.nice = try o.bool("nice") ?? true
            p.step = try o.number("step")
            p.steps = try o.numbers("steps")
            p.binned = try o.bool("binned") ?? false
            if p.maxbins == nil && p.step == nil {
                p.maxbins = defaultMaxbins
                p.written["maxbins"] = .number(defaultMaxbins)
            }
            return p
        default:
            throw TransformError("expected true or bin parameters, found \(describe(value))", path: path)
        }
    }

    /// Vega-Lite's `binToString(bin) + "_" + field` (`bin_maxbins_10_IMDB Rating`). Keys appear in
    /// the order written in the spec in Vega-Lite; a parsed object does not keep that order, so
    /// Pitchline uses alphabetical order with `maxbins` last when Vega-Lite added it.
    public func fieldName(_ field: String) -> String {
        var parts = ""
        var names = written.keys.sorted()
        if written["maxbins"] != nil, names.count > 1 { names.removeAll { $0 == "maxbins" }; names.append("maxbins") }
        for k in names {
            let v = written[k]!
            let text: String
            switch v {
            case .array(let a): text = a.map(\.text).joined(separator: ",")
            default: text = v.text
            }
            parts += BinParams.varName("_\(k)_\(text)")
        }
        return "bin\(parts)_\(field)"
    }

    /// vega-lite `varName`: non-word characters become "_".
    static func varName(_ s: String) -> String {
        String(s.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
    }

    /// The bins for data spanning `extent`: start, stop and step as Vega's bin transform uses them.
    public func bins(extent dataExtent: (Double, Double)) -> (start: Double, stop: Double, step: Double) {
        let maxb = maxbins ?? 20
        let logb = log(base)
        var (minV, maxV) = extent ?? dataExtent
        let span0 = maxV - minV
        let span = span0 != 0 && !span0.isNaN ? span0 : (abs(minV) != 0 && !minV.isNaN ? abs(minV) : 1)
        var step: Double
        if let s = self.step, s != 0 {
            step = s
        } else if let steps, !steps.isEmpty {
            let v = span / maxb
            var i = 0
            while i < steps.count && steps[i] < v { i += 1 }
            step = steps[Swift.max(0, i - 1)]
        } else {
            let level = (log(maxb) / logb).rounded(.up)
            step = Swift.max(minstep, pow(base, (log(span) / logb + 0.5).rounded(.down) - level))
            while (span / step).rounded(.up) > maxb { step *= base }
            for d in divide {
                let v = step / d
                if v >= minstep && span / v <= maxb { step = v }
            }
        }
        let v = log(step)
        let precision = v >= 0 ? 0 : Double(Int(-v / logb)) + 1
        let eps = pow(base, -precision - 1)
        if nice {
            let f = ((minV / step + eps).rounded(.down)) * step
            minV = minV < f ? f - step : f
            maxV = (maxV / step).rounded(.up) * step
        }
        var start = minV
        let stop0 = maxV == minV ? minV + step : maxV
        var stop = start + ((stop0 - start) / step).rounded(.up) * step
        if let a = anchor {
            let d = a - (start + step * ((a - start) / step).rounded(.down))
            start += d
            stop += d
        }
        return (start, stop, step)
    }
}

/// `{"bin": …, "field": "x", "as": "b"}` → `b` (bin start; −∞/+∞ outside an explicit extent)
/// and `b_end`; null where the value is null or "".
public struct BinTransform: Sendable {
    public var params: BinParams
    public var field: FieldRef
    public var `as`: [String]

    public init(params: BinParams, field: String, as names: [String]) {
        self.params = params
        self.field = FieldRef(field)
        self.as = names
    }

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["bin", "field", "as"], in: "a bin transform")
        params = try BinParams.parse(o.values["bin"]!, path: o.at("bin"))
        field = try o.field("field")
        self.as = try o.startEndNames()
    }

    func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkField(field, in: frame, path: "field")
        let values = field.values(in: frame)
        var out = frame
        if params.binned { return out }
        var start = [DataValue](repeating: .null, count: values.count)
        var end = start
        // Vega's extent transform: finite numbers only; an infinite or empty extent bins nothing.
        var lo = Double.infinity, hi = -Double.infinity
        for v in values { if let x = v.toNumber, !x.isNaN { lo = Swift.min(lo, x); hi = Swift.max(hi, x) } }
        if params.extent != nil || (lo.isFinite && hi.isFinite) {
            let b = params.bins(extent: (lo, hi))
            for (i, v) in values.enumerated() {
                guard let x0 = v.toNumber else { continue }
                let s: Double
                if x0 < b.start { s = -.infinity } else if x0 > b.stop { s = .infinity } else if x0.isNaN { s = .nan } else {
                    let x = Swift.max(b.start, Swift.min(x0, b.stop - b.step))
                    s = b.start + b.step * (1e-14 + (x - b.start) / b.step).rounded(.down)
                }
                start[i] = .number(s)
                end[i] = .number(b.start + b.step * (1 + (s - b.start) / b.step))
            }
        }
        out.setColumn(self.as[0], start)
        out.setColumn(self.as[1], end)
        return out
    }
}

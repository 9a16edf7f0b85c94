import Foundation

/// `{"density": "x", "groupby": [...], "cumulative", "counts", "bandwidth", "extent",
/// "minsteps", "maxsteps", "steps", "resolve", "as": ["value", "density"]}`: a Gaussian kernel
/// density estimate per group, sampled as Vega samples it. Bandwidth 0 (the default) means
/// Scott's normal-reference rule as vega-statistics estimates it; `resolve` defaults to
/// "shared" in Vega-Lite (one extent and step count for all groups).
public struct DensityTransform: Sendable {
    public var density: FieldRef
    public var groupby: [FieldRef]
    public var cumulative: Bool
    public var counts: Bool
    public var bandwidth: Double
    public var extent: (Double, Double)?
    public var minsteps: Int
    public var maxsteps: Int
    public var steps: Int?
    public var shared: Bool
    public var `as`: [String]

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["density", "groupby", "cumulative", "counts", "bandwidth", "extent", "minsteps",
                         "maxsteps", "steps", "resolve", "as"], in: "a density transform")
        density = try o.field("density")
        groupby = try o.fields("groupby")
        cumulative = try o.bool("cumulative") ?? false
        counts = try o.bool("counts") ?? false
        bandwidth = try o.number("bandwidth") ?? 0
        if let e = try o.numbers("extent") {
            guard e.count == 2 else { throw TransformError("expected [min, max]", path: o.at("extent")) }
            extent = (e[0], e[1])
        }
        minsteps = try o.int("minsteps", 1...100_000) ?? 25
        maxsteps = try o.int("maxsteps", 1...100_000) ?? 200
        steps = try o.int("steps", 2...100_000)
        shared = (try o.oneOf("resolve", ["shared", "independent"]) ?? "shared") == "shared"
        self.as = try o.asPair(defaults: ("value", "density"))
    }

    func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkFieldsAndGroupby(["density": density], groupby: groupby, in: frame)
        let raw = density.values(in: frame)
        var domain = extent
        var minS = steps ?? minsteps, maxS = steps ?? maxsteps
        if shared {
            if domain == nil { domain = Statistics.extent(raw) }
            minS = steps ?? maxS
            maxS = minS
        }
        return pairsPerGroup(frame, groupby: groupby, as: self.as) { rows in
            // Vega's support is every value with `+v` (null counts as 0).
            let support = rows.map { raw[$0].number }
            // The estimated bandwidth's deviation and quartiles skip null (d3.deviation,
            // vega-statistics quartiles), while n counts every row.
            let bw = bandwidth != 0 ? bandwidth : Statistics.bandwidth(rows.map { raw[$0] == .null ? .nan : raw[$0].number })
            let n = Double(support.count)
            let f: (Double) -> Double = cumulative
                ? { x in support.reduce(0) { $0 + Statistics.normalCDF((x - $1) / bw) } / n }
                : { x in support.reduce(0) { $0 + Statistics.normalPDF((x - $1) / bw) } / bw / n }
            guard let local = domain ?? Statistics.extent(rows.map { raw[$0] }) else { return [] }
            let scale = counts ? n : 1
            return Statistics.sampleCurve(f, extent: local, minSteps: minS, maxSteps: maxS).map { (.number($0.0), .number($0.1 * scale)) }
        }
    }
}

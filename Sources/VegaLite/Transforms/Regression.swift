import Foundation

/// `{"regression": "y", "on": "x", "groupby": [...], "method": "linear" | "log" | "exp" |
/// "pow" | "quad" | "poly", "order": 3, "extent": [a, b], "params": false, "as": [x, y]}`: the
/// fitted curve per group, as its own rows. Linear fits give the two ends of the extent; the
/// others are sampled adaptively as Vega samples them. With `params: true`, one row per group
/// with `keys`, `coef` and `rSquared`.
public struct RegressionTransform: Sendable {
    public var regression: FieldRef
    public var on: FieldRef
    public var groupby: [FieldRef]
    public var method: String
    public var order: Int
    public var extent: (Double, Double)?
    public var params: Bool
    public var `as`: [String]

    static let methods = ["linear", "log", "exp", "pow", "quad", "poly"]

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["regression", "on", "groupby", "method", "order", "extent", "params", "as"], in: "a regression transform")
        regression = try o.field("regression")
        on = try o.field("on")
        groupby = try o.fields("groupby")
        method = try o.oneOf("method", RegressionTransform.methods) ?? "linear"
        order = try o.int("order", 0...50) ?? 3
        if let e = try o.numbers("extent") {
            guard e.count == 2 else { throw TransformError("expected [min, max]", path: o.at("extent")) }
            extent = (e[0], e[1])
        }
        params = try o.bool("params") ?? false
        self.as = try o.asPair(defaults: (on.name, regression.name))
    }

    func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkFieldsAndGroupby(["regression": regression, "on": on], groupby: groupby, in: frame)
        let xCol = on.values(in: frame), yCol = regression.values(in: frame)
        let dof = method == "poly" ? order : method == "quad" ? 2 : 1
        var domain = extent
        if let d = domain, method == "log", d.0 <= 0 { domain = nil }
        /// A group's fit; nil when it has too few rows for the method's degrees of freedom.
        func model(_ rows: [Int]) -> Fit.Model? {
            guard rows.count > dof else { return nil }
            return Fit.fit(method, Fit.points(rows.map { xCol[$0] }, rows.map { yCol[$0] }), order: order)
        }
        if params {
            let groups = frame.rowCount == 0 ? [] : Grouping(frame, by: groupby).groups
            let groupCols = groupby.map { $0.values(in: frame) }
            let paramRows = groups.compactMap { rows in
                model(rows).map { m in (DataValue.array(groupCols.map { $0[rows[0]] }), DataValue.array(m.coef.map(DataValue.number)), DataValue.number(m.rSquared)) }
            }
            var out = DataFrame(rowCount: paramRows.count)
            out.setColumn("keys", paramRows.map(\.0))
            out.setColumn("coef", paramRows.map(\.1))
            out.setColumn("rSquared", paramRows.map(\.2))
            return out
        }
        return pairsPerGroup(frame, groupby: groupby, as: self.as) { rows in
            guard let model = model(rows), let dom = domain ?? Statistics.extent(rows.map { xCol[$0] }) else { return [] }
            let curve = method == "linear" ? [(dom.0, model.predict(dom.0)), (dom.1, model.predict(dom.1))]
                : Statistics.sampleCurve(model.predict, extent: dom, minSteps: 25, maxSteps: 200)
            return curve.map { (.number($0.0), .number($0.1)) }
        }
    }
}

/// `{"loess": "y", "on": "x", "groupby": [...], "bandwidth": 0.3, "as": [x, y]}`: locally
/// weighted regression (vega-statistics `loess`, two robustness iterations), one row per
/// distinct x.
public struct LoessTransform: Sendable {
    public var loess: FieldRef
    public var on: FieldRef
    public var groupby: [FieldRef]
    public var bandwidth: Double
    public var `as`: [String]

    init(_ o: SpecObject) throws(TransformError) {
        try o.allowOnly(["loess", "on", "groupby", "bandwidth", "as"], in: "a loess transform")
        loess = try o.field("loess")
        on = try o.field("on")
        groupby = try o.fields("groupby")
        bandwidth = try o.number("bandwidth") ?? 0.3
        self.as = try o.asPair(defaults: (on.name, loess.name))
    }

    func apply(_ frame: DataFrame) throws(TransformError) -> DataFrame {
        try checkFieldsAndGroupby(["loess": loess, "on": on], groupby: groupby, in: frame)
        let xCol = on.values(in: frame), yCol = loess.values(in: frame)
        return pairsPerGroup(frame, groupby: groupby, as: self.as) { rows in
            Fit.loess(Fit.points(rows.map { xCol[$0] }, rows.map { yCol[$0] }, sorted: true), bandwidth: bandwidth == 0 ? 0.3 : bandwidth)
                .map { (.number($0.0), .number($0.1)) }
        }
    }
}

/// The fits of vega-statistics' regression module, formula for formula.
enum Fit {
    struct Model {
        var coef: [Double]
        var predict: (Double) -> Double
        var rSquared: Double
    }

    /// Valid (x, y) pairs (both not null and not NaN after `+`), optionally sorted by x (stable).
    static func points(_ x: [DataValue], _ y: [DataValue], sorted: Bool = false) -> [(Double, Double)] {
        var p: [(Double, Double)] = []
        for i in x.indices {
            guard x[i] != .null, y[i] != .null else { continue }
            let u = x[i].number, v = y[i].number
            if !u.isNaN && !v.isNaN { p.append((u, v)) }
        }
        if sorted {
            p = p.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        }
        return p
    }

    /// Centred copies and means (vega-statistics `points`).
    static func centred(_ p: [(Double, Double)]) -> ([Double], [Double], Double, Double) {
        var ux = 0.0, uy = 0.0
        for (i, (x, y)) in p.enumerated() {
            ux += (x - ux) / Double(i + 1)
            uy += (y - uy) / Double(i + 1)
        }
        return (p.map { $0.0 - ux }, p.map { $0.1 - uy }, ux, uy)
    }

    static func ols(_ uX: Double, _ uY: Double, _ uXY: Double, _ uX2: Double) -> (Double, Double) {
        let delta = uX2 - uX * uX
        let slope = abs(delta) < 1e-24 ? 0 : (uXY - uX * uY) / delta
        return (uY - slope * uX, slope)
    }

    static func rSquared(_ p: [(Double, Double)], _ uY: Double, _ predict: (Double) -> Double) -> Double {
        var sse = 0.0, sst = 0.0
        for (x, y) in p {
            let e = y - predict(x), t = y - uY
            sse += e * e
            sst += t * t
        }
        return 1 - sse / sst
    }

    static func fit(_ method: String, _ p: [(Double, Double)], order: Int) -> Model {
        switch method {
        case "log": return logFit(p)
        case "exp": return expFit(p)
        case "pow": return powFit(p)
        case "quad": return quad(p)
        case "poly": return poly(p, order: order)
        default: return linear(p)
        }
    }

    static func means(_ p: [(Double, Double)], _ tx: (Double) -> Double, _ ty: (Double) -> Double) -> (Double, Double, Double, Double) {
        var X = 0.0, Y = 0.0, XY = 0.0, X2 = 0.0, n = 0.0
        for (x0, y0) in p {
            let x = tx(x0), y = ty(y0)
            n += 1
            X += (x - X) / n
            Y += (y - Y) / n
            XY += (x * y - XY) / n
            X2 += (x * x - X2) / n
        }
        return (X, Y, XY, X2)
    }

    static func linear(_ p: [(Double, Double)]) -> Model {
        let (X, Y, XY, X2) = means(p, { $0 }, { $0 })
        let (a, b) = ols(X, Y, XY, X2)
        let predict = { (x: Double) in a + b * x }
        return Model(coef: [a, b], predict: predict, rSquared: rSquared(p, Y, predict))
    }

    static func logFit(_ p: [(Double, Double)]) -> Model {
        let (X, Y, XY, X2) = means(p, { log($0) }, { $0 })
        let (a, b) = ols(X, Y, XY, X2)
        let predict = { (x: Double) in a + b * log(x) }
        return Model(coef: [a, b], predict: predict, rSquared: rSquared(p, Y, predict))
    }

    static func powFit(_ p: [(Double, Double)]) -> Model {
        let (X, Y, XY, X2) = means(p, { log($0) }, { log($0) })
        var YS = 0.0, n = 0.0
        for (_, y) in p { n += 1; YS += (y - YS) / n }
        let (a0, b) = ols(X, Y, XY, X2)
        let a = exp(a0)
        let predict = { (x: Double) in a * pow(x, b) }
        return Model(coef: [a, b], predict: predict, rSquared: rSquared(p, YS, predict))
    }

    static func expFit(_ p: [(Double, Double)]) -> Model {
        let (xv, _, ux, uy) = centred(p)
        var YL = 0.0, XY = 0.0, XYL = 0.0, X2Y = 0.0, n = 0.0
        for (i, (_, dy)) in p.enumerated() {
            let dx = xv[i]
            n += 1
            let ly = log(dy), xy = dx * dy
            YL += (dy * ly - YL) / n
            XY += (xy - XY) / n
            XYL += (xy * ly - XYL) / n
            X2Y += (dx * xy - X2Y) / n
        }
        let (c0, c1) = ols(XY / uy, YL / uy, XYL / uy, X2Y / uy)
        let predict = { (x: Double) in exp(c0 + c1 * (x - ux)) }
        return Model(coef: [exp(c0 - c1 * ux), c1], predict: predict, rSquared: rSquared(p, uy, predict))
    }

    static func quad(_ p: [(Double, Double)]) -> Model {
        let (xv, yv, ux, uy) = centred(p)
        var X2 = 0.0, X3 = 0.0, X4 = 0.0, XY = 0.0, X2Y = 0.0
        for i in xv.indices {
            let dx = xv[i], dy = yv[i], n = Double(i + 1), x2 = dx * dx
            X2 += (x2 - X2) / n
            X3 += (x2 * dx - X3) / n
            X4 += (x2 * x2 - X4) / n
            XY += (dx * dy - XY) / n
            X2Y += (x2 * dy - X2Y) / n
        }
        let X2X2 = X4 - X2 * X2
        let d = X2 * X2X2 - X3 * X3
        let a = (X2Y * X2 - XY * X3) / d
        let b = (XY * X2X2 - X2Y * X3) / d
        let c = -a * X2
        let predict = { (x0: Double) -> Double in let x = x0 - ux; return a * x * x + b * x + c + uy }
        return Model(coef: [c - b * ux + a * ux * ux + uy, b - 2 * a * ux, a], predict: predict, rSquared: rSquared(p, uy, predict))
    }

    static func poly(_ p: [(Double, Double)], order: Int) -> Model {
        if order == 0 {
            var uy = 0.0
            for (i, (_, y)) in p.enumerated() { uy += (y - uy) / Double(i + 1) }
            return Model(coef: [uy], predict: { _ in uy }, rSquared: 0)
        }
        if order == 1 { return linear(p) }
        if order == 2 { return quad(p) }
        let (xv, yv, ux, uy) = centred(p)
        let k = order + 1
        var lhs: [Double] = [], rhs: [[Double]] = []
        for i in 0..<k {
            var v = 0.0
            for l in xv.indices { v += pow(xv[l], Double(i)) * yv[l] }
            lhs.append(v)
            var c = [Double](repeating: 0, count: k)
            for j in 0..<k {
                var s = 0.0
                for l in xv.indices { s += pow(xv[l], Double(i + j)) }
                c[j] = s
            }
            rhs.append(c)
        }
        rhs.append(lhs)
        let coef = gaussianElimination(&rhs)
        let predict = { (x0: Double) -> Double in
            let x = x0 - ux
            var y = uy + coef[0] + coef[1] * x + coef[2] * x * x
            for i in 3..<k { y += coef[i] * pow(x, Double(i)) }
            return y
        }
        return Model(coef: uncenter(k, coef, -ux, uy), predict: predict, rSquared: rSquared(p, uy, predict))
    }

    static func uncenter(_ k: Int, _ a: [Double], _ x: Double, _ y: Double) -> [Double] {
        var z = [Double](repeating: 0, count: k)
        for i in stride(from: k - 1, through: 0, by: -1) {
            let v = a[i]
            var c = 1.0
            z[i] += v
            if i >= 1 {
                for j in 1...i {
                    c *= Double(i + 1 - j) / Double(j)
                    z[i - j] += v * pow(x, Double(j)) * c
                }
            }
        }
        z[0] += y
        return z
    }

    static func gaussianElimination(_ matrix: inout [[Double]]) -> [Double] {
        let n = matrix.count - 1
        var coef = [Double](repeating: 0, count: n)
        for i in 0..<n {
            var r = i
            for j in (i + 1)..<Swift.max(i + 1, n) where abs(matrix[i][j]) > abs(matrix[i][r]) { r = j }
            for k in i..<(n + 1) {
                let t = matrix[k][i]; matrix[k][i] = matrix[k][r]; matrix[k][r] = t
            }
            for j in (i + 1)..<Swift.max(i + 1, n) {
                for k in stride(from: n, through: i, by: -1) {
                    matrix[k][j] -= matrix[k][i] * matrix[i][j] / matrix[i][i]
                }
            }
        }
        for j in stride(from: n - 1, through: 0, by: -1) {
            var t = 0.0
            for k in (j + 1)..<Swift.max(j + 1, n) { t += matrix[k][j] * coef[k] }
            coef[j] = (matrix[n][j] - t) / matrix[j][j]
        }
        return coef
    }

    /// vega-statistics `loess` over points sorted by x.
    static func loess(_ p: [(Double, Double)], bandwidth: Double) -> [(Double, Double)] {
        let (xv, yv, ux, uy) = centred(p)
        let n = xv.count
        guard n > 0 else { return [] }
        let bw = Swift.max(2, Int(bandwidth * Double(n)))
        var yhat = [Double](repeating: 0, count: n)
        var residuals = [Double](repeating: 0, count: n)
        var robust = [Double](repeating: 1, count: n)
        let maxiters = 2, epsilon = 1e-12
        var iter = -1
        while true {
            iter += 1
            guard iter <= maxiters else { break }
            var interval = (0, bw - 1)
            for i in 0..<n {
                let dx = xv[i]
                let i0 = interval.0, i1 = Swift.min(interval.1, n - 1)
                let edge = (dx - xv[i0]) > (xv[i1] - dx) ? i0 : i1
                var W = 0.0, X = 0.0, Y = 0.0, XY = 0.0, X2 = 0.0
                let span = abs(xv[edge] - dx)
                let denom = 1 / (span == 0 || span.isNaN ? 1 : span)
                for k in i0...i1 {
                    let xk = xv[k], yk = yv[k]
                    var t = abs(dx - xk) * denom
                    t = 1 - t * t * t
                    let w = t * t * t * robust[k]
                    let xkw = xk * w
                    W += w; X += xkw; Y += yk * w; XY += yk * xkw; X2 += xk * xkw
                }
                let (a, b) = ols(X / W, Y / W, XY / W, X2 / W)
                yhat[i] = a + b * dx
                residuals[i] = abs(yv[i] - yhat[i])
                // updateInterval
                if i + 1 < n {
                    let val = xv[i + 1]
                    var left = interval.0, right = interval.1 + 1
                    if right < n {
                        while i + 1 > left && right < n && (xv[right] - val) <= (val - xv[left]) {
                            left += 1
                            interval = (left, right)
                            right += 1
                        }
                    }
                }
            }
            if iter == maxiters { break }
            let med = Statistics.quantileSorted(residuals.sorted(), 0.5) ?? 0
            if abs(med) < epsilon { break }
            for i in 0..<n {
                let arg = residuals[i] / (6 * med)
                let w = 1 - arg * arg
                robust[i] = arg >= 1 ? epsilon : w * w
            }
        }
        var out: [(Double, Double)] = []
        var cnt = 0.0
        for i in 0..<n {
            let v = xv[i] + ux
            if let last = out.last, last.0 == v {
                cnt += 1
                out[out.count - 1].1 += (yhat[i] - last.1) / cnt
            } else {
                cnt = 0
                if !out.isEmpty { out[out.count - 1].1 += uy }
                out.append((v, yhat[i]))
            }
        }
        if !out.isEmpty { out[out.count - 1].1 += uy }
        return out
    }
}

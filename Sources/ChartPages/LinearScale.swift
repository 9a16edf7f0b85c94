import Foundation

/// A linear map from a data domain onto a drawing range (SVG user units), with "nice" ticks.
public struct LinearScale: Sendable, Equatable {
    public var domainMin: Double
    public var domainMax: Double
    /// Drawing position of `domainMin` and `domainMax`; may be reversed (y axes grow upwards).
    public var rangeStart: Double
    public var rangeEnd: Double

    public init(domain: (Double, Double), range: (Double, Double)) {
        var (lo, hi) = domain
        if !lo.isFinite || !hi.isFinite { (lo, hi) = (0, 1) }
        if lo > hi { swap(&lo, &hi) }
        if lo == hi {
            let pad = lo == 0 ? 1 : abs(lo) * 0.1
            (lo, hi) = (lo - pad, hi + pad)
        }
        domainMin = lo
        domainMax = hi
        rangeStart = range.0
        rangeEnd = range.1
    }

    /// The drawing position of a data value.
    public func callAsFunction(_ value: Double) -> Double {
        rangeStart + (value - domainMin) / (domainMax - domainMin) * (rangeEnd - rangeStart)
    }

    /// The 1-2-5 tick step for about `count` intervals over `span`.
    public static func niceStep(span: Double, count: Int) -> Double {
        let raw = span / Double(max(count, 1))
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, floor(log10(raw)))
        let normalized = raw / magnitude
        let factor: Double
        if normalized >= 7.0710678 { factor = 10 } else if normalized >= 3.1622777 { factor = 5 } else if normalized >= 1.4142136 { factor = 2 } else { factor = 1 }
        return factor * magnitude
    }

    /// The same scale with its domain widened outward to whole tick steps.
    public func niced(count: Int) -> LinearScale {
        var scale = self
        for _ in 0..<2 {  // a second pass settles steps that change after widening
            let step = Self.niceStep(span: scale.domainMax - scale.domainMin, count: count)
            // Binary noise does not widen the domain by a whole step (a normalized stack's top,
            // 1.0000000000000002, stays at 100 %).
            scale.domainMin = (scale.domainMin / step + 1e-9).rounded(.down) * step
            scale.domainMax = (scale.domainMax / step - 1e-9).rounded(.up) * step
        }
        return scale
    }

    /// Tick values at multiples of the nice step inside the domain, and that step.
    public func ticks(count: Int) -> (values: [Double], step: Double) {
        let step = Self.niceStep(span: domainMax - domainMin, count: count)
        let first = (domainMin / step).rounded(.up)
        let last = (domainMax / step).rounded(.down)
        guard last >= first, last - first < 1000 else { return ([], step) }
        var values: [Double] = []
        var i = first
        while i <= last {
            let v = i * step
            values.append(abs(v) < step * 1e-9 ? 0 : v)
            i += 1
        }
        return (values, step)
    }
}

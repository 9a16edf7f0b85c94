import Foundation

/// The shape of a continuous scale (Vega-Lite `scale.type`), as d3-scale maps values before its
/// linear interpolation: what makes a log axis log. Pitch follows it (`Chart.pitchCurve`), so
/// equal ratios on a log axis are equal pitch steps, as they are equal distances on the axis.
public enum ValueCurve: Sendable, Hashable {
    case linear
    /// `log` (any base: positions along the scale do not depend on it); values ≤ 0 have no place.
    case log
    /// `pow` with its exponent (`sqrt` is 0.5), sign kept as d3's `scalePow`.
    case power(Double)
    /// `symlog` with its constant: sign(v)·log(1 + |v|/c), as d3's `scaleSymlog`.
    case symlog(Double)

    /// The curve of a Vega-Lite scale; every other type (linear, time, utc, …) is linear.
    public init(_ scale: ScaleInfo) {
        switch scale.type {
        case .log: self = .log
        case .sqrt: self = .power(0.5)
        case .pow: self = scale.exponent.map { $0 == 1 ? .linear : .power($0) } ?? .linear
        case .symlog: self = .symlog(scale.constant ?? 1)
        case .linear, .time, .utc, .ordinal, .band, .point, .quantile, .quantize, .threshold, .binOrdinal, .identity, .sequential:
            self = .linear
        }
    }

    /// The value where the scale interpolates linearly; nil where the scale has no place for it.
    public func apply(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        switch self {
        case .linear: return value
        case .log: return value > 0 ? Foundation.log(value) : nil
        case .power(let e): return value < 0 ? -Foundation.pow(-value, e) : Foundation.pow(value, e)
        case .symlog(let c): return (value < 0 ? -1 : 1) * Foundation.log1p(abs(value) / c)
        }
    }

    /// The scale's name in message keys (`summary.pitchCurve.<key>`); nil for linear.
    public var key: String? {
        switch self {
        case .linear: nil
        case .log: "log"
        case .power(0.5): "sqrt"
        case .power: "pow"
        case .symlog: "symlog"
        }
    }
}

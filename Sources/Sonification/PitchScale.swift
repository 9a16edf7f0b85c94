import ChartModel
import Foundation

/// Value → pitch: a logarithmic (musical) scale from `minFrequency` (lowest value) to
/// `maxFrequency` (highest value), quantised into `steps` equal musical steps. Values pass through
/// the value axis' `curve` first (`Chart.pitchCurve`): on a log axis equal ratios are equal steps.
///
/// Steps are at most a quarter semitone wide and there are always more than 100 of them, so
/// two values 1 % of the value range apart always land on different steps, and a step's
/// pitch is within half a step (≤ 1/8 semitone, 0.73 %) of the exact mapped pitch.
public struct PitchScale: Sendable, Equatable, Hashable {
    public let minFrequency: Double
    public let maxFrequency: Double
    /// The value range that spans the pitch range (all series of a chart share it).
    public let lowValue: Double
    public let highValue: Double
    /// Number of steps between the lowest and highest pitch (levels are 0...steps).
    public let steps: Int
    /// The value axis' scale shape, applied to values before the musical mapping.
    public let curve: ValueCurve
    /// True when the axis runs downwards (`Chart.valueAxisDescends`, a bump chart's ranks): the
    /// lowest value plays the highest pitch, as it is drawn highest.
    public let descending: Bool

    public init(minFrequency: Double, maxFrequency: Double, lowValue: Double, highValue: Double, curve: ValueCurve = .linear, descending: Bool = false) {
        self.curve = curve
        self.descending = descending
        self.minFrequency = minFrequency
        self.maxFrequency = maxFrequency
        self.lowValue = lowValue
        self.highValue = highValue
        let semitones = 12 * log2(maxFrequency / minFrequency)
        steps = max(Int((semitones * 4).rounded(.up)), 101)
    }

    /// Where `value` sits in the value range, 0…1 (0.5 when all values are equal).
    public func position(of value: Double) -> Double {
        guard highValue > lowValue, let low = curve.apply(lowValue), let high = curve.apply(highValue), high > low else { return 0.5 }
        guard let v = curve.apply(value) else { return 0 }  // no place on the scale (log of 0): the lowest pitch
        let p = min(max((v - low) / (high - low), 0), 1)
        return descending ? 1 - p : p
    }

    /// The exact (unquantised) pitch for `value`.
    public func exactFrequency(for value: Double) -> Double {
        frequency(atPosition: position(of: value))
    }

    /// The quantised step for `value`, 0...steps.
    public func level(for value: Double) -> Int {
        Int((position(of: value) * Double(steps)).rounded())
    }

    /// The pitch of a step.
    public func frequency(forLevel level: Int) -> Double {
        frequency(atPosition: Double(level) / Double(steps))
    }

    func frequency(atPosition p: Double) -> Double {
        minFrequency * pow(maxFrequency / minFrequency, p)
    }
}

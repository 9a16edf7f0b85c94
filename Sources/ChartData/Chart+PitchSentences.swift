import ChartModel
import Foundation

/// What the description and help say about the pitch scales (`Chart+PitchScales.swift` in
/// ChartModel holds the rules).
extension Chart {
    /// The sentence the description and help give about it (`summary.pitchScales`).
    public func pitchScaleSentence(_ messages: Messages = .english) -> String? {
        pitchScalePerSeries ? messages[.summaryPitchScales] : nil
    }

    /// The sentence the description gives when pitch is not linear in the value; nil when it is.
    public func pitchCurveSentence(_ messages: Messages = .english) -> String? {
        guard let key = pitchCurve.key else { return nil }
        let outside = pitchCurve == .log && series.contains { $0.values.contains { v in v.map { $0 <= 0 } ?? false } }
        return messages[.family(.summaryPitchCurve, key)] + (outside ? " " + messages[.summaryPitchCurveOutside] : "")
    }
}

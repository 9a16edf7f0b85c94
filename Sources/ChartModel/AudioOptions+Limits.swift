/// The one table of audio settings an author may give in `usermeta.pitchline.audio`: each
/// setting's bounds, unit and default. `pitchline check` (the spec reader) and generation
/// (Sonification) both ask this table, so `check` refuses exactly what generation would refuse.
extension AudioOptions {
    public enum Setting: String, CaseIterable, Sendable {
        case minFrequency, maxFrequency, toneDuration, playbackDuration, smoothing

        /// Inclusive bounds. Pitches stay at or below 8,000 Hz because tones are encoded at
        /// 22,050 Hz (11,025 Hz is the highest representable frequency, and timbres add partials);
        /// a tone longer than 2 s makes the sound bank large and scrubbing sluggish.
        public var range: ClosedRange<Double> {
            switch self {
            case .minFrequency, .maxFrequency: 20...8_000
            case .toneDuration: 0.02...2
            case .playbackDuration: 1...600
            case .smoothing: 0...1
            }
        }

        /// " Hz", " s" or "" (smoothing is a factor).
        public var unit: String {
            switch self {
            case .minFrequency, .maxFrequency: " Hz"
            case .toneDuration, .playbackDuration: " s"
            case .smoothing: ""
            }
        }

        public var defaultValue: Double {
            switch self {
            case .minFrequency: 200
            case .maxFrequency: 1000
            case .toneDuration: 0.15
            case .playbackDuration: 10
            case .smoothing: 0
            }
        }

        /// Why `value` is refused for this setting, or nil when it is accepted.
        public func problem(with value: Double) -> String? {
            guard value.isFinite, range.contains(value) else {
                return "\(Self.text(value)) is out of range; use \(Self.text(range.lowerBound))–\(Self.text(range.upperBound))\(unit)"
            }
            return nil
        }

        /// `20`, `0.15`, `8000` (no grouping, no trailing zeros), as an author wrote it.
        package static func text(_ value: Double) -> String { PlainNumber.text(value) }
    }

    public subscript(setting: Setting) -> Double {
        get {
            switch setting {
            case .minFrequency: minFrequency
            case .maxFrequency: maxFrequency
            case .toneDuration: toneDuration
            case .playbackDuration: playbackDuration
            case .smoothing: smoothing
            }
        }
        set {
            switch setting {
            case .minFrequency: minFrequency = newValue
            case .maxFrequency: maxFrequency = newValue
            case .toneDuration: toneDuration = newValue
            case .playbackDuration: playbackDuration = newValue
            case .smoothing: smoothing = newValue
            }
        }
    }

    /// The first problem with these options: a setting out of its bounds (with the setting), or
    /// a pitch range that is empty (setting nil: it concerns both frequencies). Nil when valid.
    public var problem: (setting: Setting?, message: String)? {
        for setting in Setting.allCases {
            if let message = setting.problem(with: self[setting]) { return (setting, message) }
        }
        if maxFrequency <= minFrequency {
            return (nil, "maxFrequency (\(Setting.text(maxFrequency)) Hz) must be above minFrequency (\(Setting.text(minFrequency)) Hz)")
        }
        return nil
    }
}

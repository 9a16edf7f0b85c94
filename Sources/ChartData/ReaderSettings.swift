import Foundation

/// The reader settings (the "Audio chart settings" dialog, O): every choice and its default, in
/// one place. The pages render them as the dialog's radio groups and checkboxes, the defaults
/// checked; the page script (`Public/pitchline-settings.js`) takes its choices and defaults from
/// that form, and `LabelWording.standard` is the default wording `pitchline labels` prints.
public enum ReaderSettings {
    public static let verbosity = LabelVerbosity.normal
    public static let order = LabelOrder.xFirst
    /// Speech and tones while moving (the reader may turn either off).
    public static let speech = true
    public static let tones = true

    /// One choice of a radio group: its form value, the catalogue key of its words, whether it is the default.
    public struct Choice: Sendable, Equatable {
        public var value: String
        public var key: MessageKey
        public var isDefault: Bool
    }

    /// The radio groups by form name (playback speed comes from `PlaybackPlan.speeds`, normal
    /// speed the default).
    public static let groups: [(name: String, choices: [Choice])] = [
        ("verbosity", LabelVerbosity.allCases.map { Choice(value: $0.rawValue, key: .family(.settings, $0.rawValue), isDefault: $0 == verbosity) }),
        ("order", LabelOrder.allCases.map { Choice(value: $0.rawValue, key: .family(.settings, $0.rawValue), isDefault: $0 == order) }),
        // Pitch shift in semitones (the bank is pre-rendered: played at 2^(n/12) the rate).
        ("pitch", [("-12", MessageKey.settingsOctaveLower), ("-7", .settingsFifthLower), ("0", .settingsAsMade),
                   ("7", .settingsFifthHigher), ("12", .settingsOctaveHigher)].map { Choice(value: $0.0, key: $0.1, isDefault: $0.0 == "0") }),
        // The part of each value tone played.
        ("toneLength", [("0.34", MessageKey.settingsShort), ("0.67", .settingsMedium), ("1", .settingsFull)]
            .map { Choice(value: $0.0, key: $0.1, isDefault: $0.0 == "1") }),
        // Monitor mode on a live chart (M): how often new points are said (their tones always play).
        ("monitor", [("every", MessageKey.liveEveryPoint), ("5", .liveEveryFive), ("30", .liveEveryThirty), ("thresholds", .liveOnlyExtremes)]
            .map { Choice(value: $0.0, key: $0.1, isDefault: $0.0 == "5") }),
    ]
}

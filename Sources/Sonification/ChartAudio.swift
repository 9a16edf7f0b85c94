import Foundation
import OggVorbis

/// What a bank tone stands for.
public enum ToneKind: String, Sendable, Hashable, CaseIterable {
    /// An ordinary value.
    case value
    /// A value equal to its series' minimum (tone plus a soft octave below).
    case minimum
    /// A value equal to its series' maximum (tone plus a soft octave above).
    case maximum
    /// A missing value: a soft noise tick, never a pitch.
    case missing
    /// A landmark (a layer's rule or label) crossed by the cursor: a short bright two-note chime.
    case mark
    /// The end of a series: a short low double tone.
    case end
}

/// One entry of a chart's tone bank: where it sits in the sprite and what it sounds like.
public struct Tone: Sendable, Equatable, Hashable {
    public var kind: ToneKind
    /// The series whose timbre it uses (nil for the shared missing and end sounds).
    public var series: Int?
    /// The heard pitch in Hz (the earcon's pitch for `end`, 0 for `missing`).
    public var frequency: Double
    /// First frame of the slot in the sprite, and its length in frames (lead silence, sound,
    /// trailing silence included).
    public var startFrame: Int
    public var frameCount: Int
    /// Frames of silence before the sound starts, within the slot.
    public var leadFrames: Int
    public var sampleRate: Int

    /// Slot start in seconds within the sprite.
    public var start: Double { Double(startFrame) / Double(sampleRate) }
    /// Slot length in seconds (play `start ..< start + duration`).
    public var duration: Double { Double(frameCount) / Double(sampleRate) }
}

/// A chart's audio: the tone bank sprite, the point → tone map, and whole-series renditions.
public struct ChartAudio: Sendable, Equatable {
    /// One Ogg Vorbis logical stream (mono) holding every bank tone back to back.
    public var sprite: Data
    public var sampleRate: Int
    /// The chart's tones, each placed in `sprite` (a figure's panels share one sprite; each lists
    /// only the tones it plays, `render(sharing:)`).
    public var tones: [Tone]
    /// `pointTones[series][row]` → index into `tones` (missing values map to `missingTone`).
    public var pointTones: [[Int]]
    /// The end-of-series earcon.
    public var endTone: Int
    /// The missing-value sound.
    public var missingTone: Int
    /// The landmark chime (charts with annotations, `Chart+Layers.swift`); nil otherwise.
    public var markTone: Int? = nil
    /// Short content hash of `sprite` (for file names and ETags).
    public var hash: String
    /// The shared pitch mapping (all series' values; the "all series" view).
    public var scale: PitchScale
    /// The scale each series plays on by default: its own when `Chart.pitchScalePerSeries`, else `scale`.
    public var seriesScales: [PitchScale]
    /// `sharedPointTones[series][row]` → tone on the shared scale, when series have their own
    /// scales (nil when `pointTones` already use the shared one).
    public var sharedPointTones: [[Int]]?
    /// Timbre name per series ("sine", "triangle", …), for the help text.
    public var timbres: [String]
    /// One whole-series audio graph per series (Ogg Vorbis, mono), `renditionDuration` long.
    public var renditions: [Data]
    public var renditionDuration: Double

    /// Length of the sprite in seconds: every tone slot back to back, as encoded.
    public var spriteSeconds: Double {
        Double(tones.map { $0.startFrame + $0.frameCount }.max() ?? 0) / Double(sampleRate)
    }

    /// Tone `index` alone as a valid standalone Ogg Vorbis file, cut from the sprite.
    public func toneFile(_ index: Int) throws -> Data {
        let tone = tones[index]
        return try OggSlicer.slice(sprite, frames: tone.startFrame..<(tone.startFrame + tone.frameCount))
    }

    /// Every tone as its own Ogg file (parses the sprite once): `toneFiles()[pointTones[s][r]]`
    /// is point (s, r)'s file.
    public func toneFiles() throws -> [Data] {
        let slicer = try OggSlicer(sprite)
        return try tones.map { try slicer.slice(frames: $0.startFrame..<($0.startFrame + $0.frameCount)) }
    }
}

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

/// One entry of a chart's tone bank: where it sits in the bank's segments and what it sounds like.
public struct Tone: Sendable, Equatable, Hashable {
    public var kind: ToneKind
    /// The first series with its timbre (series 12 sounds as series 0, `Timbre.kind`; nil for the
    /// shared missing, end and mark sounds).
    public var series: Int?
    /// The heard pitch in Hz (the earcon's pitch for `end`, 0 for `missing`).
    public var frequency: Double
    /// The segment (`ChartAudio.segments`) holding the tone.
    public var segment: Int
    /// First frame of the slot in its segment, and its length in frames (lead silence, sound,
    /// trailing silence included).
    public var startFrame: Int
    public var frameCount: Int
    /// Frames of silence before the sound starts, within the slot.
    public var leadFrames: Int
    public var sampleRate: Int

    /// Slot start in seconds within its segment.
    public var start: Double { Double(startFrame) / Double(sampleRate) }
    /// Slot length in seconds (play `start ..< start + duration`).
    public var duration: Double { Double(frameCount) / Double(sampleRate) }
}

/// A chart's audio: the tone bank's segments, the point → tone map, and whole-series renditions.
public struct ChartAudio: Sendable, Equatable {
    /// The bank in segments (`BankLayout`), each one Ogg Vorbis logical stream (mono) holding its
    /// tones back to back; segment 0 holds the landing view's tones and the earcons.
    public var segments: [Data]
    /// Short content hash of each segment (for file names and ETags).
    public var segmentHashes: [String]
    public var sampleRate: Int
    /// The chart's tones, each placed in a segment (a figure's panels share one bank; each lists
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
    /// The series the scrubber starts on (`Chart.startSeries`).
    public var startSeries: Int
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

    /// Seconds of segment `k`: its tone slots back to back, as encoded (a figure's panel sees the
    /// slots of its own tones only).
    public func segmentSeconds(_ k: Int) -> Double {
        Double(tones.filter { $0.segment == k }.map { $0.startFrame + $0.frameCount }.max() ?? 0) / Double(sampleRate)
    }

    /// The segments series `s`'s points play from (`shared`: on the shared scale, the all-series
    /// view's), ascending; the earcons' segment 0 included.
    public func segmentsNeeded(series s: Int, shared: Bool = false) -> [Int] {
        let table = shared ? (sharedPointTones ?? pointTones) : pointTones
        var needed: Set<Int> = [0]
        for tone in table[s] { needed.insert(tones[tone].segment) }
        return needed.sorted()
    }

    /// Bytes of the whole bank, every segment's Ogg stream.
    public var bankBytes: Int { segments.reduce(0) { $0 + $1.count } }

    /// Bytes of Ogg a reader downloads before the first tone: the segments of the landing view.
    public var bytesBeforeFirstTone: Int {
        (pointTones.isEmpty ? [0] : segmentsNeeded(series: startSeries)).reduce(0) { $0 + segments[$1].count }
    }

    /// Tone `index` alone as a valid standalone Ogg Vorbis file, cut from its segment.
    public func toneFile(_ index: Int) throws -> Data {
        let tone = tones[index]
        return try OggSlicer.slice(segments[tone.segment], frames: tone.startFrame..<(tone.startFrame + tone.frameCount))
    }

    /// Every tone as its own Ogg file (parses each segment once): `toneFiles()[pointTones[s][r]]`
    /// is point (s, r)'s file.
    public func toneFiles() throws -> [Data] {
        let slicers = try segments.map { try OggSlicer($0) }
        return try tones.map { try slicers[$0.segment].slice(frames: $0.startFrame..<($0.startFrame + $0.frameCount)) }
    }
}

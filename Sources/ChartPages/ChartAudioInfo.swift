/// What a chart page needs to know about the chart's rendered audio (filled by the generator
/// from Sonification's `ChartAudio`, and kept as is by the render cache); all file names are
/// relative to the `charts/` folder.
public struct ChartAudioInfo: Sendable, Equatable, Codable {
    /// `<id>.audio.<hash>.ogg`: the tone bank's first segment (the landing view's tones).
    public var oggFile: String
    /// `<id>.audio.<hash>.webm`: the same Vorbis packets in WebM (Safari before 18.4 decodes
    /// Vorbis only there); nil for audio rendered before it existed.
    public var webmFile: String?
    /// `<id>.audio.<hash>.js`: the same bytes as base64 in a classic script (for `file://`).
    public var scriptFile: String
    /// `<id>.audio.<hash>.webm.js`: the WebM bank as base64 in a classic script
    /// (`window.PitchlineAudioWebM`), for `file://` and the single file; nil for older renders.
    public var webmScriptFile: String?
    /// What the page script plays: written as it is into the chart data script (`audio`).
    public var bank: Bank
    /// `[series][row]` → tone index.
    public var pointTones: [[Int]]
    /// `[series][row]` → tone index on the shared scale, when series play on their own scales
    /// (`Chart.pitchScalePerSeries`); the "all series" view plays these.
    public var sharedPointTones: [[Int]]?
    /// `<id>/graph-<n>.ogg` per series: the whole-series audio graph for download.
    public var graphFiles: [String]
    /// The bank's key in `window.PitchlineAudio` and the page's bank cache when it is not the
    /// chart's id: a figure's panels share their figure's bank (`data-audio-key`).
    public var audioKey: String? = nil

    /// The tone bank as the page script reads it.
    public struct Bank: Sendable, Equatable, Codable {
        public var sampleRate: Int
        /// `[start, duration, frequency]` per bank tone (seconds, seconds, hertz), with a fourth
        /// entry, the tone's index in `segments`, when the bank has more than one segment.
        public var tones: [[Double]]
        /// Each bank segment's file stem `<id>.audio.<hash>` (its `.ogg`, `.webm`, `.js` and
        /// `.webm.js` lie beside `oggFile`; the stem is its key in `window.PitchlineAudio`); segment 0
        /// is `oggFile`'s.
        public var segments: [String]? = nil
        public var endTone: Int
        public var missingTone: Int
        /// The landmark chime (charts with annotations), nil otherwise.
        public var markTone: Int?
        /// Whole-series playback length in seconds.
        public var playbackDuration: Double
    }

    /// Every segment's script twins (Ogg and WebM), in segment order: what the single file inlines.
    public var scriptFiles: [String] {
        guard let stems = bank.segments else { return [scriptFile] + (webmScriptFile.map { [$0] } ?? []) }
        return stems.flatMap { [$0 + ".js", $0 + ".webm.js"] }
    }

    /// The landmark chime (`bank.markTone`).
    public var markTone: Int? {
        get { bank.markTone }
        set { bank.markTone = newValue }
    }

    public init(
        oggFile: String, webmFile: String? = nil, scriptFile: String, webmScriptFile: String? = nil, sampleRate: Int, tones: [[Double]], pointTones: [[Int]],
        sharedPointTones: [[Int]]? = nil, endTone: Int, missingTone: Int, playbackDuration: Double, graphFiles: [String]
    ) {
        self.oggFile = oggFile
        self.webmFile = webmFile
        self.scriptFile = scriptFile
        self.webmScriptFile = webmScriptFile
        bank = Bank(sampleRate: sampleRate, tones: tones, endTone: endTone, missingTone: missingTone, playbackDuration: playbackDuration)
        self.pointTones = pointTones
        self.sharedPointTones = sharedPointTones
        self.graphFiles = graphFiles
    }
}

import Foundation

/// What one bank entry sounds like; the bank renders each distinct spec once.
struct ToneSpec: Sendable, Hashable {
    var kind: ToneKind
    /// Series index for timbre; 0 for the shared missing/end sounds.
    var timbre: Int
    /// Pitch step on the chart's scale; 0 for missing/end.
    var level: Int
    var frequency: Double

    /// A stable text form, part of the cache key.
    var key: String { "\(kind.rawValue):\(timbre):\(level):\(frequency)" }
}

/// Synthesises bank entries as mono PCM slots: a few ms of lead silence, the sound, and
/// trailing silence (Chromium drops the last ~100 frames of a tiny clip; the tail also keeps
/// Vorbis' overlapping blocks from smearing one tone into the next).
struct ToneSynth: Sendable {
    let sampleRate: Int
    let toneDuration: Double

    static let lead = 0.005
    /// ≥ 1,024 frames at 22.05 kHz: a decoder that ignores the Ogg lead trim (ffmpeg, hence
    /// Chromium) starts a cut-out tone file up to one long block early, inside this silence.
    static let tail = 0.050
    static let attack = 0.008
    static let release = 0.012
    /// Peak level of a tone: leaves headroom for Vorbis' ringing, never clips.
    static let amplitude = 0.42

    var leadFrames: Int { frames(Self.lead) }
    var tailFrames: Int { frames(Self.tail) }

    func frames(_ seconds: Double) -> Int { Int((seconds * Double(sampleRate)).rounded()) }

    /// Frames of `spec`'s whole slot, known without synthesising it.
    func slotLength(_ spec: ToneSpec) -> Int {
        let sound: Int
        switch spec.kind {
        case .value, .minimum, .maximum: sound = frames(toneDuration)
        case .missing: sound = frames(0.04)
        case .end: sound = 2 * frames(0.07) + frames(0.04)
        case .mark: sound = 2 * frames(Self.chimeNote)
        }
        return leadFrames + sound + tailFrames
    }

    /// The whole slot (lead + sound + tail) for `spec`.
    func render(_ spec: ToneSpec) -> [Float] {
        var out = [Float](repeating: 0, count: leadFrames)
        switch spec.kind {
        case .value, .minimum, .maximum:
            out += tone(spec)
        case .missing:
            out += noiseTick()
        case .end:
            out += endEarcon(frequency: spec.frequency)
        case .mark:
            out += markChime(frequency: spec.frequency)
        }
        out += [Float](repeating: 0, count: tailFrames)
        assert(out.count == slotLength(spec))
        return out
    }

    /// A timbred tone; minimum and maximum add a soft octave below / above that swells in
    /// over the tone (an "octave shimmer", about −12 dB), heard as a subtle highlight.
    private func tone(_ spec: ToneSpec) -> [Float] {
        let n = frames(toneDuration)
        let timbre = Timbre(series: spec.timbre)
        var partials = timbre.partials
        switch spec.kind {
        case .maximum: partials.append((2, 0))
        case .minimum: partials.append((0.5, 0))
        default: break
        }
        let peak = partials.reduce(0) { $0 + abs($1.amplitude) } + (spec.kind == .value ? 0 : 0.25)
        let nyquist = Double(sampleRate) / 2
        var out = [Float](repeating: 0, count: n)
        let rate = Double(sampleRate)
        for i in 0..<n {
            let t = Double(i) / rate
            let progress = Double(i) / Double(max(n - 1, 1))
            var x = 0.0
            for (j, p) in partials.enumerated() {
                let f = spec.frequency * p.harmonic
                guard f < nyquist * 0.9 else { continue }
                var a = p.amplitude
                if j == partials.count - 1, spec.kind != .value { a = 0.25 * progress }
                x += a * sin(2 * Double.pi * f * t)
            }
            var gain = envelope(i, of: n) * (1 - 0.15 * progress)  // a slight decay sounds less harsh
            switch timbre.variation {
            case 1: gain *= 1 - 0.25 * (0.5 - 0.5 * cos(2 * Double.pi * 5 * t))
            case 2: gain *= exp(-3 * progress)
            default: break
            }
            out[i] = Float(Self.amplitude * gain * x / peak)
        }
        return out
    }

    /// Raised-cosine attack and release: no click at either end.
    private func envelope(_ i: Int, of n: Int) -> Double {
        let a = frames(Self.attack), r = frames(Self.release)
        if i < a { return 0.5 - 0.5 * cos(Double.pi * Double(i) / Double(a)) }
        if i >= n - r { return 0.5 - 0.5 * cos(Double.pi * Double(n - 1 - i) / Double(r)) }
        return 1
    }

    /// Missing value: 40 ms of soft noise (two one-pole low-passes, about 700 Hz, so a muted
    /// brush rather than a hiss) under a Hann window; a fixed-seed generator keeps the bytes
    /// reproducible. Clearly not a pitch, never a tone at zero.
    private func noiseTick() -> [Float] {
        let n = frames(0.04)
        var rng = XorShift32(seed: 0x9E37_79B9)
        let k = 1 - exp(-2 * Double.pi * 700 / Double(sampleRate))
        var low1 = 0.0, low2 = 0.0
        var out = [Float](repeating: 0, count: n)
        for i in 0..<n {
            low1 += k * (rng.nextSigned() - low1)
            low2 += k * (low1 - low2)
            let w = 0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(n - 1))
            out[i] = Float(0.7 * w * low2)
        }
        return out
    }

    /// End of series: a short low double tone (two 70 ms sine blips, 40 ms apart), like the
    /// boundary sound MAIDR users know.
    private func endEarcon(frequency: Double) -> [Float] {
        let blip = frames(0.07), gap = frames(0.04)
        var out: [Float] = []
        for _ in 0..<2 {
            for i in 0..<blip {
                let w = sin(Double.pi * Double(i) / Double(blip - 1))  // half-sine window
                out.append(Float(0.4 * w * w * sin(2 * Double.pi * frequency * Double(i) / Double(sampleRate))))
            }
            out += [Float](repeating: 0, count: gap)
        }
        out.removeLast(gap)
        return out
    }
}

extension ToneSynth {
    /// Length of each of the landmark chime's two notes.
    static let chimeNote = 0.045

    /// Landmark crossed: two quick bell-like notes a fifth apart above the chart's range (plucked
    /// sines with a soft octave), unlike any value tone and shorter than one.
    func markChime(frequency: Double) -> [Float] {
        let n = frames(Self.chimeNote)
        var out: [Float] = []
        for f in [frequency, frequency * 1.5] {
            for i in 0..<n {
                let t = Double(i) / Double(sampleRate)
                let attack = min(1, Double(i) / Double(frames(0.003)))
                let decay = exp(-t * 60)
                let s = sin(2 * Double.pi * f * t) + 0.3 * sin(4 * Double.pi * f * t)
                out.append(Float(0.3 * attack * decay * s))
            }
        }
        return out
    }
}

/// A tiny deterministic PRNG (Marsaglia xorshift32).
struct XorShift32 {
    var state: UInt32
    init(seed: UInt32) { state = seed == 0 ? 1 : seed }
    mutating func next() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }
    /// Uniform in -1…1.
    mutating func nextSigned() -> Double { Double(next()) / Double(UInt32.max) * 2 - 1 }
}

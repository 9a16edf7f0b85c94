/// A tone bank cut into segments, each its own Ogg stream and file, so a reader downloads the
/// tones of the view they are on, not the whole bank, before the first tone (issue 31).
///
/// The banks' views are walked in order (`ToneBank.groupEnds`: the earcons and the landing series,
/// the other series, the series on the shared scale; a figure's panels one after another); each
/// view's tones not yet placed join the current segment, which closes once it holds
/// `segmentSeconds` of tones. So the landing view's tones are all in segment 0, and a later view
/// needs its own segment and at most a few earlier ones (tones shared with earlier series). The
/// bank's lowest and highest pitch are in its first view's segment too.
struct BankLayout {
    /// Each segment's tones, in order.
    var segments: [[ToneSpec]]
    /// Per bank, its spec index → index into the tones of every segment, back to back.
    var slots: [[Int]]

    init(banks: [ToneBank], synth: ToneSynth, segmentSeconds: Double) {
        var placed: [ToneSpec: Int] = [:]
        var segments: [[ToneSpec]] = [[]]
        var seconds = 0.0
        for bank in banks {
            // The bank's lowest and highest pitch join its first view's tones: the settings' pitch
            // preview plays them, from what is decoded.
            let pitched = bank.specs.filter { $0.kind != .missing && $0.kind != .end }
            let extremes = [pitched.min { $0.frequency < $1.frequency }, pitched.max { $0.frequency < $1.frequency }].compactMap { $0 }
            var start = 0
            for (g, end) in bank.groupEnds.enumerated() {
                for spec in bank.specs[start..<end] + (g == 0 ? extremes : []) where placed[spec] == nil {
                    placed[spec] = placed.count
                    segments[segments.count - 1].append(spec)
                    seconds += Double(synth.slotLength(spec)) / Double(synth.sampleRate)
                }
                start = end
                if seconds >= segmentSeconds {
                    segments.append([])
                    seconds = 0
                }
            }
        }
        if segments.count > 1, segments[segments.count - 1].isEmpty { segments.removeLast() }
        self.segments = segments
        slots = banks.map { bank in bank.specs.map { placed[$0]! } }
    }
}

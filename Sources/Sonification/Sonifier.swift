import ChartModel
import ContentHash
import Dispatch
import Foundation
import OggVorbis
import Synchronization

/// Turns charts into audio: a per-chart tone bank (in segments, `BankLayout`) plus whole-series renditions.
///
/// Output is deterministic (same chart and options → identical bytes), so encoded streams are
/// cached on disk by content hash when `cacheDirectory` is set. Safe to call from several
/// tasks at once; each call encodes its bank segments and renditions in parallel (one encoder each).
public final class Sonifier: Sendable {
    /// Bump whenever synthesis or layout changes the bytes (part of every cache key, with the
    /// libvorbis version): an unchanged key must mean unchanged audio.
    public static let engineVersion = "pitchline-audio-4"

    public let cacheDirectory: URL?
    public let sampleRate: Int
    /// libvorbis VBR quality (-0.1…1). Measured on a 4-year two-series weather chart at
    /// 22.05 kHz: q 0.0 leaves coding noise up to 0.06 (−17 dB under a tone) in the silences
    /// between tones, audible as a faint click when a slot starts; q 0.5 keeps it under 0.008
    /// (−35 dB) for 19 bytes per point against 14 at q 0.0.
    public static let defaultQuality: Float = 0.5
    public let quality: Float
    /// Seconds of tones a bank segment gathers before the next segment starts (the landing view's
    /// segment holds all its tones whatever their length). Each segment is its own Ogg stream with
    /// ~3.4 KB of Vorbis headers: 8 s (about 39 tones, ~14 KB) keeps that under a fifth of it.
    /// `.infinity`: one segment, the whole bank (the design before issue 31, `bench tones`' reference).
    public static let defaultSegmentSeconds = 8.0
    public let segmentSeconds: Double
    let counters = Counters()

    /// - Parameter cacheDirectory: where encoded streams are kept between runs (nil: no cache).
    public init(cacheDirectory: URL?, sampleRate: Int = 22050, quality: Float = Sonifier.defaultQuality,
                segmentSeconds: Double = Sonifier.defaultSegmentSeconds) {
        self.cacheDirectory = cacheDirectory
        self.segmentSeconds = segmentSeconds
        self.sampleRate = sampleRate
        self.quality = quality
    }

    /// Renders `chart`'s tone bank and renditions (or loads them from the cache).
    public func render(chart: Chart) throws -> ChartAudio {
        try render(sharing: [chart])[0]
    }

    /// Renders several charts on one tone bank (the panels of a figure of small multiples): one
    /// bank (cut into segments, `BankLayout`) holding every tone any of them plays, each chart with its own point → tone tables
    /// and renditions. Panels on a shared value scale play the same pitches, so the bank is about
    /// one panel's size (measured by `pitchline bench multiples`). The charts' tone lengths must agree.
    public func render(sharing charts: [Chart]) throws -> [ChartAudio] {
        guard let first = charts.first else { return [] }
        try Self.check(sharing: charts)
        let options = first.options.audio
        let banks = charts.map { ToneBank(chart: $0) }
        let synth = ToneSynth(sampleRate: sampleRate, toneDuration: options.toneDuration)
        let layout = BankLayout(banks: banks, synth: synth, segmentSeconds: segmentSeconds)
        var tones: [Tone] = []
        for (k, segment) in layout.segments.enumerated() {
            var frame = 0
            for spec in segment {
                let length = synth.slotLength(spec)
                tones.append(
                    Tone(
                        kind: spec.kind, series: spec.kind == .missing || spec.kind == .end || spec.kind == .mark ? nil : spec.timbre,
                        frequency: spec.frequency, segment: k, startFrame: frame, frameCount: length,
                        leadFrames: synth.leadFrames, sampleRate: sampleRate))
                frame += length
            }
        }

        // Renditions of every chart's series: the segments are jobs 0..<n, then the renditions in order.
        var renditionJobs: [(chart: Int, plan: Rendition, scale: PitchScale)] = []
        for (c, chart) in charts.enumerated() {
            let length = RenditionLength.exact(chart.options.audio.playbackDuration)
            // Names for errors only (`Self.check` above already refuses every chart a plan would
            // refuse): each series by its name, a heatmap's one graph of all rows by the chart.
            let names = chart.mark == .rect ? [chart.id] : chart.series.map(\.name)
            for (s, values) in chart.renditionValues.enumerated() {  // a heatmap: one graph of all its rows
                let plan = try Rendition(values: values, series: names[s], length: length, smoothing: chart.options.audio.smoothing)
                renditionJobs.append((c, plan, banks[c].seriesScales[s]))
            }
        }
        let segments = layout.segments, count = segments.count
        let jobs = count + renditionJobs.count
        let results = ResultBox(count: jobs)
        let renditionList = renditionJobs
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            results.set(job) {
                if job < count {
                    let specs = segments[job]
                    return try self.cachedEncode(key: self.cacheKey(["sprite", "\(options.toneDuration)"] + specs.map(\.key))) { encoder in
                        for spec in specs { try encoder.write(samples: synth.render(spec)) }
                    }
                }
                let (_, plan, scale) = renditionList[job - count]
                return try self.cachedEncode(key: self.renditionKey(plan, scale: scale)) { encoder in
                    try encoder.write(samples: plan.render(scale: scale, sampleRate: self.sampleRate))
                }
            }
        }
        let encoded = try results.values()
        let segmentData = Array(encoded[..<count])
        let hashes = segmentData.map { ContentHash.short($0) }
        return charts.enumerated().map { c, chart in
            // Each chart's tone table is its own bank's, each entry pointing at its slot in the
            // shared segments: the indexes stay the chart's, and its data script lists only its tones.
            let bank = banks[c]
            let renditions = renditionJobs.indices.filter { renditionJobs[$0].chart == c }.map { encoded[$0 + count] }
            return ChartAudio(
                segments: segmentData, segmentHashes: hashes, sampleRate: sampleRate, tones: layout.slots[c].map { tones[$0] },
                pointTones: bank.pointTones, endTone: bank.endTone, missingTone: bank.missingTone, markTone: bank.markTone,
                startSeries: chart.series.indices.contains(chart.startSeries) ? chart.startSeries : 0,
                scale: bank.scale, seriesScales: bank.seriesScales, sharedPointTones: bank.sharedPointTones,
                timbres: chart.series.indices.map { Timbre(series: chart.timbreIndex(series: $0)).name },
                renditions: renditions, renditionDuration: RenditionLength.exact(chart.options.audio.playbackDuration).seconds)
        }
    }

    /// Throws what `render(sharing:)` would refuse for these charts (one chart, or the panels of
    /// a figure on one bank), without synthesizing or encoding anything: `pitchline check` asks
    /// this, and rendering does first. Only a failure inside libvorbis is left for rendering to find.
    public static func check(sharing charts: [Chart]) throws(SonificationError) {
        guard let first = charts.first else { return }
        for chart in charts {
            try chart.validateForAudio()
            try chart.options.audio.validate()
            guard chart.options.audio.toneDuration == first.options.audio.toneDuration else {
                throw .invalidToneDuration(chart.options.audio.toneDuration)  // panels sharing a bank need one tone length
            }
        }
    }

    /// One series' whole-series audio graph in another length than the chart's default
    /// (e.g. `.short`, `.long`, `.exact(7)`), on the series' pitch scale; cached like the rest.
    public func rendition(chart: Chart, series: Int, length: RenditionLength, smoothing: Double? = nil) throws -> Data {
        try Self.check(sharing: [chart])
        let options = chart.options.audio
        guard chart.series.indices.contains(series) else {
            throw SonificationError.noSuchSeries(chart: chart.id, index: series)
        }
        let scale = ToneBank.scale(for: chart, series: series)
        let plan = try Rendition(
            values: chart.series[series].values, series: chart.series[series].name, length: length,
            smoothing: smoothing ?? options.smoothing)
        return try cachedEncode(key: renditionKey(plan, scale: scale)) { encoder in
            try encoder.write(samples: plan.render(scale: scale, sampleRate: sampleRate))
        }
    }

    /// Renders many charts, using both cores across charts. Results keep the input order.
    public func renderAll(charts: [Chart]) async -> [Result<ChartAudio, any Error>] {
        await withTaskGroup(of: (Int, Result<ChartAudio, any Error>).self) { group in
            for (i, chart) in charts.enumerated() {
                group.addTask { (i, Result { try self.render(chart: chart) }) }
            }
            var out = [Result<ChartAudio, any Error>?](repeating: nil, count: charts.count)
            for await (i, r) in group { out[i] = r }
            return out.map { $0! }
        }
    }

    /// Work done so far: streams encoded, cache hits, corrupt cache entries replaced.
    public var statistics: SonifierStatistics { counters.snapshot }

    // MARK: - Encoding

    func encode(_ fill: (VorbisEncoder) throws -> Void) throws -> Data {
        do {
            let encoder = try VorbisEncoder(sampleRate: sampleRate, channels: 1, quality: quality)
            try fill(encoder)
            let data = try encoder.finish()
            counters.encoded()
            return data
        } catch let error as VorbisError {
            throw SonificationError.encoding(error.description)
        }
    }

    func cacheKey(_ parts: [String]) -> String {
        let text = ([Self.engineVersion, VorbisEncoder.libraryVersion, "rate=\(sampleRate)", "q=\(quality)"] + parts).joined(separator: "\n")
        return ContentHash.sha256Hex(Data(text.utf8))
    }

    func renditionKey(_ plan: Rendition, scale: PitchScale) -> String {
        var parts = [
            "rendition", "\(plan.duration)", "\(plan.rowCount)", "\(scale.minFrequency)", "\(scale.maxFrequency)",
            "\(scale.lowValue)", "\(scale.highValue)", "\(scale.curve)",
        ]
        parts.append(plan.rows.map(String.init).joined(separator: ","))
        parts.append(plan.values.map { "\($0.bitPattern)" }.joined(separator: ","))
        parts.append(plan.missingRows.sorted().map(String.init).joined(separator: ","))
        return cacheKey(parts)
    }
}

/// Counts of work done by a `Sonifier`.
public struct SonifierStatistics: Sendable, Equatable {
    public var encodedStreams = 0
    public var cacheHits = 0
    public var cacheRepairs = 0
}

final class Counters: Sendable {
    private let stats = Mutex(SonifierStatistics())
    func encoded() { stats.withLock { $0.encodedStreams += 1 } }
    func hit() { stats.withLock { $0.cacheHits += 1 } }
    func repaired() { stats.withLock { $0.cacheRepairs += 1 } }
    var snapshot: SonifierStatistics { stats.withLock { $0 } }
}

/// Results of parallel jobs, filled from several threads.
final class ResultBox: Sendable {
    private let results: Mutex<[Result<Data, any Error>?]>
    init(count: Int) { results = Mutex(Array(repeating: nil, count: count)) }
    func set(_ i: Int, _ body: () throws -> Data) {
        let r = Result { try body() }
        results.withLock { $0[i] = r }
    }
    func values() throws -> [Data] { try results.withLock { try $0.map { try $0!.get() } } }
}

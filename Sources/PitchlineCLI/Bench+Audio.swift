import ArgumentParser
import ChartData
import ChartModel
import ContentHash
import Dispatch
import Foundation
import OggVorbis
import Sonification
import SpecReading

/// `pitchline bench audio`: the sonification engine's figures (issue 4), each against the
/// naive reference measured in the same run: libvorbis encoding every tone as its own file.
struct AudioBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "audio", abstract: "Measure tone-bank encoding against one Ogg file per tone.")

    @Option(help: "The site folder holding the example charts.") var site = "site"
    @Option(help: "Points in the large synthetic series.") var largePoints = 100_000
    @Option(help: "Tones encoded one file each for the naive reference.") var naiveTones = 60
    @Option(help: "Also write the Seattle sprite, its tone files and renditions into this folder (for listening).") var dump: String?

    func run() async throws {
        let seattle = AudioBenchCharts.seattle(site: URL(fileURLWithPath: site))
        let sonifier = Sonifier(cacheDirectory: nil, segmentSeconds: .infinity)  // the whole bank in one stream (`bench tones` cuts it)
        let points = seattle.chart.series.count * seattle.chart.pointCount
        print("chart: \(seattle.chart.title) (\(seattle.source)), \(seattle.chart.series.count) series × \(seattle.chart.pointCount) rows = \(points) points")

        // Warm up once (page faults, first-use allocations), then measure the median of 5.
        _ = try sonifier.render(chart: seattle.chart)
        var audio: ChartAudio?
        let renderTime = try median(5) { audio = try sonifier.render(chart: seattle.chart) }
        let bank = audio!
        let spriteOnly = try median(5) { _ = try Sonifier(cacheDirectory: nil, segmentSeconds: .infinity).render(chart: withoutRenditions(seattle.chart)) }
        let perPoint = spriteOnly / Double(points)
        print(line("tone bank", "\(bank.tones.count) tones for \(points) points, sprite \(bank.bankBytes) bytes"))
        print(line("bytes per point (Seattle, headers included)", String(format: "%.1f B/point (target ≤ 250)", Double(bank.bankBytes) / Double(points))))
        print(line("encode time, tone bank sprite (Seattle)", String(format: "%.1f ms total, %.4f ms/point", spriteOnly * 1000, perPoint * 1000)))
        print(line("encode time, sprite + \(bank.renditions.count) renditions (Seattle)", String(format: "%.1f ms total, %.4f ms/point", renderTime * 1000, renderTime * 1000 / Double(points))))

        if let dump { try writeDump(bank, to: URL(fileURLWithPath: dump)) }

        try compareNaive(bank, points: points, perPoint: perPoint, spriteOnly: spriteOnly)

        // Cutting one point's tone out as its own file (server, on request).
        var files: [Data] = []
        let sliceTime = try median(3) { files = try bank.toneFiles() }
        print(line("tone files cut from the sprite", String(format: "%.3f ms/tone, %d bytes average", sliceTime * 1000 / Double(files.count), files.reduce(0) { $0 + $1.count } / files.count)))

        // Cache hit.
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("pl-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        _ = try Sonifier(cacheDirectory: cache).render(chart: seattle.chart)
        let hitTime = try median(5) { _ = try Sonifier(cacheDirectory: cache).render(chart: seattle.chart) }
        print(line("cache hit (Seattle, sprite + renditions)", String(format: "%.1f ms", hitTime * 1000)))

        // Content hashing (cache keys, hashed file names, ETags): libcrypto SHA-256.
        let blob = Data((0..<8_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let hashTime = try median(3) { _ = ContentHash.sha256Hex(blob) }
        print(line("SHA-256 (libcrypto)", String(format: "%.0f MB/s", Double(blob.count) / hashTime / 1e6)))

        try await benchLarge()
    }

    /// The Seattle sprite, its tone files and renditions, for listening.
    private func writeDump(_ bank: ChartAudio, to dir: URL) throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try bank.segments[0].write(to: dir.appendingPathComponent("sprite.ogg"))
        for (i, file) in try bank.toneFiles().enumerated() {
            try file.write(to: dir.appendingPathComponent("tone-\(i)-\(bank.tones[i].kind.rawValue).ogg"))
        }
        for (i, r) in bank.renditions.enumerated() { try r.write(to: dir.appendingPathComponent("graph-\(i).ogg")) }
    }

    /// The naive reference (each tone its own Ogg Vorbis file) and the alternative sprite (one
    /// segment per point), against the tone bank.
    private func compareNaive(_ bank: ChartAudio, points: Int, perPoint: Double, spriteOnly: Double) throws {
        // Naive: each tone its own Ogg Vorbis file (fresh encoder + 3 header packets each).
        let decoded = try VorbisDecoder.decode(bank.segments[0])
        let slots = bank.tones.map { Array(decoded.samples[0][$0.startFrame..<($0.startFrame + $0.frameCount)]) }
        let valueSlots = zip(bank.tones, slots).filter { $0.0.kind == .value }.map(\.1)
        let sample = (0..<naiveTones).map { valueSlots[$0 * valueSlots.count / naiveTones] }
        var naiveBytes = 0
        let naiveTime = try median(3) {
            naiveBytes = 0
            for slot in sample {
                let encoder = try VorbisEncoder(sampleRate: bank.sampleRate, quality: Sonifier.defaultQuality)
                try encoder.write(samples: slot)
                naiveBytes += try encoder.finish().count
            }
        } / Double(sample.count)
        print(line("naive: one file per tone", String(format: "%.2f ms/tone, %d bytes/tone", naiveTime * 1000, naiveBytes / sample.count)))
        print(line("speed-up per point vs naive (Seattle)", String(format: "%.0f× (target ≥ 20×)", naiveTime / perPoint)))
        print(line("bytes per point vs naive (Seattle)", String(format: "%.0f× smaller", Double(naiveBytes / sample.count) / (Double(bank.bankBytes) / Double(points)))))

        // The alternative sprite: one segment per point, no sharing.
        var segmentBytes = 0
        let segmentTime = try median(3) {
            let encoder = try VorbisEncoder(sampleRate: bank.sampleRate, quality: Sonifier.defaultQuality)
            for row in bank.pointTones { for tone in row { try encoder.write(samples: slots[tone]) } }
            segmentBytes = try encoder.finish().count
        }
        print(line("alternative: one sprite segment per point", String(format: "%.1f B/point, %.4f ms/point (bank: %.0f× fewer bytes, %.0f× faster)", Double(segmentBytes) / Double(points), segmentTime * 1000 / Double(points), Double(segmentBytes) / Double(bank.bankBytes), segmentTime / spriteOnly)))
    }

    /// A 100,000-point series and the example site, one chart at a time and across both cores.
    private func benchLarge() async throws {
        // A 100,000-point series.
        let large = AudioBenchCharts.large(points: largePoints)
        var largeAudio: ChartAudio?
        let largeTime = try median(3) { largeAudio = try Sonifier(cacheDirectory: nil).render(chart: large) }
        print(line("\(largePoints)-point series", String(format: "%.1f ms total, %.5f ms/point, %d tones, %.2f B/point", largeTime * 1000, largeTime * 1000 / Double(largePoints), largeAudio!.tones.count, Double(largeAudio!.bankBytes) / Double(largePoints))))

        // The example site, both cores across charts.
        let site = AudioBenchCharts.site(site: URL(fileURLWithPath: self.site))
        let sitePoints = site.reduce(0) { $0 + $1.series.count * $1.pointCount }
        for chart in site {
            var a: ChartAudio?
            let t = try median(3) { a = try Sonifier(cacheDirectory: nil).render(chart: chart) }
            let n = chart.series.count * chart.pointCount
            print(line("chart \(chart.id)", String(format: "%d points, %d tones, %d B sprite (%.1f B/point), %.1f ms", n, a!.tones.count, a!.bankBytes, Double(a!.bankBytes) / Double(n), t * 1000)))
        }
        let start = BenchTiming.now()
        let results = await Sonifier(cacheDirectory: nil).renderAll(charts: site)
        let siteTime = BenchTiming.now() - start
        let failures = results.filter { if case .failure = $0 { true } else { false } }.count
        print(line("example site (\(site.count) charts, \(sitePoints) points, renderAll)", String(format: "%.1f ms total, %.4f ms/point%@", siteTime * 1000, siteTime * 1000 / Double(max(sitePoints, 1)), failures > 0 ? ", \(failures) FAILED" : "")))
    }

    private func withoutRenditions(_ chart: Chart) -> Chart {
        // The shortest rendition allowed keeps the sprite-only figure honest (renditions are timed above).
        var c = chart
        c.options.audio.playbackDuration = AudioOptions.Setting.playbackDuration.range.lowerBound
        return c
    }

    private func line(_ what: String, _ figure: String) -> String { "audio: \(what): \(figure)" }

    private func median(_ runs: Int, _ body: () throws -> Void) throws -> Double {
        try BenchTiming.measure(runs, body).seconds
    }
}

/// The charts the audio bench measures: the example site's, loaded once through `ChartLoader`.
enum AudioBenchCharts {
    /// The Seattle temperature chart (2 series × 1,461 days), or a synthetic stand-in of the
    /// same shape when the site folder lacks it.
    static func seattle(site: URL) -> (chart: Chart, source: String) {
        if let chart = ChartLoader(siteDirectory: site).loadSite().charts.first(where: { $0.id == "seattle-temperature" }) {
            return (chart, chart.sourcePath)
        }
        var highs: [Double?] = [], lows: [Double?] = []
        for d in 0..<1461 {
            let season = -cos(2 * Double.pi * Double(d) / 365.25)
            let wiggle = sin(Double(d) * 12.9898) * 43758.5453
            let noise = wiggle - wiggle.rounded(.down) - 0.5
            highs.append(((16 + 9 * season + 6 * noise) * 10).rounded() / 10)
            lows.append(((7 + 5 * season + 4 * noise) * 10).rounded() / 10)
        }
        let start = Date(timeIntervalSince1970: 1_325_376_000)
        let chart = Chart(
            id: "seattle-temperature", sourcePath: "synthetic", title: "Seattle temperature", mark: .line,
            x: XAxis(field: "date", title: "Date", type: .temporal, granularity: .day),
            y: YAxis(field: "temp", title: "Temperature", unit: "°C"),
            xValues: highs.indices.map { .date(start.addingTimeInterval(Double($0) * 86400)) },
            series: [Series(name: "Maximum temperature", values: highs), Series(name: "Minimum temperature", values: lows)])
        return (chart, "synthetic")
    }

    /// One long series: a slow wave with noise and a few gaps.
    static func large(points: Int) -> Chart {
        let values: [Double?] = (0..<points).map { i in
            if i % 9973 == 5 { return nil }
            let wiggle = sin(Double(i) * 12.9898) * 43758.5453
            return 100 * sin(Double(i) / 3000) + 10 * (wiggle - wiggle.rounded(.down))
        }
        return Chart(
            id: "large", sourcePath: "bench", title: "Large series", mark: .line,
            x: XAxis(field: "i", title: "Index", type: .quantitative), y: YAxis(field: "v", title: "Value"),
            xValues: (0..<points).map { .number(Double($0)) }, series: [Series(name: "Signal", values: values)])
    }

    /// Every chart of the example site that loads.
    static func site(site: URL) -> [Chart] {
        ChartLoader(siteDirectory: site).loadSite().charts
    }
}

import ChartData
import ChartModel
import Foundation
import OggVorbis
@testable import Sonification
import SpecReading

/// A Seattle-like chart: daily maximum and minimum temperature with a seasonal swing,
/// deterministic wiggles, and a few missing days.
func weatherChart(days: Int = 365, options: AudioOptions = AudioOptions()) -> Chart {
    var rng = XorShift32(seed: 42)
    var highs: [Double?] = [], lows: [Double?] = []
    for d in 0..<days {
        let season = -cos(2 * Double.pi * Double(d) / 365.25)
        let high = 16 + 9 * season + 3 * rng.nextSigned()
        let low = 7 + 5 * season + 2 * rng.nextSigned()
        highs.append((high * 10).rounded() / 10)
        lows.append((low * 10).rounded() / 10)
    }
    for (i, row) in [40, 41, 200].enumerated() where row < days {
        if i == 0 { highs[row] = nil } else { lows[row] = nil }
    }
    let start = Date(timeIntervalSince1970: 1_325_376_000)
    return Chart(
        id: "weather", sourcePath: "charts/weather.vl.json", title: "Weather", mark: .line,
        x: XAxis(field: "date", title: "Date", type: .temporal, granularity: .day),
        y: YAxis(field: "temp", title: "Temperature", unit: "°C"),
        xValues: (0..<days).map { .date(start.addingTimeInterval(Double($0) * 86400)) },
        series: [Series(name: "Maximum temperature", values: highs), Series(name: "Minimum temperature", values: lows)],
        options: ChartOptions(audio: options))
}

func simpleChart(_ values: [[Double?]], options: AudioOptions = AudioOptions()) -> Chart {
    Chart(
        id: "simple", sourcePath: "charts/simple.csv", title: "Simple", mark: .line,
        x: XAxis(field: "i", title: "Index", type: .quantitative),
        y: YAxis(field: "v", title: "Value"),
        xValues: (0..<(values.first?.count ?? 0)).map { .number(Double($0)) },
        series: values.enumerated().map { Series(name: "S\($0.offset)", values: $0.element) },
        options: ChartOptions(audio: options))
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sonify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The samples of tone `tone` inside a decoded sprite.
func slot(_ tone: Tone, in audio: DecodedAudio) -> ArraySlice<Float> {
    audio.samples[0][tone.startFrame..<(tone.startFrame + tone.frameCount)]
}

/// The sounding part of a tone's slot, without lead, attack, release and trailing silence.
func body(_ tone: Tone, in audio: DecodedAudio, toneDuration: Double = 0.15) -> ArraySlice<Float> {
    let start = tone.startFrame + tone.leadFrames + Int(0.015 * Double(tone.sampleRate))
    let end = tone.startFrame + tone.leadFrames + Int((toneDuration - 0.015) * Double(tone.sampleRate))
    return audio.samples[0][start..<end]
}

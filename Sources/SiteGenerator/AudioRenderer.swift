import ChartData
import ChartPages
import Foundation

/// A chart's rendered audio: what the page needs to know, and the files to serve.
struct RenderedAudio: Sendable {
    var info: ChartAudioInfo
    var files: [GeneratedFile]
}

/// Renders chart audio through Sonification (cached on disk by content hash).
struct AudioRenderer: Sendable {
    let cacheDirectory: URL?

    /// The tone bank, its script twin, whole-series graphs and per-point tone files; nil when the
    /// chart has no audio.
    func render(_ chart: Chart) -> RenderedAudio? {
        nil  // Sonification lands on main by ~08:05; plugged in then.
    }
}
